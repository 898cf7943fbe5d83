//! The table against the compiler: every keyword `compile.rs` reads has a
//! row, every row compiles, every other keyword is refused.

use std::collections::BTreeSet;

use regex::Regex;
use serde_json::{Value, json};

use super::{KEYWORDS, Portable, Step, Verdict, find, refused};
use crate::Validator;
use crate::portable::Host;
use crate::schema::{alias, format, integer, titles};

/// The keywords `compile.rs` names: the arms of `rules` and `annotation`,
/// the annotation and validation lists, and the private keywords it reads
/// by their constants.
fn compiled_keywords() -> BTreeSet<String> {
    let source = include_str!("../compile.rs");
    let body = |start: &str| {
        let from = source
            .find(start)
            .unwrap_or_else(|| panic!("compile.rs has no `{start}`"));
        let rest = &source[from..];
        let end = rest[1..]
            .find("\n    fn ")
            .map_or(rest.len(), |end| end + 1);
        &rest[..end]
    };
    let list = |start: &str| {
        let from = source
            .find(start)
            .unwrap_or_else(|| panic!("compile.rs has no `{start}`"));
        let rest = &source[from..];
        &rest[..rest.find("];").expect("the list ends")]
    };
    let arm = Regex::new(r#""(\$?[A-Za-z][A-Za-z-]*)"\s*(?:=>|\|)"#).unwrap();
    let literal = Regex::new(r#""(\$?[A-Za-z][A-Za-z-]*)""#).unwrap();
    let constant = Regex::new(r"super::(\w+)::([A-Z_]+)\s*(?:=>|if)").unwrap();
    let mut found = BTreeSet::new();
    for text in [body("fn rules("), body("fn annotation(")] {
        found.extend(arm.captures_iter(text).map(|c| c[1].to_owned()));
        for c in constant.captures_iter(text) {
            let name = match (&c[1], &c[2]) {
                ("alias", "KEYWORD") => alias::KEYWORD,
                ("alias", "VALUE_DOCS") => alias::VALUE_DOCS,
                ("integer", "KEYWORD") => integer::KEYWORD,
                ("format", "KEYWORD") => format::KEYWORD,
                ("titles", "KEYWORD") => titles::KEYWORD,
                ("titles", "LEGACY") => titles::LEGACY,
                (module, name) => panic!(
                    "compile.rs reads `{module}::{name}`: add it here and a row to the table"
                ),
            };
            found.insert(name.to_owned());
        }
    }
    for start in ["const ANNOTATIONS", "const VALIDATION"] {
        found.extend(literal.captures_iter(list(start)).map(|c| c[1].to_owned()));
    }
    found
}

/// The example of a row in place: `/properties/x` of a closed object.
fn in_place(example: &str) -> Value {
    let example: Value = serde_json::from_str(example).expect("the example is JSON");
    json!({"type": "object", "properties": {"x": example}, "additionalProperties": false})
}

fn refused_as_unknown(schema: &Value) -> bool {
    match Validator::new(schema) {
        Ok(_) => false,
        Err(err) => err
            .to_string()
            .contains("is not a JSON Schema 2020-12 keyword"),
    }
}

#[test]
fn every_keyword_the_compiler_reads_has_a_row_and_no_other() {
    let compiled = compiled_keywords();
    let table: BTreeSet<String> = KEYWORDS.iter().map(|k| k.name.to_owned()).collect();
    assert_eq!(
        compiled.difference(&table).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "read by compile.rs, without a row"
    );
    assert_eq!(
        table.difference(&compiled).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "a row compile.rs does not read"
    );
    assert_eq!(table.len(), KEYWORDS.len(), "a keyword has two rows");
}

#[test]
fn every_row_compiles_and_names_its_keyword() {
    for keyword in KEYWORDS {
        let example: Value = serde_json::from_str(keyword.example).unwrap();
        assert!(
            example.get(keyword.name).is_some(),
            "{}: the example lacks it",
            keyword.name
        );
        let schema = in_place(keyword.example);
        match Validator::new(&schema) {
            Ok(_) => {}
            // A format of a type behind a feature this build lacks.
            Err(err) if keyword.name == format::KEYWORD => {
                assert!(
                    err.to_string().contains("feature"),
                    "{}: {err}",
                    keyword.name
                );
            }
            Err(err) => panic!("{}: {err}", keyword.name),
        }
    }
}

#[test]
fn keywords_outside_the_table_are_refused() {
    for name in [
        "definitions",
        "dependencies",
        "additionalItems",
        "id",
        "$recursiveRef",
        "$recursiveAnchor",
        "nullable",
        "discriminator",
        "minimun",
        "x-toolsmith-other",
    ] {
        assert!(find(name).is_none(), "{name} has a row");
        let schema = json!({"type": "object", "properties": {"x": {name: true}}});
        assert!(refused_as_unknown(&schema), "{name} is not refused");
    }
}

#[test]
fn rows_agree_with_themselves() {
    for keyword in KEYWORDS {
        let name = keyword.name;
        // What the subset holds, no host refuses but a union's `oneOf`
        // (a tagged one is sent as `anyOf`).
        if keyword.portable == Portable::Yes {
            for host in [Host::OpenAiStrict, Host::Anthropic, Host::Gemini] {
                assert_ne!(
                    keyword.verdict(host),
                    Verdict::Refuses,
                    "{name} on {host:?}"
                );
            }
        }
        assert_eq!(
            keyword.step == Step::Private,
            keyword.portable == Portable::Stripped,
            "{name}"
        );
        assert_ne!(
            keyword.anthropic,
            Verdict::Refuses,
            "{name}: Anthropic refuses no keyword"
        );
    }
    assert_eq!(refused(Host::Anthropic).count(), 0);
    assert!(refused(Host::Gemini).any(|name| name == "$ref"));
    assert!(!refused(Host::OpenAiStrict).any(|name| name == "$ref"));
}
