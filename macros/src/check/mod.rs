//! The schema rules. Each `check_x` enforces one rule (or one family of
//! unsupported forms) and reports every violation into the context, spanned
//! on the tokens the user wrote. Checks report, the expansion emits: rules
//! that need to know a type (is this parameter a string?) cannot be decided
//! from tokens, and are emitted as constants the compiler evaluates once the
//! types are known (`expand::asserts`).

pub mod cli;

pub use cli::check_cli_hints;

use proc_macro2::Span;
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{FnArg, Ident, ItemFn, Pat, Type};
use toolsmith_schema_rules::number::{JSON_INTEGERS, is_json_integer};
use toolsmith_schema_rules::{Rule, names, pattern};

use serde_derive_internals::ast::Style;

use crate::ast::{Enum, Field, Struct, Tagging, ToolFn};
use crate::attr::{Num, literal_number, signed_literal};
use crate::ctxt::Ctxt;

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
                let is_call = typed.attrs.iter().any(|attr| attr.path().is_ident("call"));
                if is_call {
                    check_call_type(cx, &typed.ty);
                } else {
                    check_owned(cx, &typed.ty, is_ctx);
                }
            }
        }
    }
}

/// The call parameter is owned: a `Call` is a handle, and a clone is the
/// same call, so there is nothing to borrow.
fn check_call_type(cx: &mut Ctxt, ty: &Type) {
    if let Type::Reference(reference) = ty {
        cx.error(
            reference,
            "the call is passed by value: write `#[call] call: toolsmith::Call` (a clone is the same call)",
        );
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
                "`{}` must refuse unknown keys as its schema does: add `#[serde(deny_unknown_fields)]` ({rule})",
                item.input.ident, rule = Rule::ClosedObjects
            ),
        );
    }
}

/// Rule 2, no references: subschemas are inlined because several hosts do
/// not resolve `$ref`, so a type that contains itself has no finite schema.
pub fn check_no_recursion(cx: &mut Ctxt, ident: &Ident, fields: &[Field]) {
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
    for field in fields {
        let mut mentions = Mentions {
            ident,
            found: false,
        };
        mentions.visit_type(&field.ty);
        if mentions.found {
            cx.error(
                &field.ty,
                format_args!("`{ident}` contains itself, which needs a `$ref` some hosts do not resolve; give the nesting a fixed depth ({rule})", rule = Rule::NoReferences),
            );
        }
    }
}

/// Rule 3, tagged unions: Anthropic and OpenAI refuse a union at the root
/// (a tool's arguments are always an object, so a union is only ever a
/// parameter or a field), and a union is only readable, by a model and by
/// the validator's lines, when every alternative names itself: an
/// internally or adjacently tagged enum, whose variants are objects
/// fixing the tag with a `const`. An externally tagged enum carries data
/// as an object keyed by the variant's name, and a newtype or tuple
/// variant has no named properties to sit beside the tag, so both are
/// refused with the form to write instead. (`untagged` is refused in
/// `serde_attrs`; serde itself refuses a field named as the tag.)
pub fn check_unions(cx: &mut Ctxt, item: &Enum) {
    let ident = &item.input.ident;
    for variant in item.read() {
        let fields = &variant.variant.fields;
        let name = &variant.variant.ident;
        match (&item.tagging, variant.style) {
            (_, Style::Unit) => {}
            (Tagging::External, _) => cx.error(
                fields,
                format_args!("variant `{name}` carries data, and an enum without a tag reads it as an object keyed by the variant's name, which the schema cannot close; tag the enum, `#[serde(tag = \"kind\")]`, so that each variant is an object with its own `kind` ({rule})", rule = Rule::TaggedUnions),
            ),
            (_, Style::Struct) => {}
            (_, Style::Newtype | Style::Tuple) => cx.error(
                fields,
                format_args!("variant `{name}` of a tagged enum has unnamed fields, which give the tag no object to sit in; name them, `{name} {{ value: .. }}` ({rule})", rule = Rule::TaggedUnions),
            ),
        }
        if item.is_tagged() {
            for (alias, span) in &variant.aliases {
                cx.error_at(
                    *span,
                    format_args!("alias `{alias}` of variant `{name}` is not read by the schema, whose tag is a `const`; remove it, or rename the variant ({rule})", rule = Rule::Names),
                );
            }
        }
    }
    let (tag, content) = match &item.tagging {
        Tagging::Internal { tag } => (tag, None),
        Tagging::Adjacent { tag, content } => (tag, Some(content)),
        Tagging::External | Tagging::Untagged => {
            if item.read().next().is_none() {
                cx.error(
                    ident,
                    "an enum without variants accepts no value; add a unit variant",
                );
            }
            return;
        }
    };
    if item.read().next().is_none() {
        cx.error(
            ident,
            "an enum without variants accepts no value; add a variant",
        );
    }
    if !names::is_property_name(tag) {
        cx.error(
            ident,
            format_args!(
                "tag `{tag}` must match `{}` as any property name; rename it ({rule})",
                names::PROPERTY_NAME,
                rule = Rule::Names
            ),
        );
    }
    if let Some(content) = content
        && !names::is_property_name(content)
    {
        cx.error(
            ident,
            format_args!(
                "content key `{content}` must match `{}` as any property name; rename it ({rule})",
                names::PROPERTY_NAME,
                rule = Rule::Names
            ),
        );
    }
    let read: Vec<_> = item.read().collect();
    for (index, variant) in read.iter().enumerate() {
        if read[..index]
            .iter()
            .any(|earlier| earlier.name == variant.name)
        {
            cx.error(
                &variant.variant.ident,
                format_args!("variant `{}` is read as `{}`, as an earlier variant is, so the tag would name two variants; rename one ({rule})", variant.variant.ident, variant.name, rule = Rule::Names),
            );
        }
    }
    if !item.deny_unknown_fields {
        cx.error(
            ident,
            format_args!(
                "`{ident}` must refuse unknown keys as its schema does: add `#[serde(deny_unknown_fields)]` ({rule})",
                rule = Rule::ClosedObjects
            ),
        );
    }
    // A field (or a field's alias) named as the tag: serde refuses it.
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
            format_args!("a tuple or unit struct has no named properties; use a struct with named fields, or a newtype of one field, `struct Email(String);` ({rule})", rule = Rule::ArraysHaveItems),
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
            format_args!(
                "pattern {problem} ({rule})",
                rule = Rule::LinearTimePatterns
            ),
        );
    }
}

/// Rule 6, consistent bounds, the part tokens decide: a lower bound above
/// its upper bound admits no value, an integer bound beyond what a
/// `serde_json::Value` holds (`i64::MIN` to `u64::MAX`) cannot be stated
/// exactly in the schema, and an integer bound on a parameter written as a
/// fixed-width integer type (`u8`, `i32`) must lie within that type's
/// range. Which bounds fit any other type is decided by `typed_checks`.
pub fn check_bounds(cx: &mut Ctxt, field: &Field) {
    let arg = &field.arg;
    for given in [&arg.min, &arg.max].into_iter().flatten() {
        if let Num::Int(bound) = given.value {
            if !is_json_integer(bound) {
                cx.error_at(
                    given.span,
                    format_args!("`{} = {bound}` is beyond the integers a schema states exactly, {min} to {max}; pick a bound within them ({rule})", given.key, min = JSON_INTEGERS.0, max = JSON_INTEGERS.1, rule = Rule::ConsistentBounds),
                );
            } else if let Some((name, low, high)) = integer_type(&field.ty) {
                if bound < low || bound > high {
                    cx.error_at(
                        given.span,
                        format_args!("`{} = {bound}` is outside the range of `{name}`, so the bound is meaningless or unreachable; pick a value the type can hold or a wider type ({rule})", given.key, rule = Rule::ConsistentBounds),
                    );
                }
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
                format_args!("`min = {}` is greater than `max = {}`, so no value satisfies both; swap them ({rule})", min.value, max.value, rule = Rule::ConsistentBounds),
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
                    format_args!("`{} = {}` is greater than `{} = {}`, so no value satisfies both; swap them ({rule})", min.key, min.value, max.key, max.value, rule = Rule::ConsistentBounds),
                );
            }
        }
    }
}

/// The name and range of a type written as a fixed-width primitive integer
/// (`u8`, `i64`): those whose range the macro can check a literal bound
/// against. `usize` and `isize` depend on the target and are left to
/// `typed_checks`, as is every other spelling.
pub fn integer_type(ty: &Type) -> Option<(&'static str, i128, i128)> {
    let Type::Path(path) = ty else {
        return None;
    };
    let ident = path.path.get_ident().filter(|_| path.qself.is_none())?;
    let ranges: [(&'static str, i128, i128); 10] = [
        ("u8", 0, u8::MAX.into()),
        ("u16", 0, u16::MAX.into()),
        ("u32", 0, u32::MAX.into()),
        ("u64", 0, u64::MAX.into()),
        ("u128", 0, i128::MAX),
        ("i8", i8::MIN.into(), i8::MAX.into()),
        ("i16", i16::MIN.into(), i16::MAX.into()),
        ("i32", i32::MIN.into(), i32::MAX.into()),
        ("i64", i64::MIN.into(), i64::MAX.into()),
        ("i128", i128::MIN, i128::MAX),
    ];
    ranges.into_iter().find(|(name, ..)| ident == name)
}

/// A literal default the schema itself refuses: `#[arg(default = 0, min = 1)]`
/// would advertise a `default` outside the bounds beside it, and a model
/// told "0 if absent" would be told a value it may not send. Decided here
/// where the default is a literal the macro can read (a number, a string);
/// any other default is checked against the schema at registration.
pub fn check_literal_default(cx: &mut Ctxt, field: &Field) {
    let crate::ast::FieldDefault::Expr(expr) = &field.default else {
        return;
    };
    let Some(literal) = Literal::of(expr) else {
        return;
    };
    let arg = &field.arg;
    let name = &field.name;
    let shown = match &literal {
        Literal::Str(text) => format!("{text:?}"),
        Literal::Num(_) => expr.to_token_stream().to_string().replace(' ', ""),
    };
    match literal {
        Literal::Num(value) => {
            if let Some(given) = arg.min_length.as_ref().or(arg.max_length.as_ref()) {
                cx.error(
                    expr,
                    format_args!("`default = {shown}` is a number, but `{name}` has `{} = {}`, a bound on text; give a string default or drop the bound", given.key, given.value),
                );
                return;
            }
            let below = arg
                .min
                .as_ref()
                .filter(|min| value.as_f64() < min.value.as_f64());
            let above = arg
                .max
                .as_ref()
                .filter(|max| value.as_f64() > max.value.as_f64());
            for (given, side) in [(below, "below"), (above, "above")] {
                if let Some(given) = given {
                    cx.error(
                        expr,
                        format_args!("`default = {shown}` of `{name}` is {side} its `{} = {}`, so the default fails its own schema; pick a default within the bounds ({rule})", given.key, given.value, rule = Rule::ConsistentBounds),
                    );
                }
            }
        }
        Literal::Str(text) => {
            if let Some(given) = arg.min.as_ref().or(arg.max.as_ref()) {
                cx.error(
                    expr,
                    format_args!("`default = {shown}` is text, but `{name}` has `{} = {}`, a bound on numbers; give a number default", given.key, given.value),
                );
                return;
            }
            let chars = text.chars().count() as u64;
            let short = arg.min_length.as_ref().filter(|min| chars < min.value);
            let long = arg.max_length.as_ref().filter(|max| chars > max.value);
            for (given, side) in [(short, "shorter than"), (long, "longer than")] {
                if let Some(given) = given {
                    cx.error(
                        expr,
                        format_args!("`default = {shown}` of `{name}` has {chars} characters, {side} its `{} = {}`, so the default fails its own schema; pick a default within the bounds ({rule})", given.key, given.value, rule = Rule::ConsistentBounds),
                    );
                }
            }
        }
    }
}

/// A default the macro can read: a number literal (maybe negated) or a
/// string literal.
enum Literal {
    Num(Num),
    Str(String),
}

impl Literal {
    fn of(expr: &syn::Expr) -> Option<Literal> {
        let (negative, lit) = signed_literal(expr)?;
        if let Some(num) = literal_number(lit, negative) {
            return Some(Literal::Num(num));
        }
        match lit {
            syn::Lit::Str(text) if !negative => Some(Literal::Str(text.value())),
            _ => None,
        }
    }
}

/// Rule 7, names: OpenAI and Anthropic take tool names matching
/// `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`; Gemini and OpenAI strict take property
/// names matching `^[A-Za-z_][A-Za-z0-9_]{0,63}$`; a repeated name is a
/// duplicate key.
pub fn check_tool_name(cx: &mut Ctxt, name: &str, span: Span) {
    if !names::is_tool_name(name) {
        cx.error_at(
            span,
            format_args!("tool name `{name}` must match `{}`: start with a letter or `_`, then up to 63 letters, digits, `_` or `-` ({rule})", names::TOOL_NAME, rule = Rule::Names),
        );
    }
}

pub fn check_property_names(cx: &mut Ctxt, fields: &[Field]) {
    for (index, field) in fields.iter().enumerate() {
        if !names::is_property_name(&field.name) {
            cx.error_at(
                field.name_span,
                format_args!("property name `{}` must match `{}`: start with a letter or `_`, then up to 63 letters, digits or `_`; rename it ({rule})", field.name, names::PROPERTY_NAME, rule = Rule::Names),
            );
        }
        if fields[..index]
            .iter()
            .any(|earlier| earlier.name == field.name)
        {
            cx.error_at(
                field.name_span,
                format_args!(
                    "property name `{}` is used twice; rename one ({rule})",
                    field.name,
                    rule = Rule::Names
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
                        "alias `{alias}` names two {what}; keep one of them ({rule})",
                        rule = Rule::Names
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
            format_args!("tool `{}` has no description: add a doc comment (`/// what it does`) or `#[tool(description = \"..\")]` ({rule})", tool.name, rule = Rule::Description),
        ),
        Some(text) => {
            let len = text.chars().count();
            if !names::description_fits(len) {
                cx.error_at(
                    tool.description_span,
                    format_args!("the description of tool `{}` has {len} characters, more than {}; shorten it ({rule})", tool.name, names::MAX_DESCRIPTION, rule = Rule::Description),
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

/// MCP's `x-mcp-header`: a client copies the argument into the HTTP header
/// `Mcp-Param-<name>`, so the name is an HTTP token (RFC 9110: letters,
/// digits and ``!#$%&'*+-.^_`|~``), and two parameters cannot share one
/// (header names ignore case), or the header would say two things. A
/// client drops a tool whose declaration breaks either rule.
pub fn check_headers(cx: &mut Ctxt, fields: &[Field]) {
    for (index, field) in fields.iter().enumerate() {
        let Some(header) = &field.arg.header else {
            continue;
        };
        let name = header.value.value();
        let is_token = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c));
        if !is_token {
            cx.error(
                &header.value,
                format_args!(
                    "header name `{}` is not an HTTP token: use letters, digits and `-` (`header = \"Region\"`), the client sends it as `Mcp-Param-<name>`",
                    name.escape_debug()
                ),
            );
            continue;
        }
        let earlier = fields[..index].iter().find_map(|earlier| {
            let other = earlier.arg.header.as_ref()?.value.value();
            other
                .eq_ignore_ascii_case(&name)
                .then_some((earlier.name.as_str(), other))
        });
        if let Some((property, other)) = earlier {
            cx.error(
                &header.value,
                format_args!(
                    "header `{name}` is taken: parameter `{property}` has header `{other}`, and header names ignore case, so one header would carry two arguments; give each parameter its own"
                ),
            );
        }
    }
}
