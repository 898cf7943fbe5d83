//! The schema rules. Each `check_x` enforces one rule (or one family of
//! unsupported forms) and reports every violation into the context, spanned
//! on the tokens the user wrote. Rules that need to know a type (is this
//! parameter a string?) cannot be decided from tokens; they are emitted as
//! constants that the compiler evaluates once the types are known
//! (`typed_checks`, `depth_check`).

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote_spanned};
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{FnArg, Ident, ItemFn, Pat, Type};

use crate::ast::{Enum, Field, Struct, ToolFn};
use crate::attr::{ArgAttrs, Given, Num};
use crate::ctxt::Ctxt;
use crate::expand::num;
use crate::pattern;
use toolsmith_runtime::__private::rules;

/// Unsupported function forms. The schema is fixed at compile time and the
/// arguments are deserialized from JSON into owned values, so a tool is a
/// free, non-generic, safe function whose parameters are plain names of
/// owned types.
pub fn check_signature(cx: &mut Ctxt, item: &ItemFn) {
    let sig = &item.sig;
    if let syn::Safety::Unsafe(unsafety) = &sig.safety {
        cx.error(
            unsafety,
            "an `unsafe fn` cannot be a tool: it runs on whatever arguments the model sends; make it safe",
        );
    }
    if !sig.generics.params.is_empty() || sig.generics.where_clause.is_some() {
        cx.error(
            &sig.generics,
            "a tool function cannot be generic: its schema is fixed at compile time; use concrete types",
        );
    }
    if let Some(variadic) = &sig.variadic {
        cx.error(variadic, "a tool function cannot be variadic");
    }
    for input in &sig.inputs {
        match input {
            FnArg::Receiver(receiver) => cx.error(
                receiver,
                "a tool is a free function: remove the `self` receiver and pass what it needs as a `#[ctx]` parameter",
            ),
            FnArg::Typed(typed) => {
                let is_ctx = typed.attrs.iter().any(|attr| attr.path().is_ident("ctx"));
                match &*typed.pat {
                    Pat::Ident(pat) if pat.by_ref.is_none() && pat.subpat.is_none() => {}
                    pat => cx.error(
                        pat,
                        "a tool parameter must be a plain name, not a pattern: write `point: Point` and destructure inside the function",
                    ),
                }
                check_owned(cx, &typed.ty, is_ctx);
            }
        }
    }
}

/// Borrowed and `impl Trait` types: nothing borrowed can come out of a call's
/// JSON, and an opaque type has no schema.
fn check_owned(cx: &mut Ctxt, ty: &Type, is_ctx: bool) {
    struct Finder<'a> {
        cx: &'a mut Ctxt,
        is_ctx: bool,
    }
    impl<'ast> Visit<'ast> for Finder<'_> {
        fn visit_type_reference(&mut self, reference: &'ast syn::TypeReference) {
            let shown = type_name(reference);
            if self.is_ctx {
                self.cx.error(
                    reference,
                    format_args!("the context is passed by value and must be `'static`, so it cannot be the borrowed `{shown}`; share it with `Arc<T>`"),
                );
            } else {
                // The owned form of the borrowed types people write; the
                // words only, the type is refused whatever it is.
                let owned = match &*reference.elem {
                    Type::Path(path) if path.path.is_ident("str") => "`String`".to_owned(),
                    Type::Path(path)
                        if path.qself.is_none()
                            && path
                                .path
                                .segments
                                .last()
                                .is_some_and(|last| last.ident == "Path") =>
                    {
                        "`PathBuf`".to_owned()
                    }
                    Type::Slice(slice) => format!("`Vec<{}>`", type_name(&slice.elem)),
                    elem => format!("`{}`", type_name(elem)),
                };
                self.cx.error(
                    reference,
                    format_args!("borrowed `{shown}` cannot be a tool argument: arguments are deserialized into owned values; take {owned}"),
                );
            }
        }
        fn visit_type_impl_trait(&mut self, ty: &'ast syn::TypeImplTrait) {
            self.cx.error(
                ty,
                "`impl Trait` cannot be a tool argument: a schema needs a concrete type",
            );
        }
    }
    Finder { cx, is_ctx }.visit_type(ty);
}

/// Rule 1, closed objects: every object is `additionalProperties: false`
/// and serde must refuse the same unknown keys, or a call the schema
/// refuses would deserialize: a struct without `deny_unknown_fields` drops
/// unknown keys silently. (`flatten` is refused with the other serde
/// attributes in `serde_attrs`; maps and `serde_json::Value` by `ToolArg`'s
/// bound.) A transparent struct is read as its field, not as an object.
pub fn check_closed_objects(cx: &mut Ctxt, item: &Struct) {
    if !item.deny_unknown_fields && !item.unnamed && !item.transparent {
        cx.error(
            &item.input.ident,
            format_args!(
                "`{}` must refuse unknown keys as its schema does: add `#[serde(deny_unknown_fields)]` (schema rule 1: closed objects)",
                item.input.ident
            ),
        );
    }
}

/// Rule 2, no references: subschemas are inlined because several hosts do
/// not resolve `$ref`, so a type that contains itself has no finite schema.
pub fn check_no_recursion(cx: &mut Ctxt, item: &Struct) {
    struct Mentions<'a> {
        ident: &'a Ident,
        found: bool,
    }
    impl<'ast> Visit<'ast> for Mentions<'_> {
        fn visit_path(&mut self, path: &'ast syn::Path) {
            if path.is_ident(self.ident) || path.is_ident("Self") {
                self.found = true;
            }
            syn::visit::visit_path(self, path);
        }
    }
    let ident = &item.input.ident;
    for field in &item.fields {
        let mut mentions = Mentions {
            ident,
            found: false,
        };
        mentions.visit_type(&field.ty);
        if mentions.found {
            cx.error(
                &field.ty,
                format_args!("`{ident}` contains itself, which needs a `$ref` some hosts do not resolve; give the nesting a fixed depth (schema rule 2: no references)"),
            );
        }
    }
}

/// Rule 3, no unions: Anthropic refuses `anyOf`/`oneOf` at the root and
/// several hosts refuse them anywhere, so enums are unit enums (a string
/// `enum`), never tagged, adjacently tagged or untagged unions.
/// (`untagged`, `tag` and `content` are refused in `serde_attrs`.)
pub fn check_no_unions(cx: &mut Ctxt, item: &Enum) {
    for variant in &item.variants {
        if !matches!(variant.variant.fields, syn::Fields::Unit) && !variant.skip {
            cx.error(
                &variant.variant.fields,
                format_args!("variant `{}` carries data, which makes a union (`oneOf`) some hosts refuse; use unit variants, or a struct with an enum field for the kind (schema rule 3: no unions)", variant.variant.ident),
            );
        }
    }
    if item.variants.iter().all(|variant| variant.skip) {
        cx.error(
            &item.input.ident,
            "an enum without variants accepts no value; add a unit variant",
        );
    }
}

/// Rule 4, arrays have items: every array states one `items` schema, so a
/// tuple (and a tuple struct, a fixed-length heterogeneous array) has none.
/// A newtype, a tuple struct of one field, is read as its field. Tuple
/// types themselves are refused by `ToolArg`'s bound.
pub fn check_named_fields(cx: &mut Ctxt, item: &Struct) {
    if item.newtype && item.fields.is_empty() {
        cx.error(
            &item.input.ident,
            "the field of a newtype is what serde reads; it cannot be skipped",
        );
    }
    if item.unnamed && !item.transparent && !item.newtype {
        let data = match &item.input.data {
            syn::Data::Struct(data) => data.fields.span(),
            _ => item.input.ident.span(),
        };
        cx.error_at(
            data,
            "a tuple or unit struct has no named properties; use a struct with named fields, or a newtype of one field, `struct Email(String);` (schema rule 4: arrays have items)",
        );
    }
}

/// Rule 5, linear-time patterns: hosts and our validator run `pattern` in
/// engines without backtracking, so lookaround and backreferences never
/// work; anything else must compile as the runtime will compile it.
pub fn check_pattern(cx: &mut Ctxt, field: &Field) {
    let Some(given) = &field.arg.pattern else {
        return;
    };
    if let Some(problem) = pattern::problem(&given.value.value()) {
        cx.error(
            &given.value,
            format_args!("pattern {problem} (schema rule 5: linear-time patterns)"),
        );
    }
}

/// Rule 6, consistent bounds, the part tokens decide: a lower bound above
/// its upper bound admits no value, and an integer bound beyond what a
/// `serde_json::Value` holds (`i64::MIN` to `u64::MAX`) cannot be stated
/// exactly in the schema. Which bounds fit which type is decided by
/// `typed_checks`.
pub fn check_bounds(cx: &mut Ctxt, field: &Field) {
    let arg = &field.arg;
    for given in [&arg.min, &arg.max].into_iter().flatten() {
        if let Num::Int(bound) = given.value {
            if !toolsmith_runtime::__private::is_json_integer(bound) {
                cx.error_at(
                    given.span,
                    format_args!("`{} = {bound}` is beyond the integers a schema states exactly, -9223372036854775808 to 18446744073709551615; pick a bound within them (schema rule 6: consistent bounds)", given.key),
                );
            }
        }
    }
    if let (Some(min), Some(max)) = (&arg.min, &arg.max) {
        let greater = match (min.value, max.value) {
            (Num::Int(min), Num::Int(max)) => min > max,
            (min, max) => min.as_f64() > max.as_f64(),
        };
        if greater {
            cx.error(
                &min.key,
                format_args!("`min = {}` is greater than `max = {}`, so no value satisfies both; swap them (schema rule 6: consistent bounds)", min.value, max.value),
            );
        }
    }
    for (min, max) in [
        (&arg.min_length, &arg.max_length),
        (&arg.min_items, &arg.max_items),
    ] {
        if let (Some(min), Some(max)) = (min, max) {
            if min.value > max.value {
                cx.error(
                    &min.key,
                    format_args!("`{} = {}` is greater than `{} = {}`, so no value satisfies both; swap them (schema rule 6: consistent bounds)", min.key, min.value, max.key, max.value),
                );
            }
        }
    }
}

/// Rule 7, names: OpenAI and Anthropic take tool names matching
/// `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`; Gemini and OpenAI strict take property
/// names matching `^[A-Za-z_][A-Za-z0-9_]{0,63}$`; a repeated name is a
/// duplicate key.
pub fn check_tool_name(cx: &mut Ctxt, name: &str, span: Span) {
    if !rules::is_tool_name(name) {
        cx.error_at(
            span,
            format_args!("tool name `{name}` must match `{}`: start with a letter or `_`, then up to 63 letters, digits, `_` or `-` (schema rule 7: names)", rules::TOOL_NAME),
        );
    }
}

pub fn check_property_names(cx: &mut Ctxt, fields: &[Field]) {
    for (index, field) in fields.iter().enumerate() {
        if !rules::is_property_name(&field.name) {
            cx.error_at(
                field.name_span,
                format_args!("property name `{}` must match `{}`: start with a letter or `_`, then up to 63 letters, digits or `_`; rename it (schema rule 7: names)", field.name, rules::PROPERTY_NAME),
            );
        }
        if fields[..index]
            .iter()
            .any(|earlier| earlier.name == field.name)
        {
            cx.error_at(
                field.name_span,
                format_args!(
                    "property name `{}` is used twice; rename one (schema rule 7: names)",
                    field.name
                ),
            );
        }
    }
}

/// Rule 7 for the names serde reads but the schema does not advertise: an
/// alias that is also another name or alias of the same object (or enum)
/// makes one key (or value) mean two things. `named` pairs each name with
/// its aliases.
pub fn check_aliases<'a>(
    cx: &mut Ctxt,
    what: &str,
    named: impl Iterator<Item = (&'a str, &'a [(String, Span)])> + Clone,
) {
    let names: Vec<&str> = named.clone().map(|(name, _)| name).collect();
    let mut seen: Vec<&str> = Vec::new();
    for (_, aliases) in named {
        for (alias, span) in aliases {
            if names.contains(&alias.as_str()) || seen.contains(&alias.as_str()) {
                cx.error_at(
                    *span,
                    format_args!(
                        "alias `{alias}` names two {what}; keep one of them (schema rule 7: names)"
                    ),
                );
            }
            seen.push(alias);
        }
    }
}

/// Rule 8, a description: the model picks tools by their description, and
/// hosts cap it (1024 characters is the strictest).
pub fn check_description(cx: &mut Ctxt, tool: &ToolFn) {
    match &tool.description {
        None => cx.error(
            &tool.item.sig.ident,
            format_args!("tool `{}` has no description: add a doc comment (`/// what it does`) or `#[tool(description = \"..\")]` (schema rule 8: description)", tool.name),
        ),
        Some(text) => {
            let len = text.chars().count();
            if !rules::description_fits(len) {
                cx.error_at(
                    tool.description_span,
                    format_args!("the description of tool `{}` has {len} characters, more than {}; shorten it (schema rule 8: description)", tool.name, rules::MAX_DESCRIPTION),
                );
            }
        }
    }
}

/// Parameters documented under `# Arguments` must exist, or the model reads
/// a description for nothing.
pub fn check_documented_arguments(cx: &mut Ctxt, tool: &ToolFn) {
    let Some(span) = tool.doc_span else { return };
    for name in &tool.documented {
        let exists = tool.params.iter().any(
            |field| matches!(&field.member, syn::Member::Named(ident) if ident == name.as_str()),
        ) || tool.item.sig.inputs.iter().any(|input| match input {
            FnArg::Typed(typed) => {
                matches!(&*typed.pat, Pat::Ident(pat) if pat.ident == name.as_str())
            }
            FnArg::Receiver(_) => false,
        });
        if !exists {
            cx.error_at(
                span,
                format_args!(
                    "`# Arguments` describes `{name}`, which is not a parameter of `{}`",
                    tool.item.sig.ident
                ),
            );
        }
    }
}

/// Rule 6, the typed part: `pattern` and lengths apply to strings, `min` and
/// `max` to numbers and within the range of the Rust type, item counts and
/// `items(..)` to arrays, and the constraints in `items(..)` to the item
/// type as the same constraints outside apply to the value. Emitted as
/// constants on the attribute's span.
pub fn typed_checks(field: &Field) -> TokenStream {
    let ty = &field.ty;
    let arg_trait = quote!(<#ty as ::toolsmith::ToolArg>);
    let value = Target {
        kind: quote!(#arg_trait::__KIND),
        range: quote!(#arg_trait::__RANGE),
        shown: format!("`{}` is not one", type_name(ty)),
        shown_type: format!("`{}`", type_name(ty)),
        guard: quote!(true),
    };
    let mut out = value_typed_checks(&field.arg, &value, true);
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
        out.extend(range_check(given, target));
    }
    out.extend(integer_bound_checks(arg, target));
    out
}

/// `key` does not apply to a string its type parses.
fn parsed_check(key: &Ident, target: &Target, parsed: &TokenStream) -> TokenStream {
    let message = escape(&format!(
        "`{key}` cannot apply to {}, read by parsing: the type's parser checks the string; remove it (schema rule 6: consistent bounds)",
        target.shown_type
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
        "`{key}` applies to {what}, and {}; {instead} (schema rule 6: consistent bounds)",
        target.shown
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
        "`{key} = {}` is outside the range of {}, so the bound is meaningless or unreachable; pick a value the type can hold or a wider type (schema rule 6: consistent bounds)",
        given.value, target.shown_type
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
                "`min = {}` and `max = {}` have no integer between them, and {shown} takes only integers; widen them to take one (schema rule 6: consistent bounds)",
                min.value, max.value
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
            "`{key} = {}` on the integer type {shown} admits the same values as `{key} = {integer_bound}`; write `{key} = {integer_bound}` (schema rule 6: consistent bounds)",
            given.value
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
/// 5). A struct whose field nests 4 objects is 5 deep itself and, inside a
/// tool's argument object, 6; the check fires at exactly that field so that
/// the structs around it do not report the same problem again.
pub fn depth_check(field: &Field, container: &Ident) -> TokenStream {
    let ty = &field.ty;
    let member = &field.member;
    let message = escape(&format!(
        "`{}` nests 4 objects, so `{container}` nests 5 and a tool argument of it more than 5 objects; flatten a level (schema rule 9: nesting depth)",
        type_name(ty)
    ));
    quote_spanned! {member.span()=>
        const _: () = if <#ty as ::toolsmith::ToolArg>::DEPTH == 4 {
            ::core::panic!(#message)
        };
    }
}

/// `panic!` formats its literal: double the braces.
fn escape(message: &str) -> String {
    message.replace('{', "{{").replace('}', "}}")
}

/// A type as the user wrote it, without the token stream's spaces.
pub fn type_name(ty: &impl ToTokens) -> String {
    ty.to_token_stream()
        .to_string()
        .replace(" <", "<")
        .replace("< ", "<")
        .replace(" >", ">")
        .replace(" ::", "::")
        .replace(":: ", "::")
        .replace(" ,", ",")
        .replace("& ", "&")
        .replace("[ ", "[")
        .replace(" ]", "]")
        .replace(" ;", ";")
        .replace("( ", "(")
        .replace(" )", ")")
}

use quote::quote;
