//! Command-line hints as code: the constants that check what needs the
//! parameters' types (a positional's kind, whether it is optional), spanned
//! on the hint, and the `CliHints` the tool's hints carry. They shape the
//! command line only, never the schema.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::ast::{Field, ToolFn};
use crate::check::cli::long;
use crate::check::type_name;

/// The hints that need types, as constants: a positional is text, a
/// number or an array of them (not an object, not a switch), only the
/// last one takes many values, and no optional one comes before a
/// required one; `stdin` goes on text.
pub fn typed_checks(tool: &ToolFn) -> TokenStream {
    let positionals: Vec<&Field> = tool
        .params
        .iter()
        .filter(|field| is_set(&field.arg.cli.positional))
        .collect();
    let mut out = TokenStream::new();
    for (i, field) in positionals.iter().enumerate() {
        let Some(given) = &field.arg.cli.positional else {
            continue;
        };
        let key = &given.key;
        let shown = type_name(&field.ty);
        let name = &field.name;
        let (kind, item) = (kind(field), item_kind(field));
        let object = quote!(::toolsmith::__private::ArgKind::Object);
        let boolean = quote!(::toolsmith::__private::ArgKind::Boolean);
        let array = quote!(::toolsmith::__private::ArgKind::Array);
        out.extend(panics_if(
            key,
            quote!(::core::matches!(#kind, #object)),
            &format!(
                "`{name}` is an object (`{shown}`), which no single value on a command line holds: its fields are flags (`--{}.<field>`); remove `positional`",
                long(name)
            ),
        ));
        out.extend(panics_if(
            key,
            quote!(::core::matches!(#kind, #boolean)),
            &format!(
                "`{name}` is a boolean, a switch on the command line (`--{}`); remove `positional`",
                long(name)
            ),
        ));
        out.extend(panics_if(
            key,
            quote!(::core::matches!(#item, ::core::option::Option::Some(#object | #array | #boolean))),
            &format!(
                "the items of `{shown}` are not text or numbers, so `{name}` cannot take the rest of the values by position; remove `positional`"
            ),
        ));
        let is_array = |field: &Field| {
            let kind = self::kind(field);
            quote!(::core::matches!(#kind, #array))
        };
        let this_array = is_array(field);
        for earlier in &positionals[..i] {
            let earlier_array = is_array(earlier);
            out.extend(panics_if(
                key,
                quote!(#earlier_array && #this_array),
                &format!(
                    "`{}` and `{name}` both take many values by position, so nothing tells where one stops; keep `positional` on one of them and give the other as a repeated flag (`--{} a --{} b`)",
                    earlier.name,
                    long(name),
                    long(name)
                ),
            ));
            let (earlier_optional, this_optional) = (optional(earlier), optional(field));
            out.extend(panics_if(
                key,
                quote!(#earlier_optional && !#this_optional),
                &format!(
                    "`{name}` is required but taken by position after `{}`, which is optional, so one value could be either; put `{name}` first or give `{}` as a flag",
                    earlier.name, earlier.name
                ),
            ));
        }
        if let Some(last) = positionals.last().filter(|last| last.name != field.name) {
            let last_array = is_array(last);
            out.extend(panics_if(
                key,
                quote!(#this_array && !#last_array),
                &format!(
                    "`{name}` takes the rest of the values by position, so it must be the last positional; move it after `{}`, or give it as a repeated flag",
                    last.name
                ),
            ));
        }
    }
    for field in &tool.params {
        let Some(given) = field.arg.cli.stdin.as_ref().filter(|given| given.value) else {
            continue;
        };
        let kind = kind(field);
        let text = quote!(
            ::toolsmith::__private::ArgKind::String | ::toolsmith::__private::ArgKind::Parsed
        );
        out.extend(panics_if(
            &given.key,
            quote!(!::core::matches!(#kind, #text)),
            &format!(
                "`stdin` reads text, and `{}` is not text: standard input goes to a `String` (or `Option<String>`) parameter; remove `stdin` from `{}`",
                type_name(&field.ty),
                field.name
            ),
        ));
    }
    out
}

/// The tool's `CliHints`, as a constant expression, when it gives any
/// hint.
pub fn hints(tool: &ToolFn) -> Option<TokenStream> {
    let params: Vec<TokenStream> = tool
        .params
        .iter()
        .filter(|field| {
            let cli = &field.arg.cli;
            is_set(&cli.positional)
                || is_set(&cli.stdin)
                || is_set(&cli.file)
                || cli.short.is_some()
                || !cli.aliases.is_empty()
        })
        .map(|field| {
            let cli = &field.arg.cli;
            let name = &field.name;
            let positional = is_set(&cli.positional).then(|| quote!(.positional()));
            let stdin = is_set(&cli.stdin).then(|| quote!(.stdin()));
            let file = is_set(&cli.file).then(|| quote!(.file()));
            let short = cli.short.as_ref().map(|given| {
                let short = given.value;
                quote!(.short(#short))
            });
            let aliases: Vec<_> = cli.aliases.iter().map(|given| &given.value).collect();
            let aliases = (!aliases.is_empty()).then(|| quote!(.alias(&[#(#aliases),*])));
            quote!(::toolsmith::CliParam::new(#name) #positional #short #aliases #stdin #file)
        })
        .collect();
    if params.is_empty() && tool.cli_name.is_none() {
        return None;
    }
    let name = match &tool.cli_name {
        Some(given) => {
            let name = &given.value;
            quote!(::core::option::Option::Some(#name))
        }
        None => quote!(::core::option::Option::None),
    };
    Some(quote!(::toolsmith::CliHints::new(#name, &[#(#params),*])))
}

fn is_set(setting: &crate::attr::Setting<bool>) -> bool {
    setting.as_ref().is_some_and(|given| given.value)
}

/// The parameter's `ArgKind`, as an expression.
fn kind(field: &Field) -> TokenStream {
    let ty = &field.ty;
    quote!(<#ty as ::toolsmith::ToolArg>::__KIND)
}

/// The kind of its items, `Option<ArgKind>`, as an expression.
fn item_kind(field: &Field) -> TokenStream {
    let ty = &field.ty;
    quote!(<#ty as ::toolsmith::ToolArg>::__ITEM_KIND)
}

/// Whether a call may leave the parameter out, as an expression.
fn optional(field: &Field) -> TokenStream {
    let ty = &field.ty;
    let default = field.has_default();
    quote!((#default || <#ty as ::toolsmith::ToolArg>::NULLABLE))
}

/// A constant that fails to evaluate, with `message`, when `condition`
/// holds; the error lands on `key`.
fn panics_if(key: &syn::Ident, condition: TokenStream, message: &str) -> TokenStream {
    let message = message.replace('{', "{{").replace('}', "}}");
    quote_spanned! {key.span()=>
        const _: () = if #condition {
            ::core::panic!(#message)
        };
    }
}
