//! A matcher's JavaScript regular expression, compiled once: `regress`
//! says whether JavaScript compiles it (the agent runs it with `RegExp`),
//! and names are tested by an engine that cannot run away.
//!
//! `regress` backtracks without a limit, so a 16-byte matcher such as
//! `^(.?){28}.{28}$` takes it minutes on `NotebookEdit`, trying every way
//! of spreading the name over the 28 optional characters. The lint
//! translates the expression to the `regex` crate's syntax instead, where
//! both read it alike, and runs it through `fancy-regex`: an expression
//! without lookaround or backreferences is handed whole to `regex`, which
//! runs in linear time; one with them backtracks under a step budget. A
//! test the budget stops, or an expression outside the shared syntax,
//! gives no verdict, and the lint then assumes the matcher matches.
//!
//! Both read alike on tool names, which are ASCII: `\d`, `\w`, `\s` and
//! `.` differ between the two only on other characters.

/// The steps a backtracking test may take before it gives up.
const BACKTRACK_BUDGET: usize = 10_000;

/// A matcher's compiled regular expression.
#[derive(Debug)]
pub(super) struct NameRegex {
    /// The expression in `regex` syntax, compiled; none when it has no
    /// translation.
    engine: Option<fancy_regex::Regex>,
}

impl NameRegex {
    /// `matcher` compiled, or why JavaScript does not compile it.
    pub(super) fn compile(matcher: &str) -> Result<NameRegex, regress::Error> {
        regress::Regex::new(matcher)?;
        let engine = translate(matcher).and_then(|pattern| {
            fancy_regex::RegexBuilder::new(&pattern)
                .backtrack_limit(BACKTRACK_BUDGET)
                .build()
                .ok()
        });
        Ok(NameRegex { engine })
    }

    /// Whether `RegExp.prototype.test` finds the expression in `name`;
    /// `None` when there is no verdict (no translation, or the budget ran
    /// out).
    pub(super) fn test(&self, name: &str) -> Option<bool> {
        self.engine.as_ref()?.is_match(name).ok()
    }
}

/// `js`, an expression JavaScript compiles (without flags), in `regex`
/// syntax with the same meaning; `None` for a construct the translation
/// does not know.
fn translate(js: &str) -> Option<String> {
    let mut out = String::with_capacity(js.len() + 8);
    let mut chars = js.chars().peekable();
    let mut groups = 0usize;
    let mut highest_reference = 0usize;
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next()? {
                e @ ('d' | 'D' | 'w' | 'W' | 's' | 'S' | 'b' | 'B' | 'n' | 'r' | 't' | 'f'
                | 'v') => {
                    out.push('\\');
                    out.push(e);
                }
                first @ '1'..='9' => {
                    let mut number = String::from(first);
                    while let Some(digit) = chars.next_if(char::is_ascii_digit) {
                        number.push(digit);
                    }
                    highest_reference = highest_reference.max(number.parse().ok()?);
                    out.push('\\');
                    out.push_str(&number);
                }
                // `\k<name>`.
                'k' => {
                    chars.next_if_eq(&'<')?;
                    out.push_str("\\k<");
                    for c in chars.by_ref() {
                        out.push(c);
                        if c == '>' {
                            break;
                        }
                    }
                }
                // `\<` and `\>` are word boundaries in `regex`.
                e if e.is_ascii_punctuation() && e != '<' && e != '>' => literal(e, &mut out),
                _ => return None,
            },
            '[' => class(&mut chars, &mut out)?,
            '(' => {
                if chars.next_if_eq(&'?').is_none() {
                    groups += 1;
                    out.push('(');
                    continue;
                }
                match chars.next()? {
                    kind @ (':' | '=' | '!') => {
                        out.push_str("(?");
                        out.push(kind);
                    }
                    '<' => match chars.next_if(|c| matches!(c, '=' | '!')) {
                        Some(kind) => {
                            out.push_str("(?<");
                            out.push(kind);
                        }
                        None => {
                            groups += 1;
                            out.push_str("(?<");
                        }
                    },
                    _ => return None,
                }
            }
            // JavaScript reads a `{` that starts no quantifier literally.
            '{' => {
                let rest: String = chars.clone().take_while(|c| *c != '}').collect();
                let bounds = rest.split_once(',').unwrap_or((&rest, "0"));
                let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
                let quantifier = chars.clone().any(|c| c == '}')
                    && !bounds.0.is_empty()
                    && digits(bounds.0)
                    && digits(bounds.1);
                if quantifier {
                    out.push('{');
                    for c in chars.by_ref() {
                        out.push(c);
                        if c == '}' {
                            break;
                        }
                    }
                } else {
                    out.push_str("\\{");
                }
            }
            '}' | ']' => literal(c, &mut out),
            c => out.push(c),
        }
    }
    // JavaScript reads `\N` past the last group as an octal escape.
    (highest_reference <= groups).then_some(out)
}

/// A character class, after its `[`: JavaScript's `[]` (nothing) and
/// `[^]` (anything) have no translation; `regex`'s own class syntax
/// (`[[:alpha:]]`, `&&`, `--`, `~~`) is escaped away.
fn class(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, out: &mut String) -> Option<()> {
    out.push('[');
    if chars.next_if_eq(&'^').is_some() {
        out.push('^');
    }
    if chars.peek() == Some(&']') {
        return None;
    }
    loop {
        let atom = class_atom(chars.next()?, chars)?;
        let Atom::Char(low) = atom else {
            // `]` closes; `\d` and its kin end no range.
            match atom {
                Atom::End => {
                    out.push(']');
                    return Some(());
                }
                Atom::Set(set) => {
                    out.push_str(set);
                    if chars.peek() == Some(&'-') {
                        return None;
                    }
                    continue;
                }
                Atom::Char(_) => unreachable!(),
            }
        };
        class_char(low, out);
        let mut ahead = chars.clone();
        if ahead.next() == Some('-') && ahead.peek().is_some_and(|c| *c != ']') {
            chars.next();
            match class_atom(chars.next()?, chars)? {
                Atom::Char(high) => {
                    out.push('-');
                    class_char(high, out);
                }
                _ => return None,
            }
        }
    }
}

/// One item of a class.
enum Atom {
    /// One character, which may start or end a range.
    Char(char),
    /// `\d`, `\w`, `\s` or their complements.
    Set(&'static str),
    /// The closing `]`.
    End,
}

/// The class item starting with `c`.
fn class_atom(c: char, chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Option<Atom> {
    Some(match c {
        ']' => Atom::End,
        '\\' => match chars.next()? {
            'd' => Atom::Set("\\d"),
            'D' => Atom::Set("\\D"),
            'w' => Atom::Set("\\w"),
            'W' => Atom::Set("\\W"),
            's' => Atom::Set("\\s"),
            'S' => Atom::Set("\\S"),
            // Backspace, inside a class.
            'b' => Atom::Char('\u{8}'),
            'n' => Atom::Char('\n'),
            'r' => Atom::Char('\r'),
            't' => Atom::Char('\t'),
            'f' => Atom::Char('\u{c}'),
            'v' => Atom::Char('\u{b}'),
            e if e.is_ascii_punctuation() => Atom::Char(e),
            _ => return None,
        },
        c => Atom::Char(c),
    })
}

/// `c` inside a class, escaped when `regex` gives it a meaning there
/// (`&`, `~`, `-`, `[` and the rest of `regex::escape`'s list).
fn class_char(c: char, out: &mut String) {
    literal(c, out);
}

/// `c`, escaped when `regex` gives it a meaning.
fn literal(c: char, out: &mut String) {
    out.push_str(&regex::escape(c.encode_utf8(&mut [0; 4])));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translations_keep_the_javascript_meaning() {
        for (js, rust) in [
            ("Edit|Write", Some("Edit|Write")),
            ("^mcp__github__.*", Some("^mcp__github__.*")),
            ("a{2}", Some("a{2}")),
            ("a{2,}b{1,3}?", Some("a{2,}b{1,3}?")),
            ("a{", Some("a\\{")),
            ("a{x}", Some("a\\{x\\}")),
            ("a}]", Some("a\\}\\]")),
            ("\\/\\.", Some("/\\.")),
            ("[a-c-e]", Some("[a-c\\-e]")),
            ("[-&&~~]", Some("[\\-\\&\\&\\~\\~]")),
            ("[+--]", Some("[\\+-\\-]")),
            ("[[]", Some("[\\[]")),
            ("[\\b]", Some("[\u{8}]")),
            ("[\\d_]", Some("[\\d_]")),
            ("(?<n>a)\\k<n>", Some("(?<n>a)\\k<n>")),
            ("(a)\\1", Some("(a)\\1")),
            ("(?!mcp__).*", Some("(?!mcp__).*")),
            ("(?<=a)b", Some("(?<=a)b")),
            ("\\<", None),
            ("\\x41", None),
            ("\\u0041", None),
            ("\\cA", None),
            ("\\0", None),
            ("\\2(a)", None),
            ("[]", None),
            ("[^]", None),
            ("[\\d-z]", None),
        ] {
            assert!(regress::Regex::new(js).is_ok(), "{js:?}");
            assert_eq!(translate(js).as_deref(), rust, "{js:?}");
            if let Some(rust) = rust {
                assert!(fancy_regex::Regex::new(rust).is_ok(), "{rust:?}");
            }
        }
    }

    /// A matcher from pieces the two syntaxes read differently, or alike:
    /// literal braces and brackets, class syntax, escapes, lookaround,
    /// backreferences.
    fn matcher(rng: &mut toolsmith_test_support::generate::Rng, depth: usize) -> String {
        const ATOMS: &[&str] = &[
            "Edit", "Bash", "mcp__", "Notebook", "Read", "Write", "e", "_", ".", ".*", "\\w+",
            "\\d", "\\s", "\\W", "[A-Z]", "[^a-z]", "[a-c-e]", "[-&&~~]", "[[]", "[\\b]", "[\\w.]",
            "[+--]", "\\.", "\\/", "\\-", "\\_", "{", "}", "]", "a{", "x{1", "b{2}", "\\b", "\\B",
            "^", "$", "\\<", "\\x41", "\\u0045", "\\0", "\\cA", "\\k", "[^]", "[]", "\\pL", "#",
            "&&", "~", "\\A", "\\z",
        ];
        let mut out = String::new();
        for _ in 0..rng.within(1, 4) {
            let piece = match rng.below(if depth == 0 { 8 } else { 12 }) {
                0..=7 => ATOMS[rng.below(ATOMS.len())].to_owned(),
                8 => format!(
                    "(?:{}|{})",
                    matcher(rng, depth - 1),
                    matcher(rng, depth - 1)
                ),
                9 => format!("({})\\1", matcher(rng, depth - 1)),
                10 => format!("(?!{})", matcher(rng, depth - 1)),
                _ => format!("(?<=e)({})", matcher(rng, depth - 1)),
            };
            // JavaScript repeats no assertion but a lookahead.
            let assertion =
                ["^", "$", "\\b", "\\B"].contains(&piece.as_str()) || piece.starts_with("(?<=");
            out.push_str(&piece);
            if !assertion {
                out.push_str(["", "", "?", "*", "+", "{1,2}", "*?"][rng.below(7)]);
            }
        }
        out
    }

    /// Every generated matcher, compiled and tested on tool names, agrees
    /// with node's `new RegExp(matcher).test(name)` wherever it gives a
    /// verdict, and JavaScript compiles exactly the matchers `regress`
    /// does.
    #[test]
    fn verdicts_agree_with_javascript() {
        use std::io::Write;
        use std::process::{Command, Stdio};

        let mut rng = toolsmith_test_support::generate::Rng::new(7);
        let matchers: Vec<String> = (0..400).map(|_| matcher(&mut rng, 2)).collect();
        let mut names: Vec<&str> = crate::claude::BUILTIN_TOOL_NAMES.to_vec();
        names.extend([
            "mcp__github__create_issue",
            "mcp__memory__read",
            "e",
            "",
            "E_e",
        ]);
        let script = r#"
            const { matchers, names } = JSON.parse(require("fs").readFileSync(0, "utf8"));
            const out = matchers.map((m) => {
                try { const r = new RegExp(m); return names.map((n) => r.test(n)); }
                catch (e) { return null; }
            });
            process.stdout.write(JSON.stringify(out));
        "#;
        let mut node = Command::new("node")
            .args(["-e", script])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("node runs (it is required, as for the pattern tests)");
        let input = serde_json::json!({ "matchers": matchers, "names": names });
        node.stdin
            .take()
            .unwrap()
            .write_all(input.to_string().as_bytes())
            .unwrap();
        let output = node.wait_with_output().unwrap();
        assert!(output.status.success(), "{output:?}");
        let javascript: Vec<Option<Vec<bool>>> = serde_json::from_slice(&output.stdout).unwrap();
        let mut verdicts = 0;
        for (matcher, javascript) in matchers.iter().zip(javascript) {
            let compiled = NameRegex::compile(matcher);
            assert_eq!(compiled.is_ok(), javascript.is_some(), "{matcher:?}");
            let (Ok(compiled), Some(javascript)) = (compiled, javascript) else {
                continue;
            };
            for (name, expected) in names.iter().zip(javascript) {
                if let Some(verdict) = compiled.test(name) {
                    verdicts += 1;
                    assert_eq!(verdict, expected, "{matcher:?} on {name:?}");
                }
            }
        }
        // Most matchers that compile get a verdict.
        assert!(verdicts > 400 * names.len() / 4, "{verdicts} verdicts");
    }
}
