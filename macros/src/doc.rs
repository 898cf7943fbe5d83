//! Doc comments as descriptions.
//!
//! A description is what a model reads, so it is the doc comment's summary
//! and body only: the text before the first of rustdoc's conventional
//! sections (`# Arguments`, `# Errors`, `# Panics`, `# Safety`,
//! `# Examples`, ...), without fenced code blocks. Other headings, and the
//! text under them, stay.

use proc_macro2::Span;
use syn::{Attribute, Expr, ExprLit, Lit, Meta};

/// The doc comment of an item: its text, and the span of its first line.
pub struct Doc {
    pub text: String,
    pub span: Option<Span>,
}

impl Doc {
    /// Collects `#[doc = ".."]` lines, strips the one space rustdoc puts
    /// after `///`, and joins them with newlines.
    pub fn from_attrs(attrs: &[Attribute]) -> Doc {
        let mut lines = Vec::new();
        let mut span = None;
        for attr in attrs {
            let Meta::NameValue(nv) = &attr.meta else {
                continue;
            };
            if !nv.path.is_ident("doc") {
                continue;
            }
            if let Expr::Lit(ExprLit {
                lit: Lit::Str(lit), ..
            }) = &nv.value
            {
                span.get_or_insert(attr.pound_token.span);
                let value = lit.value();
                for line in value.split('\n') {
                    let line = line.strip_prefix(' ').unwrap_or(line);
                    lines.push(line.trim_end().to_owned());
                }
            }
        }
        let text = lines.join("\n").trim().to_owned();
        Doc { text, span }
    }

    /// The description: the summary and body, or `None` when there is none.
    pub fn description(&self) -> Option<String> {
        Some(summary(&self.text)).filter(|text| !text.is_empty())
    }
}

/// Whether `attr` is a doc comment (`///` or `#[doc = ".."]`).
pub fn is_doc(attr: &Attribute) -> bool {
    attr.path().is_ident("doc")
}

/// rustdoc's conventional section headings, compared case-insensitively.
/// The description ends at the first of them.
const SECTIONS: &[&str] = &[
    "arguments",
    "parameters",
    "errors",
    "panics",
    "safety",
    "aborts",
    "undefined behavior",
    "examples",
    "example",
];

/// A line of a doc comment, as far as descriptions care.
#[derive(Debug, PartialEq)]
enum Line<'a> {
    /// A line of prose, or a heading that is not a conventional section.
    Text(&'a str),
    /// `# Errors` and the like: the title, trimmed.
    Section(&'a str),
    /// A line of a fenced code block, its fences included.
    Code,
}

/// The lines of `text`, classified. A `#` inside a code block (a hidden
/// doctest line) is code, not a heading.
fn lines(text: &str) -> Vec<Line<'_>> {
    let mut fence: Option<(char, usize)> = None;
    let mut out = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        let opening = ['`', '~'].into_iter().find_map(|c| {
            let run = trimmed.chars().take_while(|&x| x == c).count();
            (run >= 3).then_some((c, run))
        });
        match (fence, opening) {
            (Some((c, len)), Some((d, run))) if c == d && run >= len => {
                fence = None;
                out.push(Line::Code);
            }
            (Some(_), _) => out.push(Line::Code),
            (None, Some(opened)) => {
                fence = Some(opened);
                out.push(Line::Code);
            }
            (None, None) => out.push(match heading(trimmed) {
                Some(title) if SECTIONS.contains(&title.to_ascii_lowercase().as_str()) => {
                    Line::Section(title)
                }
                _ => Line::Text(line),
            }),
        }
    }
    out
}

/// `# Title` to `###### Title`: the title.
fn heading(line: &str) -> Option<&str> {
    let hashes = line.chars().take_while(|&c| c == '#').count();
    let rest = &line[hashes..];
    ((1..=6).contains(&hashes) && rest.starts_with(' ')).then(|| rest.trim())
}

/// The summary and body of a doc comment: the lines before its first
/// conventional section, fenced code blocks left out, runs of blank lines
/// made one.
pub fn summary(text: &str) -> String {
    let mut kept: Vec<&str> = Vec::new();
    for line in lines(text) {
        match line {
            Line::Section(_) => break,
            Line::Code => {}
            Line::Text(text) => {
                let blank = text.trim().is_empty();
                if !(blank && kept.last().is_some_and(|last| last.trim().is_empty())) {
                    kept.push(text);
                }
            }
        }
    }
    kept.join("\n").trim().to_owned()
}

/// `text` on one line: its lines joined with spaces, for a list entry.
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A unit enum's description: its own, then one `value: doc` line per
/// documented value, since a schema has no place for a value's doc that
/// every host reads (`oneOf` with a `const` per value is a union).
pub fn enum_description(own: Option<&str>, values: &[(&str, &str)]) -> Option<String> {
    let mut lines: Vec<String> = own.map(str::to_owned).into_iter().collect();
    lines.extend(values.iter().map(|(value, doc)| format!("{value}: {doc}")));
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// A function's doc comment split into the tool's description and the
/// descriptions of its parameters, read from a rustdoc `# Arguments` list:
///
/// ```text
/// # Arguments
///
/// * `text` - the text to slugify
/// * `separator` - what goes between words
/// ```
pub struct FnDoc {
    pub description: String,
    pub arguments: Vec<(String, String)>,
}

impl FnDoc {
    pub fn parse(text: &str) -> FnDoc {
        let mut arguments: Vec<(String, String)> = Vec::new();
        let mut in_arguments = false;
        for line in lines(text) {
            let trimmed = match line {
                Line::Section(title) => {
                    in_arguments = title.eq_ignore_ascii_case("arguments")
                        || title.eq_ignore_ascii_case("parameters");
                    continue;
                }
                Line::Code => continue,
                Line::Text(text) => text.trim(),
            };
            if !in_arguments {
                continue;
            }
            if let Some((name, text)) = argument_item(trimmed) {
                arguments.push((name, text));
            } else if !trimmed.is_empty() {
                // An indented continuation of the previous item.
                if let Some((_, text)) = arguments.last_mut() {
                    if !text.is_empty() {
                        text.push(' ');
                    }
                    text.push_str(trimmed);
                }
            }
        }
        FnDoc {
            description: summary(text),
            arguments,
        }
    }
}

/// `* `name` - text`, `- `name`: text` and the like.
fn argument_item(line: &str) -> Option<(String, String)> {
    let rest = line
        .strip_prefix("* ")
        .or_else(|| line.strip_prefix("- "))?
        .trim_start();
    let rest = rest.strip_prefix('`')?;
    let (name, rest) = rest.split_once('`')?;
    let rest = rest.trim_start();
    let text = rest
        .strip_prefix("--")
        .or_else(|| rest.strip_prefix('-'))
        .or_else(|| rest.strip_prefix('–'))
        .or_else(|| rest.strip_prefix('—'))
        .or_else(|| rest.strip_prefix(':'))
        .unwrap_or(rest);
    Some((name.trim().to_owned(), text.trim().to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEARCH: &str = "Searches the docs for a phrase.

Results come best first.

```
let hits = search(\"tokio\".into(), 5);
# assert!(hits.len() <= 5);
```

## Ranking

By term frequency.

# Arguments

* `query` - what to look for,
  in words
* `limit` - how many results

# Errors

When the index is missing.

# Examples

```
search(\"x\".into(), 1);
```";

    #[test]
    fn summary_stops_at_the_first_conventional_section_and_drops_code() {
        assert_eq!(
            summary(SEARCH),
            "Searches the docs for a phrase.\n\nResults come best first.\n\n## Ranking\n\nBy term frequency."
        );
    }

    #[test]
    fn arguments_are_read_from_their_section() {
        let doc = FnDoc::parse(SEARCH);
        assert_eq!(
            doc.arguments,
            [
                ("query".to_owned(), "what to look for, in words".to_owned()),
                ("limit".to_owned(), "how many results".to_owned()),
            ]
        );
        assert_eq!(doc.description, summary(SEARCH));
    }

    #[test]
    fn every_conventional_section_ends_the_summary() {
        for title in [
            "Arguments",
            "Parameters",
            "Errors",
            "Panics",
            "Safety",
            "Aborts",
            "Undefined Behavior",
            "Examples",
            "Example",
            "ERRORS",
        ] {
            for hashes in ["#", "##", "###"] {
                let text = format!("Does it.\n\n{hashes} {title}\n\nNever.");
                assert_eq!(summary(&text), "Does it.", "{hashes} {title}");
            }
        }
    }

    #[test]
    fn other_headings_stay() {
        assert_eq!(
            summary("Does it.\n\n# Returns\n\nThe count."),
            "Does it.\n\n# Returns\n\nThe count."
        );
        // Not a heading: no space after the hashes, or more than six.
        assert_eq!(
            summary("#Errors\n####### Errors"),
            "#Errors\n####### Errors"
        );
    }

    #[test]
    fn a_hash_line_in_a_code_block_is_not_a_section() {
        let text = "Does it.\n\n```\n# Errors\n```\n\nStill the body.";
        assert_eq!(summary(text), "Does it.\n\nStill the body.");
        let doc = FnDoc::parse("Does it.\n\n~~~text\n# Arguments\n* `a` - no\n~~~");
        assert!(doc.arguments.is_empty());
    }

    #[test]
    fn a_fence_closes_only_with_its_own_character_and_length() {
        let text = "A.\n````\n```\nstill code\n~~~\n````\nB.";
        assert_eq!(summary(text), "A.\nB.");
    }

    #[test]
    fn an_unclosed_fence_runs_to_the_end() {
        assert_eq!(summary("A.\n\n```\n# Errors"), "A.");
    }

    #[test]
    fn a_doc_that_is_all_sections_has_no_summary() {
        assert_eq!(summary("# Examples\n\n```\nx();\n```"), "");
    }

    #[test]
    fn enum_descriptions_list_documented_values() {
        assert_eq!(
            enum_description(
                Some("How urgent it is."),
                &[("low", "can wait"), ("high", "today")]
            ),
            Some("How urgent it is.\nlow: can wait\nhigh: today".to_owned())
        );
        assert_eq!(
            enum_description(None, &[("low", "can wait")]),
            Some("low: can wait".to_owned())
        );
        assert_eq!(
            enum_description(Some("How urgent it is."), &[]),
            Some("How urgent it is.".to_owned())
        );
        assert_eq!(enum_description(None, &[]), None);
    }

    #[test]
    fn one_line_joins_lines() {
        assert_eq!(one_line("can wait\nuntil  Monday"), "can wait until Monday");
    }
}
