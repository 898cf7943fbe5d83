//! Doc comments as descriptions.

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

    /// The description, or `None` for an empty doc comment.
    pub fn description(&self) -> Option<String> {
        (!self.text.is_empty()).then(|| self.text.clone())
    }
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
        let mut description = Vec::new();
        let mut arguments: Vec<(String, String)> = Vec::new();
        let mut in_arguments = false;
        for line in text.lines() {
            let trimmed = line.trim();
            let after_hashes = trimmed.trim_start_matches('#');
            if trimmed.starts_with('#') && after_hashes.starts_with(' ') {
                let heading = after_hashes.trim();
                in_arguments = heading.eq_ignore_ascii_case("arguments")
                    || heading.eq_ignore_ascii_case("parameters");
                if in_arguments {
                    continue;
                }
            }
            if !in_arguments {
                description.push(line);
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
            description: description.join("\n").trim().to_owned(),
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
