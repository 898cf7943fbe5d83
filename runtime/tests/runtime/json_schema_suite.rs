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
