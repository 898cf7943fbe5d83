//! Small token builders every expansion uses: the `ToolArg` of a type,
//! options, and numbers as the runtime and the schema take them.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::Type;
use syn::spanned::Spanned;
use toolsmith_schema_rules::number::JsonNumber;

use crate::attr::Num;

/// `<T as ToolArg>`, spanned on the type so that a missing impl is reported
/// once, under the type.
pub(super) fn arg_trait(ty: &Type) -> TokenStream {
    quote_spanned!(ty.span()=> <#ty as ::toolsmith::ToolArg>)
}

/// `Some("..")` or `None`, as an `Option<&str>`.
pub(super) fn option_str(text: Option<&str>) -> TokenStream {
    match text {
        Some(text) => quote!(::core::option::Option::Some(#text)),
        None => quote!(::core::option::Option::None),
    }
}

/// `Some(n)` or `None`, as an `Option<usize>`.
pub(super) fn option_usize(value: Option<u64>) -> TokenStream {
    match value {
        Some(value) => {
            let value = value as usize;
            quote!(::core::option::Option::Some(#value))
        }
        None => quote!(::core::option::Option::None),
    }
}

/// A bound as the runtime compares it, `Num::Int(..)` or `Num::Float(..)`.
pub(super) fn num(value: Num) -> TokenStream {
    match value {
        Num::Int(i) => quote!(::toolsmith::__private::Num::Int(#i)),
        Num::Float(f) => quote!(::toolsmith::__private::Num::Float(#f)),
    }
}

/// A bound as the JSON number a schema states, `Value::from(..)`: integers
/// stay integers where a JSON value holds them.
pub(super) fn json_number(value: Num) -> TokenStream {
    match value.to_json() {
        JsonNumber::Signed(i) => quote!(::toolsmith::__private::Value::from(#i)),
        JsonNumber::Unsigned(u) => quote!(::toolsmith::__private::Value::from(#u)),
        JsonNumber::Float(f) => quote!(::toolsmith::__private::Value::from(#f)),
    }
}
