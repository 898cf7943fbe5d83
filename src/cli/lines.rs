//! The lines the command line prints on stderr: a refused call said with
//! `--flag` names where other hosts say JSON pointers (a problem inside
//! the JSON value of a flag names that flag and the pointer within it:
//! `Invalid value for --change at /kind: …`), a value read from a file
//! never repeated, and a usage error with every value it repeats from the
//! command line on one line and cut short.

use clap::error::{ContextKind, ContextValue};
use serde_json::Value;
use toolsmith_runtime::echo::{cut, shown};
use toolsmith_runtime::{IssueKind, ToolInputError, sanitize_text};

use super::flags::{Flag, flags};
use super::input::Sources;
use crate::host::{self, types_of};

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

/// The lines of a call to the tool whose arguments `schema` describes,
/// refused: as [`lines`], but a location inside the JSON value of a flag
/// is that flag and the pointer within its value (`Invalid value for
/// --change at /kind: …`, never a `--change.kind` that does not exist),
/// and a value read from a file (`--body @notes.txt`) is named by its file,
/// never repeated (`Invalid arguments at --body: must be at most 80
/// characters long (the text of file "notes.txt")`).
pub(crate) fn refused_lines(
    err: &ToolInputError,
    schema: &Value,
    sources: &Sources<'_>,
) -> Vec<String> {
    let flags = flags(schema);
    let mut out = lines(err);
    for (line, issue) in out.iter_mut().zip(err.issues()) {
        if issue.at.is_empty() {
            continue;
        }
        let Some(found) = locate(&issue.at, &flags) else {
            continue;
        };
        let Some((_, problem)) = line.split_once(": ") else {
            continue;
        };
        let mut problem = problem.to_owned();
        // A missing key with a flag of its own is said as that flag, as
        // `lines` does; one inside a JSON value, as the value's problem.
        let missing_inside = issue.kind == IssueKind::MissingProperty
            && !issue.missing.is_empty()
            && !issue.missing.iter().all(|key| {
                let key = key.replace('~', "~0").replace('/', "~1");
                locate(&format!("{}/{key}", issue.at), &flags)
                    .is_some_and(|inner| inner.inside.is_empty())
            });
        if issue.kind == IssueKind::MissingProperty && !issue.missing.is_empty() {
            if !missing_inside {
                continue;
            }
            problem = issue.problem.clone();
        }
        if let Some(file) = sources.file_of(&found.id) {
            problem = format!("{} (the text of file {file})", unechoed(&problem));
        }
        *line = match (found.inside.is_empty(), missing_inside) {
            (true, false) => format!("Invalid arguments at {}: {problem}", found.flag),
            (true, true) => format!("Invalid value for {}: {problem}", found.flag),
            (false, _) => format!(
                "Invalid value for {} at {}: {problem}",
                found.flag, found.inside
            ),
        };
    }
    out
}

/// Where a problem is, said with the flags that exist.
struct Located {
    /// The flag as a line names it: `--change`, `--tags[2]`.
    flag: String,
    /// The flag's id, as [`Sources`] knows it: `change`, `tags`.
    id: String,
    /// The pointer within the flag's JSON value, as a line shows it; empty
    /// when the problem is the flag's value itself.
    inside: String,
}

/// The flag of `flags` that set the value at `pointer` (the deepest one
/// whose path starts it), and the pointer left within its value; `None`
/// when no flag does.
fn locate(pointer: &str, flags: &[Flag]) -> Option<Located> {
    let segments: Vec<String> = pointer
        .split('/')
        .skip(1)
        .map(|s| s.replace("~1", "/").replace("~0", "~"))
        .collect();
    let flag = flags
        .iter()
        .filter(|f| f.path.len() <= segments.len() && f.path[..] == segments[..f.path.len()])
        .max_by_key(|f| f.path.len())?;
    let id = flag.long();
    let mut shown_flag = format!("--{id}");
    let mut rest = &segments[flag.path.len()..];
    if types_of(&flag.schema) == ["array"]
        && let Some(index) = rest
            .first()
            .filter(|i| !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit()))
    {
        shown_flag = format!("{shown_flag}[{index}]");
        rest = &rest[1..];
    }
    let inside: String = rest
        .iter()
        .map(|segment| {
            let segment = segment.replace('~', "~0").replace('/', "~1");
            format!("/{}", shown(&segment, 40))
        })
        .collect();
    Some(Located {
        flag: shown_flag,
        id,
        inside,
    })
}

/// A problem with the value it repeats taken out (`must be one of low,
/// high, got "…" (did you mean "high"?)` → `must be one of low, high (did
/// you mean "high"?)`, `unknown property "…"` → `unknown property`): what
/// a line says of a value read from a file, whose text stays unsaid.
fn unechoed(problem: &str) -> String {
    if let Some(rest) = problem.strip_prefix("unknown property \"") {
        let after = rest.split_once('"').map_or("", |(_, after)| after);
        return format!("unknown property{after}");
    }
    let Some((head, got)) = problem.split_once(", got ") else {
        return problem.to_owned();
    };
    match got.find(" (did you mean ") {
        Some(at) => format!("{head}{}", &got[at..]),
        None => head.to_owned(),
    }
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
        let shown = host::name(&key).replace('_', "-");
        flag.push_str(&shown);
    }
    flag
}

/// The longest value a usage error repeats from the command line.
const ECHO_CHARS: usize = 60;
/// The longest line of a usage error.
const MAX_ERROR_LINE: usize = 300;

/// A clap error as printed: every value it repeats from the command line
/// (an unknown flag, a bad value) on one line and cut short, then the whole
/// text sanitized, so no argument can forge a line, move the cursor or
/// turn the text around. Help and version text, ours alone, stay as clap
/// writes them.
pub(crate) fn clap_error_text(mut clap_err: clap::Error) -> String {
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
    let clean = |text: &str| shown(text, ECHO_CHARS);
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
    fn a_value_read_from_a_file_is_not_repeated() {
        assert_eq!(
            unechoed("must be one of low, high, got \"hgih\" (did you mean \"high\"?)"),
            "must be one of low, high (did you mean \"high\"?)"
        );
        assert_eq!(
            unechoed("must match ^[a-z]+$, got \"secret text\""),
            "must match ^[a-z]+$"
        );
        assert_eq!(
            unechoed("unknown property \"secret\" (did you mean \"name\"?)"),
            "unknown property (did you mean \"name\"?)"
        );
        assert_eq!(
            unechoed("must be at most 3 characters long, got 5"),
            "must be at most 3 characters long"
        );
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
}
