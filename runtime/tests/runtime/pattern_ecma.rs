//! `pattern` against a real ECMAScript engine. node reads every pattern as
//! `new RegExp(pattern, "u")` and matches it against every string; the
//! validator must accept exactly the patterns node accepts (less the
//! constructs refused on purpose, each with its line) and agree with node on
//! every match.
//!
//! node is required: CI has it, and a missing engine fails the test rather
//! than skipping it.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use toolsmith_runtime::Validator;

/// Patterns the validator accepts, each read by node the same way.
const ACCEPTED: &[&str] = &[
    "",
    "a",
    "^abc$",
    "^$",
    "abc",
    "^a*$",
    "a+",
    "^a{2}$",
    "^a{2,}$",
    "^a{1,2}$",
    "^a{0}b$",
    "a*?b",
    "^(?:ab)+$",
    "^(ab|c)*$",
    "^(?<year>\\d{4})-(?<month>\\d{2})$",
    "^\\d{4}-\\d{2}-\\d{2}$",
    "^[A-Z]{2,3}$",
    "^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$",
    "a|",
    "|",
    "()",
    "(?:)",
    "^(?:a|)$",
    // The classes ECMA-262 defines in ASCII or by its own tables.
    "\\d",
    "^\\d$",
    "^\\D$",
    "^\\w$",
    "^\\W$",
    "^\\s$",
    "^\\S$",
    "\\S",
    "^\\d+$",
    "\\wcole",
    "[a-z]cole",
    "^[\\d_]+$",
    "^[^\\s]+$",
    "^[\\D]$",
    "^[\\W]$",
    "^[\\S]$",
    "^[^\\d\\s]+$",
    "^[\\s\\S]$",
    // `.` stops at every line terminator and takes a whole code point.
    "^.$",
    "^..$",
    "a.c",
    "^.*$",
    // `^` and `$` at the very start and end only, a line break included.
    "abc$",
    "^abc",
    "^\\n$",
    // Word boundaries are ASCII.
    "\\bfoo\\b",
    "\\bé",
    "é\\b",
    "\\Bb",
    "a\\B",
    "\\b",
    "\\B",
    // Escapes.
    "^\\t$",
    "^\\cC$",
    "^\\cc$",
    "^\\cJ$",
    "^\\0$",
    "^\\x41$",
    "^\\u0041$",
    "^\\u00e9$",
    "^\\u{1F600}$",
    "^\\u{0}$",
    "^\\uD83D\\uDE00$",
    "^[\\uD83D\\uDE00]$",
    "^\\f\\v\\r\\n$",
    "a\\/b",
    "a/b",
    "^\\.$",
    "^\\\\$",
    "^\\$\\d+$",
    "^\\^$",
    "^\\(\\)\\[\\]\\{\\}\\|\\*\\+\\?$",
    // Lone surrogates: no JSON string holds one.
    "\\uD800",
    "[\\uD800-\\uDFFF]",
    "^[^\\uD800-\\uDFFF]+$",
    // Classes: ECMA-262's own forms.
    "^[^]$",
    "^[^]*$",
    "[]",
    "a[]",
    "^[\\b]$",
    "^[\\-]$",
    "^[a-]$",
    "^[-a]$",
    "^[\\^]$",
    "^[^^]$",
    "^[[a]$",
    "^[a&&b]+$",
    "^[a~~b]+$",
    "^[a-c--b]+$",
    "^[\\]]$",
    "^[.]$",
    "^[\\/]$",
    "^[\\x41-\\x43]+$",
    "^[\\u{1F600}-\\u{1F64F}]$",
    "^[é-ë]+$",
    "^[😀]$",
    // Unicode properties, as ECMA-262 spells them.
    "\\p{L}",
    "^\\p{Letter}+$",
    "\\p{Letter}cole",
    "^\\p{digit}+$",
    "^\\p{Lu}$",
    "^\\P{L}$",
    "^\\p{Script=Greek}+$",
    "^\\p{sc=Grek}+$",
    "^\\p{scx=Grek}+$",
    "^\\p{General_Category=Uppercase_Letter}$",
    "^\\p{gc=Nd}$",
    "^\\p{ASCII}+$",
    "^\\p{Any}$",
    "^\\p{Alphabetic}+$",
    "^\\p{White_Space}$",
    "^\\p{Emoji_Presentation}$",
    "^[\\p{L}\\p{N}]+$",
    "^[^\\p{L}]+$",
    "^[\\P{L}]$",
    // The README's.
    "^[a-z-]+$",
    "^[a-z]+$",
];

/// Patterns refused on purpose: the line, and whether ECMA-262 (node with
/// the `u` flag) reads them at all.
const REFUSED: &[(&str, &str, bool)] = &[
    (
        "(?i)^abc$",
        "uses the inline flag `(?i)`, which ECMA-262 does not have and JSON Schema patterns cannot set; spell out both cases instead, e.g. `[Aa]`",
        false,
    ),
    (
        "(?s).",
        "uses the inline flag `(?s)`, which ECMA-262 does not have and JSON Schema patterns cannot set; write `[^]` for any character, line breaks included",
        false,
    ),
    (
        "(?m)^a$",
        "uses the inline flag `(?m)`, which ECMA-262 does not have and JSON Schema patterns cannot set; match the line break itself, e.g. `\\n`",
        false,
    ),
    (
        "(?x) a b",
        "uses the inline flag `(?x)`, which ECMA-262 does not have and JSON Schema patterns cannot set; remove the spaces and comments",
        false,
    ),
    (
        "(?-u)a",
        "uses the inline flag `(?-u)`, which ECMA-262 does not have and JSON Schema patterns cannot set; remove it",
        false,
    ),
    (
        "^(?i:abc)$",
        "uses the flag group `(?i:...)`, which most ECMA-262 engines do not have (it is new in ECMAScript 2025); spell out both cases instead, e.g. `[Aa]`",
        false,
    ),
    (
        "\\Afoo\\z",
        "uses `\\A`, which ECMA-262 does not have; write `^`, which matches only at the start",
        false,
    ),
    (
        "^foo\\z",
        "uses `\\z`, which ECMA-262 does not have; write `$`, which matches only at the very end",
        false,
    ),
    (
        "^foo\\Z",
        "uses `\\Z`, which ECMA-262 does not have; write `$`, which matches only at the very end, or `\\n?$` to allow a final line break",
        false,
    ),
    (
        "(?P<x>a)",
        "uses `(?P<x>...)`, which ECMA-262 writes `(?<x>...)`",
        false,
    ),
    (
        "(?P<x>a)(?P=x)",
        "uses `(?P<x>...)`, which ECMA-262 writes `(?<x>...)`",
        false,
    ),
    (
        "\\p{Greek}",
        "uses `\\p{Greek}`, which ECMA-262 does not have: a script is written `\\p{Script=Greek}`",
        false,
    ),
    (
        "\\P{Latin}",
        "uses `\\P{Latin}`, which ECMA-262 does not have: a script is written `\\P{Script=Latin}`",
        false,
    ),
    (
        "\\p{letter}",
        "uses `\\p{letter}`, which is not an ECMA-262 property (names are exact and case-sensitive); write e.g. `\\p{L}`, `\\p{Letter}` or `\\p{Script=Latin}`",
        false,
    ),
    (
        "\\pL",
        "uses `\\pL`, which ECMA-262 does not have; write `\\p{L}`",
        false,
    ),
    (
        "[[:alpha:]]",
        "uses the POSIX class `[:alpha:]`, which ECMA-262 does not have; write `A-Za-z` inside the brackets",
        false,
    ),
    (
        "^[[:^digit:]]+$",
        "uses the POSIX class `[:^digit:]`, which ECMA-262 does not have; write a negated class such as `[^0-9]`",
        false,
    ),
    (
        "\\h",
        "uses the escape `\\h`, which ECMA-262 does not have; write the characters as a class, e.g. `[ \\t]`",
        false,
    ),
    (
        "a*+",
        "uses the possessive quantifier `*+`, which ECMA-262 does not have; write `*`",
        false,
    ),
    (
        "a{2}+",
        "uses the possessive quantifier `{2}+`, which ECMA-262 does not have; write `{2}`",
        false,
    ),
    (
        "(?>a)",
        "uses the atomic group `(?>...)`, which ECMA-262 does not have; write `(?:...)`",
        false,
    ),
    (
        "\\Qa.b\\E",
        "uses `\\Q...\\E` quoting, which ECMA-262 does not have; put `\\` before each of ^$\\.*+?()[]{}|/ instead",
        false,
    ),
    (
        "a(?#note)",
        "uses the comment group `(?#...)`, which ECMA-262 does not have; remove it",
        false,
    ),
    (
        "(?|a)",
        "uses the group `(?|`, which ECMA-262 does not have; its groups are `(...)`, `(?:...)` and `(?<name>...)`",
        false,
    ),
    (
        "\\x{41}",
        "uses `\\x{...}`, which ECMA-262 does not have; write `\\u{...}` (e.g. `\\u{41}`) or `\\xHH`",
        false,
    ),
    (
        "\\U0001F600",
        "uses the escape `\\U`, which ECMA-262 does not have; write a code point as `\\u{1F600}`",
        false,
    ),
    (
        "\\e",
        "uses the escape `\\e`, which ECMA-262 does not have; write `\\x1B`",
        false,
    ),
    (
        "\\a",
        "uses the escape `\\a`, which ECMA-262 does not have; write `\\x07`",
        false,
    ),
    (
        "\\K",
        "uses the escape `\\K`, which ECMA-262 does not have",
        false,
    ),
    (
        "\\<word\\>",
        "uses the escape `\\<`, which ECMA-262 does not have; write `\\b`",
        false,
    ),
    (
        "\\b{start}a",
        "uses `\\b{...}`, which ECMA-262 does not have; write `\\b`",
        false,
    ),
    (
        "a\\-b",
        "uses `\\-` outside a class, which ECMA-262 does not allow with the `u` flag; write `-`",
        false,
    ),
    (
        "a\\#b",
        "uses the escape `\\#`, which ECMA-262 does not allow with the `u` flag; write `#` (`\\` goes only before one of ^$\\.*+?()[]{}|/)",
        false,
    ),
    (
        "\\é",
        "uses the escape `\\é`, which ECMA-262 does not allow with the `u` flag; write `é`",
        false,
    ),
    (
        "[\\1]",
        "uses the escape `\\1` inside a class, which ECMA-262 does not have; write `\\xHH` for a character code, or the digit itself",
        false,
    ),
    (
        "\\012",
        "uses an octal escape, which ECMA-262 does not allow with the `u` flag; write `\\xHH` (e.g. `\\x0A`)",
        false,
    ),
    (
        "(?<a>x)|(?<a>y)",
        "names two groups `a`, which most ECMA-262 engines refuse; rename one or write `(?:...)`",
        false,
    ),
    // ECMA-262, but not linear-time.
    (
        "a(?=b)",
        "uses lookaround, which the linear-time `regex` engine does not support",
        true,
    ),
    (
        "(?<!a)b",
        "uses lookaround, which the linear-time `regex` engine does not support",
        true,
    ),
    (
        "(a)\\1",
        "uses a backreference, which the linear-time `regex` engine does not support",
        true,
    ),
    (
        "(?<x>a)\\k<x>",
        "uses a backreference, which the linear-time `regex` engine does not support",
        true,
    ),
    // Not ECMA-262 at all (the `u` flag reads no lone brace, no empty
    // lower bound, no `\c` before a digit).
    (
        "^[A-Z+$",
        "is not an ECMA-262 regular expression: unbalanced bracket",
        false,
    ),
    (
        "(",
        "is not an ECMA-262 regular expression: unbalanced parenthesis",
        false,
    ),
    (
        "a{,3}",
        "is not an ECMA-262 regular expression: invalid quantifier",
        false,
    ),
    (
        "a{2,1}",
        "is not an ECMA-262 regular expression: invalid quantifier",
        false,
    ),
    (
        "x{",
        "is not an ECMA-262 regular expression: invalid quantifier",
        false,
    ),
    (
        "a]",
        "is not an ECMA-262 regular expression: invalid atom character",
        false,
    ),
    (
        "^*",
        "is not an ECMA-262 regular expression: quantifier not allowed here",
        false,
    ),
    (
        "\\b+",
        "is not an ECMA-262 regular expression: quantifier not allowed here",
        false,
    ),
    (
        "\\c1",
        "is not an ECMA-262 regular expression: invalid character escape",
        false,
    ),
    (
        "[z-a]",
        "is not an ECMA-262 regular expression: range values reversed, start char code is greater than end char code",
        false,
    ),
    (
        "[\\d-z]",
        "is not an ECMA-262 regular expression: invalid character range",
        false,
    ),
];

/// Strings every pattern is matched against.
const STRINGS: &[&str] = &[
    "",
    "a",
    "b",
    "c",
    "ab",
    "abc",
    "ABC",
    "Abc",
    "abc\n",
    "\nabc",
    "abc\r\n",
    "aaa",
    "aab",
    "abab",
    "xxaayy",
    "foo",
    "Foo",
    "a foo b",
    "foobar",
    "word",
    "<word>",
    "é",
    "aé",
    "éa",
    "é a",
    "ë",
    "E",
    "😀",
    "a😀b",
    "😀😀",
    "0",
    "7",
    "42",
    "1_2",
    "٧",
    "৪২",
    "߀",
    "_",
    " ",
    "  ",
    " x ",
    "x y",
    "\t",
    "\n",
    "\r",
    "\u{b}",
    "\u{c}",
    "\u{0}",
    "\u{1}",
    "\u{3}",
    "\u{8}",
    "\u{1b}",
    "\u{85}",
    "\u{a0}",
    "\u{2003}",
    "\u{2013}",
    "\u{2028}",
    "\u{2029}",
    "\u{feff}",
    "-",
    "a-b",
    "/",
    "a/b",
    ".",
    "\\",
    "[",
    "]",
    "^",
    "$12",
    "()[]{}|*+?",
    "&",
    "~",
    "#",
    "A",
    "AB",
    "ABCD",
    "π",
    "Σ",
    "ΑΒΓ",
    "αβγ",
    "ℙ",
    "K",
    "ſ",
    "İ",
    "123",
    "2024-01-31",
    "2024-01",
    "user@example.com",
    "hello-world",
    "Hello",
    "l'école",
    "l'ecole",
    "L'ÉCOLE",
    "\u{10ffff}",
    "-%#",
];

fn suite_patterns() -> Vec<(String, Vec<String>)> {
    let dir = match std::env::var_os("TOOLSMITH_SCHEMA_SUITE") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/json-schema-test-suite/draft2020-12"),
    };
    let path = dir.join("pattern.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    let groups: Vec<Value> = serde_json::from_str(&text).unwrap();
    groups
        .iter()
        .map(|group| {
            let pattern = group["schema"]["pattern"].as_str().unwrap().to_owned();
            let strings = group["tests"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|test| test["data"].as_str().map(str::to_owned))
                .collect();
            (pattern, strings)
        })
        .collect()
}

/// Pieces random patterns are built from: ECMA-262 atoms, and pieces that
/// break the syntax, so that both sides of "node accepts it" are covered.
const PIECES: &[&str] = &[
    "a",
    "b",
    "é",
    "😀",
    "\\d",
    "\\D",
    "\\w",
    "\\W",
    "\\s",
    "\\S",
    ".",
    "\\b",
    "\\B",
    "^",
    "$",
    "[a-c]",
    "[^a-c]",
    "[\\d\\s]",
    "[^\\w]",
    "[^]",
    "[]",
    "\\p{L}",
    "\\P{Lu}",
    "\\u{1F600}",
    "\\x41",
    "\\cJ",
    "\\0",
    "\\t",
    "\\n",
    "\\/",
    "-",
    "[\\b]",
    "(?:a|b)",
    "(x)",
    "[\\-z]",
    "\\.",
    " ",
    "|",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "\\",
    "\\q",
    "\\-",
    "{,2}",
    "\\c1",
    "\\u12",
    "(?",
    "\\k",
    "\\8",
    "[a-]",
    "\\p{Greek}",
    "(?i)",
    "\\A",
    "\\z",
    "(?<a>x)",
    "\\k<a>",
    "[\\w-a]",
    "[a-\\d]",
    "\\u{110000}",
    "\\u{}",
    "\\u{41",
    "\\x4g",
    "[\\c_]",
    "\\c_",
    "[\\B]",
    "[\\k]",
    "\\p{Script=Latin}",
    "\\p{sc}",
    "\\p{L=}",
    "[\\p{Lu}-z]",
    "a{1,2",
    "(?<>x)",
    "(?<1a>x)",
    "\\uD83D",
    "\\uDE00",
    "[\\uD83D-\\uDE00]",
    "[\\s-\\d]",
    "\\$",
    "[--a]",
    "[a--]",
    "\\]",
    "[\\]]",
    "\\{",
    "(?=a)",
    "(?!",
    "\\1",
    "[\\0]",
    "[\\01]",
];
const QUANTIFIERS: &[&str] = &[
    "", "", "", "", "*", "+", "?", "{2}", "{1,}", "{0,2}", "*?", "+?", "{2}?",
];

/// Deterministic random patterns (xorshift), so a failure reproduces.
fn generated_patterns(count: usize) -> Vec<String> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    (0..count)
        .map(|_| {
            let len = 1 + next(5);
            (0..len)
                .map(|_| {
                    let piece = PIECES[next(PIECES.len())];
                    let quantifier = QUANTIFIERS[next(QUANTIFIERS.len())];
                    format!("{piece}{quantifier}")
                })
                .collect()
        })
        .collect()
}

/// For each pattern, what node says: `None` when `new RegExp(p, "u")`
/// throws, else whether it matches each string.
fn node_matches(patterns: &[String], strings: &[String]) -> Vec<Option<Vec<bool>>> {
    const SCRIPT: &str = r#"
        const { patterns, strings } = JSON.parse(require("fs").readFileSync(0, "utf8"));
        const answers = patterns.map((pattern) => {
            let re;
            try { re = new RegExp(pattern, "u"); } catch (e) { return null; }
            return strings.map((s) => (re.test(s) ? "1" : "0")).join("");
        });
        process.stdout.write(JSON.stringify(answers));
    "#;
    let mut child = Command::new("node")
        .arg("-e")
        .arg(SCRIPT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|err| {
            panic!("node, the reference ECMAScript engine, is needed for this test: {err}")
        });
    let input = json!({ "patterns": patterns, "strings": strings }).to_string();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "node failed: {output:?}");
    let answers: Vec<Option<String>> = serde_json::from_slice(&output.stdout).unwrap();
    answers
        .into_iter()
        .map(|answer| answer.map(|bits| bits.chars().map(|bit| bit == '1').collect()))
        .collect()
}

/// V8 (node's engine) also tries an empty match between the two halves of
/// a surrogate pair, which ECMA-262 does not (with the `u` flag the input is
/// a list of code points): `/\B/u.test("a😀b")` is `true` in node, `false`
/// by the spec. Where node and we differ on a string with such a pair,
/// `regress`, which follows the spec here, referees.
fn v8_splits_a_surrogate_pair(pattern: &str, text: &str, ours: bool) -> bool {
    text.chars().any(|c| u32::from(c) > 0xFFFF)
        && regress::Regex::with_flags(pattern, "u").is_ok_and(|re| re.find(text).is_some() == ours)
}

fn compile(pattern: &str) -> Result<Validator, String> {
    Validator::new(&json!({ "pattern": pattern })).map_err(|err| err.to_string())
}

/// The line a `Validator` gives for a refused pattern.
fn refusal(reason: &str) -> String {
    format!("schema keyword \"pattern\": {reason}")
}

#[test]
fn validator_matches_what_node_matches() {
    let suite = suite_patterns();
    let mut strings: Vec<String> = STRINGS.iter().map(|s| (*s).to_owned()).collect();
    strings.extend(
        suite
            .iter()
            .flat_map(|(_, strings)| strings.iter().cloned()),
    );
    strings.sort();
    strings.dedup();

    let mut patterns: Vec<String> = ACCEPTED.iter().map(|p| (*p).to_owned()).collect();
    patterns.extend(suite.iter().map(|(pattern, _)| pattern.clone()));
    patterns.extend(REFUSED.iter().map(|(pattern, _, _)| (*pattern).to_owned()));
    let mut seen = std::collections::HashSet::new();
    patterns.retain(|pattern| seen.insert(pattern.clone()));
    let hand_written = patterns.len();
    assert_eq!(
        ACCEPTED
            .iter()
            .collect::<std::collections::HashSet<_>>()
            .len(),
        ACCEPTED.len(),
        "a pattern listed twice"
    );
    patterns.extend(
        generated_patterns(3000)
            .into_iter()
            .filter(|pattern| seen.insert(pattern.clone())),
    );

    let answers = node_matches(&patterns, &strings);
    let mut failures = Vec::new();
    let (mut compared, mut accepted, mut refused) = (0, 0, 0);
    let mut v8_quirks = Vec::new();
    for (index, (pattern, answer)) in patterns.iter().zip(&answers).enumerate() {
        let ours = compile(pattern);
        if let (true, Err(line)) = (index < ACCEPTED.len(), &ours) {
            failures.push(format!("{pattern:?}: refused: {line}"));
        }
        match (&ours, answer) {
            (Ok(validator), Some(expected)) => {
                accepted += 1;
                for (text, &expected) in strings.iter().zip(expected) {
                    compared += 1;
                    let got = validator.validate(&json!(text)).is_ok();
                    if got != expected && v8_splits_a_surrogate_pair(pattern, text, got) {
                        v8_quirks.push(format!("{pattern:?} on {text:?}"));
                    } else if got != expected {
                        failures.push(format!(
                            "{pattern:?} on {text:?}: node says {expected}, we say {got}"
                        ));
                    }
                }
            }
            (Ok(_), None) => failures.push(format!("{pattern:?}: node refuses it, we accept it")),
            (Err(line), Some(_)) => {
                refused += 1;
                // ECMA-262 patterns refused on purpose: not linear-time.
                let on_purpose = [
                    refusal("uses lookaround, "),
                    refusal("uses a backreference, "),
                ];
                if !on_purpose.iter().any(|start| line.starts_with(start)) {
                    failures.push(format!(
                        "{pattern:?}: node accepts it, we refuse it: {line}"
                    ));
                }
            }
            (Err(_), None) => refused += 1,
        }
    }
    println!(
        "{} patterns ({hand_written} written, {} generated) x {} strings: {accepted} accepted, {refused} refused, {compared} matches compared",
        patterns.len(),
        patterns.len() - hand_written,
        strings.len()
    );
    println!(
        "{} where node splits a surrogate pair and the spec does not: {}",
        v8_quirks.len(),
        v8_quirks.join(", ")
    );
    assert!(
        failures.is_empty(),
        "{} disagreements with node:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(compared > 20_000, "too few matches compared: {compared}");
}

#[test]
fn refused_patterns_say_why() {
    let patterns: Vec<String> = REFUSED.iter().map(|(p, _, _)| (*p).to_owned()).collect();
    let answers = node_matches(&patterns, &[]);
    for ((pattern, reason, ecma), answer) in REFUSED.iter().zip(answers) {
        assert_eq!(
            compile(pattern).err(),
            Some(refusal(reason)),
            "pattern {pattern:?}"
        );
        assert_eq!(
            answer.is_some(),
            *ecma,
            "pattern {pattern:?}: does node read it with the `u` flag?"
        );
    }
}

#[test]
fn case_insensitive_looking_patterns_never_pass_other_cases() {
    for pattern in ["(?i)^abc$", "^(?i:abc)$", "(?i)abc"] {
        assert!(compile(pattern).is_err(), "{pattern:?} compiles");
    }
    let exact = compile("^abc$").unwrap();
    assert!(exact.validate(&json!("abc")).is_ok());
    assert_eq!(
        exact.validate(&json!("ABC")).unwrap_err().lines(),
        ["Invalid arguments: must match pattern \"^abc$\""]
    );
}

/// The `pattern` cases of the official suite's optional `ecmascript-regex`
/// file (draft 2020-12), which `shared/` does not carry: each pattern, a
/// string, and whether it is valid.
const ECMASCRIPT_REGEX_CASES: &[(&str, &str, bool)] = &[
    ("^abc$", "abc\n", false),
    ("^abc$", "abc", true),
    ("^\\t$", "\\t", false),
    ("^\\t$", "\t", true),
    ("^\\cC$", "\\cC", false),
    ("^\\cC$", "\u{3}", true),
    ("^\\cc$", "\\cc", false),
    ("^\\cc$", "\u{3}", true),
    ("^\\d$", "0", true),
    ("^\\d$", "\u{7c0}", false),
    ("^\\D$", "0", false),
    ("^\\D$", "\u{7c0}", true),
    ("^\\w$", "a", true),
    ("^\\w$", "é", false),
    ("^\\W$", "a", false),
    ("^\\W$", "é", true),
    ("\\p{Letter}cole", "l'ecole", true),
    ("\\p{Letter}cole", "l'école", true),
    ("\\p{Letter}cole", "L'ÉCOLE", false),
    ("\\wcole", "l'ecole", true),
    ("\\wcole", "l'école", false),
    ("[a-z]cole", "l'école", false),
    ("[a-z]cole", "l'ecole", true),
    ("^\\d+$", "42", true),
    ("^\\d+$", "-%#", false),
    ("^\\d+$", "৪২", false),
    ("^\\p{digit}+$", "42", true),
    ("^\\p{digit}+$", "-%#", false),
    ("^\\p{digit}+$", "৪২", true),
];

#[test]
fn ecmascript_regex_suite_cases() {
    let cases = ECMASCRIPT_REGEX_CASES;
    let spaces = [
        " ", "\t", "\u{b}", "\u{c}", "\u{a0}", "\u{feff}", "\n", "\u{2029}", "\u{2003}",
    ];
    let cases = cases
        .iter()
        .copied()
        .chain(spaces.iter().map(|s| ("^\\s$", *s, true)))
        .chain(spaces.iter().map(|s| ("^\\S$", *s, false)))
        .chain(["\u{1}", "\u{2013}"].map(|s| ("^\\s$", s, false)))
        .chain(["\u{1}", "\u{2013}"].map(|s| ("^\\S$", s, true)));
    for (pattern, text, valid) in cases {
        let validator = compile(pattern).unwrap();
        assert_eq!(
            validator.validate(&json!(text)).is_ok(),
            valid,
            "{pattern:?} on {text:?}"
        );
    }
    // `\a` is not an ECMA-262 control escape.
    assert!(compile("\\a").is_err());
}

/// Patterns as large as the linear-time engine takes, and one repetition
/// larger: each template repeated `n` times, at the smallest `n` the
/// validator refuses (found by bisection) and just below it.
fn patterns_at_the_size_limit() -> Vec<String> {
    const TEMPLATES: &[&str] = &[
        "a{N}",
        "\\p{L}{N}",
        "\\w{N}",
        "\\S{N}",
        ".{N}",
        "[^a]{N}",
        "(?:ab|cd){N}",
        "(?<g>x)|y{N}",
        "\\P{Script=Greek}{1,N}",
        "[\\p{Lu}\\d]{N,}",
    ];
    let mut patterns = Vec::new();
    for template in TEMPLATES {
        let at = |n: u32| template.replace('N', &n.to_string());
        let (mut fits, mut too_large) = (1, 1 << 20);
        assert!(compile(&at(fits)).is_ok(), "{}", at(fits));
        assert!(compile(&at(too_large)).is_err(), "{}", at(too_large));
        while too_large - fits > 1 {
            let middle = fits + (too_large - fits) / 2;
            if compile(&at(middle)).is_ok() {
                fits = middle;
            } else {
                too_large = middle;
            }
        }
        println!("{}: up to {fits}", at(0));
        patterns.extend([at(fits), at(too_large)]);
    }
    patterns
}

/// The macros check every `#[arg(pattern = "..")]` at compile time without
/// the `regex` crate (`toolsmith-schema-rules` with `compile-check`): their
/// verdict is the validator's, accepted or refused and in the same words,
/// on every pattern of this file, on the suite's and on patterns at the
/// edge of the size limit, where the two build the program differently.
#[test]
fn the_macros_verdict_is_the_validators() {
    let mut patterns: Vec<String> = ACCEPTED.iter().map(|p| (*p).to_owned()).collect();
    patterns.extend(REFUSED.iter().map(|(pattern, _, _)| (*pattern).to_owned()));
    patterns.extend(suite_patterns().into_iter().map(|(pattern, _)| pattern));
    patterns.extend(generated_patterns(3000));
    patterns.extend(
        ECMASCRIPT_REGEX_CASES
            .iter()
            .map(|(p, _, _)| (*p).to_owned()),
    );
    patterns.extend(["^\\s$", "^\\S$", "\\a"].map(str::to_owned));
    patterns.extend(patterns_at_the_size_limit());
    let (mut accepted, mut refused) = (0, 0);
    let mut failures = Vec::new();
    for pattern in &patterns {
        let validator = compile(pattern).err();
        let macros = toolsmith_schema_rules::pattern::problem(pattern).map(|r| refusal(&r));
        match &validator {
            None => accepted += 1,
            Some(_) => refused += 1,
        }
        if macros != validator {
            failures.push(format!(
                "{pattern:?}: the validator says {validator:?}, the macros say {macros:?}"
            ));
        }
    }
    println!(
        "{} patterns: {accepted} accepted, {refused} refused alike",
        patterns.len()
    );
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        accepted > 500 && refused > 500,
        "{accepted} accepted, {refused} refused"
    );
}
