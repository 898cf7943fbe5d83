//! `#[derive(ToolArg)]` on a struct with named fields: a closed object.

use proc_macro2::TokenStream;
use quote::quote;

use super::asserts;
use super::satisfies::{dedups, value_checks};
use super::schema::{alias_pairs, prop};
use super::tokens::{arg_trait, option_str};
use crate::ast::Struct;

/// `ToolArg` for a struct: an object of its fields' schemas, its depth one
/// more than its deepest field's, and the checks of every field.
pub(super) fn expand_struct(item: &Struct) -> TokenStream {
    let ident = &item.input.ident;
    let description = option_str(item.description.as_deref());
    let props = item.fields.iter().map(prop);
    let depths = item.fields.iter().map(|field| {
        let arg_trait = arg_trait(&field.ty);
        quote!(#arg_trait::DEPTH)
    });
    let form_fields = item.fields.iter().map(|field| {
        let arg_trait = arg_trait(&field.ty);
        quote!((#arg_trait::__KIND, #arg_trait::__ITEM_KIND))
    });
    let (statics, checks) = value_checks(&item.fields, |_, field| {
        let member = &field.member;
        quote!(&self.#member)
    });
    let typed: TokenStream = item.fields.iter().map(asserts::typed_checks).collect();
    let dedups = dedups(&item.fields);
    let aliases = alias_pairs(
        item.fields
            .iter()
            .map(|field| (field.name.as_str(), field.aliases.as_slice())),
    );
    let depth_checks: TokenStream = item
        .fields
        .iter()
        .map(|field| asserts::depth_check(field, ident, 0))
        .collect();
    quote! {
        #[automatically_derived]
        impl ::toolsmith::__private::Sealed for #ident {}

        #[automatically_derived]
        impl ::toolsmith::ToolArg for #ident {
            const DEPTH: usize = 1 + ::toolsmith::__private::max_depth(&[#(#depths),*]);
            const __KIND: ::toolsmith::__private::ArgKind = ::toolsmith::__private::ArgKind::Object;
            const __DEDUPS: bool = #dedups;
            const __FORM: bool = ::toolsmith::__private::form_fields(&[#(#form_fields),*]);

            fn schema() -> ::toolsmith::__private::Value {
                ::toolsmith::__private::declare_aliases(
                    ::toolsmith::__private::object(#description, ::std::vec![#(#props),*]),
                    #aliases,
                )
            }

            #[inline]
            fn satisfies_schema(&self) -> bool {
                #statics
                true #(&& #checks)*
            }
        }

        #typed
        #depth_checks
    }
}
