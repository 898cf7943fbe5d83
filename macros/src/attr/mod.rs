//! Our attributes, `#[tool(..)]` and `#[arg(..)]`. serde's are read by
//! serde's own parser (see `serde_attrs`).

use proc_macro2::{Span, TokenStream};
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, ExprLit, ExprUnary, Ident, Lit, LitStr, UnOp};

use crate::ctxt::Ctxt;

mod listing;

pub use listing::Listing;

/// A number written in an attribute: the runtime's type, so the bound the
/// macro checks is the bound the expansion states.
pub use toolsmith_schema_rules::number::Num;

/// An attribute's value with the key it was written under, for spans.
pub struct Given<T> {
    pub key: Ident,
    pub value: T,
    pub span: Span,
}

pub type Setting<T> = Option<Given<T>>;

/// `#[tool(name = "..", description = "..", title = "..", read_only, ..)]`.
#[derive(Default)]
pub struct ToolAttrs {
    pub name: Setting<LitStr>,
    pub description: Setting<LitStr>,
    pub annotations: Annotations,
    /// `icon = ".."`, `icon(..)`, `meta(..)`: what MCP lists beside the hints.
    pub listing: Listing,
    /// `cli_name = "find"`: the tool's command on the command line.
    pub cli_name: Setting<LitStr>,
    /// `timeout = "30s"`: how long a call may take, in milliseconds.
    pub timeout: Setting<u64>,
    /// `scopes = ["notes:write"]`: the OAuth scopes a caller must hold.
    pub scopes: Setting<Vec<LitStr>>,
    /// The generated items' names and the crate the expansion names:
    /// `#[tool(tool = "SearchTool", args = "SearchToolArgs", crate = "..")]`.
    pub items: ItemNames,
}

/// What the expansion names: its generated items, and the path of the
/// `toolsmith` crate.
#[derive(Default)]
pub struct ItemNames {
    pub tool: Setting<Ident>,
    pub args: Setting<Ident>,
    pub krate: Setting<syn::Path>,
}

/// `#[toolsmith(crate = "..")]` beside `#[derive(ToolArg)]`.
#[derive(Default)]
pub struct ContainerAttrs {
    pub krate: Setting<syn::Path>,
}

/// `#[arg(title = "..")]` on a unit variant and `#[arg(enum_names)]` on
/// a unit enum: how an elicitation form shows the values.
#[derive(Default)]
pub struct ValueAttrs {
    pub title: Setting<LitStr>,
    pub enum_names: Setting<bool>,
}

/// The hints of `#[tool(..)]` that become MCP tool annotations.
#[derive(Default)]
pub struct Annotations {
    pub title: Setting<LitStr>,
    pub read_only: Setting<bool>,
    pub destructive: Setting<bool>,
    pub idempotent: Setting<bool>,
    pub open_world: Setting<bool>,
    /// `task`: the tool may, or must, run as a task (MCP's tasks
    /// extension).
    pub task: Setting<TaskSupport>,
    /// `input_first`: the call asks its questions before it becomes a
    /// task.
    pub input_first: Setting<bool>,
}

/// How `#[tool(task ..)]` lets the tool run as a task.
#[derive(Clone, Copy)]
pub enum TaskSupport {
    /// `task = false`: never.
    Never,
    /// `task`, `task = true`, `task = "optional"`: when the client can.
    Optional,
    /// `task = "required"`: always; a client without tasks is refused.
    Required,
}

/// `#[arg(..)]` on a parameter or a field.
#[derive(Default)]
pub struct ArgAttrs {
    pub pattern: Setting<LitStr>,
    pub min: Setting<Num>,
    pub max: Setting<Num>,
    pub min_length: Setting<u64>,
    pub max_length: Setting<u64>,
    pub min_items: Setting<u64>,
    pub max_items: Setting<u64>,
    pub description: Setting<LitStr>,
    pub rename: Setting<LitStr>,
    /// `default = <expr>`: the value of an absent parameter.
    pub default: Setting<Expr>,
    /// `items(..)`: constraints on every item of an array.
    pub items: Setting<Box<ArgAttrs>>,
    /// `header = "Region"`: MCP's `x-mcp-header`, the HTTP header
    /// (`Mcp-Param-Region`) a client copies the argument into.
    pub header: Setting<LitStr>,
    /// `positional`, `short`, `alias`, `stdin`, `file`: how the parameter
    /// reads on the command line.
    pub cli: CliArgAttrs,
}

/// The command-line hints of `#[arg(..)]`, for a tool's parameters only.
#[derive(Default)]
pub struct CliArgAttrs {
    pub positional: Setting<bool>,
    pub short: Setting<char>,
    pub aliases: Vec<Given<LitStr>>,
    pub stdin: Setting<bool>,
    pub file: Setting<bool>,
}

impl CliArgAttrs {
    /// The key of the first hint given, for a message saying it does not
    /// belong where it is.
    pub fn first_key(&self) -> Option<&Ident> {
        [&self.positional, &self.stdin, &self.file]
            .into_iter()
            .flatten()
            .map(|given| &given.key)
            .chain(self.short.iter().map(|given| &given.key))
            .chain(self.aliases.iter().map(|given| &given.key))
            .next()
    }
}

impl ToolAttrs {
    pub fn from_tokens(cx: &mut Ctxt, args: TokenStream) -> ToolAttrs {
        let mut attrs = ToolAttrs::default();
        let parser = syn::meta::parser(|meta| {
            let key = key_of(&meta);
            if meta.path.is_ident("name") {
                // #[tool(name = "slugify")]
                let value = string(cx, &meta, &key, "name = \"search_docs\"");
                set(cx, "tool", &mut attrs.name, key, value);
            } else if meta.path.is_ident("description") {
                // #[tool(description = "Turns text into a URL slug")]
                let value = string(cx, &meta, &key, "description = \"what the tool does\"");
                set(cx, "tool", &mut attrs.description, key, value);
            } else if meta.path.is_ident("title") {
                // #[tool(title = "Search the docs")]
                let value = string(cx, &meta, &key, "title = \"Search the docs\"");
                set(cx, "tool", &mut attrs.annotations.title, key, value);
            } else if meta.path.is_ident("read_only") {
                // #[tool(read_only)], #[tool(read_only = false)]
                let value = flag(cx, &meta, &key);
                set(cx, "tool", &mut attrs.annotations.read_only, key, value);
            } else if meta.path.is_ident("destructive") {
                // #[tool(destructive)], #[tool(destructive = false)]
                let value = flag(cx, &meta, &key);
                set(cx, "tool", &mut attrs.annotations.destructive, key, value);
            } else if meta.path.is_ident("idempotent") {
                // #[tool(idempotent)], #[tool(idempotent = false)]
                let value = flag(cx, &meta, &key);
                set(cx, "tool", &mut attrs.annotations.idempotent, key, value);
            } else if meta.path.is_ident("open_world") {
                // #[tool(open_world)], #[tool(open_world = false)]
                let value = flag(cx, &meta, &key);
                set(cx, "tool", &mut attrs.annotations.open_world, key, value);
            } else if meta.path.is_ident("task") {
                // #[tool(task)], #[tool(task = false)], #[tool(task = "required")]
                let value = task_support(cx, &meta, &key);
                set(cx, "tool", &mut attrs.annotations.task, key, value);
            } else if meta.path.is_ident("input_first") {
                // #[tool(task, input_first)], #[tool(input_first = false)]
                let value = flag(cx, &meta, &key);
                set(cx, "tool", &mut attrs.annotations.input_first, key, value);
            } else if meta.path.is_ident("cli_name") {
                // #[tool(cli_name = "find")]
                let value = string(cx, &meta, &key, "cli_name = \"find\"");
                set(cx, "tool", &mut attrs.cli_name, key, value);
            } else if meta.path.is_ident("timeout") {
                // #[tool(timeout = "30s")], "500ms", "2m", "1h"
                let value = string(cx, &meta, &key, "timeout = \"30s\"")
                    .and_then(|(lit, span)| duration(cx, &lit).map(|ms| (ms, span)));
                set(cx, "tool", &mut attrs.timeout, key, value);
            } else if meta.path.is_ident("scopes") {
                // #[tool(scopes = ["notes:write"])]
                let value = scopes(cx, &meta, &key);
                set(cx, "tool", &mut attrs.scopes, key, value);
            } else if let Some(done) = attrs.items.parse_one(cx, &meta, &key) {
                done
            } else if let Some(done) = attrs.listing.parse_one(cx, &meta, &key) {
                done
            } else {
                unknown(
                    cx,
                    &meta,
                    "tool",
                    "name, description, title, read_only, destructive, idempotent, open_world, task, input_first, timeout, scopes, icon, icon_mime, meta, cli_name, tool, args, crate",
                );
            }
            Ok(())
        });
        if let Err(err) = syn::parse::Parser::parse2(parser, args) {
            cx.push(err);
        }
        attrs.annotations.check(cx);
        attrs.listing.check(cx);
        attrs
    }
}

impl ItemNames {
    /// Reads `tool`, `args` or `crate`; `None` for another key.
    fn parse_one(&mut self, cx: &mut Ctxt, meta: &ParseNestedMeta, key: &Ident) -> Option<()> {
        if meta.path.is_ident("tool") {
            // #[tool(tool = "SearchTool")]
            let value = type_name(cx, meta, key, "tool = \"SearchTool\"");
            set(cx, "tool", &mut self.tool, key.clone(), value);
        } else if meta.path.is_ident("args") {
            // #[tool(args = "SearchToolArgs")]
            let value = type_name(cx, meta, key, "args = \"SearchToolArgs\"");
            set(cx, "tool", &mut self.args, key.clone(), value);
        } else if meta.path.is_ident("crate") {
            // #[tool(crate = "my_crate::toolsmith")]
            let value = crate_path(cx, meta, key);
            set(cx, "tool", &mut self.krate, key.clone(), value);
        } else {
            return None;
        }
        Some(())
    }
}

impl ContainerAttrs {
    /// Reads every `#[toolsmith(..)]` among `attrs`.
    pub fn from_attrs(cx: &mut Ctxt, attrs: &[Attribute]) -> ContainerAttrs {
        let mut container = ContainerAttrs::default();
        for attr in attrs
            .iter()
            .filter(|attr| attr.path().is_ident("toolsmith"))
        {
            let result = attr.parse_nested_meta(|meta| {
                let key = key_of(&meta);
                if meta.path.is_ident("crate") {
                    // #[toolsmith(crate = "my_crate::toolsmith")]
                    let value = crate_path(cx, &meta, &key);
                    set(cx, "toolsmith", &mut container.krate, key, value);
                } else {
                    unknown(cx, &meta, "toolsmith", "crate");
                }
                Ok(())
            });
            if let Err(err) = result {
                cx.push(err);
            }
        }
        container
    }
}

impl ValueAttrs {
    /// Reads every `#[arg(..)]` of a unit variant (`title`) or, with
    /// `on_enum`, of the enum itself (`enum_names`).
    pub fn from_attrs(cx: &mut Ctxt, attrs: &[Attribute], on_enum: bool) -> ValueAttrs {
        let mut found = ValueAttrs::default();
        for attr in attrs.iter().filter(|attr| attr.path().is_ident("arg")) {
            let result = attr.parse_nested_meta(|meta| {
                let key = key_of(&meta);
                if on_enum && meta.path.is_ident("enum_names") {
                    // #[arg(enum_names)]
                    let value = flag(cx, &meta, &key);
                    set(cx, "arg", &mut found.enum_names, key, value);
                } else if !on_enum && meta.path.is_ident("title") {
                    // #[arg(title = "First option")]
                    let value = string(cx, &meta, &key, "title = \"First option\"");
                    set(cx, "arg", &mut found.title, key, value);
                } else {
                    let path = &meta.path;
                    let shown = quote::quote!(#path).to_string().replace(' ', "");
                    let takes = if on_enum {
                        "an enum takes `#[arg(enum_names)]`, and its variants `#[arg(title = \"..\")]`"
                    } else {
                        "a variant takes `#[arg(title = \"..\")]`, the label a form shows for it"
                    };
                    cx.error(path, format_args!("unknown arg attribute `{shown}`; {takes}"));
                    skip_value(&meta);
                }
                Ok(())
            });
            if let Err(err) = result {
                cx.push(err);
            }
        }
        found
    }
}

impl Annotations {
    /// A read-only tool changes nothing, so it cannot also destroy data.
    fn check(&self, cx: &mut Ctxt) {
        if let (Some(read_only), Some(destructive)) = (&self.read_only, &self.destructive)
            && read_only.value
            && destructive.value
        {
            cx.error(
                &destructive.key,
                "`destructive` contradicts `read_only`: a read-only tool changes nothing; keep the one that holds",
            );
        }
        let runs_as_task = self
            .task
            .as_ref()
            .is_some_and(|task| !matches!(task.value, TaskSupport::Never));
        if let Some(input_first) = &self.input_first
            && input_first.value
            && !runs_as_task
        {
            cx.error(
                &input_first.key,
                "`input_first` needs `task`: only a tool that runs as a task asks before it becomes one; write `#[tool(task, input_first)]`",
            );
        }
    }
}

impl ArgAttrs {
    /// Reads every `#[arg(..)]` among `attrs`.
    pub fn from_attrs(cx: &mut Ctxt, attrs: &[Attribute]) -> ArgAttrs {
        let mut arg = ArgAttrs::default();
        for attr in attrs.iter().filter(|attr| attr.path().is_ident("arg")) {
            let result = attr.parse_nested_meta(|meta| {
                arg.parse_one(cx, &meta, false);
                Ok(())
            });
            if let Err(err) = result {
                cx.push(err);
            }
        }
        arg
    }

    /// One key of `#[arg(..)]`, or of `items(..)` inside it (`in_items`),
    /// which takes the constraints of one value only.
    fn parse_one(&mut self, cx: &mut Ctxt, meta: &ParseNestedMeta, in_items: bool) {
        let key = key_of(meta);
        let name = key.to_string();
        const ITEM_KEYS: &str = "pattern, min, max, min_length, max_length";
        if in_items && !ITEM_KEYS.split(", ").any(|known| known == name) {
            return unknown(cx, meta, "items", ITEM_KEYS);
        }
        match name.as_str() {
            // #[arg(pattern = r"^[a-z-]+$")]
            "pattern" => {
                let value = string(cx, meta, &key, "pattern = \"^[a-z]+$\"");
                set(cx, "arg", &mut self.pattern, key, value);
            }
            // #[arg(min = 1)], #[arg(min = -0.5)]
            "min" => {
                let value = number(cx, meta, &key);
                set(cx, "arg", &mut self.min, key, value);
            }
            // #[arg(max = 100)]
            "max" => {
                let value = number(cx, meta, &key);
                set(cx, "arg", &mut self.max, key, value);
            }
            // #[arg(min_length = 1)]
            "min_length" => {
                let value = count(cx, meta, &key);
                set(cx, "arg", &mut self.min_length, key, value);
            }
            // #[arg(max_length = 80)]
            "max_length" => {
                let value = count(cx, meta, &key);
                set(cx, "arg", &mut self.max_length, key, value);
            }
            // #[arg(min_items = 1)]
            "min_items" => {
                let value = count(cx, meta, &key);
                set(cx, "arg", &mut self.min_items, key, value);
            }
            // #[arg(max_items = 10)]
            "max_items" => {
                let value = count(cx, meta, &key);
                set(cx, "arg", &mut self.max_items, key, value);
            }
            // #[arg(description = "The text to slugify")]
            "description" => {
                let value = string(cx, meta, &key, "description = \"what the argument is\"");
                set(cx, "arg", &mut self.description, key, value);
            }
            // #[arg(rename = "query")]
            "rename" => {
                let value = string(cx, meta, &key, "rename = \"query\"");
                set(cx, "arg", &mut self.rename, key, value);
            }
            // #[arg(default = 10)], #[arg(default = Mode::Fast)]
            "default" => {
                let value = value_expr(cx, meta, &key, "default = 10").map(|expr| {
                    let span = expr.span();
                    (expr, span)
                });
                set(cx, "arg", &mut self.default, key, value);
            }
            // #[arg(header = "Region")]
            "header" => {
                let value = string(cx, meta, &key, "header = \"Region\"");
                set(cx, "arg", &mut self.header, key, value);
            }
            // #[arg(items(pattern = "^[a-z]+$", max_length = 20))]
            "items" => {
                if !meta.input.peek(syn::token::Paren) {
                    cx.error(
                        &key,
                        "`items` takes the constraints of one item: `items(pattern = \"^[a-z]+$\", max_length = 20)`",
                    );
                    skip_value(meta);
                    return;
                }
                let mut items = ArgAttrs::default();
                let result = meta.parse_nested_meta(|inner| {
                    items.parse_one(cx, &inner, true);
                    Ok(())
                });
                if let Err(err) = result {
                    cx.push(err);
                }
                let span = key.span();
                set(
                    cx,
                    "arg",
                    &mut self.items,
                    key,
                    Some((Box::new(items), span)),
                );
            }
            // #[arg(positional)]
            "positional" => {
                let value = flag(cx, meta, &key);
                set(cx, "arg", &mut self.cli.positional, key, value);
            }
            // #[arg(short = 'q')]
            "short" => {
                let value = char_value(cx, meta, &key, "short = 'q'");
                set(cx, "arg", &mut self.cli.short, key, value);
            }
            // #[arg(alias = "max")], repeated for more than one
            "alias" => {
                if let Some((value, span)) = string(cx, meta, &key, "alias = \"max\"") {
                    self.cli.aliases.push(Given { key, value, span });
                }
            }
            // #[arg(stdin)]
            "stdin" => {
                let value = flag(cx, meta, &key);
                set(cx, "arg", &mut self.cli.stdin, key, value);
            }
            // #[arg(file)]: `@path` reads a file
            "file" => {
                let value = flag(cx, meta, &key);
                set(cx, "arg", &mut self.cli.file, key, value);
            }
            _ => unknown(
                cx,
                meta,
                "arg",
                "pattern, min, max, min_length, max_length, min_items, max_items, items, description, rename, default, header, positional, short, alias, stdin, file",
            ),
        }
    }

    /// Every constraint set, for messages about misplaced ones.
    pub fn is_empty(&self) -> bool {
        self.pattern.is_none()
            && self.min.is_none()
            && self.max.is_none()
            && self.min_length.is_none()
            && self.max_length.is_none()
            && self.min_items.is_none()
            && self.max_items.is_none()
            && self.description.is_none()
            && self.rename.is_none()
            && self.default.is_none()
            && self.items.is_none()
            && self.header.is_none()
            && self.cli.first_key().is_none()
    }
}

fn key_of(meta: &ParseNestedMeta) -> Ident {
    match meta.path.get_ident() {
        Some(ident) => ident.clone(),
        None => Ident::new("__path", meta.path.span()),
    }
}

fn set<T>(cx: &mut Ctxt, attr: &str, slot: &mut Setting<T>, key: Ident, value: Option<(T, Span)>) {
    let Some((value, span)) = value else { return };
    if slot.is_some() {
        cx.error(&key, format_args!("duplicate {attr} attribute `{key}`"));
        return;
    }
    *slot = Some(Given { key, value, span });
}

fn unknown(cx: &mut Ctxt, meta: &ParseNestedMeta, attr: &str, known: &str) {
    let path = &meta.path;
    let shown = quote::quote!(#path).to_string().replace(' ', "");
    cx.error(
        path,
        format_args!("unknown {attr} attribute `{shown}`; expected one of {known}"),
    );
    skip_value(meta);
}

/// Consumes `= value` or `(..)` after a key we do not read.
pub fn skip_value(meta: &ParseNestedMeta) {
    if meta.input.peek(syn::Token![=]) {
        let _ = meta.value().and_then(|value| value.parse::<Expr>());
    } else if meta.input.peek(syn::token::Paren) {
        let _ = meta.parse_nested_meta(|inner| {
            skip_value(&inner);
            Ok(())
        });
    }
}

fn value_expr(cx: &mut Ctxt, meta: &ParseNestedMeta, key: &Ident, example: &str) -> Option<Expr> {
    if !meta.input.peek(syn::Token![=]) {
        cx.error(key, format_args!("`{key}` takes a value: `{example}`"));
        skip_value(meta);
        return None;
    }
    match meta.value().and_then(|value| value.parse::<Expr>()) {
        Ok(expr) => Some(expr),
        Err(err) => {
            cx.push(err);
            None
        }
    }
}

/// `scopes = ["notes:read", "notes:write"]`: a list of string literals,
/// each an OAuth scope token, none twice.
fn scopes(cx: &mut Ctxt, meta: &ParseNestedMeta, key: &Ident) -> Option<(Vec<LitStr>, Span)> {
    const EXAMPLE: &str = "scopes = [\"notes:write\"]";
    let expr = value_expr(cx, meta, key, EXAMPLE)?;
    let Expr::Array(array) = &expr else {
        cx.error(
            &expr,
            format_args!("`scopes` takes a list of string literals: `{EXAMPLE}`"),
        );
        return None;
    };
    let mut scopes: Vec<LitStr> = Vec::new();
    let mut sound = true;
    for element in &array.elems {
        let Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) = element
        else {
            cx.error(
                element,
                format_args!("`scopes` takes string literals: `{EXAMPLE}`"),
            );
            sound = false;
            continue;
        };
        let scope = lit.value();
        if let Some(problem) = toolsmith_schema_rules::names::scope_problem(&scope) {
            cx.error(lit, format_args!("{problem}, got {scope:?}"));
            sound = false;
        } else if scopes.iter().any(|seen| seen.value() == scope) {
            cx.error(lit, format_args!("the scope {scope:?} is listed twice"));
            sound = false;
        } else {
            scopes.push(lit.clone());
        }
    }
    if array.elems.is_empty() {
        cx.error(
            &expr,
            format_args!("`scopes` lists at least one scope (or leave it out): `{EXAMPLE}`"),
        );
        return None;
    }
    sound.then(|| (scopes, array.span()))
}

/// A duration literal in milliseconds: a whole number and one unit of
/// `ms`, `s`, `m`, `h` (`"30s"`, `"500ms"`), more than zero.
fn duration(cx: &mut Ctxt, lit: &LitStr) -> Option<u64> {
    let text = lit.value();
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let (number, unit) = text.split_at(digits);
    let scale = match unit {
        "ms" => Some(1),
        "s" => Some(1000),
        "m" => Some(60_000),
        "h" => Some(3_600_000),
        _ => None,
    };
    let millis = scale.and_then(|scale| number.parse::<u64>().ok()?.checked_mul(scale));
    match millis {
        Some(millis) if millis > 0 => Some(millis),
        _ => {
            cx.error(
                lit,
                format_args!(
                    "`timeout` takes a duration above zero, a whole number and a unit: \"500ms\", \"30s\", \"2m\" or \"1h\", got {:?}",
                    text
                ),
            );
            None
        }
    }
}

fn string(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta,
    key: &Ident,
    example: &str,
) -> Option<(LitStr, Span)> {
    let expr = value_expr(cx, meta, key, example)?;
    match &expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) => Some((lit.clone(), lit.span())),
        _ => {
            cx.error(
                &expr,
                format_args!("`{key}` takes a string literal: `{example}`"),
            );
            None
        }
    }
}

/// A type name in a string: `tool = "SearchTool"`.
fn type_name(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta,
    key: &Ident,
    example: &str,
) -> Option<(Ident, Span)> {
    let (lit, span) = string(cx, meta, key, example)?;
    match lit.parse::<Ident>() {
        Ok(ident) => Some((ident, span)),
        Err(_) => {
            cx.error(&lit, format_args!("`{key}` takes a type name: `{example}`"));
            None
        }
    }
}

/// A path in a string: `crate = "my_crate::toolsmith"`.
fn crate_path(cx: &mut Ctxt, meta: &ParseNestedMeta, key: &Ident) -> Option<(syn::Path, Span)> {
    let example = "crate = \"my_crate::toolsmith\"";
    let (lit, span) = string(cx, meta, key, example)?;
    match lit.parse_with(syn::Path::parse_mod_style) {
        Ok(path) => Some((path, span)),
        Err(_) => {
            cx.error(
                &lit,
                format_args!("`{key}` takes the path of the toolsmith crate: `{example}`"),
            );
            None
        }
    }
}

/// `key` alone (true) or `key = true` / `key = false`.
fn flag(cx: &mut Ctxt, meta: &ParseNestedMeta, key: &Ident) -> Option<(bool, Span)> {
    if !meta.input.peek(syn::Token![=]) {
        if meta.input.peek(syn::token::Paren) {
            cx.error(
                key,
                format_args!("`{key}` takes no list: write `{key}` or `{key} = false`"),
            );
            skip_value(meta);
            return None;
        }
        return Some((true, key.span()));
    }
    let expr = match meta.value().and_then(|value| value.parse::<Expr>()) {
        Ok(expr) => expr,
        Err(err) => {
            cx.push(err);
            return None;
        }
    };
    match &expr {
        Expr::Lit(ExprLit {
            lit: Lit::Bool(lit),
            ..
        }) => Some((lit.value, lit.span())),
        _ => {
            cx.error(
                &expr,
                format_args!("`{key}` takes a boolean: write `{key}` or `{key} = false`"),
            );
            None
        }
    }
}

/// `task`, `task = true | false`, `task = "optional" | "required"`.
fn task_support(cx: &mut Ctxt, meta: &ParseNestedMeta, key: &Ident) -> Option<(TaskSupport, Span)> {
    const TAKES: &str = "write `task`, `task = \"required\"` or `task = false`";
    if !meta.input.peek(syn::Token![=]) {
        if meta.input.peek(syn::token::Paren) {
            cx.error(key, format_args!("`task` takes no list: {TAKES}"));
            skip_value(meta);
            return None;
        }
        return Some((TaskSupport::Optional, key.span()));
    }
    let expr = match meta.value().and_then(|value| value.parse::<Expr>()) {
        Ok(expr) => expr,
        Err(err) => {
            cx.push(err);
            return None;
        }
    };
    let support = match &expr {
        Expr::Lit(ExprLit {
            lit: Lit::Bool(lit),
            ..
        }) => Some((
            if lit.value {
                TaskSupport::Optional
            } else {
                TaskSupport::Never
            },
            lit.span(),
        )),
        Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) => match lit.value().as_str() {
            "optional" => Some((TaskSupport::Optional, lit.span())),
            "required" => Some((TaskSupport::Required, lit.span())),
            _ => None,
        },
        _ => None,
    };
    if support.is_none() {
        cx.error(
            &expr,
            format_args!("`task` is optional, required or false: {TAKES}"),
        );
    }
    support
}

/// A character literal: `short = 'q'`.
fn char_value(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta,
    key: &Ident,
    example: &str,
) -> Option<(char, Span)> {
    let expr = value_expr(cx, meta, key, example)?;
    match &expr {
        Expr::Lit(ExprLit {
            lit: Lit::Char(lit),
            ..
        }) => Some((lit.value(), lit.span())),
        _ => {
            cx.error(
                &expr,
                format_args!("`{key}` takes a character literal: `{example}`"),
            );
            None
        }
    }
}

fn number(cx: &mut Ctxt, meta: &ParseNestedMeta, key: &Ident) -> Option<(Num, Span)> {
    let example = format!("{key} = 1");
    let expr = value_expr(cx, meta, key, &example)?;
    let parsed = signed_literal(&expr).and_then(|(negative, lit)| literal_number(lit, negative));
    if parsed.is_none() {
        cx.error(
            &expr,
            format_args!("`{key}` takes a number literal: `{example}`"),
        );
    }
    parsed.map(|num| (num, expr.span()))
}

/// A literal, maybe negated (`3`, `-2.5`, `"x"`), and whether it is.
pub fn signed_literal(expr: &Expr) -> Option<(bool, &Lit)> {
    match expr {
        Expr::Lit(ExprLit { lit, .. }) => Some((false, lit)),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr: inner,
            ..
        }) => match &**inner {
            Expr::Lit(ExprLit { lit, .. }) => Some((true, lit)),
            _ => None,
        },
        _ => None,
    }
}

/// The number a literal states, negated where `negative`: an integer, or
/// a finite float.
pub fn literal_number(lit: &Lit, negative: bool) -> Option<Num> {
    match lit {
        Lit::Int(int) => int
            .base10_parse::<i128>()
            .ok()
            .map(|i| Num::Int(if negative { -i } else { i })),
        Lit::Float(float) => float
            .base10_parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .map(|f| Num::Float(if negative { -f } else { f })),
        _ => None,
    }
}

fn count(cx: &mut Ctxt, meta: &ParseNestedMeta, key: &Ident) -> Option<(u64, Span)> {
    let example = format!("{key} = 1");
    let expr = value_expr(cx, meta, key, &example)?;
    let parsed = match &expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(int), ..
        }) => int.base10_parse::<u64>().ok(),
        _ => None,
    };
    if parsed.is_none() {
        cx.error(
            &expr,
            format_args!("`{key}` takes a non-negative integer literal: `{example}`"),
        );
    }
    parsed.map(|n| (n, expr.span()))
}
