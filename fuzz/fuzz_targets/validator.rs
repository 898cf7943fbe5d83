//! The runtime validator on an arbitrary schema and value.
//!
//! Input: the JSON text of a schema, a NUL byte, the JSON text of a value
//! (inputs that are not two JSON documents are skipped). Checks that
//! `Validator::new` never panics, that a compiled schema never panics in
//! `validate` or `validate_with` (every repair on), and that every error
//! comes as at most 21 lines, each one safe on one line (no line breaks,
//! escapes, C1 or bidi controls) and a few KB at most. A schema error's
//! message is held to the same single-line rule.

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use toolsmith::{RepairPolicy, Validator};
use toolsmith_fuzz::{check_lines, line_fault};

fuzz_target!(|data: &[u8]| {
    let Some(split) = data.iter().position(|&b| b == 0) else {
        return;
    };
    let (Ok(schema), Ok(value)) = (
        serde_json::from_slice::<Value>(&data[..split]),
        serde_json::from_slice::<Value>(&data[split + 1..]),
    ) else {
        return;
    };
    let validator = match Validator::new(&schema) {
        Ok(validator) => validator,
        Err(err) => {
            if let Some(fault) = line_fault(&err.to_string()) {
                panic!("schema error: {fault}: {err}");
            }
            return;
        }
    };
    let plain = validator.validate(&value);
    if let Err(err) = &plain {
        check_lines(&err.lines());
    }
    let mut repaired = value.clone();
    match validator.validate_with(&mut repaired, &RepairPolicy::all()) {
        Ok(_) => {}
        Err(err) => check_lines(&err.lines()),
    }
    // Without any repair, `validate_with` is `validate`.
    let mut same = value.clone();
    let unrepaired = validator.validate_with(&mut same, &RepairPolicy::none());
    assert_eq!(
        plain.as_ref().map_err(|err| err.lines()),
        unrepaired.as_ref().map(|_| &()).map_err(|err| err.lines()),
        "validate and validate_with(RepairPolicy::none()) disagree"
    );
    assert_eq!(same, value, "RepairPolicy::none() changed the value");
});
