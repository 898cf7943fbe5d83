//! `#[derive(ToolArg)]` on a struct serde reads as its one field: a
//! `#[serde(transparent)]` struct or a newtype.

use proc_macro2::TokenStream;
use quote::quote;

use super::asserts;
use super::fallback::fallback_arg;
use super::satisfies::value_checks;
use super::schema::field_schema;
use super::tokens::arg_trait;
use crate::ast::Struct;

/// `#[serde(transparent)]` and newtypes (`struct Email(String);`): serde
/// reads the struct as its one field, so the struct is that field's type,
/// with the struct's doc as description (else the field's) and the field's
/// `#[arg(..)]` constraints.
pub(super) fn expand_transparent(item: &Struct) -> TokenStream {
    let ident = &item.input.ident;
    let Some(field) = item.fields.first() else {
        // serde reports a transparent struct without a field to read.
        return fallback_arg(item.input);
    };
    let arg_trait = arg_trait(&field.ty);
    let member = &field.member;
    let description = item.description.as_deref().or(field.description.as_deref());
    let schema = field_schema(field, description);
    let (statics, checks) = value_checks(std::slice::from_ref(field), |_, field| {
        let member = &field.member;
        quote!(&self.#member)
    });
    let typed = asserts::typed_checks(field);
    quote! {
        #[automatically_derived]
        impl ::toolsmith::__private::Sealed for #ident {}

        #[automatically_derived]
        impl ::toolsmith::ToolArg for #ident {
            const DEPTH: usize = #arg_trait::DEPTH;
            const NULLABLE: bool = #arg_trait::NULLABLE;
            const __KIND: ::toolsmith::__private::ArgKind = #arg_trait::__KIND;
            const __RANGE: ::core::option::Option<::toolsmith::__private::Range> = #arg_trait::__RANGE;
            const __DEDUPS: bool = #arg_trait::__DEDUPS;
            const __ITEM_KIND: ::core::option::Option<::toolsmith::__private::ArgKind> = #arg_trait::__ITEM_KIND;
            const __ITEM_RANGE: ::core::option::Option<::toolsmith::__private::Range> = #arg_trait::__ITEM_RANGE;

            fn schema() -> ::toolsmith::__private::Value {
                #schema
            }

            #[inline]
            fn satisfies_schema(&self) -> bool {
                #statics
                true #(&& #checks)*
            }

            fn __text(&self) -> ::core::option::Option<::toolsmith::__private::Cow<'_, str>> {
                #arg_trait::__text(&self.#member)
            }

            fn __number(&self) -> ::core::option::Option<::toolsmith::__private::Num> {
                #arg_trait::__number(&self.#member)
            }

            fn __items(&self) -> ::core::option::Option<usize> {
                #arg_trait::__items(&self.#member)
            }

            fn __all_items(
                &self,
                check: &::toolsmith::__private::ItemCheck,
            ) -> bool {
                #arg_trait::__all_items(&self.#member, check)
            }
        }

        #typed
    }
}
