//! Repairs on the typed path: `validate_input` reads what the repair pass
//! fixed into the typed arguments, and reports each repair.

use serde::Deserialize;
use serde_json::json;
use toolsmith::{
    RepairKind, RepairPolicy, Tool, ToolArg, tool, validate_input, validate_input_with,
};

/// When an event happens.
#[derive(Debug, Deserialize, ToolArg, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EventTime {
    date_time: String,
    time_zone: Option<String>,
}

/// One attendee.
#[derive(Debug, Deserialize, ToolArg, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Attendee {
    email_address: String,
}

/// Books a meeting.
#[tool]
fn book_meeting(
    start: EventTime,
    attendees: Vec<Attendee>,
    #[arg(min = 1, max = 8)] duration_hours: u8,
) -> String {
    format!(
        "{} for {duration_hours}h with {}",
        start.date_time,
        attendees.len()
    )
}

#[test]
fn schema_matches_snapshot() {
    crate::support::assert_snapshot("book-meeting", BookMeeting.input_schema());
}

#[test]
fn camel_case_keys_and_json_strings_reach_the_function_repaired() {
    let call = json!({
        "start": "{\"dateTime\": \"2026-11-30T09:00\", \"timeZone\": \"UTC\"}",
        "attendees": [{ "emailAddress": "a@example.com" }],
        "durationHours": 2
    });
    let valid = validate_input_with(&BookMeeting, &call, &RepairPolicy::default()).unwrap();
    assert_eq!(
        valid.args.start,
        EventTime {
            date_time: "2026-11-30T09:00".into(),
            time_zone: Some("UTC".into())
        }
    );
    assert_eq!(
        valid.args.attendees,
        [Attendee {
            email_address: "a@example.com".into()
        }]
    );
    assert_eq!(valid.args.duration_hours, 2);
    let repairs: Vec<String> = valid.repairs.iter().map(ToString::to_string).collect();
    assert_eq!(
        repairs,
        [
            "read key durationHours as duration_hours",
            "read the string at /start as the object it holds",
            "read key dateTime at /start as date_time",
            "read key timeZone at /start as time_zone",
            "read key emailAddress at /attendees/0 as email_address",
        ]
    );
    assert_eq!(valid.repairs[0].kind, RepairKind::Alias);
    assert_eq!(valid.repairs[1].kind, RepairKind::JsonString);
}

#[test]
fn a_json_string_with_a_key_sent_twice_is_refused_as_the_object_is() {
    // Sent as an object the call never parses; sent as a string it is
    // refused too, rather than booked with the last of the two keys.
    let object = r#"{"start": {"date_time": "9:00", "date_time": "23:00"}, "attendees": [], "duration_hours": 1}"#;
    assert_eq!(
        toolsmith::validate_input_str(&BookMeeting, object)
            .unwrap_err()
            .lines(),
        ["Invalid arguments: duplicate key \"date_time\" at line 1 column 43; send each key once"]
    );
    let call = json!({
        "start": "{\"date_time\": \"9:00\", \"date_time\": \"23:00\"}",
        "attendees": [],
        "duration_hours": 1
    });
    let lines = [
        "Invalid arguments at /start: must be an object, got string \"{\"date_time\": \"9:00\", \"date_time\": \"23:0…\"",
        "Invalid arguments at /start: the string holds JSON with a duplicate key \"date_time\" at line 1 column 33; send each key once",
    ];
    assert_eq!(
        validate_input(&BookMeeting, &call).unwrap_err().lines(),
        lines
    );
    assert_eq!(
        toolsmith::validate_input_str(&BookMeeting, &call.to_string())
            .unwrap_err()
            .lines(),
        lines
    );
}

#[test]
fn a_call_sent_right_reports_no_repairs() {
    let call = json!({
        "start": { "date_time": "2026-11-30T09:00" },
        "attendees": [],
        "duration_hours": 1
    });
    let valid = validate_input_with(&BookMeeting, &call, &RepairPolicy::default()).unwrap();
    assert!(valid.repairs.is_empty());
}

#[test]
fn without_repairs_the_same_call_is_refused_with_every_problem() {
    let call = json!({
        "start": { "dateTime": "2026-11-30T09:00" },
        "attendees": [],
        "durationHours": 2
    });
    let err = validate_input_with(&BookMeeting, &call, &RepairPolicy::none()).unwrap_err();
    assert_eq!(
        err.lines(),
        [
            "Invalid arguments: missing required property \"duration_hours\"",
            "Invalid arguments at /start: missing required property \"date_time\"",
            "Invalid arguments: unknown property \"durationHours\"; takes start, attendees, duration_hours",
            "Invalid arguments at /start: unknown property \"dateTime\"; takes date_time, time_zone",
        ]
    );
}

#[test]
fn repairs_never_hide_other_problems() {
    let call = json!({ "start": { "dateTime": "x" }, "attendees": [], "durationHours": 9 });
    assert_eq!(
        validate_input(&BookMeeting, &call).unwrap_err().lines(),
        ["Invalid arguments at /duration_hours: must be at most 8, got 9"]
    );
}

#[test]
fn opt_in_coercion_reads_numbers_from_strings() {
    let call = json!({ "start": { "date_time": "x" }, "attendees": [], "duration_hours": "3" });
    assert_eq!(
        validate_input(&BookMeeting, &call).unwrap_err().lines(),
        ["Invalid arguments at /duration_hours: must be an integer, got string \"3\""]
    );
    let lenient = RepairPolicy {
        coerce_types: true,
        ..RepairPolicy::default()
    };
    let valid = validate_input_with(&BookMeeting, &call, &lenient).unwrap();
    assert_eq!(valid.args.duration_hours, 3);
    assert_eq!(
        valid.repairs[0].to_string(),
        "read \"3\" at /duration_hours as number 3"
    );
}

mod through_a_tool_set {
    use std::sync::{Arc, Mutex};

    use serde_json::json;
    use toolsmith::{CallError, DynamicTool, RepairPolicy, ToolError, ToolSet};

    use super::BookMeeting;

    fn echo() -> DynamicTool {
        DynamicTool::new(
            "echo",
            "Returns its arguments",
            json!({
                "type": "object",
                "properties": { "page_size": { "type": "integer" }, "mode": { "enum": ["fast", "slow"] } },
                "additionalProperties": false
            }),
            |args, ()| async move { Ok::<_, ToolError>(args) },
        )
    }

    #[tokio::test]
    async fn every_repair_reaches_the_log_for_typed_and_dynamic_tools() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&log);
        let mut tools = ToolSet::new().on_repair(move |tool, repairs| {
            let mut sink = sink.lock().unwrap();
            sink.extend(repairs.iter().map(|repair| format!("{tool}: {repair}")));
        });
        tools
            .register(BookMeeting)
            .unwrap()
            .register_dynamic(echo())
            .unwrap();

        let booked = tools
            .call(
                "book_meeting",
                json!({ "start": { "dateTime": "9:00" }, "attendees": [], "durationHours": 1 }),
                (),
            )
            .await
            .unwrap()
            .unwrap();
        assert_eq!(booked, json!("9:00 for 1h with 0"));
        let echoed = tools
            .call("echo", json!({ "pageSize": 10 }), ())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(echoed, json!({ "page_size": 10 }));

        assert_eq!(
            *log.lock().unwrap(),
            [
                "book_meeting: read key durationHours as duration_hours",
                "book_meeting: read key dateTime at /start as date_time",
                "echo: read key pageSize as page_size",
            ]
        );
    }

    #[tokio::test]
    async fn the_policy_is_set_per_set_and_a_clone_may_set_its_own() {
        let mut strict = ToolSet::new().with_repairs(RepairPolicy::none());
        strict.register_dynamic(echo()).unwrap();
        let Err(CallError::Input(err)) = strict
            .call("echo", json!({ "pageSize": 10, "mode": "Fast" }), ())
            .await
            .unwrap()
        else {
            panic!("a strict set refuses the alias");
        };
        assert_eq!(
            err.lines(),
            [
                "Invalid arguments at /mode: must be one of fast, slow, got \"Fast\"",
                "Invalid arguments: unknown property \"pageSize\"; takes page_size, mode",
            ]
        );

        // A clone shares the tools and may repair as it likes.
        let repaired = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&repaired);
        let lenient = strict
            .clone()
            .with_repairs(RepairPolicy::default())
            .on_repair(move |_, repairs| sink.lock().unwrap().push(repairs.len()));
        let value = lenient
            .call("echo", json!({ "pageSize": 10 }), ())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(value, json!({ "page_size": 10 }));
        assert_eq!(*repaired.lock().unwrap(), [1]);

        let Err(CallError::Input(err)) = lenient
            .call("echo", json!({ "mode": "Fast" }), ())
            .await
            .unwrap()
        else {
            panic!("an enum miss is never repaired");
        };
        assert_eq!(
            err.lines(),
            [
                "Invalid arguments at /mode: must be one of fast, slow, got \"Fast\" (did you mean \"fast\"?)"
            ]
        );
    }
}

/// A label of an issue.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(rename_all = "kebab-case")]
pub enum IssueLabel {
    GoodFirstIssue,
    HelpWanted,
    Bug,
}

/// Labels an issue.
#[tool]
fn label_issue(label: IssueLabel) -> String {
    format!("{label:?}")
}

/// An enum value in another case convention is never repaired, but the
/// line names the value meant.
#[test]
fn an_enum_value_in_another_case_is_suggested() {
    for sent in ["good_first_issue", "GoodFirstIssue"] {
        let err = validate_input(&LabelIssue, &json!({ "label": sent })).unwrap_err();
        assert_eq!(
            err.lines(),
            [format!(
                "Invalid arguments at /label: must be one of good-first-issue, help-wanted, bug, got \"{sent}\" (did you mean \"good-first-issue\"?)"
            )]
        );
    }
}

/// The typed path and the validator agree on generated calls of every
/// tool here (see `crate::support::agreement`).
#[test]
fn tools_agree_with_their_schemas() {
    crate::support::agreement::assert_agreement(&BookMeeting);
}
