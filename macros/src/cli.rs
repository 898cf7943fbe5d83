//! Command-line hints: `#[tool(cli_name = "..")]` and
//! `#[arg(positional, short = 'q', alias = "..", stdin)]`. They shape the
//! command line only, never the schema. What tokens decide (names, short
//! flags, one standard input) is checked here; what needs the types (a
//! positional's kind, whether it is optional) becomes constants the
//! compiler evaluates, spanned on the hint; and the hints become
//! `Tool::cli`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::ast::{Field, ToolFn};
use crate::check::type_name;
use crate::ctxt::Ctxt;

/// The longest command or flag name a hint may give.
const MAX_NAME: usize = 64;

/// The commands every command line already has.
const RESERVED_COMMANDS: [&str; 1] = ["help"];

/// The flags every tool's command already has.
const RESERVED_FLAGS: [&str; 3] = ["help", "version", "json"];

/// The hints tokens decide: a well-formed `cli_name`, short flags that
/// clap does not reserve and that no two parameters share, aliases that
/// name no other flag, and one parameter at most reading standard input.
pub fn check(cx: &mut Ctxt, tool: &ToolFn) {
    if let Some(given) = &tool.cli_name {
        let name = given.value.value();
        if !is_command_name(&name) {
            cx.error(
                &given.value,
                format_args!(
                    "`cli_name = {:?}` cannot name a command: use ASCII letters, digits, `-` and `_`, starting with a letter or digit, at most {MAX_NAME} characters (`cli_name = \"find-docs\"`)",
                    name
                ),
            );
        } else if RESERVED_COMMANDS.contains(&name.as_str()) {
            cx.error(
                &given.value,
                format_args!(
                    "`cli_name = \"{name}\"` is the command line's own `{name}` command; pick another name"
                ),
            );
        }
    }
    let mut shorts: Vec<(char, &str)> = Vec::new();
    let longs: Vec<String> = tool.params.iter().map(|p| long(&p.name)).collect();
    let mut aliases: Vec<(String, &str)> = Vec::new();
    let mut stdin: Option<&str> = None;
    for field in &tool.params {
        let cli = &field.arg.cli;
        if let Some(given) = &cli.short {
            let short = given.value;
            if short == 'h' || short == 'V' {
                let what = if short == 'h' { "help" } else { "version" };
                cx.error_at(
                    given.span,
                    format_args!(
                        "`short = '{short}'` is clap's own `-{short}` ({what}); pick another letter for `{}`",
                        field.name
                    ),
                );
            } else if !short.is_ascii_alphanumeric() {
                cx.error_at(
                    given.span,
                    format_args!(
                        "`short = {short:?}` cannot be a short flag: pick an ASCII letter or digit"
                    ),
                );
            } else if let Some((_, other)) = shorts.iter().find(|(s, _)| *s == short) {
                cx.error_at(
                    given.span,
                    format_args!(
                        "`-{short}` is already the short flag of `{other}`; pick another letter for `{}`",
                        field.name
                    ),
                );
            } else {
                shorts.push((short, &field.name));
            }
        }
        for given in &cli.aliases {
            let alias = given.value.value();
            let taken = longs.contains(&alias)
                || aliases.iter().any(|(a, _)| *a == alias)
                || RESERVED_FLAGS.contains(&alias.as_str());
            if !is_flag_name(&alias) {
                cx.error(
                    &given.value,
                    format_args!(
                        "`alias = {alias:?}` cannot name a flag: use ASCII letters, digits and `-`, starting with a letter or digit, at most {MAX_NAME} characters (`alias = \"max-results\"`)"
                    ),
                );
            } else if taken {
                cx.error(
                    &given.value,
                    format_args!(
                        "`--{alias}` is already a flag of this tool; pick another alias for `{}`",
                        field.name
                    ),
                );
            } else {
                aliases.push((alias, &field.name));
            }
        }
        if let Some(given) = cli.stdin.as_ref().filter(|given| given.value) {
            match stdin {
                Some(other) => cx.error(
                    &given.key,
                    format_args!(
                        "`{other}` already reads standard input, and a tool has one; remove `stdin` from `{}`",
                        field.name
                    ),
                ),
                None => stdin = Some(&field.name),
            }
        }
    }
}

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

/// `fn cli`, when the tool gives any hint.
pub fn expand(tool: &ToolFn) -> Option<TokenStream> {
    let params: Vec<TokenStream> = tool
        .params
        .iter()
        .filter(|field| {
            let cli = &field.arg.cli;
            is_set(&cli.positional)
                || is_set(&cli.stdin)
                || cli.short.is_some()
                || !cli.aliases.is_empty()
        })
        .map(|field| {
            let cli = &field.arg.cli;
            let name = &field.name;
            let positional = is_set(&cli.positional).then(|| quote!(.positional()));
            let stdin = is_set(&cli.stdin).then(|| quote!(.stdin()));
            let short = cli.short.as_ref().map(|given| {
                let short = given.value;
                quote!(.short(#short))
            });
            let aliases: Vec<_> = cli.aliases.iter().map(|given| &given.value).collect();
            let aliases = (!aliases.is_empty()).then(|| quote!(.alias(&[#(#aliases),*])));
            quote!(::toolsmith::CliParam::new(#name) #positional #short #aliases #stdin)
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
    Some(quote! {
        fn cli(&self) -> ::core::option::Option<&'static ::toolsmith::CliHints> {
            static __CLI: ::toolsmith::CliHints = ::toolsmith::CliHints::new(#name, &[#(#params),*]);
            ::core::option::Option::Some(&__CLI)
        }
    })
}

fn is_set(setting: &crate::attr::Setting<bool>) -> bool {
    setting.as_ref().is_some_and(|given| given.value)
}

/// The flag a property reads as: `max_len` is `max-len`.
fn long(name: &str) -> String {
    name.replace('_', "-")
}

/// `find-docs`, `search_v2`: what a shell can type as a command.
fn is_command_name(name: &str) -> bool {
    is_flag_name(&name.replace('_', "-"))
}

/// `max-results`: what a long flag may be called.
fn is_flag_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-')
        && name.len() <= MAX_NAME
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
