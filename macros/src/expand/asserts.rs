//! The schema rules that need types (is this parameter a string? does the
//! bound fit a `u8`?), which tokens cannot decide: emitted as constants the
//! compiler evaluates once the types are known, each spanned on the
//! attribute or field it is about.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::Ident;
use syn::spanned::Spanned;
use toolsmith_schema_rules::{MAX_DEPTH, Rule};

use super::tokens::num;
use crate::ast::Field;
use crate::attr::{ArgAttrs, Given, Num};
use crate::check::{integer_type, type_name};

/// Rule 6, the typed part: `pattern` and lengths apply to strings, `min` and
/// `max` to numbers and within the range of the Rust type, item counts and
/// `items(..)` to arrays, and the constraints in `items(..)` to the item
/// type as the same constraints outside apply to the value. Emitted as
/// constants on the attribute's span.
pub(super) fn typed_checks(field: &Field) -> TokenStream {
    let ty = &field.ty;
    let arg_trait = quote!(<#ty as ::toolsmith::ToolArg>);
    let value = Target {
        kind: quote!(#arg_trait::__KIND),
        range: quote!(#arg_trait::__RANGE),
        shown: format!("`{}` is not one", type_name(ty)),
        shown_type: format!("`{}`", type_name(ty)),
        guard: quote!(true),
        integer_type: integer_type(ty).is_some(),
    };
    let mut out = value_typed_checks(&field.arg, &value, true);
    if let Some(given) = &field.arg.header {
        out.extend(header_check(&given.key, ty));
    }
    if let Some(items) = &field.arg.items {
        out.extend(kind_check(
            &items.key,
            &value,
            quote!(::toolsmith::__private::ArgKind::Array),
            "arrays",
            "put the constraints on the value itself",
        ));
        // The item checks fire only for arrays; anything else is the
        // check above.
        let item = Target {
            guard: quote!(::core::option::Option::is_some(&#arg_trait::__ITEM_KIND)),
            kind: quote! {
                match #arg_trait::__ITEM_KIND {
                    ::core::option::Option::Some(kind) => kind,
                    ::core::option::Option::None => ::toolsmith::__private::ArgKind::Parsed,
                }
            },
            range: quote!(#arg_trait::__ITEM_RANGE),
            shown: format!("the items of `{}` are not", type_name(ty)),
            shown_type: format!("the items of `{}`", type_name(ty)),
            integer_type: false,
        };
        out.extend(value_typed_checks(&items.value, &item, false));
    }
    out
}

/// What the typed checks look at: a value's type, or its items'.
struct Target {
    /// An expression of type `ArgKind`.
    kind: TokenStream,
    /// An expression of type `Option<Range>`.
    range: TokenStream,
    /// "`u8` is not one", "the items of `Vec<u8>` are not".
    shown: String,
    /// "`u8`", "the items of `Vec<u8>`".
    shown_type: String,
    /// When the checks apply at all (for items: when the type is an array).
    guard: TokenStream,
    /// The type is written as a fixed-width integer (`check::integer_type`).
    integer_type: bool,
}

/// The checks of a value's constraints (`top`), or of an item's, which
/// take no item counts.
fn value_typed_checks(arg: &ArgAttrs, target: &Target, top: bool) -> TokenStream {
    let mut out = TokenStream::new();
    // A string a type parses (a date-time, a URL) is a string in JSON,
    // but its text is gone once read: its own parser is its check.
    let parsed = quote!(::toolsmith::__private::ArgKind::Parsed);
    let string =
        quote!(::toolsmith::__private::ArgKind::String | ::toolsmith::__private::ArgKind::Parsed);
    let number =
        quote!(::toolsmith::__private::ArgKind::Integer | ::toolsmith::__private::ArgKind::Number);
    let array = quote!(::toolsmith::__private::ArgKind::Array);
    let text_keys = arg.pattern.iter().map(|given| &given.key).chain(
        [&arg.min_length, &arg.max_length]
            .into_iter()
            .flatten()
            .map(|given| &given.key),
    );
    for key in text_keys {
        out.extend(parsed_check(key, target, &parsed));
    }
    if let Some(given) = &arg.pattern {
        out.extend(kind_check(
            &given.key,
            target,
            string.clone(),
            "strings",
            "remove it",
        ));
    }
    for given in [&arg.min_length, &arg.max_length].into_iter().flatten() {
        out.extend(kind_check(
            &given.key,
            target,
            string.clone(),
            "strings",
            "use `min_items`/`max_items` for arrays, `min`/`max` for numbers",
        ));
    }
    for given in [&arg.min, &arg.max].into_iter().flatten() {
        out.extend(kind_check(
            &given.key,
            target,
            number.clone(),
            "numbers",
            "use `min_length`/`max_length` for strings, `min_items`/`max_items` for arrays",
        ));
    }
    if top {
        for given in [&arg.min_items, &arg.max_items].into_iter().flatten() {
            out.extend(kind_check(
                &given.key,
                target,
                array.clone(),
                "arrays",
                "use `min_length`/`max_length` for strings, `min`/`max` for numbers",
            ));
        }
    }
    for given in [&arg.min, &arg.max].into_iter().flatten() {
        // An integer bound on an integer type written out is
        // `check_bounds`'s, spanned there without a constant to evaluate.
        let checked = target.integer_type && matches!(given.value, Num::Int(_));
        if !checked {
            out.extend(range_check(given, target));
        }
    }
    out.extend(integer_bound_checks(arg, target));
    out
}

/// `header` copies one plain value into an HTTP header: MCP takes it on a
/// string, an integer or a boolean property whose `type` says so alone, so
/// not on a float, an array, an object or an `Option` (`["string",
/// "null"]`).
fn header_check(key: &Ident, ty: &syn::Type) -> TokenStream {
    let message = escape(&format!(
        "`header` applies to a string, integer or boolean parameter, and `{}` is not one: MCP copies the argument into an HTTP header as one plain value; remove `header`, or take a `String`, an integer, a `bool` or a unit enum that is not optional",
        type_name(ty)
    ));
    let arg_trait = quote!(<#ty as ::toolsmith::ToolArg>);
    quote_spanned! {key.span()=>
        const _: () = if #arg_trait::NULLABLE || !::core::matches!(
            #arg_trait::__KIND,
            ::toolsmith::__private::ArgKind::String
                | ::toolsmith::__private::ArgKind::Integer
                | ::toolsmith::__private::ArgKind::Boolean
                | ::toolsmith::__private::ArgKind::Enum
                | ::toolsmith::__private::ArgKind::Parsed
        ) {
            ::core::panic!(#message)
        };
    }
}

/// `key` does not apply to a string its type parses.
fn parsed_check(key: &Ident, target: &Target, parsed: &TokenStream) -> TokenStream {
    let message = escape(&format!(
        "`{key}` cannot apply to {}, read by parsing: the type's parser checks the string; remove it ({rule})",
        target.shown_type,
        rule = Rule::ConsistentBounds
    ));
    let (kind, guard) = (&target.kind, &target.guard);
    quote_spanned! {key.span()=>
        const _: () = if #guard && ::core::matches!(#kind, #parsed) {
            ::core::panic!(#message)
        };
    }
}

/// `key` applies to values of `kinds` only.
fn kind_check(
    key: &Ident,
    target: &Target,
    kinds: TokenStream,
    what: &str,
    instead: &str,
) -> TokenStream {
    let message = escape(&format!(
        "`{key}` applies to {what}, and {}; {instead} ({rule})",
        target.shown,
        rule = Rule::ConsistentBounds
    ));
    let (kind, guard) = (&target.kind, &target.guard);
    quote_spanned! {key.span()=>
        const _: () = if #guard && !::core::matches!(#kind, #kinds) {
            ::core::panic!(#message)
        };
    }
}

/// The target's range contains the bound, compared exactly.
fn contains(target: &Target, given: &Given<Num>) -> TokenStream {
    let bound = num(given.value);
    let range = &target.range;
    quote!(::toolsmith::__private::in_range(#range, #bound))
}

fn range_check(given: &Given<Num>, target: &Target) -> TokenStream {
    let key = &given.key;
    let message = escape(&format!(
        "`{key} = {}` is outside the range of {}, so the bound is meaningless or unreachable; pick a value the type can hold or a wider type ({rule})",
        given.value,
        target.shown_type,
        rule = Rule::ConsistentBounds
    ));
    let contains = contains(target, given);
    let guard = &target.guard;
    quote_spanned! {given.span=>
        const _: () = if #guard && !#contains {
            ::core::panic!(#message)
        };
    }
}

/// An integer type takes integer bounds. A float bound on one says the
/// same as an integer (`min = 0.5` on `u32` admits what `min = 1` does),
/// and the schema should state the integer the author reads in the code,
/// so the fix is named rather than made silently; a pair with no integer
/// between them (`min = 1.5, max = 1.7`) admits no value at all. Bounds
/// outside the type's range are `range_check`'s alone.
fn integer_bound_checks(arg: &ArgAttrs, target: &Target) -> TokenStream {
    let kind = &target.kind;
    let integer = quote! {
        ::core::matches!(#kind, ::toolsmith::__private::ArgKind::Integer)
    };
    let shown = &target.shown_type;
    let is_float = |given: &&Given<Num>| matches!(given.value, Num::Float(_));
    if let (Some(min), Some(max)) = (&arg.min, &arg.max) {
        let (low, high) = (min.value.as_f64().ceil(), max.value.as_f64().floor());
        if (is_float(&min) || is_float(&max)) && low > high {
            let message = escape(&format!(
                "`min = {}` and `max = {}` have no integer between them, and {shown} takes only integers; widen them to take one ({rule})",
                min.value,
                max.value,
                rule = Rule::ConsistentBounds
            ));
            let (min_fits, max_fits) = (contains(target, min), contains(target, max));
            return quote_spanned! {min.span=>
                const _: () = if #integer && #min_fits && #max_fits {
                    ::core::panic!(#message)
                };
            };
        }
    }
    let mut out = TokenStream::new();
    let rounded = [
        (&arg.min, f64::ceil as fn(f64) -> f64),
        (&arg.max, f64::floor),
    ];
    for (given, round) in rounded {
        let Some(given) = given.as_ref().filter(is_float) else {
            continue;
        };
        let key = &given.key;
        // `+ 0.0` shows `-0` as `0`.
        let integer_bound = round(given.value.as_f64()) + 0.0;
        let message = escape(&format!(
            "`{key} = {}` on the integer type {shown} admits the same values as `{key} = {integer_bound}`; write `{key} = {integer_bound}` ({rule})",
            given.value,
            rule = Rule::ConsistentBounds
        ));
        let fits = contains(target, given);
        out.extend(quote_spanned! {given.span=>
            const _: () = if #integer && #fits {
                ::core::panic!(#message)
            };
        });
    }
    out
}

/// Rule 9, nesting depth: hosts cap how deep objects nest (OpenAI strict at
/// [`MAX_DEPTH`], 5). A struct whose field nests 4 objects is 5 deep itself
/// and, inside a tool's argument object, 6; the check fires at exactly that
/// field so that the structs around it do not report the same problem again.
/// `around` counts the objects between the container and the field (the
/// content object of an adjacently tagged variant).
pub(super) fn depth_check(field: &Field, container: &Ident, around: usize) -> TokenStream {
    let ty = &field.ty;
    let member = &field.member;
    let deepest = MAX_DEPTH - 1 - around;
    let message = escape(&format!(
        "`{}` nests {deepest} objects, so `{container}` nests {MAX_DEPTH} and a tool argument of it more than {MAX_DEPTH} objects; flatten a level ({rule})",
        type_name(ty),
        rule = Rule::NestingDepth
    ));
    quote_spanned! {member.span()=>
        const _: () = if <#ty as ::toolsmith::ToolArg>::DEPTH == #deepest {
            ::core::panic!(#message)
        };
    }
}

/// `panic!` formats its literal: double the braces.
fn escape(message: &str) -> String {
    message.replace('{', "{{").replace('}', "}}")
}
