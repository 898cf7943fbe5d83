//! Examples print what their `.stdout` file says, and their tools' schemas
//! match the snapshots.

#[allow(dead_code)]
#[path = "../../examples/quickstart.rs"]
mod quickstart;

use toolsmith::Tool;

#[tokio::test]
async fn quickstart_prints_its_stdout_file() {
    assert_eq!(
        quickstart::run().await,
        include_str!("../../examples/quickstart.stdout")
    );
}

/// The quickstart's tool: the typed path and the validator agree.
#[test]
fn quickstart_tool_agrees_with_its_schema() {
    crate::support::agreement::assert_agreement(&quickstart::Slugify);
}

#[test]
fn quickstart_schema_snapshot() {
    crate::support::assert_snapshot("slugify", quickstart::Slugify.input_schema());
}

#[allow(dead_code)]
#[path = "../../examples/newcomer.rs"]
mod newcomer;

#[test]
fn newcomer_prints_its_stdout_file() {
    assert_eq!(
        newcomer::run(),
        include_str!("../../examples/newcomer.stdout")
    );
}

#[test]
fn newcomer_schema_snapshots() {
    crate::support::assert_snapshot("newcomer/read-file", newcomer::ReadFile.input_schema());
    crate::support::assert_snapshot(
        "newcomer/book-meeting",
        newcomer::BookMeeting.input_schema(),
    );
    crate::support::assert_snapshot("newcomer/search", newcomer::SearchTool.input_schema());
}

/// The newcomer's tools: the typed path and the validator agree.
#[test]
fn newcomer_tools_agree_with_their_schemas() {
    crate::support::agreement::assert_agreement(&newcomer::ReadFile);
    crate::support::agreement::assert_agreement(&newcomer::BookMeeting);
    crate::support::agreement::assert_agreement(&newcomer::SearchTool);
}

// Both rig examples include the agent loop they share, each its own copy.
#[allow(dead_code, clippy::duplicate_mod)]
#[path = "../../examples/migrating/rig_before.rs"]
mod rig_before;

#[allow(dead_code, clippy::duplicate_mod)]
#[path = "../../examples/migrating/rig_after.rs"]
mod rig_after;

/// The rig tool written by hand: the model reads serde's first error.
#[tokio::test]
async fn rig_before_prints_its_stdout_file() {
    assert_eq!(
        rig_before::run().await,
        include_str!("../../examples/migrating/rig_before.stdout")
    );
}

/// The same tool with `#[tool]`: the model reads every problem.
#[tokio::test]
async fn rig_after_prints_its_stdout_file() {
    assert_eq!(
        rig_after::run().await,
        include_str!("../../examples/migrating/rig_after.stdout")
    );
}

/// The rig example's tool: the typed path and the validator agree.
#[test]
fn rig_after_tool_agrees_with_its_schema() {
    crate::support::agreement::assert_agreement(&rig_after::Search);
}

#[allow(dead_code)]
#[path = "../../examples/notify.rs"]
mod notify;

#[test]
fn notify_prints_its_stdout_file() {
    assert_eq!(notify::run(), include_str!("../../examples/notify.stdout"));
}

/// The schema of a tool with a tagged enum parameter, and what each host
/// is sent for it: OpenAI strict mode and Gemini the union as `anyOf`,
/// Anthropic as `oneOf`.
#[test]
fn notify_schema_and_declaration_snapshots() {
    crate::support::assert_snapshot("notify", notify::Notify.input_schema());
    for (host, declared) in notify::declarations() {
        crate::support::assert_snapshot_json(&format!("hosts/notify-{host}.json"), &declared);
    }
}

/// The notify tool: the typed path and the validator agree on its union.
#[test]
fn notify_tool_agrees_with_its_schema() {
    crate::support::agreement::assert_agreement(&notify::Notify);
}
