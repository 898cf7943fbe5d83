//! `#[arg(pattern)]` is ECMA-262, read with the `u` flag, on the typed path
//! and the validator alike: the classes, `.` and `$` mean what they mean in
//! JavaScript, and the two paths give the same answer.

use serde_json::{Value, json};
use toolsmith::{Tool, tool, validate_input, validate_input_str};

/// Files a ticket.
#[tool]
fn file_ticket(
    // ASCII digits only, to the very end (no final line break).
    #[arg(pattern = r"^\d+$")] number: String,
    // `[^]` is any character, line breaks included; `.` is not.
    #[arg(pattern = r"^[^]\.$")] mark: String,
    // A script, as ECMA-262 spells it.
    #[arg(pattern = r"^\p{Script=Greek}+$")] word: String,
) -> String {
    format!("{number}{mark}{word}")
}

/// Both paths' answer: `Ok` or the lines, the same from `Value` and `&str`.
fn check(input: Value) -> Result<(), Vec<String>> {
    let from_value = validate_input(&FileTicket, &input)
        .map(drop)
        .map_err(|e| e.lines());
    let from_str = validate_input_str(&FileTicket, &input.to_string())
        .map(drop)
        .map_err(|e| e.lines());
    assert_eq!(from_value, from_str, "the paths differ on {input}");
    from_value
}

#[test]
fn patterns_take_their_ecma_meaning() {
    assert_eq!(
        check(json!({"number": "42", "mark": "\n.", "word": "λόγος"})),
        Ok(())
    );
    assert_eq!(
        check(json!({"number": "٤٢", "mark": "a.", "word": "λόγος"})),
        Err(vec![
            "Invalid arguments at /number: must match pattern \"^\\d+$\"".to_owned()
        ])
    );
    assert_eq!(
        check(json!({"number": "42\n", "mark": "ab", "word": "logos"})),
        Err(vec![
            "Invalid arguments at /number: must match pattern \"^\\d+$\"".to_owned(),
            "Invalid arguments at /mark: must match pattern \"^[^]\\.$\"".to_owned(),
            "Invalid arguments at /word: must match pattern \"^\\p{Script=Greek}+$\"".to_owned(),
        ])
    );
}

#[test]
fn hosts_receive_the_pattern_as_written() {
    let properties = &FileTicket.input_schema()["properties"];
    assert_eq!(properties["mark"]["pattern"], json!("^[^]\\.$"));
    assert_eq!(properties["word"]["pattern"], json!("^\\p{Script=Greek}+$"));
}

/// The typed path and the validator agree on generated calls of every
/// tool here (see `crate::support::agreement`).
#[test]
fn tools_agree_with_their_schemas() {
    crate::support::agreement::assert_agreement(&FileTicket);
}
