//! A matcher group's `matcher`, read as the agent reads it: `*`, `""` or
//! none match everything; a value of only letters, digits, `_`, `-`, spaces,
//! `,` and `|` is a list of exact names (`FileChanged` and `StopFailure`:
//! letters, digits, `_` and `|` only); anything else is a JavaScript regular
//! expression, tested unanchored with `RegExp.prototype.test`.

use std::cell::OnceCell;

use toolsmith_schema_rules::pattern::in_our_voice;

use super::facts::{self, Target};
use super::name_regex::NameRegex;
use super::quoted;
use crate::claude::{BUILTIN_TOOL_NAMES, HookEvent, McpToolName, builtin_tool};
use crate::input::suggest;
use crate::lint::Report;

/// How the agent reads a matcher.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Reading<'a> {
    /// Every occurrence of the event.
    All,
    /// Exact names, the alternatives trimmed.
    Exact(Vec<&'a str>),
    /// A JavaScript regular expression.
    Regex,
}

/// A group's matcher, its regular expression compiled once, on first
/// use, however many handlers of the group ask about it.
#[derive(Debug)]
pub(super) struct Matcher<'a> {
    text: &'a str,
    regex: OnceCell<Result<NameRegex, String>>,
}

impl<'a> Matcher<'a> {
    /// The matcher `text`, not compiled yet.
    pub(super) fn new(text: &'a str) -> Self {
        Matcher {
            text,
            regex: OnceCell::new(),
        }
    }

    /// The matcher as written.
    pub(super) fn text(&self) -> &'a str {
        self.text
    }

    /// The matcher read as a regular expression, or why JavaScript does
    /// not compile it.
    fn regex(&self) -> &Result<NameRegex, String> {
        self.regex
            .get_or_init(|| NameRegex::compile(self.text).map_err(|err| err.to_string()))
    }
}

/// How the agent reads `matcher`; `narrow` for the events whose exact set
/// is letters, digits, `_` and `|` only.
pub(super) fn reading(matcher: &str, narrow: bool) -> Reading<'_> {
    if matcher.is_empty() || matcher == "*" {
        return Reading::All;
    }
    let exact = |c: char| {
        c.is_ascii_alphanumeric()
            || c == '_'
            || c == '|'
            || (!narrow && matches!(c, '-' | ' ' | ','))
    };
    if !matcher.chars().all(exact) {
        return Reading::Regex;
    }
    let separators: &[char] = if narrow { &['|'] } else { &['|', ','] };
    Reading::Exact(matcher.split(separators).map(str::trim).collect())
}

/// Checks the `matcher` at `pointer` as `event` reads it (`None`: only
/// that a regular expression compiles).
pub(super) fn check(
    matcher: &Matcher<'_>,
    pointer: &str,
    event: Option<HookEvent>,
    out: &mut Report,
) {
    let compiled = matcher;
    let matcher = matcher.text();
    let rules = event.map(facts::rules);
    if let (Some(event), Some(rules)) = (event, rules) {
        if rules.target == Target::Ignored {
            if !matches!(reading(matcher, false), Reading::All) {
                out.warning(
                    pointer,
                    format!(
                        "{event} takes no matcher and ignores it; the hooks run on every \
                         {event} event, remove \"matcher\""
                    ),
                );
            }
            return;
        }
    }
    let narrow = rules.is_some_and(|rules| rules.narrow_exact);
    match reading(matcher, narrow) {
        Reading::All => {}
        Reading::Exact(names) => {
            if names.iter().any(|name| name.is_empty()) {
                out.warning(
                    pointer,
                    format!(
                        "matcher {} has an empty name between separators",
                        quoted(matcher)
                    ),
                );
            }
            if let (Some(event), Some(rules)) = (event, rules) {
                for name in names.into_iter().filter(|name| !name.is_empty()) {
                    exact_name(name, event, rules.target, pointer, out);
                }
            }
        }
        Reading::Regex => {
            if let Err(err) = compiled.regex() {
                out.error(
                    pointer,
                    format!(
                        "matcher {} is read as a JavaScript regular expression and does not \
                         compile: {}",
                        quoted(matcher),
                        in_our_voice(err)
                    ),
                );
                return;
            }
            match rules.map(|rules| rules.target) {
                Some(Target::ToolName) if looks_like_rule(matcher) => out.warning(
                    pointer,
                    format!(
                        "matcher {} is a permission rule, but a matcher is tested against the \
                         tool name alone and matches no tool; match the tool and put the rule \
                         in the handler's \"if\"",
                        quoted(matcher)
                    ),
                ),
                Some(Target::FileNames) if matcher.contains(GLOB_OR_REGEX) => out.warning(
                    pointer,
                    format!(
                        "FileChanged watches the names in its matcher literally, split on \
                         \"|\": {} watches no file you mean; list file names such as \
                         \".envrc|.env\"",
                        quoted(matcher)
                    ),
                ),
                _ => {}
            }
        }
    }
}

/// Characters a file name in a `FileChanged` watch list rarely holds.
const GLOB_OR_REGEX: &[char] = &['^', '$', '(', ')', '[', ']', '{', '}', '+', '?', '\\', '*'];

/// One exact name of a matcher on `event`.
fn exact_name(name: &str, event: HookEvent, target: Target, pointer: &str, out: &mut Report) {
    match target {
        Target::ToolName => {
            if let Some(problem) = tool_name_problem(name) {
                out.warning(pointer, problem);
            }
        }
        Target::Values(values) if !values.contains(&name) => {
            let hint = suggest(name, values)
                .map(|near| format!(" (did you mean {}?)", quoted(near)))
                .unwrap_or_default();
            out.warning(
                pointer,
                format!(
                    "{} matches no {event} event{hint}; its matcher filters on {}",
                    quoted(name),
                    values.join(", ")
                ),
            );
        }
        _ => {}
    }
}

/// Why `name` matches no tool, if it does not: neither a built-in tool
/// nor an MCP tool (`mcp__<server>__<tool>`).
pub(super) fn tool_name_problem(name: &str) -> Option<String> {
    if builtin_tool(name).is_some() || McpToolName::parse(name).is_some() {
        return None;
    }
    if McpToolName::in_namespace(name) {
        return Some(format!(
            "{} names an MCP server, not a tool, and matches no tool; use {} for every \
             tool of that server",
            quoted(name),
            quoted(&format!("{}__.*", name.trim_end_matches('_')))
        ));
    }
    let hint = suggest(name, BUILTIN_TOOL_NAMES)
        .map(|near| format!(" (did you mean {}?)", quoted(near)))
        .unwrap_or_default();
    Some(format!(
        "no built-in tool is named {}{hint}; tool names are case-sensitive and MCP tools \
         are named mcp__<server>__<tool>",
        quoted(name)
    ))
}

/// Whether a tool call that a permission rule for `tool` can match gets
/// past `matcher`. An `Edit` rule covers every built-in tool that edits
/// files and a `Read` rule every one that reads them, as the permission
/// settings apply them; MCP and unknown tools are given the benefit of the
/// doubt, and so is a regular expression that gives no verdict (see
/// [`NameRegex::test`]).
pub(super) fn lets_through(matcher: &Matcher<'_>, tool: &str) -> bool {
    let compiled = matcher;
    let matcher = matcher.text();
    let covered: &[&str] = match tool {
        "Edit" => &["Edit", "Write", "MultiEdit", "NotebookEdit"],
        "Read" => &["Read", "Grep", "Glob", "LS", "NotebookRead"],
        _ if McpToolName::in_namespace(tool) || builtin_tool(tool).is_none() => return true,
        _ => std::slice::from_ref(&tool),
    };
    match reading(matcher, false) {
        Reading::All => true,
        Reading::Exact(names) => names.iter().any(|name| covered.contains(name)),
        Reading::Regex => match compiled.regex() {
            Ok(regex) => covered.iter().any(|name| regex.test(name).unwrap_or(true)),
            Err(_) => true,
        },
    }
}

/// `Bash(git *)`: a tool name, then parentheses closing the value.
fn looks_like_rule(matcher: &str) -> bool {
    match matcher.split_once('(') {
        Some((tool, _)) => {
            !tool.is_empty()
                && tool.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && matcher.ends_with(')')
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_characters_decide_how_a_matcher_is_read() {
        assert_eq!(reading("", false), Reading::All);
        assert_eq!(reading("*", false), Reading::All);
        assert_eq!(reading("Bash", false), Reading::Exact(vec!["Bash"]));
        assert_eq!(
            reading("Edit, Write|code-reviewer", false),
            Reading::Exact(vec!["Edit", "Write", "code-reviewer"])
        );
        assert_eq!(reading("mcp__memory__.*", false), Reading::Regex);
        assert_eq!(reading("^Notebook", false), Reading::Regex);
        // FileChanged and StopFailure: a hyphen, space or comma is regex.
        assert_eq!(
            reading("rate_limit|unknown", true),
            Reading::Exact(vec!["rate_limit", "unknown"])
        );
        assert_eq!(reading("rate-limit", true), Reading::Regex);
        assert_eq!(reading("a, b", true), Reading::Regex);
    }
}
