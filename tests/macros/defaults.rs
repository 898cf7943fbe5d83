//! Parameter defaults: `#[arg(default = <expr>)]`, `#[serde(default)]` and
//! `#[serde(default = "path")]` on `#[tool]` parameters. The parameter
//! leaves `required`, the schema states the default, and the function
//! receives it when the key is absent.

use serde_json::{Value, json};
use toolsmith::{Tool, ToolSet, tool};

/// How results are read.
#[derive(
    Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize, toolsmith::ToolArg,
)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Fast,
    Thorough,
}

fn default_lang() -> String {
    "en".to_owned()
}

/// Searches the notes.
#[tool]
fn find_notes(
    /// What to look for.
    query: String,
    /// Whether case matters.
    #[serde(default)]
    case_sensitive: bool,
    /// How many notes at most.
    #[arg(min = 1, max = 50, default = 10)]
    limit: u32,
    /// The language of the notes.
    #[serde(default = "default_lang")]
    lang: String,
    /// Where to look.
    #[arg(default = "inbox")]
    folder: String,
    /// How to read.
    #[arg(default = Mode::Fast)]
    mode: Mode,
) -> String {
    format!("{query} {case_sensitive} {limit} {lang} {folder} {mode:?}")
}

fn call(tools: &ToolSet, args: Value) -> Value {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime
        .block_on(tools.call("find_notes", args, ()))
        .unwrap()
        .unwrap()
}

#[test]
fn defaulted_parameters_leave_required_and_state_their_default() {
    assert_eq!(
        *FindNotes.input_schema(),
        json!({
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "What to look for."},
                "case_sensitive": {"type": "boolean", "description": "Whether case matters.", "default": false},
                "limit": {
                    "type": "integer",
                    "description": "How many notes at most.",
                    "minimum": 1,
                    "maximum": 50,
                    "default": 10
                },
                "lang": {"type": "string", "description": "The language of the notes.", "default": "en"},
                "folder": {"type": "string", "description": "Where to look.", "default": "inbox"},
                "mode": {"type": "string", "description": "How to read.", "enum": ["fast", "thorough"], "default": "fast"}
            },
            "required": ["query"],
            "additionalProperties": false
        })
    );
}

#[test]
fn an_absent_key_reaches_the_function_as_its_default() {
    let mut tools = ToolSet::new();
    tools.register(FindNotes).unwrap();
    assert_eq!(
        call(&tools, json!({"query": "rust"})),
        json!("rust false 10 en inbox Fast")
    );
    assert_eq!(
        call(
            &tools,
            json!({
                "query": "rust",
                "case_sensitive": true,
                "limit": 3,
                "lang": "de",
                "folder": "archive",
                "mode": "thorough"
            })
        ),
        json!("rust true 3 de archive Thorough")
    );
}

#[test]
fn a_sent_value_is_still_checked_against_its_bounds() {
    let err =
        toolsmith::validate_input(&FindNotes, &json!({"query": "rust", "limit": 0})).unwrap_err();
    assert_eq!(
        err.lines(),
        ["Invalid arguments at /limit: must be at least 1, got 0"]
    );
}

// --- defaults checked against their own schema -----------------------------

/// Search options whose `Default` breaks their own bound.
// `Default` gives `max_results: 0`, under `min = 1`.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize, toolsmith::ToolArg)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// How many results at most.
    #[arg(min = 1)]
    max_results: u32,
}

/// Searches with options.
#[tool]
fn search_with(options: Options) -> u32 {
    options.max_results
}

fn zero() -> u32 {
    0
}

/// Pages through results.
#[tool]
fn page_through(
    /// Which page, from 1.
    #[arg(min = 1, default = zero())]
    page: u32,
) -> u32 {
    page
}

#[test]
fn a_container_default_that_fails_its_bound_is_refused_at_registration() {
    assert_eq!(
        SearchWith.input_schema()["properties"]["options"],
        json!({
            "type": "object",
            "description": "Search options whose `Default` breaks their own bound.",
            "properties": {
                "max_results": {
                    "type": "integer",
                    "description": "How many results at most.",
                    "minimum": 1,
                    "maximum": 4294967295u32,
                    "default": 0
                }
            },
            "required": [],
            "additionalProperties": false
        })
    );
    let err = ToolSet::new().register(SearchWith).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the input schema of tool \"search_with\" breaks the schema rules:\n  at /properties/options/properties/max_results: the default number 0 fails its own schema: must be at least 1, got 0; change the default or the bound, so that an absent key means a value the tool accepts"
    );
}

#[test]
fn a_computed_default_that_fails_its_bound_is_refused_at_registration() {
    let err = ToolSet::new().register(PageThrough).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the input schema of tool \"page_through\" breaks the schema rules:\n  at /properties/page: the default number 0 fails its own schema: must be at least 1, got 0; change the default or the bound, so that an absent key means a value the tool accepts"
    );
}
