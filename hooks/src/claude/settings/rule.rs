//! A handler's `if`: one permission rule, `Tool` or `Tool(specifier)`, as
//! the permission settings write them (`Bash(git push *)`, `Edit(src/**)`,
//! `mcp__github__create_issue`, `Read`).

/// A rule read from `if`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Rule<'a> {
    /// The tool name: `Bash`, `mcp__github__create_issue`.
    pub(super) tool: &'a str,
    /// What is inside the parentheses, if any.
    pub(super) specifier: Option<&'a str>,
}

const EXAMPLE: &str = "write one rule as Tool or Tool(specifier), such as \"Bash(git *)\"";

/// Reads `text` as one permission rule, or says why it is none.
pub(super) fn parse(text: &str) -> Result<Rule<'_>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!("is empty; {EXAMPLE}, or remove \"if\""));
    }
    let (tool, rest) = match text.find('(') {
        Some(open) => (text[..open].trim_end(), &text[open..]),
        None => (text, ""),
    };
    if tool.is_empty() {
        return Err(format!("names no tool before \"(\"; {EXAMPLE}"));
    }
    if !tool.chars().all(is_tool_char) {
        if combines(text) {
            return Err(combined());
        }
        return Err(format!("is not a permission rule; {EXAMPLE}"));
    }
    if rest.is_empty() {
        return Ok(Rule {
            tool,
            specifier: None,
        });
    }
    let Some(close) = matching_close(rest) else {
        return Err("is missing the \")\" that closes its \"(\"".to_owned());
    };
    let after = rest[close + 1..].trim();
    if !after.is_empty() {
        if combines(after) {
            return Err(combined());
        }
        return Err(format!("has text after its closing \")\"; {EXAMPLE}"));
    }
    Ok(Rule {
        tool,
        specifier: Some(&rest[1..close]),
    })
}

/// Letters, digits, `_` and `-` (MCP server names), and `*` for
/// `mcp__server__*`.
fn is_tool_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '*'
}

/// The index in `rest` (which starts with `(`) of the `)` closing it;
/// `\(` and `\)` do not count.
fn matching_close(rest: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut escaped = false;
    for (i, b) in rest.bytes().enumerate() {
        match b {
            _ if escaped => escaped = false,
            b'\\' => escaped = true,
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Whether `text` joins rules the way `if` cannot: `&&`, `||`, a list.
fn combines(text: &str) -> bool {
    let text = text.trim_start();
    text.contains("&&")
        || text.contains("||")
        || text.starts_with(',')
        || text.starts_with('|')
        || text.contains("), ")
        || text.contains(") ")
}

fn combined() -> String {
    "holds one permission rule: \"&&\", \"||\" and lists are not supported; \
     use one handler per rule"
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_rule_shapes_of_the_permission_settings() {
        for (text, tool, specifier) in [
            ("Bash(git push *)", "Bash", Some("git push *")),
            ("Edit(src/**)", "Edit", Some("src/**")),
            (
                "mcp__github__create_issue",
                "mcp__github__create_issue",
                None,
            ),
            ("mcp__brave-search__*", "mcp__brave-search__*", None),
            ("Read", "Read", None),
            ("Bash(echo \\(x\\))", "Bash", Some("echo \\(x\\)")),
            ("Bash(echo (a) b)", "Bash", Some("echo (a) b")),
        ] {
            assert_eq!(parse(text), Ok(Rule { tool, specifier }), "{text}");
        }
    }

    #[test]
    fn says_what_is_wrong_with_a_malformed_rule() {
        for (text, problem) in [
            (
                "",
                "is empty; write one rule as Tool or Tool(specifier), such as \"Bash(git *)\", or remove \"if\"",
            ),
            ("Bash(git *", "is missing the \")\" that closes its \"(\""),
            (
                "(git *)",
                "names no tool before \"(\"; write one rule as Tool or Tool(specifier), such as \"Bash(git *)\"",
            ),
            (
                "Bash git push",
                "is not a permission rule; write one rule as Tool or Tool(specifier), such as \"Bash(git *)\"",
            ),
            (
                "Bash(git *) && Edit(*.ts)",
                "holds one permission rule: \"&&\", \"||\" and lists are not supported; use one handler per rule",
            ),
            (
                "Bash(git *), Edit(*.ts)",
                "holds one permission rule: \"&&\", \"||\" and lists are not supported; use one handler per rule",
            ),
            (
                "Bash(git *)x",
                "has text after its closing \")\"; write one rule as Tool or Tool(specifier), such as \"Bash(git *)\"",
            ),
        ] {
            assert_eq!(parse(text), Err(problem.to_owned()), "{text}");
        }
    }
}
