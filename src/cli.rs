//! Command line: a [`ToolSet`] as a [`clap::Command`] with one subcommand
//! per tool (feature `cli`).
//!
//! Flags come from each tool's schema: `--limit 5`; booleans as flags
//! (`--dry-run`, or `--dry-run=false`); arrays as repeated flags
//! (`--tag a --tag b`); nested objects as `--point.x 1 --point.y 2` or as
//! one JSON value (`--point '{"x": 1, "y": 2}'`). Descriptions, allowed
//! values and bounds show in `--help`. Property names keep their spelling
//! except `_`, written `-` (`max_len` is `--max-len`).
//!
//! The arguments are checked by the runtime, not by clap, so a bad call gets
//! the lines every other host gets, with flags for locations, on stderr with
//! exit code 2:
//!
//! ```text
//! Invalid arguments at --limit: must be at most 50, got 500
//! ```
//!
//! A failing tool prints `<tool> failed: <message>` and exits 1; a result is
//! printed as JSON on stdout, exit 0. With the `mcp` feature, the `mcp`
//! subcommand serves the same tools over MCP on standard input and output.
//!
//! ```no_run
//! # fn main() -> std::process::ExitCode {
//! # let tools = toolsmith::ToolSet::new();
//! toolsmith::cli::Cli::new(tools).name("demo").run()
//! # }
//! ```

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue};
use clap::{Arg, ArgAction, ArgMatches, Command};
use serde_json::{Map, Value};
use toolsmith_runtime::{
    CallError, IssueKind, JsonLimits, ToolInputError, ToolRef, ToolSet, parse_json_text,
    sanitize_line, sanitize_text,
};

use crate::function_calling::failed_line;

/// Exit code of a call whose input failed the schema (and of a usage error).
pub const EXIT_INVALID: u8 = 2;
/// Exit code of a call whose function failed.
pub const EXIT_FAILED: u8 = 1;

/// The deepest object whose fields still get their own flags.
const MAX_FLAG_DEPTH: usize = 5;

/// A command line over a [`ToolSet`].
pub struct Cli<C = ()> {
    tools: ToolSet<C>,
    ctx: C,
    name: String,
    about: Option<String>,
    version: Option<String>,
}

impl Cli<()> {
    /// A command line for tools that take no context.
    pub fn new(tools: ToolSet) -> Self {
        Cli::with_context(tools, ())
    }
}

impl<C: Clone + Send + Sync + 'static> Cli<C> {
    /// A command line that hands `ctx` to the tool it runs.
    pub fn with_context(tools: ToolSet<C>, ctx: C) -> Self {
        Cli {
            tools,
            ctx,
            name: "tools".to_owned(),
            about: None,
            version: None,
        }
    }

    /// The program name shown in usage lines (`Usage: demo search …`),
    /// whatever the name the program was started by.
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// What the program does, for `--help`.
    pub fn about(mut self, about: impl Into<String>) -> Self {
        self.about = Some(about.into());
        self
    }

    /// The version shown by `--version`.
    pub fn version(mut self, version: impl Into<String>) -> Self {
        self.version = Some(version.into());
        self
    }

    /// The `clap` command: one subcommand per tool, plus `mcp` with the
    /// `mcp` feature (unless a tool is already called so).
    pub fn command(&self) -> Command {
        let mut command = Command::new(self.name.clone())
            .bin_name(self.name.clone())
            .subcommand_required(true)
            .arg_required_else_help(true);
        if let Some(about) = &self.about {
            command = command.about(about.clone());
        }
        if let Some(version) = &self.version {
            command = command.version(version.clone());
        }
        for tool in self.tools.tools() {
            command = command.subcommand(tool_command(&tool));
        }
        if cfg!(feature = "mcp") && !self.tools.contains(MCP) {
            command = command.subcommand(Command::new(MCP).about(
                "Serve these tools over MCP (Model Context Protocol) on standard input and output",
            ));
        }
        command
    }

    /// Runs on the process's arguments, printing to stdout and stderr.
    pub fn run(self) -> ExitCode {
        let code = self.run_from(
            std::env::args_os(),
            &mut std::io::stdout(),
            &mut std::io::stderr(),
        );
        ExitCode::from(code)
    }

    /// Runs on `args` (the program name first), writing a result to `out`
    /// and problems to `err`; returns the exit code: 0 on success, 1 when the
    /// tool failed, 2 for bad input or a usage error.
    pub fn run_from<I, T>(self, args: I, out: &mut dyn Write, err: &mut dyn Write) -> u8
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let matches = match self.command().try_get_matches_from(args) {
            Ok(matches) => matches,
            Err(clap_err) => {
                let (to_stderr, code) = (clap_err.use_stderr(), clap_err.exit_code());
                let text = clap_error_text(clap_err);
                let _ = if to_stderr {
                    err.write_all(text.as_bytes())
                } else {
                    out.write_all(text.as_bytes())
                };
                return u8::try_from(code).unwrap_or(EXIT_INVALID);
            }
        };
        let Some((name, sub)) = matches.subcommand() else {
            return EXIT_INVALID;
        };
        let runtime = match tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
        {
            Ok(runtime) => runtime,
            Err(e) => {
                let _ = writeln!(err, "cannot start the async runtime: {e}");
                return EXIT_FAILED;
            }
        };
        #[cfg(feature = "mcp")]
        if name == MCP && !self.tools.contains(MCP) {
            let server = crate::mcp::McpServer::with_context(self.tools, self.ctx)
                .with_server_info(
                    self.name,
                    self.version
                        .unwrap_or_else(|| env!("CARGO_PKG_VERSION").to_owned()),
                );
            return match runtime.block_on(server.serve_stdio()) {
                Ok(()) => 0,
                Err(e) => {
                    let _ = writeln!(err, "mcp server stopped: {e}");
                    EXIT_FAILED
                }
            };
        }
        let Ok(tool) = self.tools.tool(name) else {
            return EXIT_INVALID;
        };
        let args = arguments(&tool, sub);
        match runtime.block_on(tool.call(args, self.ctx)) {
            Ok(value) => {
                let text = serde_json::to_string_pretty(&value).unwrap_or_default();
                let _ = writeln!(out, "{text}");
                0
            }
            Err(CallError::Input(input)) => {
                for line in lines(&input) {
                    let _ = writeln!(err, "{line}");
                }
                EXIT_INVALID
            }
            Err(CallError::Failed(failure)) => {
                let _ = writeln!(err, "{}", failed_line(tool.name(), failure.message()));
                EXIT_FAILED
            }
        }
    }
}

const MCP: &str = "mcp";

/// The longest value a usage error repeats from the command line.
const ECHO_CHARS: usize = 60;
/// The longest line of a usage error.
const MAX_ERROR_LINE: usize = 300;

/// A clap error as printed: every value it repeats from the command line
/// (an unknown flag, a bad value) on one line and cut short, then the whole
/// text sanitized, so no argument can forge a line, move the cursor or
/// turn the text around. Help and version text, ours alone, stay as clap
/// writes them.
fn clap_error_text(mut clap_err: clap::Error) -> String {
    if !clap_err.use_stderr() {
        return clap_err.render().to_string();
    }
    let echoed: Vec<(ContextKind, ContextValue)> = clap_err
        .context()
        .filter(|(kind, _)| *kind != ContextKind::Usage)
        .filter_map(|(kind, value)| Some((kind, clean_context(value)?)))
        .collect();
    for (kind, value) in echoed {
        clap_err.insert(kind, value);
    }
    let text = sanitize_text(&clap_err.render().to_string());
    let mut out = String::with_capacity(text.len() + 1);
    for line in text.lines() {
        out.push_str(&cut(line, MAX_ERROR_LINE));
        out.push('\n');
    }
    out
}

/// A context value with its text on one line and cut short; `None` for
/// values that hold no text.
fn clean_context(value: &ContextValue) -> Option<ContextValue> {
    let clean = |text: &str| echo(text, ECHO_CHARS);
    Some(match value {
        ContextValue::String(text) => ContextValue::String(clean(text)),
        ContextValue::Strings(texts) => {
            ContextValue::Strings(texts.iter().map(|text| clean(text)).collect())
        }
        ContextValue::StyledStr(text) => ContextValue::StyledStr(clean(&text.to_string()).into()),
        ContextValue::StyledStrs(texts) => ContextValue::StyledStrs(
            texts
                .iter()
                .map(|text| clean(&text.to_string()).into())
                .collect(),
        ),
        _ => return None,
    })
}

/// `text` on one line, cut to `max` characters with `…`; the work is
/// bounded by `max`, whatever the length of `text`.
fn echo(text: &str, max: usize) -> String {
    let head = match text.char_indices().nth(max * 4) {
        Some((end, _)) => &text[..end],
        None => text,
    };
    let shown = cut(&sanitize_line(head), max);
    if head.len() < text.len() && !shown.ends_with('…') {
        shown + "…"
    } else {
        shown
    }
}

/// `text` cut to `max` characters, with `…` where it was cut.
fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", text[..end].trim_end()),
        None => text.to_owned(),
    }
}

/// One subcommand: a flag per property, nested objects flattened with `.`.
fn tool_command<C>(tool: &ToolRef<'_, C>) -> Command {
    let description = tool.description();
    let about = description
        .split("\n\n")
        .next()
        .unwrap_or_default()
        .to_owned();
    let mut command = Command::new(tool.name().to_owned()).about(about);
    let kebab = tool.name().replace('_', "-");
    if kebab != tool.name() {
        command = command.visible_alias(kebab);
    }
    if description.contains("\n\n") {
        command = command.long_about(description.to_owned());
    }
    let mut flags = Vec::new();
    collect_flags(tool.input_schema(), &mut Vec::new(), true, &mut flags);
    for flag in flags {
        command = command.arg(flag.arg());
    }
    command
}

/// A flag for one property, at `path` from the root of the arguments.
struct Flag {
    path: Vec<String>,
    schema: Value,
    required: bool,
    /// An object that also has flags for its fields: takes a JSON value.
    object: bool,
}

impl Flag {
    fn long(&self) -> String {
        self.path
            .iter()
            .map(|key| key.replace('_', "-"))
            .collect::<Vec<_>>()
            .join(".")
    }

    fn arg(&self) -> Arg {
        let long = self.long();
        let mut arg =
            Arg::new(long.clone())
                .long(long)
                .help(help(&self.schema, self.required, self.object));
        let types = schema_types(&self.schema);
        if types == ["boolean"] {
            arg = arg
                .action(ArgAction::Set)
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("true")
                .value_name("BOOL");
        } else if types == ["array"] {
            arg = arg.action(ArgAction::Append).allow_hyphen_values(true);
        } else {
            arg = arg.action(ArgAction::Set).allow_hyphen_values(true);
        }
        if self.object {
            arg = arg.value_name("JSON");
        } else if types != ["boolean"] {
            arg = arg.value_name(value_name(&self.schema));
        }
        arg
    }
}

/// `<TEXT>`, `<INTEGER>`, `<NUMBER>`, `<JSON>`: what a flag takes, by type
/// (for an array, by the type of its items).
fn value_name(schema: &Value) -> &'static str {
    let shown = match schema.get("items") {
        Some(items) if schema_types(schema) == ["array"] => items,
        _ => schema,
    };
    let types: Vec<&str> = schema_types(shown)
        .into_iter()
        .filter(|t| *t != "null")
        .collect();
    match types.as_slice() {
        ["string"] => "TEXT",
        ["integer"] => "INTEGER",
        ["number"] => "NUMBER",
        ["boolean"] => "BOOL",
        _ => "JSON",
    }
}

/// Walks the properties of an object schema, a flag each; the fields of a
/// nested object get flags too, up to [`MAX_FLAG_DEPTH`].
fn collect_flags(schema: &Value, path: &mut Vec<String>, required_here: bool, out: &mut Vec<Flag>) {
    let Some(props) = schema.get("properties").and_then(Value::as_object) else {
        return;
    };
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    for (name, sub) in props {
        if !toolsmith_runtime::__private::rules::is_property_name(name) {
            continue;
        }
        path.push(name.clone());
        let required = required_here && required.contains(&name.as_str());
        let nested = schema_types(sub) == ["object"]
            && sub.get("properties").is_some()
            && path.len() < MAX_FLAG_DEPTH;
        out.push(Flag {
            path: path.clone(),
            schema: sub.clone(),
            required,
            object: nested,
        });
        if nested {
            collect_flags(sub, path, required, out);
        }
        path.pop();
    }
}

/// The help line: description, then `[required]`, allowed values, bounds.
fn help(schema: &Value, required: bool, object: bool) -> String {
    let mut parts = Vec::new();
    if let Some(description) = schema.get("description").and_then(Value::as_str) {
        parts.push(description.to_owned());
    }
    let mut notes = Vec::new();
    if required {
        notes.push("required".to_owned());
    }
    if object {
        notes.push("a JSON object, or set each field with its own flag".to_owned());
    }
    let item = schema
        .get("items")
        .filter(|_| schema_types(schema) == ["array"]);
    if item.is_some() {
        notes.push("repeat for each item".to_owned());
    }
    let shown = item.unwrap_or(schema);
    if let Some(values) = shown.get("enum").and_then(Value::as_array) {
        let listed: Vec<String> = values
            .iter()
            .filter(|v| !v.is_null())
            .map(constant)
            .collect();
        notes.push(format!("possible values: {}", listed.join(", ")));
    }
    if let Some(value) = shown.get("const") {
        notes.push(format!("must be {}", constant(value)));
    }
    for (keyword, label) in [
        ("minimum", "min"),
        ("exclusiveMinimum", "greater than"),
        ("maximum", "max"),
        ("exclusiveMaximum", "less than"),
        ("multipleOf", "multiple of"),
        ("minLength", "min length"),
        ("maxLength", "max length"),
        ("pattern", "pattern"),
    ] {
        if let Some(bound) = shown.get(keyword) {
            notes.push(format!("{label}: {}", constant(bound)));
        }
    }
    for (keyword, label) in [("minItems", "min items"), ("maxItems", "max items")] {
        if let Some(bound) = schema.get(keyword) {
            notes.push(format!("{label}: {bound}"));
        }
    }
    if !notes.is_empty() {
        parts.push(format!("[{}]", notes.join("; ")));
    }
    parts.join(" ")
}

fn constant(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn schema_types(schema: &Value) -> Vec<&str> {
    schema
        .as_object()
        .map_or_else(Vec::new, crate::function_calling::types)
}

/// The arguments object built from the flags given.
fn arguments<C>(tool: &ToolRef<'_, C>, matches: &ArgMatches) -> Value {
    let mut flags = Vec::new();
    collect_flags(tool.input_schema(), &mut Vec::new(), true, &mut flags);
    let mut root = Value::Object(Map::new());
    // Outer flags first, so `--point '{..}'` is set before `--point.x` refines it.
    for flag in &flags {
        let id = flag.long();
        let Some(raw) = matches.get_raw(&id) else {
            continue;
        };
        if matches.value_source(&id) != Some(clap::parser::ValueSource::CommandLine) {
            continue;
        }
        let texts: Vec<String> = raw.map(|os| os.to_string_lossy().into_owned()).collect();
        let value = if schema_types(&flag.schema) == ["array"] {
            let item = flag.schema.get("items").unwrap_or(&Value::Null);
            Value::Array(texts.iter().map(|text| convert(item, text)).collect())
        } else {
            convert(
                &flag.schema,
                texts.last().map(String::as_str).unwrap_or_default(),
            )
        };
        set_at(&mut root, &flag.path, value);
    }
    root
}

/// A flag's text as the JSON value its schema expects; text that does not
/// read as that type stays a string, for the validator to report, and so
/// does JSON that repeats a key. Text is never read as `null`: a flag left
/// out is how a command line says none.
fn convert(schema: &Value, text: &str) -> Value {
    let types = schema_types(schema);
    let wants = |t: &str| types.is_empty() || types.contains(&t);
    if types == ["string"] {
        return Value::String(text.to_owned());
    }
    if let Ok(parsed) = parse_json_text(text, &JsonLimits::default()) {
        let fits = match &parsed {
            Value::Null => false,
            Value::Bool(_) => wants("boolean"),
            Value::Number(_) => wants("number") || wants("integer"),
            Value::String(_) => false,
            Value::Array(_) => wants("array"),
            Value::Object(_) => wants("object"),
        };
        if fits {
            return parsed;
        }
    }
    Value::String(text.to_owned())
}

/// Sets `value` at `path` inside `root`, creating objects on the way; a
/// JSON value given for a parent that is not an object is replaced.
fn set_at(root: &mut Value, path: &[String], value: Value) {
    let mut here = root;
    for key in &path[..path.len() - 1] {
        let Value::Object(map) = here else {
            return;
        };
        let child = map
            .entry(key.clone())
            .or_insert_with(|| Value::Object(Map::new()));
        if !child.is_object() {
            *child = Value::Object(Map::new());
        }
        here = child;
    }
    if let (Value::Object(map), Some(last)) = (here, path.last()) {
        map.insert(last.clone(), value);
    }
}

/// The lines of a refused call, said with flags: a location is the flag
/// that set the value, a missing property is the flag to add, and `null`,
/// which no flag can give, is not offered (`must be an integer, got …`
/// where other hosts say `must be an integer or null, got …`).
pub fn lines(err: &ToolInputError) -> Vec<String> {
    let mut lines = err.lines_with(flag_for_pointer);
    for (line, issue) in lines.iter_mut().zip(err.issues()) {
        if let Some(problem) = without_null(issue.kind, &issue.problem)
            && line.ends_with(&issue.problem)
        {
            line.truncate(line.len() - issue.problem.len());
            line.push_str(&problem);
        }
        if issue.kind != IssueKind::MissingProperty || issue.missing.is_empty() {
            continue;
        }
        let flags: Vec<String> = issue
            .missing
            .iter()
            .map(|key| {
                let key = key.replace('~', "~0").replace('/', "~1");
                flag_for_pointer(&format!("{}/{key}", issue.at))
            })
            .collect();
        let noun = if flags.len() == 1 { "flag" } else { "flags" };
        *line = format!(
            "Invalid arguments: missing required {noun} {}",
            flags.join(", ")
        );
    }
    lines
}

/// A type or enum problem with the `null` alternative left out:
/// `must be an integer or null, got …` → `must be an integer, got …`,
/// `must be one of low, high, null, got …` → `must be one of low, high, got …`.
fn without_null(kind: IssueKind, problem: &str) -> Option<String> {
    let rest = problem.strip_prefix("must be ")?;
    let (expected, got) = rest.split_once(", got ")?;
    let expected = match kind {
        IssueKind::Type => {
            let types = expected.strip_suffix(" or null")?;
            match types.rsplit_once(", ") {
                Some((head, last)) => format!("{head} or {last}"),
                None => types.to_owned(),
            }
        }
        IssueKind::Enum => expected
            .strip_prefix("one of ")?
            .strip_suffix(", null")
            .map(|values| format!("one of {values}"))?,
        _ => return None,
    };
    Some(format!("must be {expected}, got {got}"))
}

/// `/point/x` → `--point.x`, `/tags/2` → `--tags[2]`: where a problem is,
/// said as the flag that set it.
pub fn flag_for_pointer(pointer: &str) -> String {
    let mut flag = String::from("--");
    let mut first = true;
    for segment in pointer.split('/').skip(1) {
        let key = segment.replace("~1", "/").replace("~0", "~");
        if !first && key.bytes().all(|b| b.is_ascii_digit()) && !key.is_empty() {
            flag.push('[');
            flag.push_str(&key);
            flag.push(']');
            continue;
        }
        if !first {
            flag.push('.');
        }
        first = false;
        let shown = sanitize_line(&key.chars().take(40).collect::<String>()).replace('_', "-");
        flag.push_str(&shown);
    }
    flag
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_become_flags() {
        assert_eq!(flag_for_pointer("/limit"), "--limit");
        assert_eq!(flag_for_pointer("/point/x"), "--point.x");
        assert_eq!(flag_for_pointer("/tags/2"), "--tags[2]");
        assert_eq!(flag_for_pointer("/max_len"), "--max-len");
    }

    #[test]
    fn null_is_never_offered() {
        let cases = [
            (
                IssueKind::Type,
                "must be an integer or null, got string \"five\"",
                "must be an integer, got string \"five\"",
            ),
            (
                IssueKind::Type,
                "must be an object, an array or null, got number 1",
                "must be an object or an array, got number 1",
            ),
            (
                IssueKind::Enum,
                "must be one of low, high, null, got \"x\"",
                "must be one of low, high, got \"x\"",
            ),
        ];
        for (kind, problem, said) in cases {
            assert_eq!(without_null(kind, problem).as_deref(), Some(said));
        }
        assert_eq!(
            without_null(IssueKind::Type, "must be an integer, got null"),
            None
        );
        assert_eq!(
            without_null(IssueKind::Bound, "must be at most 5, got 6"),
            None
        );
    }

    #[test]
    fn text_converts_by_type() {
        let int = serde_json::json!({"type": "integer"});
        assert_eq!(convert(&int, "5"), Value::from(5));
        assert_eq!(convert(&int, "five"), Value::from("five"));
        assert_eq!(convert(&int, "1.5"), Value::from(1.5));
        let string = serde_json::json!({"type": "string"});
        assert_eq!(convert(&string, "5"), Value::from("5"));
        let object = serde_json::json!({"type": "object"});
        assert_eq!(convert(&object, "{\"x\": 1}"), serde_json::json!({"x": 1}));
        let twice = "{\"x\": 1, \"x\": 2}";
        assert_eq!(convert(&object, twice), Value::from(twice));
        let optional = serde_json::json!({"type": ["integer", "null"]});
        assert_eq!(convert(&optional, "null"), Value::from("null"));
        let optional = serde_json::json!({"type": ["string", "null"]});
        assert_eq!(convert(&optional, "null"), Value::from("null"));
    }
}
