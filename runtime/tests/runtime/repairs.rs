//! Repairs before validation: case variants, JSON strings, type coercion, and
//! "did you mean" in lines; each reported, each switchable.

use serde_json::{Value, json};
use toolsmith_runtime::{RepairKind, RepairPolicy, Validator};

/// `calendar` schema: snake_case keys at depth 1 and 3, inside arrays.
fn calendar() -> Validator {
    Validator::new(&json!({
        "type": "object",
        "properties": {
            "start_time": { "type": "string" },
            "event": {
                "type": "object",
                "properties": {
                    "details": {
                        "type": "object",
                        "properties": { "date_time": { "type": "string" }, "time_zone": { "type": "string" } },
                        "required": ["date_time"],
                        "additionalProperties": false
                    }
                },
                "additionalProperties": false
            },
            "attendees": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": { "email_address": { "type": "string" } },
                    "required": ["email_address"],
                    "additionalProperties": false
                }
            },
            "limit": { "type": "integer", "minimum": 1 },
            "urgent": { "type": "boolean" },
            "mode": { "enum": ["fast", "slow"] }
        },
        "required": ["start_time"],
        "additionalProperties": false
    }))
    .unwrap()
}

fn repaired(input: Value, policy: RepairPolicy) -> (Value, Vec<String>) {
    let mut value = input;
    let repairs = calendar()
        .validate_with(&mut value, &policy)
        .unwrap_or_else(|err| panic!("{err}"));
    (value, repairs.iter().map(ToString::to_string).collect())
}

fn lines(input: Value, policy: RepairPolicy) -> Vec<String> {
    let mut value = input;
    calendar()
        .validate_with(&mut value, &policy)
        .unwrap_err()
        .lines()
}

#[test]
fn case_variants_at_depth_one_and_three_and_in_arrays() {
    let (value, repairs) = repaired(
        json!({
            "startTime": "9:00",
            "event": { "details": { "DateTime": "2026-11-30", "time-zone": "UTC" } },
            "attendees": [{ "emailAddress": "a@example.com" }, { "email_address": "b@example.com" }]
        }),
        RepairPolicy::default(),
    );
    assert_eq!(
        value,
        json!({
            "start_time": "9:00",
            "event": { "details": { "date_time": "2026-11-30", "time_zone": "UTC" } },
            "attendees": [{ "email_address": "a@example.com" }, { "email_address": "b@example.com" }]
        })
    );
    assert_eq!(
        repairs,
        [
            "read key startTime as start_time",
            "read key DateTime at /event/details as date_time",
            "read key time-zone at /event/details as time_zone",
            "read key emailAddress at /attendees/0 as email_address",
        ]
    );
}

#[test]
fn repaired_keys_are_neither_unknown_nor_missing() {
    let mut value = json!({ "startTime": "9:00", "limit": 0 });
    let err = calendar()
        .validate_with(&mut value, &RepairPolicy::default())
        .unwrap_err();
    assert_eq!(
        err.lines(),
        ["Invalid arguments at /limit: must be at least 1, got 0"]
    );
}

#[test]
fn ambiguous_case_variants_are_lines_not_guesses() {
    assert_eq!(
        lines(
            json!({ "startTime": "a", "start_time": "b" }),
            RepairPolicy::default()
        ),
        [
            "Invalid arguments: ambiguous property \"startTime\": \"start_time\" is also present; send only \"start_time\""
        ]
    );
    assert_eq!(
        lines(
            json!({ "startTime": "a", "StartTime": "b" }),
            RepairPolicy::default()
        ),
        [
            "Invalid arguments: missing required property \"start_time\"",
            "Invalid arguments: ambiguous properties \"startTime\", \"StartTime\": each means \"start_time\"; send it once",
        ]
    );
}

#[test]
fn case_variants_off_leaves_unknown_keys_with_suggestions() {
    let policy = RepairPolicy {
        case_variants: false,
        ..RepairPolicy::default()
    };
    assert_eq!(
        lines(json!({ "startTime": "a" }), policy),
        [
            "Invalid arguments: missing required property \"start_time\"",
            "Invalid arguments: unknown property \"startTime\" (did you mean \"start_time\"?); takes start_time, event, attendees, limit, urgent, mode",
        ]
    );
    assert_eq!(
        lines(json!({ "startTime": "a" }), RepairPolicy::none()),
        [
            "Invalid arguments: missing required property \"start_time\"",
            "Invalid arguments: unknown property \"startTime\"; takes start_time, event, attendees, limit, urgent, mode",
        ]
    );
}

#[test]
fn did_you_mean_for_keys_and_enum_values() {
    assert_eq!(
        lines(
            json!({ "start_time": "a", "limt": 5, "mode": "Fast" }),
            RepairPolicy::default()
        ),
        [
            "Invalid arguments at /mode: must be one of fast, slow, got \"Fast\" (did you mean \"fast\"?)",
            "Invalid arguments: unknown property \"limt\" (did you mean \"limit\"?); takes start_time, event, attendees, limit, urgent, mode",
        ]
    );
    assert_eq!(
        lines(
            json!({ "start_time": "a", "mode": "medium" }),
            RepairPolicy::default()
        ),
        ["Invalid arguments at /mode: must be one of fast, slow, got \"medium\""]
    );
}

#[test]
fn json_strings_become_objects_and_arrays_at_depth() {
    let (value, repairs) = repaired(
        json!({
            "start_time": "9:00",
            "event": "{\"details\": {\"dateTime\": \"2026-11-30\"}}",
            "attendees": " [{\"email_address\": \"a@example.com\"}]"
        }),
        RepairPolicy::default(),
    );
    assert_eq!(
        value["event"],
        json!({ "details": { "date_time": "2026-11-30" } })
    );
    assert_eq!(
        value["attendees"],
        json!([{ "email_address": "a@example.com" }])
    );
    assert_eq!(
        repairs,
        [
            "read the string at /event as the object it holds",
            "read key dateTime at /event/details as date_time",
            "read the string at /attendees as the array it holds",
        ]
    );
}

#[test]
fn json_strings_report_problems_inside_the_parsed_value() {
    assert_eq!(
        lines(
            json!({ "start_time": "a", "event": "{\"details\": {\"time_zone\": 3}}" }),
            RepairPolicy::default()
        ),
        [
            "Invalid arguments at /event/details: missing required property \"date_time\"",
            "Invalid arguments at /event/details/time_zone: must be a string, got number 3",
        ]
    );
}

#[test]
fn json_strings_of_the_wrong_type_are_not_repaired() {
    assert_eq!(
        lines(
            json!({ "start_time": "a", "event": "[1, 2]" }),
            RepairPolicy::default()
        ),
        ["Invalid arguments at /event: must be an object, got string \"[1, 2]\""]
    );
    assert_eq!(
        lines(
            json!({ "start_time": "a", "event": "{not json" }),
            RepairPolicy::default()
        ),
        ["Invalid arguments at /event: must be an object, got string \"{not json\""]
    );
    // Never where the schema accepts a string.
    let (value, repairs) = repaired(
        json!({ "start_time": "{\"a\": 1}" }),
        RepairPolicy::default(),
    );
    assert_eq!(value, json!({ "start_time": "{\"a\": 1}" }));
    assert!(repairs.is_empty());
}

#[test]
fn json_strings_refuse_a_key_sent_twice_as_the_call_does() {
    // Sent as an object, the call is refused for the repeated key; sent as
    // a string, it is refused too, never read with the last of the keys.
    let text = r#"{"details":{"date_time":"9","date_time":"10"}}"#;
    let as_object = format!(r#"{{"start_time":"a","event":{text}}}"#);
    assert_eq!(
        toolsmith_runtime::parse_json_text(&as_object, &Default::default())
            .unwrap_err()
            .line(),
        "Invalid arguments: duplicate key \"date_time\" at line 1 column 65; send each key once"
    );
    let mut value = json!({ "start_time": "a", "event": text });
    let err = calendar()
        .validate_with(&mut value, &RepairPolicy::default())
        .unwrap_err();
    assert_eq!(
        err.lines(),
        [
            "Invalid arguments at /event: must be an object, got string \"{\"details\":{\"date_time\":\"9\",\"date_time\":…\"",
            "Invalid arguments at /event: the string holds JSON with a duplicate key \"date_time\" at line 1 column 39; send each key once",
        ]
    );
    assert_eq!(value["event"], text, "the string is left as sent");
    // In an array's items too, at the item's pointer.
    let attendees = r#"[{"email_address":"a@example.com","email_address":"b@example.com"}]"#;
    assert_eq!(
        lines(
            json!({ "start_time": "a", "attendees": attendees }),
            RepairPolicy::default()
        )[1],
        "Invalid arguments at /attendees: the string holds JSON with a duplicate key \"email_address\" at line 1 column 49; send each key once"
    );
}

#[test]
fn json_strings_are_bounded() {
    // A 1 MB string of JSON is over the cap: a type line, not a parse.
    let huge = format!(
        "{{\"details\": {{\"date_time\": \"{}\"}}}}",
        "x".repeat(1 << 20)
    );
    let lines = lines(
        json!({ "start_time": "a", "event": huge }),
        RepairPolicy::default(),
    );
    assert_eq!(
        lines,
        [format!(
            "Invalid arguments at /event: must be an object, got string \"{{\"details\": {{\"date_time\": \"{}…\"",
            "x".repeat(13)
        )]
    );

    // 1,000 levels of nesting is past the parser's limit: no repair.
    let deep = format!("{}{}", "[".repeat(1000), "]".repeat(1000));
    let mut value = json!({ "start_time": "a", "attendees": deep });
    let err = calendar()
        .validate_with(&mut value, &RepairPolicy::default())
        .unwrap_err();
    assert_eq!(err.issues().len(), 1);
    assert!(
        err.lines()[0]
            .starts_with("Invalid arguments at /attendees: must be an array, got string \"[[[[")
    );

    // A string holding a string holding JSON is parsed once, not again.
    let twice =
        serde_json::to_string(&json!({ "details": { "date_time": "x" } }).to_string()).unwrap();
    let err = calendar()
        .validate_with(
            &mut json!({ "start_time": "a", "event": twice }),
            &RepairPolicy::default(),
        )
        .unwrap_err();
    assert_eq!(err.issues().len(), 1);
}

#[test]
fn type_coercion_is_opt_in() {
    assert_eq!(
        lines(
            json!({ "start_time": "a", "limit": "5", "urgent": "true" }),
            RepairPolicy::default()
        ),
        [
            "Invalid arguments at /limit: must be an integer, got string \"5\"",
            "Invalid arguments at /urgent: must be a boolean, got string \"true\"",
        ]
    );
    let policy = RepairPolicy {
        coerce_types: true,
        ..RepairPolicy::default()
    };
    let (value, repairs) = repaired(
        json!({ "start_time": "a", "limit": "5", "urgent": "true" }),
        policy,
    );
    assert_eq!(
        value,
        json!({ "start_time": "a", "limit": 5, "urgent": true })
    );
    assert_eq!(
        repairs,
        [
            "read \"5\" at /limit as number 5",
            "read \"true\" at /urgent as boolean true"
        ]
    );
    // Not an integer: no coercion, the line stays.
    assert_eq!(
        lines(json!({ "start_time": "a", "limit": "5.5" }), policy),
        ["Invalid arguments at /limit: must be an integer, got string \"5.5\""]
    );
}

#[test]
fn repairs_carry_kind_and_pointer() {
    let mut value = json!({ "start_time": "a", "event": { "details": { "dateTime": "x" } } });
    let repairs = calendar()
        .validate_with(&mut value, &RepairPolicy::default())
        .unwrap();
    assert_eq!(repairs.len(), 1);
    assert_eq!(repairs[0].kind, RepairKind::Alias);
    assert_eq!(repairs[0].at, "/event/details");
    assert_eq!(
        (repairs[0].from.as_str(), repairs[0].to.as_str()),
        ("dateTime", "date_time")
    );
}

#[test]
fn open_objects_keep_their_keys() {
    // `dateTime` is a legitimate key where unknown keys are allowed: renaming
    // it would change a valid call.
    let open = Validator::new(&json!({
        "type": "object",
        "properties": { "date_time": { "type": "string" } }
    }))
    .unwrap();
    let mut value = json!({ "dateTime": 1 });
    assert_eq!(
        open.validate_with(&mut value, &RepairPolicy::all())
            .unwrap(),
        []
    );
    assert_eq!(value, json!({ "dateTime": 1 }));
}

#[test]
fn case_variants_convert_toward_camel_case_too() {
    let validator = Validator::new(&json!({
        "type": "object",
        "properties": {
            "minScore": { "type": "number" },
            "pageSize": { "type": "integer" },
            "HTTPProxy": { "type": "string" }
        },
        "additionalProperties": false
    }))
    .unwrap();
    let mut value = json!({ "min_score": 0.5, "page-size": 10, "http_proxy": "p" });
    let repairs = validator
        .validate_with(&mut value, &RepairPolicy::default())
        .unwrap();
    assert_eq!(
        value,
        json!({ "minScore": 0.5, "pageSize": 10, "HTTPProxy": "p" })
    );
    let said: Vec<String> = repairs.iter().map(ToString::to_string).collect();
    assert_eq!(
        said,
        [
            "read key min_score as minScore",
            "read key page-size as pageSize",
            "read key http_proxy as HTTPProxy",
        ]
    );
}

#[test]
fn case_variants_are_not_guessed_between_properties_that_fold_alike() {
    let validator = Validator::new(&json!({
        "type": "object",
        "properties": { "minScore": { "type": "number" }, "MinScore": { "type": "number" } },
        "additionalProperties": false
    }))
    .unwrap();
    let mut value = json!({ "min_score": 1 });
    let err = validator
        .validate_with(&mut value, &RepairPolicy::default())
        .unwrap_err();
    assert_eq!(
        err.lines(),
        // A suggestion, not a repair: two properties fold to `min_score`.
        [
            "Invalid arguments: unknown property \"min_score\" (did you mean \"minScore\"?); takes minScore, MinScore"
        ]
    );
}
