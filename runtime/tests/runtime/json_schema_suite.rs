//! Runs the official JSON Schema test suite (draft 2020-12) for the
//! supported keywords: every group inside the subset must agree with every
//! test's `valid`; every group outside it must be refused with a
//! `SchemaError` naming a keyword outside the subset.

use std::path::PathBuf;

use serde_json::Value;
use toolsmith_runtime::Validator;

const SUPPORTED: [&str; 27] = [
    "type",
    "properties",
    "required",
    "additionalProperties",
    "enum",
    "const",
    "pattern",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "description",
    "title",
    "default",
    "examples",
    "$comment",
    "$schema",
    "deprecated",
    "readOnly",
    "writeOnly",
];

fn suite_dir() -> PathBuf {
    match std::env::var_os("TOOLSMITH_SCHEMA_SUITE") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/json-schema-test-suite/draft2020-12"),
    }
}

#[test]
fn official_suite_agrees() {
    let dir = suite_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("cannot read the test suite at {}: {err}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 20,
        "expected the suite's files in {}",
        dir.display()
    );

    let (mut agree, mut out_of_subset_groups, mut out_of_subset_tests) = (0, 0, 0);
    let mut disagreements = Vec::new();
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let groups: Vec<Value> =
            serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        for group in &groups {
            let description = group["description"].as_str().unwrap();
            let tests = group["tests"].as_array().unwrap();
            match Validator::new(&group["schema"]) {
                Err(err) => {
                    assert!(
                        !SUPPORTED.contains(&err.keyword()),
                        "{name} / {description}: refused a supported keyword: {err}"
                    );
                    out_of_subset_groups += 1;
                    out_of_subset_tests += tests.len();
                }
                Ok(validator) => {
                    for test in tests {
                        let expected = test["valid"].as_bool().unwrap();
                        let outcome = validator.validate(&test["data"]);
                        if outcome.is_ok() == expected {
                            agree += 1;
                        } else {
                            disagreements.push(format!(
                                "{name} / {description} / {}: expected valid={expected}, got {outcome:?}",
                                test["description"].as_str().unwrap()
                            ));
                        }
                    }
                }
            }
        }
    }
    println!(
        "JSON Schema test suite: {agree} agree, {} disagree, {out_of_subset_tests} tests in {out_of_subset_groups} groups out of subset",
        disagreements.len()
    );
    assert!(
        disagreements.is_empty(),
        "disagreements:\n{}",
        disagreements.join("\n")
    );
    assert!(agree > 300, "too few tests ran: {agree}");
}

/// The whole suite: `full/draft2020-12`, remotes included.
fn full_suite_dir() -> PathBuf {
    match std::env::var_os("TOOLSMITH_FULL_SCHEMA_SUITE") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/json-schema-test-suite/full"),
    }
}

/// The optional files whose behaviour the spec decides, and whether they
/// run with `format` asserted.
const OPTIONAL: [(&str, bool); 23] = [
    ("optional/bignum.json", false),
    ("optional/ecmascript-regex.json", false),
    ("optional/float-overflow.json", false),
    ("optional/non-bmp-regex.json", false),
    ("optional/format-assertion.json", false),
    ("optional/anchor.json", false),
    ("optional/id.json", false),
    ("optional/unknownKeyword.json", false),
    ("optional/refOfUnknownKeyword.json", false),
    ("optional/dynamicRef.json", false),
    ("optional/no-schema.json", false),
    ("optional/format/regex.json", true),
    ("optional/format/date-time.json", true),
    ("optional/format/date.json", true),
    ("optional/format/time.json", true),
    ("optional/format/duration.json", true),
    ("optional/format/email.json", true),
    ("optional/format/hostname.json", true),
    ("optional/format/ipv4.json", true),
    ("optional/format/ipv6.json", true),
    ("optional/format/uri.json", true),
    ("optional/format/uri-reference.json", true),
    ("optional/format/uuid.json", true),
];

/// The suite's remote documents (`http://localhost:1234/` is its
/// `remotes/` folder) and the draft 2020-12 meta-schemas.
fn suite_resolver(remotes: PathBuf) -> impl Fn(&str) -> Option<Value> + Send + Sync + 'static {
    let metaschemas = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/runtime/metaschemas");
    move |uri: &str| {
        let path = if let Some(rest) = uri.strip_prefix("http://localhost:1234/") {
            remotes.join(rest)
        } else if let Some(rest) = uri.strip_prefix("https://json-schema.org/") {
            let rest = rest.strip_prefix("draft/")?;
            metaschemas.join(format!("draft{rest}.json"))
        } else {
            return None;
        };
        let text = std::fs::read_to_string(path).ok()?;
        serde_json::from_str(&text).ok()
    }
}

#[test]
fn full_suite_agrees() {
    let root = full_suite_dir();
    let dir = root.join("draft2020-12");
    let mut files: Vec<(String, bool)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("cannot read the test suite at {}: {err}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .map(|path| {
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                false,
            )
        })
        .collect();
    files.sort();
    files.extend(
        OPTIONAL
            .iter()
            .map(|(name, formats)| ((*name).to_owned(), *formats)),
    );
    let remotes = root.join("remotes");

    let (mut cases, mut tests) = (0, 0);
    let mut disagreements = Vec::new();
    for (name, formats) in &files {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let groups: Vec<Value> = serde_json::from_str(&text).unwrap();
        for group in &groups {
            cases += 1;
            let description = group["description"].as_str().unwrap();
            let validator = Validator::builder()
                .resolver(suite_resolver(remotes.clone()))
                .ignore_unknown_keywords(true)
                .assert_formats(*formats)
                .build(&group["schema"]);
            let validator = match validator {
                Ok(validator) => validator,
                Err(err) => {
                    disagreements.push(format!("{name} / {description}: refused: {err}"));
                    continue;
                }
            };
            for test in group["tests"].as_array().unwrap() {
                tests += 1;
                let expected = test["valid"].as_bool().unwrap();
                let outcome = validator.validate(&test["data"]);
                if outcome.is_ok() != expected {
                    disagreements.push(format!(
                        "{name} / {description} / {}: expected valid={expected}, got {outcome:?}",
                        test["description"].as_str().unwrap()
                    ));
                }
            }
        }
    }
    println!(
        "JSON Schema test suite, whole draft 2020-12: {} files, {cases} cases, {tests} tests, {} disagree",
        files.len(),
        disagreements.len()
    );
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    assert_eq!(
        (files.len(), cases, tests),
        (69, 438, 1921),
        "the suite's size changed"
    );
}
