//! Doc comments as descriptions: what of a doc comment reaches the model,
//! and which description wins when several are written.

use serde::Deserialize;
use serde_json::json;
use toolsmith::{Tool, ToolArg, tool, validate_input};

/// How soon a task must be done.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    /// Can wait
    /// until next week.
    Low,
    Normal,
    /// Today.
    High,
}

// A task's labels: no doc on the enum itself.
#[derive(Debug, Deserialize, ToolArg)]
pub enum Label {
    /// Something is broken.
    Bug,
    /// Something new.
    Feature,
}

/// Where a task is filed.
///
/// # Examples
///
/// ```
/// let _ = "not for the model";
/// ```
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Project {
    /// The project's key.
    ///
    /// # Panics
    ///
    /// Never.
    pub key: String,
}

/// Files a task.
///
/// The task is added at the end of the project's backlog.
///
/// ```
/// # use toolsmith::Tool;
/// assert_eq!(add_task(..).name(), "add_task");
/// ```
///
/// ## Backlog order
///
/// Oldest first.
///
/// # Arguments
///
/// * `title` - from the list, overridden by the parameter's doc
/// * `priority` - how soon
/// * `due` - from the list
/// * `labels` - from the list, overridden by the attribute
///
/// # Errors
///
/// When the project does not exist.
///
/// # Examples
///
/// ```
/// # fn main() {}
/// ```
#[tool]
pub fn add_task(
    /// What to do, in a few words.
    title: String,
    priority: Priority,
    due: Option<String>,
    /// From the parameter's doc, overridden by the attribute.
    #[arg(description = "What kind of work it is")]
    labels: Vec<Label>,
    /// Where to file it.
    project: Project,
    /// How soon, once it is escalated.
    urgency: Option<Priority>,
) -> String {
    let _ = (priority, due, labels, project, urgency);
    title
}

#[test]
fn the_description_is_the_summary_and_body() {
    assert_eq!(
        AddTask.description(),
        "Files a task.\n\nThe task is added at the end of the project's backlog.\n\n## Backlog order\n\nOldest first."
    );
}

#[test]
fn schema_snapshot() {
    crate::support::assert_snapshot("add-task", AddTask.input_schema());
}

#[test]
fn descriptions_follow_their_precedence() {
    let schema = AddTask.input_schema();
    let description = |name: &str| schema["properties"][name]["description"].clone();
    // The parameter's `///` wins over its `# Arguments` entry...
    assert_eq!(description("title"), json!("What to do, in a few words."));
    // ...and `#[arg(description)]` over both.
    assert_eq!(description("labels"), json!("What kind of work it is"));
    assert_eq!(description("due"), json!("from the list"));
}

#[test]
fn documented_values_follow_a_description() {
    assert_eq!(
        Priority::schema(),
        json!({
            "type": "string",
            "description": "How soon a task must be done.\nlow: Can wait until next week.\nhigh: Today.",
            "enum": ["low", "normal", "high"],
            "x-toolsmith-values": "low: Can wait until next week.\nhigh: Today."
        })
    );
    let schema = AddTask.input_schema();
    assert_eq!(
        schema["properties"]["priority"]["description"],
        json!("how soon\nlow: Can wait until next week.\nhigh: Today.")
    );
    assert_eq!(
        schema["properties"]["labels"]["items"]["description"],
        json!("Bug: Something is broken.\nFeature: Something new.")
    );
}

#[test]
fn documented_values_validate_as_before() {
    let call = json!({
        "title": "Fix login",
        "priority": "high",
        "labels": ["Bug"],
        "project": {"key": "WEB"}
    });
    assert_eq!(validate_input(&AddTask, &call).unwrap().title, "Fix login");
    let call = json!({
        "title": "Fix login",
        "priority": "urgent",
        "labels": ["Chore"],
        "project": {"key": "WEB"}
    });
    assert_eq!(
        validate_input(&AddTask, &call).unwrap_err().lines(),
        [
            "Invalid arguments at /priority: must be one of low, normal, high, got \"urgent\"",
            "Invalid arguments at /labels/0: must be one of Bug, Feature, got \"Chore\"",
        ]
    );
}

/// The typed path and the validator agree on generated calls of the tool
/// (see `crate::support::agreement`).
#[test]
fn the_tool_agrees_with_its_schema() {
    crate::support::agreement::assert_agreement(&AddTask);
}
