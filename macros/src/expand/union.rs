//! `#[derive(ToolArg)]` on a tagged enum (`#[serde(tag = "..")]`, with or
//! without `content = ".."`): a `oneOf` of closed objects, one per variant,
//! each fixing the tag to the variant's name.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use serde_derive_internals::ast::Style;
use syn::LitStr;

use super::asserts;
use super::satisfies::value_checks;
use super::schema::{alias_pairs, prop};
use super::tokens::{arg_trait, option_str};
use crate::ast::{Enum, Tagging};

/// `ToolArg` for a tagged enum: the alternatives' schemas, its depth that
/// of its deepest alternative, and the checks of every variant's fields.
pub(super) fn expand_union(item: &Enum) -> TokenStream {
    let ident = &item.input.ident;
    let (tag, content) = match &item.tagging {
        Tagging::Internal { tag } => (tag, None),
        Tagging::Adjacent { tag, content } => (tag, Some(content)),
        Tagging::External | Tagging::Untagged => unreachable!("only tagged enums are unions"),
    };
    let tag = LitStr::new(tag, Span::call_site());
    let content_tokens = option_str(content.map(String::as_str));
    let description = option_str(item.description.as_deref());
    // An adjacently tagged variant's fields sit in an object of their own.
    let around = usize::from(content.is_some());

    let mut branches = Vec::new();
    let mut depths = Vec::new();
    let mut arms = Vec::new();
    let mut typed = TokenStream::new();
    let mut depth_checks = TokenStream::new();
    for variant in item.read() {
        let name = LitStr::new(&variant.name, Span::call_site());
        let branch_description = option_str(variant.description.as_deref());
        let unit = matches!(variant.style, Style::Unit);
        let props = variant.fields.iter().map(prop);
        let fields = if unit {
            quote!(::core::option::Option::None)
        } else {
            quote!(::core::option::Option::Some(::std::vec![#(#props),*]))
        };
        let aliases = alias_pairs(
            variant
                .fields
                .iter()
                .map(|field| (field.name.as_str(), field.aliases.as_slice())),
        );
        branches.push(quote! {
            ::toolsmith::__private::Branch {
                tag: #name,
                description: #branch_description,
                fields: #fields,
                aliases: #aliases,
            }
        });
        let field_depths = variant.fields.iter().map(|field| {
            let arg_trait = arg_trait(&field.ty);
            quote!(#arg_trait::DEPTH)
        });
        let own = if unit { 1 } else { 1 + around };
        depths.push(quote!(#own + ::toolsmith::__private::max_depth(&[#(#field_depths),*])));

        let variant_ident = &variant.variant.ident;
        let bindings: Vec<_> = (0..variant.fields.len())
            .map(|index| format_ident!("__field{}", index))
            .collect();
        let members = variant.fields.iter().map(|field| &field.member);
        let (statics, checks) = value_checks(&variant.fields, |index, _| {
            let binding = &bindings[index];
            quote!(#binding)
        });
        let pattern = if unit {
            quote!(Self::#variant_ident)
        } else {
            quote!(Self::#variant_ident { #(#members: #bindings,)* .. })
        };
        arms.push(quote! {
            #pattern => {
                #statics
                true #(&& #checks)*
            }
        });
        for field in &variant.fields {
            typed.extend(asserts::typed_checks(field));
            depth_checks.extend(asserts::depth_check(field, ident, around));
        }
    }
    let skipped = item.variants.iter().any(|variant| variant.skip);
    let rest = skipped.then(|| quote!(_ => true,));
    quote! {
        #[automatically_derived]
        impl ::toolsmith::__private::Sealed for #ident {}

        #[automatically_derived]
        impl ::toolsmith::ToolArg for #ident {
            const DEPTH: usize = ::toolsmith::__private::max_depth(&[#(#depths),*]);
            const __KIND: ::toolsmith::__private::ArgKind = ::toolsmith::__private::ArgKind::Union;
            // serde reads a tagged enum through a buffer of its own, in
            // which a nested struct also reads from an array and a unit
            // variant ignores unknown keys: the schema goes first.
            const __DEDUPS: bool = true;

            fn schema() -> ::toolsmith::__private::Value {
                ::toolsmith::__private::tagged_union(
                    #description,
                    #tag,
                    #content_tokens,
                    ::std::vec![#(#branches),*],
                )
            }

            #[inline]
            fn satisfies_schema(&self) -> bool {
                match self {
                    #(#arms)*
                    #rest
                }
            }
        }

        #typed
        #depth_checks
    }
}
