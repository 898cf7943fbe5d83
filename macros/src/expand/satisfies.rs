//! The typed path's checks: `satisfies_schema`, the constraints of
//! `#[arg(..)]` checked on a deserialized value, and `__DEDUPS`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::Ident;

use super::tokens::{arg_trait, num, option_usize};
use crate::ast::Field;
use crate::attr::ArgAttrs;

/// Whether a field's type drops values serde reads (see `ToolArg::__DEDUPS`).
pub(super) fn dedups(fields: &[Field]) -> TokenStream {
    let each = fields.iter().map(|field| {
        let arg_trait = arg_trait(&field.ty);
        quote!(#arg_trait::__DEDUPS)
    });
    quote!(false #(|| #each)*)
}

/// The typed checks of `satisfies_schema`: the pattern statics, and one
/// boolean expression per constraint and per nested value. `value_of`
/// gives the expression of a reference to the `index`th field's value.
pub(super) fn value_checks(
    fields: &[Field],
    value_of: impl Fn(usize, &Field) -> TokenStream,
) -> (TokenStream, Vec<TokenStream>) {
    let mut statics = TokenStream::new();
    let mut checks = Vec::new();
    for (index, field) in fields.iter().enumerate() {
        let arg_trait = arg_trait(&field.ty);
        let value = value_of(index, field);
        checks.push(quote!(#arg_trait::satisfies_schema(#value)));
        let arg = &field.arg;
        let text = quote!(#arg_trait::__text(#value));
        let number = quote!(#arg_trait::__number(#value));
        let pattern_static = format_ident!("__PATTERN_{}", index);
        checks.extend(constraint_checks(
            arg,
            &mut statics,
            &pattern_static,
            &text,
            &number,
        ));
        if arg.min_items.is_some() || arg.max_items.is_some() {
            let min = option_usize(arg.min_items.as_ref().map(|given| given.value));
            let max = option_usize(arg.max_items.as_ref().map(|given| given.value));
            checks.push(quote!(::toolsmith::__private::items_within(#arg_trait::__items(#value), #min, #max)));
        }
        if let Some(items) = &arg.items {
            let pattern_static = format_ident!("__ITEM_PATTERN_{}", index);
            let item_checks = constraint_checks(
                &items.value,
                &mut statics,
                &pattern_static,
                &quote!(__text),
                &quote!(__number),
            );
            checks.push(quote! {
                #arg_trait::__all_items(#value, &|__text, __number| true #(&& #item_checks)*)
            });
        }
    }
    (statics, checks)
}

/// The checks of one value's `pattern`, bounds and lengths, given the
/// expressions of its text (`Option<Cow<str>>`) and number (`Option<Num>`);
/// the pattern's static goes to `statics`.
fn constraint_checks(
    arg: &ArgAttrs,
    statics: &mut TokenStream,
    pattern_static: &Ident,
    text: &TokenStream,
    number: &TokenStream,
) -> Vec<TokenStream> {
    let mut checks = Vec::new();
    if let Some(given) = &arg.pattern {
        let source = &given.value;
        statics.extend(quote! {
            static #pattern_static: ::toolsmith::__private::Pattern =
                ::toolsmith::__private::Pattern::new(#source);
        });
        checks.push(quote!(#pattern_static.matches(::core::option::Option::as_deref(&#text))));
    }
    if let Some(given) = &arg.min {
        let bound = num(given.value);
        checks.push(quote!(::toolsmith::__private::at_least(#number, #bound)));
    }
    if let Some(given) = &arg.max {
        let bound = num(given.value);
        checks.push(quote!(::toolsmith::__private::at_most(#number, #bound)));
    }
    if arg.min_length.is_some() || arg.max_length.is_some() {
        let min = option_usize(arg.min_length.as_ref().map(|given| given.value));
        let max = option_usize(arg.max_length.as_ref().map(|given| given.value));
        checks.push(quote!(::toolsmith::__private::length_within(::core::option::Option::as_deref(&#text), #min, #max)));
    }
    checks
}
