//! `brush-parser` on a text whose nesting was checked first, so the
//! recursive parser's stack and backtracking stay bounded.

use brush_parser::ast;
use brush_parser::{ParseError, ParserOptions, SourceInfo, Token, TokenizerError};

/// How deep brackets may nest in the text (`(`, `{`, `[` counted alike,
/// quoted or not), and compound commands in one another (`if`, `case`,
/// loops, groups, subshells): this keeps the recursive parser's stack small.
pub(super) const MAX_BRACKET_DEPTH: usize = 32;

/// How deep `case` may nest in `case`: the parser backtracks through each
/// level of a `case` it cannot finish, so its work doubles with each one.
pub(super) const MAX_CASE_DEPTH: usize = 6;

/// `brush-parser` 0.2 writes a here-document inside `$(…)` back with its
/// end line spelled as the quoted start tag (`<<'EOF'` … `'EOF'`), which no
/// longer ends the document when the text is parsed again; this puts the
/// unquoted tag back on such lines (`git commit -m "$(cat <<'EOF' …)"`).
pub(super) fn repair_here_document_ends(text: &str) -> String {
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("<<") {
        rest = &rest[at + 2..];
        if rest.starts_with('<') {
            rest = &rest[1..];
            continue;
        }
        let word = rest.trim_start_matches('-').trim_start_matches([' ', '\t']);
        let end = word
            .find(|c: char| c.is_whitespace() || ";|&<>()".contains(c))
            .unwrap_or(word.len());
        let tag = &word[..end];
        let unquoted: String = tag.chars().filter(|c| !"'\"\\".contains(*c)).collect();
        if unquoted.len() != tag.len() && !unquoted.is_empty() {
            tags.push((tag.to_owned(), unquoted));
        }
    }
    if tags.is_empty() {
        return text.to_owned();
    }
    text.split('\n')
        .map(|line| {
            let bare = line.trim_start_matches('\t');
            match tags.iter().find(|(quoted, _)| bare == quoted) {
                Some((_, unquoted)) => unquoted.as_str(),
                None => line,
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text's deepest nesting of brackets, quoted or not: a cheap bound
/// checked before the recursive parser runs.
pub(super) fn bracket_depth(text: &str) -> usize {
    let mut depth = 0usize;
    let mut deepest = 0;
    for byte in text.bytes() {
        match byte {
            b'(' | b'{' | b'[' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b')' | b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Why a text could not be parsed.
pub(super) enum Failure {
    Unparseable(String),
    TooDeep,
}

pub(super) fn parse(source: &str, options: &ParserOptions) -> Result<ast::Program, Failure> {
    let tokens = brush_parser::uncached_tokenize_str(source, &options.tokenizer_options())
        .map_err(|error| Failure::Unparseable(tokenizer_reason(&error)))?;
    let (depth, case_depth) = structure_depth(&tokens);
    if depth > MAX_BRACKET_DEPTH || case_depth > MAX_CASE_DEPTH {
        return Err(Failure::TooDeep);
    }
    brush_parser::parse_tokens(&tokens, options, &SourceInfo::default()).map_err(|error| {
        Failure::Unparseable(match error {
            ParseError::ParsingNearToken(token) => {
                format!("syntax error near {:?}", token_text(&token))
            }
            ParseError::ParsingAtEndOfInput => "the command ends too early".to_owned(),
            ParseError::Tokenizing { inner, .. } => tokenizer_reason(&inner),
        })
    })
}

/// How deep compound commands nest in the tokens, in all and `case` alone:
/// a stack of the openers seen in command position (`if`, `case`, `do`,
/// `{`, `(`), each popped only by its own closer (`fi`, `esac`, `done`,
/// `}`, `)`), so closers written as arguments or case patterns do not
/// hide the nesting.
fn structure_depth(tokens: &[Token]) -> (usize, usize) {
    let mut stack: Vec<&str> = Vec::new();
    let (mut deepest, mut deepest_case) = (0, 0);
    let mut command_position = true;
    for token in tokens {
        match token {
            Token::Operator(operator, _) => {
                match operator.as_str() {
                    "(" => stack.push("("),
                    ")" if stack.last() == Some(&"(") => {
                        stack.pop();
                    }
                    _ => {}
                }
                command_position = matches!(
                    operator.as_str(),
                    ";" | "&" | "&&" | "||" | "|" | "|&" | ";;" | ";&" | ";;&" | "(" | ")" | "\n"
                );
            }
            Token::Word(word, _) => {
                if command_position {
                    let closes = match word.as_str() {
                        "fi" => Some("if"),
                        "esac" => Some("case"),
                        "done" => Some("do"),
                        "}" => Some("{"),
                        _ => None,
                    };
                    match word.as_str() {
                        opener @ ("if" | "case" | "do" | "{") => stack.push(opener),
                        _ if closes.is_some() && stack.last().copied() == closes => {
                            stack.pop();
                        }
                        _ => {}
                    }
                }
                // Only a reserved word in command position keeps it:
                // `if if` is two keywords, `echo if` one argument.
                command_position = command_position
                    && matches!(
                        word.as_str(),
                        "if" | "then"
                            | "else"
                            | "elif"
                            | "do"
                            | "while"
                            | "until"
                            | "{"
                            | "}"
                            | "!"
                            | "fi"
                            | "done"
                            | "esac"
                            | "time"
                    );
            }
        }
        deepest = deepest.max(stack.len());
        deepest_case = deepest_case.max(stack.iter().filter(|o| **o == "case").count());
    }
    (deepest, deepest_case)
}

fn token_text(token: &Token) -> &str {
    token.to_str()
}

fn tokenizer_reason(error: &TokenizerError) -> String {
    error.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn here_document_ends_are_repaired() {
        assert_eq!(
            repair_here_document_ends("cat <<'EOF'\nbody\n'EOF'\n"),
            "cat <<'EOF'\nbody\nEOF\n"
        );
        assert_eq!(
            repair_here_document_ends("cat <<-\"END\"\n\tx\n\t\"END\""),
            "cat <<-\"END\"\n\tx\nEND"
        );
        assert_eq!(
            repair_here_document_ends("cat <<EOF\nx\nEOF"),
            "cat <<EOF\nx\nEOF"
        );
        assert_eq!(repair_here_document_ends("cat <<< 'x'"), "cat <<< 'x'");
    }

    fn depth(text: &str) -> (usize, usize) {
        let options = ParserOptions::default();
        let tokens =
            brush_parser::uncached_tokenize_str(text, &options.tokenizer_options()).unwrap();
        structure_depth(&tokens)
    }

    #[test]
    fn structure_depth_follows_the_grammar() {
        assert_eq!(depth("echo if case do {"), (0, 0));
        assert_eq!(depth("if a; then if b; then c; fi; fi"), (2, 0));
        assert_eq!(depth("case x in a) case y in b) c;; esac;; esac"), (2, 2));
        assert_eq!(depth("while a; do ( { b; } ); done"), (3, 0));
        assert_eq!(depth("f() { a; }; (( 1 + (2) ))"), (3, 0));
        // Closers as arguments do not hide the nesting.
        assert_eq!(depth("if a; then echo fi; if b; then echo fi; fi"), (2, 0));
        // Case patterns do not close subshells.
        assert_eq!(
            depth("( case x in a) ( case y in b) c;; esac );; esac )"),
            (4, 2)
        );
    }

    #[test]
    fn bracket_depth_counts_every_bracket() {
        assert_eq!(bracket_depth("echo"), 0);
        assert_eq!(bracket_depth("$(a $(b) { c })"), 2);
        assert_eq!(bracket_depth("))(("), 2);
    }
}
