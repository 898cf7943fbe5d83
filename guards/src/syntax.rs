//! File contents checked against their extension: JSON, TOML, YAML.

use toolsmith_text::echo;

use crate::{GuardError, GuardErrorCode};

/// Whether `content` parses as the format `path`'s extension names:
/// `.json` (with `serde_json`), `.toml` (with `toml`), `.yaml`/`.yml`
/// (with `saphyr-parser`, YAML 1.2, every document of the stream);
/// other extensions pass, the content unread.
///
/// A failure is one line with the path, the 1-based line and column and
/// the parser's message, code [`GuardErrorCode::InvalidFileSyntax`]:
///
/// ```
/// use toolsmith_guards::validate_file_syntax;
///
/// assert!(validate_file_syntax("config.toml", "[server]\nport = 8080\n").is_ok());
/// let error = validate_file_syntax("data.json", "{\"a\": 1,}").unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "Invalid file syntax: data.json:1:9: trailing comma"
/// );
/// assert!(validate_file_syntax("notes.txt", "{").is_ok());
/// ```
pub fn validate_file_syntax(path: &str, content: &str) -> Result<(), GuardError> {
    let extension = path
        .rsplit('/')
        .next()
        .and_then(|name| name.rsplit_once('.'))
        .map(|(_, extension)| extension.to_ascii_lowercase());
    let problem = match extension.as_deref() {
        Some("json") => json_problem(content),
        Some("toml") => toml_problem(content),
        Some("yaml" | "yml") => yaml_problem(content),
        _ => None,
    };
    match problem {
        None => Ok(()),
        Some(Problem {
            line,
            column,
            message,
        }) => {
            let shown = echo::shown(path, 64);
            let message = echo::shown(&message, 160);
            let line = format!("Invalid file syntax: {shown}:{line}:{column}: {message}");
            Err(GuardError::new(
                GuardErrorCode::InvalidFileSyntax,
                vec![line],
                shown,
            ))
        }
    }
}

/// Where the parser stopped (1-based) and why.
struct Problem {
    line: usize,
    column: usize,
    message: String,
}

fn json_problem(content: &str) -> Option<Problem> {
    let error = serde_json::from_str::<serde::de::IgnoredAny>(content).err()?;
    let message = error.to_string();
    // serde_json ends its messages with " at line L column C".
    let mut message = match message.rfind(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message,
    };
    // `{"a": 1,}`: serde_json asks for a key where the object ends.
    let at = content
        .split('\n')
        .nth(error.line().saturating_sub(1))
        .and_then(|line| line.get(error.column().saturating_sub(1)..));
    if message == "key must be a string" && at.is_some_and(|rest| rest.starts_with('}')) {
        message = "trailing comma".to_owned();
    }
    Some(Problem {
        line: error.line().max(1),
        // serde_json says column 0 for an error before the first character.
        column: error.column().max(1),
        message,
    })
}

fn toml_problem(content: &str) -> Option<Problem> {
    let error = content.parse::<toml::Table>().err()?;
    let at = error.span().map_or(0, |span| span.start);
    let (line, column) = line_column(content, at);
    Some(Problem {
        line,
        column,
        message: error.message().trim_end().replace('\n', "; "),
    })
}

fn yaml_problem(content: &str) -> Option<Problem> {
    for event in saphyr_parser::Parser::new_from_str(content) {
        if let Err(error) = event {
            return Some(Problem {
                line: error.marker().line(),
                column: error.marker().col() + 1,
                message: error.info().to_owned(),
            });
        }
    }
    None
}

/// The 1-based line and column (in characters) of byte `at`.
fn line_column(content: &str, at: usize) -> (usize, usize) {
    let at = (0..=at.min(content.len()))
        .rev()
        .find(|&i| content.is_char_boundary(i))
        .unwrap_or(0);
    let before = &content[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}
