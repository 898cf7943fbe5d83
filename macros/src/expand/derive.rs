//! `#[derive(ToolArg)]`: the checks a type's serde and `#[arg]` attributes
//! must pass, then the impls of a struct, a unit enum or a transparent
//! struct, with `ToolOutput` and `JsonSchema` from the same schema.

use proc_macro2::TokenStream;
use quote::quote;
use syn::spanned::Spanned;
use syn::{DeriveInput, Ident};

use super::enum_::expand_enum;
use super::fallback::fallback_arg;
use super::struct_::expand_struct;
use super::transparent::expand_transparent;
use super::union::expand_union;
use crate::ast::Input;
use crate::attr::ContainerAttrs;
use crate::check;
use crate::ctxt::Ctxt;
use crate::krate;
use crate::serde_attrs;

/// `#[derive(ToolArg)]`.
pub fn derive(input: &DeriveInput) -> syn::Result<TokenStream> {
    let mut cx = Ctxt::default();
    let container = ContainerAttrs::from_attrs(&mut cx, &input.attrs);
    let krate = container.krate.as_ref().map(|given| &given.value);
    Ok(krate::with_crate(derive_impls(cx, input)?, krate))
}

fn derive_impls(mut cx: Ctxt, input: &DeriveInput) -> syn::Result<TokenStream> {
    if let syn::Data::Union(data) = &input.data {
        return Err(syn::Error::new(
            data.union_token.span(),
            "a union cannot derive `ToolArg`; use a struct with named fields, an enum of unit variants or a tagged enum",
        ));
    }
    // serde reports malformed serde attributes itself: add nothing to that.
    let Some(serde) = serde_attrs::read(input) else {
        let errors = cx.into_compile_errors();
        let fallback = fallback_arg(input);
        return Ok(quote!(#errors #fallback));
    };
    serde_attrs::check_refused(&mut cx, &serde);
    let parsed = Input::from_serde(&mut cx, serde)?;
    if !input.generics.params.is_empty() {
        cx.error(
            &input.generics,
            "a generic type cannot derive `ToolArg`: its schema is fixed at compile time; derive it on a concrete type",
        );
    }
    match &parsed {
        Input::Struct(item) => {
            check::check_named_fields(&mut cx, item);
            check::check_closed_objects(&mut cx, item);
            check::check_no_recursion(&mut cx, &item.input.ident, &item.fields);
            if !item.transparent && !item.newtype {
                check::check_property_names(&mut cx, &item.fields);
            }
            check::check_aliases(
                &mut cx,
                "properties",
                item.fields
                    .iter()
                    .map(|field| (field.name.as_str(), field.aliases.as_slice())),
            );
            for field in &item.fields {
                check::check_pattern(&mut cx, field);
                check::check_bounds(&mut cx, field);
            }
        }
        Input::Enum(item) => {
            check::check_unions(&mut cx, item);
            if item.is_tagged() {
                for variant in item.read() {
                    check::check_no_recursion(&mut cx, &item.input.ident, &variant.fields);
                    check::check_property_names(&mut cx, &variant.fields);
                    check::check_aliases(
                        &mut cx,
                        "properties",
                        variant
                            .fields
                            .iter()
                            .map(|field| (field.name.as_str(), field.aliases.as_slice())),
                    );
                    for field in &variant.fields {
                        check::check_pattern(&mut cx, field);
                        check::check_bounds(&mut cx, field);
                    }
                }
            } else {
                check::check_aliases(
                    &mut cx,
                    "values",
                    item.read()
                        .map(|variant| (variant.name.as_str(), variant.aliases.as_slice())),
                );
            }
            // A unit enum's variants take `#[arg(title = "..")]`; a tagged
            // enum's alternatives are described by their doc comments.
            if item.is_tagged() {
                for variant in &item.variants {
                    for attr in variant
                        .variant
                        .attrs
                        .iter()
                        .filter(|attr| attr.path().is_ident("arg"))
                    {
                        cx.error(
                            attr,
                            "`#[arg(..)]` applies to fields; a variant of a tagged enum takes none",
                        );
                    }
                }
            }
        }
    }
    if !cx.is_empty() {
        let errors = cx.into_compile_errors();
        let fallback = fallback_arg(input);
        return Ok(quote!(#errors #fallback));
    }
    let output = output_from_arg(&input.ident);
    let json_schema = json_schema_from_arg(&input.ident);
    let expanded = match &parsed {
        Input::Struct(item) if item.transparent || item.newtype => expand_transparent(item),
        Input::Struct(item) => expand_struct(item),
        Input::Enum(item) if item.is_tagged() => expand_union(item),
        Input::Enum(item) => expand_enum(item),
    };
    Ok(quote!(#expanded #output #json_schema))
}

/// `ToolOutput` from the argument schema: what a type reads is what it
/// writes (serde's derives are symmetric for what the schema models).
fn output_from_arg(ident: &Ident) -> TokenStream {
    quote! {
        #[automatically_derived]
        impl ::toolsmith::ToolOutput for #ident {
            fn output_schema() -> ::toolsmith::__private::Value {
                <Self as ::toolsmith::ToolArg>::schema()
            }
        }
    }
}

/// `schemars::JsonSchema` from the argument schema, when the facade's
/// `schemars` feature is on (the facade's macro decides).
fn json_schema_from_arg(ident: &Ident) -> TokenStream {
    quote! {
        ::toolsmith::__private::json_schema!(#ident, <#ident as ::toolsmith::ToolArg>::schema());
    }
}
