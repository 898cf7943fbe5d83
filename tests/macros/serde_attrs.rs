//! serde's attributes as the schema models them: `default` (container and
//! field), `alias` (keys and enum values) and `transparent`. Each case runs
//! the typed path (`validate_input`, `validate_input_str`) and the
//! validator path (`Validator::validate`) on the same calls: they accept and
//! refuse the same ones, with the same lines.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolsmith::{
    RepairKind, RepairPolicy, Tool, ToolArg, tool, validate_input, validate_input_with,
};

fn lines<T: std::fmt::Debug>(result: Result<T, toolsmith::ToolInputError>) -> Vec<String> {
    result.unwrap_err().lines().to_vec()
}

/// Both paths on one call: `Ok` from both or the same lines from both.
fn both<T: Tool>(tool: &T, call: &Value) -> Result<(), Vec<String>> {
    let typed = validate_input(tool, call).map(|_| ());
    let from_str = toolsmith::validate_input_str(tool, &call.to_string()).map(|_| ());
    let validator = tool.validator().validate(call);
    let line = |r: Result<(), toolsmith::ToolInputError>| r.map_err(|e| e.lines().to_vec());
    let (typed, from_str, validator) = (line(typed), line(from_str), line(validator));
    assert_eq!(
        typed, validator,
        "typed path and validator disagree on {call}"
    );
    assert_eq!(
        typed, from_str,
        "`Value` and `&str` paths disagree on {call}"
    );
    typed
}

// --- container and field `default` --------------------------------------

/// Which page of results.
#[derive(Debug, PartialEq, Serialize, Deserialize, ToolArg)]
#[serde(default, deny_unknown_fields)]
pub struct Paging {
    /// Page number, from 1.
    page: u32,
    per_page: u32,
}

impl Default for Paging {
    fn default() -> Self {
        Paging {
            page: 1,
            per_page: 20,
        }
    }
}

/// How results are ordered; has a `Default` but no `Serialize`, so the
/// schema states no default value.
#[derive(Debug, Default, PartialEq, Deserialize, ToolArg)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    #[default]
    Newest,
    Oldest,
}

fn default_limit() -> u8 {
    10
}

/// Lists items.
#[tool]
fn list_items(#[arg(min_length = 1)] filter: String, paging: Paging, options: Options) -> String {
    format!("{filter} {} {}", paging.page, options.limit)
}

/// Listing options.
#[derive(Debug, PartialEq, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Options {
    #[serde(default = "default_limit")]
    #[arg(max = 50)]
    limit: u8,
    #[serde(default)]
    order: Order,
    #[serde(default)]
    tags: Vec<String>,
}

#[test]
fn defaults_schema_matches_snapshot() {
    crate::support::assert_snapshot("list-items", ListItems.input_schema());
}

#[test]
fn container_default_makes_every_field_optional() {
    let call = json!({ "filter": "x", "paging": {}, "options": {} });
    assert_eq!(both(&ListItems, &call), Ok(()));
    let args = validate_input(&ListItems, &call).unwrap();
    assert_eq!(
        args.paging,
        Paging {
            page: 1,
            per_page: 20
        }
    );
    assert_eq!(
        args.options,
        Options {
            limit: 10,
            order: Order::Newest,
            tags: Vec::new()
        }
    );
}

#[test]
fn no_false_missing_line_beside_a_real_problem() {
    // Before serde's `default` was modelled, this call also read
    // `at /paging: missing required properties "page", "per_page"`.
    let call = json!({ "filter": "", "paging": {}, "options": { "limit": 90 } });
    assert_eq!(
        both(&ListItems, &call),
        Err(vec![
            "Invalid arguments at /filter: must be at least 1 character long, got 0".to_owned(),
            "Invalid arguments at /options/limit: must be at most 50, got 90".to_owned(),
        ])
    );
}

#[test]
fn a_default_value_is_still_checked_when_sent() {
    let call = json!({ "filter": "x", "paging": { "page": "2" }, "options": {} });
    assert_eq!(
        both(&ListItems, &call),
        Err(vec![
            "Invalid arguments at /paging/page: must be an integer, got string \"2\"".to_owned()
        ])
    );
}

// --- `alias` ---------------------------------------------------------------

/// Who a note goes to.
#[derive(Debug, PartialEq, Deserialize, ToolArg)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Recipient {
    #[serde(alias = "mail", alias = "e_mail")]
    email_address: String,
    display_name: Option<String>,
}

/// How urgent a note is.
#[derive(Debug, PartialEq, Deserialize, ToolArg)]
#[serde(rename_all = "lowercase")]
pub enum Priority {
    #[serde(alias = "urgent")]
    High,
    Low,
}

/// Sends a note.
#[tool]
fn send_note(to: Recipient, priority: Priority, text: String) -> String {
    format!("{:?} {} {text}", priority, to.email_address)
}

#[test]
fn aliases_are_never_advertised() {
    crate::support::assert_snapshot("send-note", SendNote.input_schema());
    let advertised = SendNote.input_schema().to_string();
    for hidden in ["\"mail\"", "\"e_mail\"", "\"urgent\"", "x-toolsmith"] {
        assert!(!advertised.contains(hidden), "{hidden} in {advertised}");
    }
}

#[test]
fn aliases_are_accepted_on_both_paths_and_reported() {
    let call = json!({ "to": { "mail": "a@example.com" }, "priority": "urgent", "text": "hi" });
    assert_eq!(both(&SendNote, &call), Ok(()));
    for policy in [RepairPolicy::default(), RepairPolicy::none()] {
        let valid = validate_input_with(&SendNote, &call, &policy).unwrap();
        assert_eq!(valid.args.to.email_address, "a@example.com");
        assert_eq!(valid.args.priority, Priority::High);
        let kinds: Vec<RepairKind> = valid.repairs.iter().map(|r| r.kind).collect();
        assert_eq!(kinds, [RepairKind::SerdeAlias, RepairKind::SerdeValueAlias]);
        let shown: Vec<String> = valid.repairs.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "read key mail at /to as emailAddress",
                "read \"urgent\" at /priority as \"high\""
            ]
        );
    }
}

#[test]
fn an_alias_beside_its_name_is_refused_by_both() {
    let call = json!({
        "to": { "mail": "a@example.com", "emailAddress": "b@example.com" },
        "priority": "low",
        "text": "hi"
    });
    assert!(serde_json::from_value::<SendNoteArgs>(call.clone()).is_err());
    assert_eq!(
        both(&SendNote, &call),
        Err(vec![
            "Invalid arguments at /to: ambiguous property \"mail\": \"emailAddress\" is also present; send only \"emailAddress\"".to_owned()
        ])
    );
    let twice = json!({
        "to": { "mail": "a@example.com", "e_mail": "b@example.com" },
        "priority": "low",
        "text": "hi"
    });
    assert!(serde_json::from_value::<SendNoteArgs>(twice.clone()).is_err());
    assert_eq!(
        both(&SendNote, &twice),
        Err(vec![
            "Invalid arguments at /to: ambiguous properties \"mail\", \"e_mail\": each means \"emailAddress\"; send it once".to_owned()
        ])
    );
}

#[test]
fn aliases_do_not_hide_other_problems() {
    // Before aliases were modelled, serde took `mail` while the validator
    // called it unknown: the paths disagreed.
    let call = json!({ "to": { "mail": 5, "nick": "x" }, "priority": "urgent" });
    assert_eq!(
        lines(validate_input(&SendNote, &call)),
        [
            "Invalid arguments: missing required property \"text\"",
            "Invalid arguments at /to/emailAddress: must be a string, got number 5",
            "Invalid arguments at /to: unknown property \"nick\"; takes emailAddress, displayName",
        ]
    );
}

// --- `transparent` ---------------------------------------------------------

/// A URL slug: lowercase words joined by `-`.
#[derive(Debug, PartialEq, Deserialize, ToolArg)]
#[serde(transparent)]
pub struct Slug(#[arg(pattern = r"^[a-z0-9]+(-[a-z0-9]+)*$")] String);

/// A page title.
#[derive(Debug, PartialEq, Deserialize, ToolArg)]
#[serde(transparent)]
pub struct Title {
    #[arg(min_length = 1)]
    text: String,
}

/// Publishes a page.
#[tool]
fn publish(slug: Slug, #[arg(max_length = 12)] title: Title, draft: Option<Slug>) -> String {
    format!("{} {} {}", slug.0, title.text, draft.is_some())
}

#[test]
fn transparent_is_the_inner_schema() {
    crate::support::assert_snapshot("publish", Publish.input_schema());
}

#[test]
fn transparent_constraints_hold_on_both_paths() {
    let good = json!({ "slug": "hello-world", "title": "Hello" });
    assert_eq!(both(&Publish, &good), Ok(()));
    let bad = json!({ "slug": "Hello World", "title": "A title far too long", "draft": "x y" });
    assert_eq!(
        both(&Publish, &bad),
        Err(vec![
            "Invalid arguments at /title: must be at most 12 characters long, got 20".to_owned(),
            "Invalid arguments at /slug: must match pattern \"^[a-z0-9]+(-[a-z0-9]+)*$\""
                .to_owned(),
            "Invalid arguments at /draft: must match pattern \"^[a-z0-9]+(-[a-z0-9]+)*$\""
                .to_owned(),
        ])
    );
    let empty = json!({ "slug": "a", "title": "" });
    assert_eq!(
        both(&Publish, &empty),
        Err(vec![
            "Invalid arguments at /title: must be at least 1 character long, got 0".to_owned()
        ])
    );
}

/// The typed path and the validator agree on generated calls of every
/// tool here (see `crate::support::agreement`).
#[test]
fn tools_agree_with_their_schemas() {
    crate::support::agreement::assert_agreement(&ListItems);
    crate::support::agreement::assert_agreement(&SendNote);
    crate::support::agreement::assert_agreement(&Publish);
}
