//! `#[derive(ToolOutput)]`: the schema of a type as serde serializes it,
//! for a type that is only returned (no `Deserialize`, so no
//! `deny_unknown_fields`).
//!
//! serde's serialization attributes decide the shape: `rename` and
//! `rename_all` name properties and values, `skip` and `skip_serializing`
//! leave a field out, `skip_serializing_if` makes it optional. What would
//! make the JSON differ from the schema in ways it cannot state is refused:
//! `flatten`, `serialize_with`/`with`, `into`, tagged or untagged enums
//! with data, `transparent` around another type is read as that type.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use serde_derive_internals::Derive;
use serde_derive_internals::ast::{Data, Style};
use syn::spanned::Spanned;
use syn::{DeriveInput, LitStr};

use crate::ctxt::Ctxt;
use crate::doc::Doc;
use crate::serde_attrs;

pub fn derive(input: &DeriveInput) -> syn::Result<TokenStream> {
    if let syn::Data::Union(data) = &input.data {
        return Err(syn::Error::new(
            data.union_token.span(),
            "a union cannot derive `ToolOutput`; use a struct with named fields or an enum of unit variants",
        ));
    }
    // serde reports malformed serde attributes itself.
    let Some(serde) = serde_attrs::read_for(input, Derive::Serialize) else {
        return Ok(TokenStream::new());
    };
    let mut cx = Ctxt::default();
    let ident = &input.ident;
    if !input.generics.params.is_empty() {
        cx.error(
            &input.generics,
            "a generic type cannot derive `ToolOutput`: its schema is fixed at compile time; derive it on a concrete type",
        );
    }
    if serde.attrs.type_into().is_some() {
        cx.error(
            ident,
            "`#[serde(into = \"..\")]` serializes another type; derive `ToolOutput` on that type",
        );
    }
    let description = Doc::from_attrs(&input.attrs).description();
    let description = match &description {
        Some(text) => quote!(::core::option::Option::Some(#text)),
        None => quote!(::core::option::Option::None),
    };
    let schema = match &serde.data {
        Data::Struct(style, fields) => {
            let fields: Vec<_> = fields
                .iter()
                .filter(|field| !field.attrs.skip_serializing())
                .collect();
            for field in &fields {
                if field.attrs.flatten() {
                    cx.error(
                        field.original,
                        "`#[serde(flatten)]` merges keys the output schema cannot list; nest the struct as a field instead",
                    );
                }
                if field.attrs.serialize_with().is_some() {
                    cx.error(
                        field.original,
                        "`serialize_with` writes a shape the output schema cannot see; serialize a type with the shape instead",
                    );
                }
            }
            match style {
                Style::Struct if !serde.attrs.transparent() => {
                    let props = fields.iter().map(|field| {
                        let ty = field.ty;
                        let output = quote_spanned!(ty.span()=> <#ty as ::toolsmith::ToolOutput>);
                        let name = field.attrs.name().serialize_name().value.clone();
                        let doc = Doc::from_attrs(&field.original.attrs).description();
                        let doc = match &doc {
                            Some(text) => quote!(::core::option::Option::Some(#text)),
                            None => quote!(::core::option::Option::None),
                        };
                        let optional = field.attrs.skip_serializing_if().is_some();
                        // serde writes every field it does not skip, `None`
                        // as `null`: only `skip_serializing_if` makes one
                        // optional.
                        quote! {
                            ::toolsmith::__private::Prop {
                                name: #name,
                                required: !#optional,
                                schema: ::toolsmith::__private::property(#output::output_schema(), #doc, ::std::vec![]),
                            }
                        }
                    });
                    quote!(::toolsmith::__private::object(#description, ::std::vec![#(#props),*]))
                }
                // A newtype, or `transparent`: serde writes the one field.
                _ if fields.len() == 1 => {
                    let ty = fields[0].ty;
                    let output = quote_spanned!(ty.span()=> <#ty as ::toolsmith::ToolOutput>);
                    quote!(::toolsmith::__private::property(#output::output_schema(), #description, ::std::vec![]))
                }
                _ => {
                    cx.error(
                        ident,
                        "a tuple or unit struct has no named properties; use a struct with named fields, or a newtype of one field",
                    );
                    TokenStream::new()
                }
            }
        }
        Data::Enum(variants) => {
            for variant in variants {
                if !matches!(variant.style, Style::Unit) && !variant.attrs.skip_serializing() {
                    cx.error(
                        &variant.original.fields,
                        format_args!("variant `{}` carries data, which makes a union (`oneOf`) some hosts refuse; use unit variants, or a struct with an enum field for the kind", variant.ident),
                    );
                }
            }
            let values = variants
                .iter()
                .filter(|variant| !variant.attrs.skip_serializing())
                .map(|variant| {
                    LitStr::new(
                        &variant.attrs.name().serialize_name().value,
                        variant.original.ident.span(),
                    )
                });
            quote!(::toolsmith::__private::enumeration(#description, &[#(#values),*], ::core::option::Option::None))
        }
    };
    if !cx.is_empty() {
        let errors = cx.into_compile_errors();
        return Ok(quote! {
            #errors
            impl ::toolsmith::ToolOutput for #ident {
                fn output_schema() -> ::toolsmith::__private::Value {
                    ::core::unreachable!()
                }
            }
        });
    }
    Ok(quote! {
        #[automatically_derived]
        impl ::toolsmith::ToolOutput for #ident {
            fn output_schema() -> ::toolsmith::__private::Value {
                #schema
            }
        }
    })
}
