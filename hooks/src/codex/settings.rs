//! Codex's hook settings, checked as Codex 0.171.0 reads them: a
//! `hooks.json` (`{"hooks": {"PreToolUse": [...]}}`, beside a
//! `config.toml`) or the `[hooks]` tables of a `config.toml`, every problem
//! at once, one line each, with the JSON pointer into the document.
//!
//! Codex is quiet about most mistakes: an event name it does not know is
//! ignored, a matcher that does not compile skips its group, a `prompt` or
//! `agent` handler and an empty command are skipped with a warning on the
//! terminal, and a handler without its `command` (or of an unknown
//! `type`) makes it ignore the whole `hooks.json`, or refuse to start when
//! the handler is in `config.toml`. The hook simply never runs; the lines
//! here say so first.
//!
//! ```
//! use serde_json::json;
//! use toolsmith_hooks::codex::lint_codex_hooks_json;
//!
//! let hooks = json!({ "hooks": {
//!     "PreToolUSe": [{ "hooks": [{ "type": "command", "command": "guard" }] }],
//!     "PostToolUse": [{ "matcher": "Bash(", "hooks": [{ "type": "command" }] }]
//! }});
//! let lint = lint_codex_hooks_json(&hooks);
//! assert_eq!(
//!     lint.error_lines(),
//!     [
//!         "Invalid hooks settings at /hooks/PreToolUSe: unknown Codex hook event \"PreToolUSe\" (did you mean \"PreToolUse\"?); Codex ignores it, so its hooks never run",
//!         "Invalid hooks settings at /hooks/PostToolUse/0/matcher: matcher \"Bash(\" is not a regular expression Codex compiles (unclosed group), so Codex skips the group and its hooks never run",
//!         "Invalid hooks settings at /hooks/PostToolUse/0/hooks/0: missing required property \"command\"; Codex ignores the whole file, so none of its hooks run",
//!     ]
//! );
//! ```
//!
//! Matchers are Rust regular expressions (the `regex` crate, as in Codex),
//! unanchored; `""`, `"*"` or none match everything, and a value of only
//! letters, digits, `_` and `|` is a list of exact names. `UserPromptSubmit`,
//! `Stop` and `Interrupt` ignore their matcher.
//!
//! A command whose program is an absolute path that does not exist is an
//! error (the hook fails every time, and Codex goes ahead as if there were
//! none); a bare program name found nowhere on the linter's own `PATH` is
//! a warning, since the agent's `PATH` may differ.

use std::path::Path;

use serde_json::{Map, Value};
use toolsmith_runtime::echo::{self, describe};
use toolsmith_runtime::suggest::similar_key;

use super::CodexEvent;
use crate::error::HookError;
use crate::lint::{HooksLint, Report, child, item};

/// The longest value a line echoes, in characters.
const ECHO_CHARS: usize = 64;

fn quoted(text: &str) -> String {
    echo::quoted_within(text, ECHO_CHARS)
}

/// Where the hooks were read from: what Codex does with a handler it
/// cannot read differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    HooksJson,
    ConfigToml,
}

impl Source {
    /// What Codex does when the document does not parse as hooks.
    fn refused(self) -> &'static str {
        match self {
            Source::HooksJson => "Codex ignores the whole file, so none of its hooks run",
            Source::ConfigToml => "Codex refuses to start with this config.toml",
        }
    }
}

/// Every error and warning in a Codex `hooks.json`, in document order.
pub fn lint_codex_hooks_json(hooks_json: &Value) -> HooksLint {
    let mut out = Report::default();
    let Some(object) = hooks_json.as_object() else {
        out.error(
            "",
            format!(
                "must be an object, got {}; {}",
                describe(hooks_json),
                Source::HooksJson.refused()
            ),
        );
        return out.finish();
    };
    for key in object.keys().filter(|key| *key != "hooks") {
        let hint = match CodexEvent::from_name(key) {
            Some(_) => "; move it into \"hooks\"".to_owned(),
            None => String::new(),
        };
        out.warning(
            &child("", key),
            format!("unknown key {}: Codex ignores it{hint}", quoted(key)),
        );
    }
    match object.get("hooks") {
        None => out.warning(
            "",
            "has no \"hooks\", so it wires no hook; add {\"hooks\": {\"PreToolUse\": [...]}}",
        ),
        Some(hooks) => events(hooks, Source::HooksJson, &mut out),
    }
    out.finish()
}

/// Every error and warning in the `[hooks]` tables of a Codex
/// `config.toml` (the rest of the file is not checked); a file that is not
/// TOML is one error, with its line and column.
pub fn lint_codex_config_toml(config_toml: &str) -> HooksLint {
    let mut out = Report::default();
    let config: Value = match toml::from_str(config_toml) {
        Ok(config) => config,
        Err(err) => {
            let place = err
                .span()
                .map(|span| line_column(config_toml, span.start))
                .map(|(line, column)| format!(" at line {line} column {column}"))
                .unwrap_or_default();
            out.error(
                "",
                format!(
                    "not valid TOML{place}: {}; Codex refuses to start with it",
                    err.message()
                ),
            );
            return out.finish();
        }
    };
    if let Some(hooks) = config.get("hooks") {
        events(hooks, Source::ConfigToml, &mut out);
    }
    out.finish()
}

/// [`lint_codex_hooks_json`] as a `Result`: the error lines, if any.
pub fn validate_codex_hooks_json(hooks_json: &Value) -> Result<(), HookError> {
    lint_codex_hooks_json(hooks_json).into_result()
}

/// [`lint_codex_config_toml`] as a `Result`: the error lines, if any.
pub fn validate_codex_config_toml(config_toml: &str) -> Result<(), HookError> {
    lint_codex_config_toml(config_toml).into_result()
}

/// 1-based line and column of the byte `at` in `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The `hooks` map: event names to matcher groups.
fn events(hooks: &Value, source: Source, out: &mut Report) {
    let Some(hooks) = hooks.as_object() else {
        out.error(
            "/hooks",
            format!(
                "must be an object, got {}; {}",
                describe(hooks),
                source.refused()
            ),
        );
        return;
    };
    for (name, groups) in hooks {
        let pointer = child("/hooks", name);
        // `[hooks.state."<hook key>"]`: the trust and enablement Codex
        // records per hook, beside the events.
        if source == Source::ConfigToml && name == "state" {
            continue;
        }
        let Some(event) = CodexEvent::from_name(name) else {
            out.error(
                &pointer,
                format!(
                    "{}; Codex ignores it, so its hooks never run",
                    unknown_event_line(name)
                ),
            );
            continue;
        };
        let Some(groups) = groups.as_array() else {
            out.error(
                &pointer,
                format!(
                    "must be an array of matcher groups, got {}; {}",
                    describe(groups),
                    source.refused()
                ),
            );
            continue;
        };
        for (i, group) in groups.iter().enumerate() {
            matcher_group(event, group, &item(&pointer, i), source, out);
        }
    }
}

/// `unknown Codex hook event "X" (did you mean "Y"?)`, without the list of
/// every event when there is a near miss.
fn unknown_event_line(name: &str) -> String {
    let line = CodexEvent::unknown_problem(name);
    match line.split_once("?); known events: ") {
        Some((head, _)) => format!("{head}?)"),
        None => line,
    }
}

/// The events whose matcher Codex does not read.
const IGNORES_MATCHER: &[CodexEvent] = &[
    CodexEvent::UserPromptSubmit,
    CodexEvent::Stop,
    CodexEvent::Interrupt,
];

const GROUP_KEYS: &[&str] = &["matcher", "hooks"];

fn matcher_group(
    event: CodexEvent,
    group: &Value,
    pointer: &str,
    source: Source,
    out: &mut Report,
) {
    let Some(group) = group.as_object() else {
        out.error(
            pointer,
            format!(
                "must be a matcher group {{\"matcher\": \"...\", \"hooks\": [...]}}, got {}; {}",
                describe(group),
                source.refused()
            ),
        );
        return;
    };
    ignored_keys(group, GROUP_KEYS, pointer, out);
    match group.get("matcher") {
        None => {}
        Some(Value::String(matcher)) => {
            let at = child(pointer, "matcher");
            if IGNORES_MATCHER.contains(&event) {
                if !matches_everything(matcher) {
                    out.warning(
                        &at,
                        format!(
                            "{event} takes no matcher and ignores it; the hooks run on every \
                             {event} event, remove \"matcher\""
                        ),
                    );
                }
            } else if let Some(problem) = matcher_problem(matcher) {
                out.error(
                    &at,
                    format!(
                        "matcher {} is not a regular expression Codex compiles ({problem}), so \
                         Codex skips the group and its hooks never run",
                        quoted(matcher)
                    ),
                );
            }
        }
        Some(other) => out.error(
            &child(pointer, "matcher"),
            format!(
                "must be a string, got {}; {}",
                describe(other),
                source.refused()
            ),
        ),
    }
    let handlers_at = child(pointer, "hooks");
    match group.get("hooks") {
        None => out.warning(
            pointer,
            "has no \"hooks\", so the group runs nothing; add a handler or remove the group",
        ),
        Some(Value::Array(handlers)) => {
            if handlers.is_empty() {
                out.warning(
                    &handlers_at,
                    "has no handlers, so the group runs nothing; add one or remove the group",
                );
            }
            for (i, value) in handlers.iter().enumerate() {
                handler(value, &item(&handlers_at, i), source, out);
            }
        }
        Some(other) => out.error(
            &handlers_at,
            format!(
                "must be an array of handlers, got {}; {}",
                describe(other),
                source.refused()
            ),
        ),
    }
}

fn matches_everything(matcher: &str) -> bool {
    matcher.is_empty() || matcher == "*"
}

/// Why Codex cannot compile `matcher`, if it cannot: exact names and
/// match-everything values are not compiled.
fn matcher_problem(matcher: &str) -> Option<String> {
    let exact = matcher
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '|');
    if matches_everything(matcher) || exact {
        return None;
    }
    let err = regex::Regex::new(matcher).err()?;
    // The last line of the engine's message says what is wrong:
    // `error: unclosed group`.
    let text = err.to_string();
    let last = text.lines().last().unwrap_or(&text);
    Some(last.strip_prefix("error: ").unwrap_or(last).to_owned())
}

/// A handler field: its name and whether it is required.
type Fields = &'static [(&'static str, Kind, bool)];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    String,
    Bool,
    Seconds,
    Count,
    Object,
}

/// A `command` handler's fields, as 0.171.0 reads them (`command_windows`
/// is an alias of `commandWindows`; `timeout_sec` or `status_message` are
/// not read).
const COMMAND_FIELDS: Fields = &[
    ("command", Kind::String, true),
    ("commandWindows", Kind::String, false),
    ("command_windows", Kind::String, false),
    ("timeout", Kind::Seconds, false),
    ("async", Kind::Bool, false),
    ("statusMessage", Kind::String, false),
    ("additionalContextLimit", Kind::Count, false),
];

const MCP_TOOL_FIELDS: Fields = &[
    ("server", Kind::String, true),
    ("tool", Kind::String, true),
    ("input", Kind::Object, false),
    ("timeout", Kind::Seconds, false),
    ("statusMessage", Kind::String, false),
];

const TYPES: &[&str] = &["command", "mcp_tool", "prompt", "agent"];

fn handler(value: &Value, pointer: &str, source: Source, out: &mut Report) {
    let Some(object) = value.as_object() else {
        out.error(
            pointer,
            format!(
                "must be a handler {{\"type\": \"command\", \"command\": \"...\"}}, got {}; {}",
                describe(value),
                source.refused()
            ),
        );
        return;
    };
    let fields = match object.get("type") {
        None => {
            out.error(
                pointer,
                format!(
                    "missing required property \"type\" (one of {}); {}",
                    TYPES.join(", "),
                    source.refused()
                ),
            );
            return;
        }
        Some(Value::String(kind)) if kind == "command" => COMMAND_FIELDS,
        Some(Value::String(kind)) if kind == "mcp_tool" => MCP_TOOL_FIELDS,
        Some(Value::String(kind)) if kind == "prompt" || kind == "agent" => {
            out.error(
                &child(pointer, "type"),
                format!(
                    "Codex does not run {kind} hooks yet and skips this one; use a command hook"
                ),
            );
            return;
        }
        Some(other) => {
            let shown = match other {
                Value::String(kind) => quoted(kind),
                other => describe(other),
            };
            let hint = other
                .as_str()
                .and_then(|kind| similar_key(kind, TYPES))
                .map(|near| format!(" (did you mean \"{near}\"?)"))
                .unwrap_or_default();
            out.error(
                &child(pointer, "type"),
                format!(
                    "must be one of {}, got {shown}{hint}; {}",
                    TYPES.join(", "),
                    source.refused()
                ),
            );
            return;
        }
    };
    for (name, kind, required) in fields {
        match object.get(*name) {
            None if *required => out.error(
                pointer,
                format!("missing required property \"{name}\"; {}", source.refused()),
            ),
            None => {}
            Some(value) => {
                if let Some(expected) = wrong_type(*kind, value) {
                    out.error(
                        &child(pointer, name),
                        format!(
                            "must be {expected}, got {}; {}",
                            describe(value),
                            source.refused()
                        ),
                    );
                }
            }
        }
    }
    let names: Vec<&str> = fields
        .iter()
        .map(|(name, _, _)| *name)
        .chain(["type"])
        .collect();
    ignored_keys(object, &names, pointer, out);
    if let Some(Value::String(command)) = object.get("command")
        && fields == COMMAND_FIELDS
    {
        command_problem(command, &child(pointer, "command"), out);
    }
}

/// What `value` should be for `kind`, when it is not.
fn wrong_type(kind: Kind, value: &Value) -> Option<&'static str> {
    let fits = match kind {
        Kind::String => value.is_string(),
        Kind::Bool => value.is_boolean(),
        Kind::Seconds | Kind::Count => value.is_u64(),
        Kind::Object => value.is_object(),
    };
    (!fits).then_some(match kind {
        Kind::String => "a string",
        Kind::Bool => "a boolean",
        Kind::Seconds => "a whole number of seconds",
        Kind::Count => "a whole number",
        Kind::Object => "an object",
    })
}

/// Keys Codex does not read: a warning each, with the near miss.
fn ignored_keys(object: &Map<String, Value>, known: &[&str], pointer: &str, out: &mut Report) {
    for key in object.keys().filter(|key| !known.contains(&key.as_str())) {
        let hint = similar_key(key, known)
            .map(|near| format!(" (did you mean \"{near}\"?)"))
            .unwrap_or_default();
        out.warning(
            &child(pointer, key),
            format!(
                "unknown property {}{hint}: Codex ignores it; takes {}",
                quoted(key),
                known.join(", ")
            ),
        );
    }
}

/// An empty command, or one whose program does not exist.
fn command_problem(command: &str, pointer: &str, out: &mut Report) {
    let Some(program) = program(command) else {
        if command.trim().is_empty() {
            out.error(
                pointer,
                "is empty, so Codex skips the hook; name the program to run",
            );
        }
        return;
    };
    if program.contains('/') {
        let path = Path::new(program);
        if path.is_absolute() && !path.exists() {
            out.error(
                pointer,
                format!(
                    "runs {}, which does not exist, so the hook fails every time and Codex goes \
                     ahead as if there were none",
                    quoted(program)
                ),
            );
        }
        return;
    }
    let on_path = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()));
    if !on_path && !is_shell_builtin(program) {
        out.warning(
            pointer,
            format!(
                "runs {}, which is nowhere on this PATH; if the agent's PATH lacks it too, the \
                 hook fails every time, so name it by its absolute path",
                quoted(program)
            ),
        );
    }
}

/// The program a shell command runs first, when it can be told without a
/// shell: the first word, unquoted, when it has no expansion and is not an
/// assignment.
fn program(command: &str) -> Option<&str> {
    let first = command.split_whitespace().next()?;
    let first = first
        .strip_prefix('\'')
        .and_then(|w| w.strip_suffix('\''))
        .or_else(|| first.strip_prefix('"').and_then(|w| w.strip_suffix('"')))
        .unwrap_or(first);
    let plain = !first.is_empty()
        && !first.contains([
            '$', '`', '=', '~', '*', '?', '[', '(', '{', '\'', '"', '\\', ';', '&', '|', '<', '>',
        ]);
    plain.then_some(first)
}

fn is_shell_builtin(program: &str) -> bool {
    matches!(
        program,
        "cd" | "echo"
            | "exec"
            | "exit"
            | "export"
            | "printf"
            | "read"
            | "set"
            | "test"
            | "true"
            | "false"
            | "."
            | ":"
    )
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn lines(lint: &HooksLint) -> (Vec<String>, Vec<String>) {
        (lint.error_lines(), lint.warning_lines())
    }

    #[test]
    fn a_clean_file_has_no_problem() {
        let hooks = json!({ "hooks": {
            "PreToolUse": [{ "matcher": "^Bash$", "hooks": [{ "type": "command", "command": "/bin/sh -c true", "timeout": 30 }] }],
            "Stop": [{ "hooks": [{ "type": "mcp_tool", "server": "gate", "tool": "check", "input": {} }] }]
        }});
        assert_eq!(lines(&lint_codex_hooks_json(&hooks)), (vec![], vec![]));
    }

    #[test]
    fn handlers_codex_skips_or_cannot_read_are_errors() {
        let hooks = json!({ "hooks": { "PreToolUse": [{ "hooks": [
            { "type": "prompt", "prompt": "is this safe?" },
            { "type": "http", "url": "http://127.0.0.1:1" },
            { "type": "command", "command": "  " },
            { "type": "command", "command": "/no/such/hook --check" },
            { "type": "command", "command": "/bin/true", "timeout": -1, "timout": 5 }
        ] }] }});
        let (errors, warnings) = lines(&lint_codex_hooks_json(&hooks));
        assert_eq!(
            errors,
            [
                "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0/type: Codex does not run prompt hooks yet and skips this one; use a command hook",
                "Invalid hooks settings at /hooks/PreToolUse/0/hooks/1/type: must be one of command, mcp_tool, prompt, agent, got \"http\"; Codex ignores the whole file, so none of its hooks run",
                "Invalid hooks settings at /hooks/PreToolUse/0/hooks/2/command: is empty, so Codex skips the hook; name the program to run",
                "Invalid hooks settings at /hooks/PreToolUse/0/hooks/3/command: runs \"/no/such/hook\", which does not exist, so the hook fails every time and Codex goes ahead as if there were none",
                "Invalid hooks settings at /hooks/PreToolUse/0/hooks/4/timeout: must be a whole number of seconds, got number -1; Codex ignores the whole file, so none of its hooks run",
            ]
        );
        assert_eq!(
            warnings,
            [
                "Hooks settings warning at /hooks/PreToolUse/0/hooks/4/timout: unknown property \"timout\" (did you mean \"timeout\"?): Codex ignores it; takes command, commandWindows, command_windows, timeout, async, statusMessage, additionalContextLimit, type"
            ]
        );
    }

    #[test]
    fn a_matcher_codex_ignores_is_a_warning_and_a_bad_one_an_error() {
        let hooks = json!({ "hooks": {
            "Stop": [{ "matcher": "[", "hooks": [{ "type": "command", "command": "/bin/true" }] }],
            "SessionStart": [{ "matcher": "startup|resume", "hooks": [] }]
        }});
        assert_eq!(
            lines(&lint_codex_hooks_json(&hooks)),
            (
                vec![],
                vec![
                    "Hooks settings warning at /hooks/Stop/0/matcher: Stop takes no matcher and ignores it; the hooks run on every Stop event, remove \"matcher\"".to_owned(),
                    "Hooks settings warning at /hooks/SessionStart/0/hooks: has no handlers, so the group runs nothing; add one or remove the group".to_owned(),
                ]
            )
        );
    }

    #[test]
    fn config_toml_hooks_are_read_as_codex_reads_them() {
        let config = r#"
model = "o4"

[[hooks.PreToolUse]]
matcher = "Bash"
[[hooks.PreToolUse.hooks]]
type = "mcp_tool"
server = "guard"

[hooks.state."/home/u/.codex/config.toml:pre_tool_use:0:0"]
trusted_hash = "sha256:0"
"#;
        assert_eq!(
            lint_codex_config_toml(config).error_lines(),
            [
                "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0: missing required property \"tool\"; Codex refuses to start with this config.toml"
            ]
        );
        assert_eq!(
            lint_codex_config_toml("[hooks\nStop = 1").error_lines(),
            [
                "Invalid hooks settings: not valid TOML at line 1 column 7: unclosed table, expected `]`; Codex refuses to start with it"
            ]
        );
    }
}
