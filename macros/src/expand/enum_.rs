//! `#[derive(ToolArg)]` on an enum of unit variants: a string `enum`.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::LitStr;

use super::schema::alias_pairs;
use super::tokens::option_str;
use crate::ast::Enum;
use crate::doc;

/// `ToolArg` for a unit enum: the values serde reads, documented ones
/// described in the schema.
pub(super) fn expand_enum(item: &Enum) -> TokenStream {
    let ident = &item.input.ident;
    let read = || item.variants.iter().filter(|variant| !variant.skip);
    let documented: Vec<(&str, &str)> = read()
        .filter_map(|variant| Some((variant.name.as_str(), variant.description.as_deref()?)))
        .collect();
    let description =
        option_str(doc::enum_description(item.description.as_deref(), &documented).as_deref());
    let value_docs = option_str(doc::enum_description(None, &documented).as_deref());
    let values = read().map(|variant| LitStr::new(&variant.name, Span::call_site()));
    let aliases =
        alias_pairs(read().map(|variant| (variant.name.as_str(), variant.aliases.as_slice())));
    let schema = quote! {
        ::toolsmith::__private::declare_aliases(
            ::toolsmith::__private::enumeration(#description, &[#(#values),*], #value_docs),
            #aliases,
        )
    };
    let schema = titled(item, schema);
    quote! {
        #[automatically_derived]
        impl ::toolsmith::__private::Sealed for #ident {}

        #[automatically_derived]
        impl ::toolsmith::ToolArg for #ident {
            const DEPTH: usize = 0;
            const __KIND: ::toolsmith::__private::ArgKind = ::toolsmith::__private::ArgKind::Enum;

            fn schema() -> ::toolsmith::__private::Value {
                #schema
            }
        }
    }
}

/// `schema` with the titles of `#[arg(title = "..")]`, when a variant has one.
fn titled(item: &Enum, schema: TokenStream) -> TokenStream {
    let titles: Vec<TokenStream> = item
        .variants
        .iter()
        .filter(|variant| !variant.skip)
        .filter_map(|variant| {
            let (name, title) = (&variant.name, variant.title.as_deref()?);
            Some(quote!((#name, #title)))
        })
        .collect();
    if titles.is_empty() {
        return schema;
    }
    let legacy = item.enum_names;
    quote!(::toolsmith::__private::titled(#schema, &[#(#titles),*], #legacy))
}
