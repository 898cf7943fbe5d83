//! The calls a model makes, as Pi and OMP answer them with the module
//! loaded: toolsmith's lines for a bad call and for an injected one, each
//! marked as an error; the result of a good call and of one toolsmith
//! repairs; the progress of a call on the host's updates; and a call the
//! user cancels, stopped.

use serde_json::{Value, json};

use crate::agent::{Rpc, Sandbox, Session, script, wait_for_file};
use crate::model::{Model, Turn};
use crate::omp::omp;
use crate::pi_agent::pi;

/// What the model reads for the bad call, on every host.
const BAD: &str = r#"Invalid arguments at /separator: must be one of -, _, ., got "+""#;
/// What the model reads for the call whose value carries a newline, an
/// SGR escape and U+202E: the newline a space, the others gone.
const INJECTED: &str = r#"Invalid arguments at /separator: must be one of -, _, ., got "- red""#;

#[test]
fn pi_answers_each_call_with_toolsmith() {
    let sandbox = Sandbox::new("pi-calls");
    let model = Model::start(script("slugify", "wait"));
    let session = Session::run(
        pi(
            &sandbox,
            &model,
            &["-p", "--mode", "json", "slugify things"],
        ),
        &model,
        &sandbox,
    );
    assert_each_call_answered(&session, &sandbox);
}

#[test]
fn omp_answers_each_call_with_toolsmith() {
    let sandbox = Sandbox::new("omp-calls");
    let model = Model::start(script("_slugify", "_wait"));
    let session = Session::run(
        omp(
            &sandbox,
            &model,
            &["-p", "--mode", "json", "slugify things"],
        ),
        &model,
        &sandbox,
    );
    assert_each_call_answered(&session, &sandbox);
}

/// The script's five calls as the agent answered them, in order: the bad
/// and the injected call marked as errors with toolsmith's lines, the good
/// and the repaired call's results, the progress call's result and updates.
fn assert_each_call_answered(session: &Session, sandbox: &Sandbox) {
    assert_eq!(session.tool_result(1, "bad"), (BAD.to_owned(), true));
    assert_eq!(
        session.tool_result(2, "good"),
        ("hello_world".to_owned(), false)
    );
    assert_eq!(
        session.tool_result(3, "injected"),
        (INJECTED.to_owned(), true)
    );
    assert_eq!(
        session.tool_result(4, "progress"),
        ("waited 3 tenths of a second".to_owned(), false)
    );
    assert_eq!(
        session.updates("progress"),
        ["waited 1 of 3", "waited 2 of 3", "waited 3 of 3"]
    );
    assert_eq!(
        session.tool_result(5, "repaired"),
        ("hello_world".to_owned(), false)
    );
    sandbox.wait_until_the_program_stopped();
}

/// Starts a long `wait` over the agent's RPC mode, aborts it once its
/// progress shows, and returns what the tool left behind.
fn cancelled(sandbox: &Sandbox, mut rpc: Rpc) -> String {
    rpc.send(&json!({"id": "1", "type": "prompt", "message": "wait a minute"}));
    rpc.until("progress of the wait", |event| {
        event["type"] == "tool_execution_update" && event["toolCallId"] == "slow"
    });
    rpc.send(&json!({"id": "2", "type": "abort"}));
    wait_for_file(&sandbox.mark())
}

fn slow_wait(name: &'static str, sandbox: &Sandbox) -> Vec<Turn> {
    let mark = sandbox.mark().to_string_lossy().into_owned();
    vec![
        Turn::Tools(vec![("slow", name, json!({"tenths": 600, "mark": mark}))]),
        Turn::Text("stopped"),
    ]
}

#[test]
fn pi_stops_a_cancelled_call() {
    let sandbox = Sandbox::new("pi-cancel");
    let model = Model::start(slow_wait("wait", &sandbox));
    let rpc = Rpc::start(pi(&sandbox, &model, &["--mode", "rpc"]));
    assert_eq!(cancelled(&sandbox, rpc), "stopped");
}

#[test]
fn omp_stops_a_cancelled_call() {
    let sandbox = Sandbox::new("omp-cancel");
    let model = Model::start(slow_wait("_wait", &sandbox));
    let rpc = Rpc::start(omp(&sandbox, &model, &["--mode", "rpc"]));
    assert_eq!(cancelled(&sandbox, rpc), "stopped");
}

/// Answers the agent's dialogs over RPC: each `(method, title, answer)` in
/// turn, the request's `title` checked; then returns the end of the call
/// `ask`: `(text, is_error)`.
fn asked(rpc: &mut Rpc, dialogs: &[(&str, &str, Value)]) -> (String, bool) {
    rpc.send(&json!({"id": "1", "type": "prompt", "message": "drop the demo project"}));
    for (method, title, answer) in dialogs {
        let request = rpc.until(&format!("the {method} dialog"), |event| {
            event["type"] == "extension_ui_request" && event["method"] == *method
        });
        assert_eq!(request["title"], *title, "{request}");
        let mut response = json!({"type": "extension_ui_response", "id": request["id"]});
        response
            .as_object_mut()
            .unwrap()
            .extend(answer.as_object().unwrap().clone());
        rpc.send(&response);
    }
    let end = rpc.until("the end of the call", |event| {
        event["type"] == "tool_execution_end" && event["toolCallId"] == "ask"
    });
    let text = end["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    (text.to_owned(), end["isError"] == true)
}

fn drop_project(name: &'static str) -> Vec<Turn> {
    vec![
        Turn::Tools(vec![("ask", name, json!({"project": "demo"}))]),
        Turn::Text("dropped"),
    ]
}

#[test]
fn pi_asks_through_its_dialogs() {
    let sandbox = Sandbox::new("pi-ask");
    let model = Model::start(drop_project("drop_project"));
    let mut rpc = Rpc::start(pi(&sandbox, &model, &["--mode", "rpc"]));
    let dialogs = [
        ("confirm", "Drop project", json!({"confirmed": true})),
        (
            "input",
            "Delete demo?\nType the project's name",
            json!({"value": "demo"}),
        ),
    ];
    assert_eq!(
        asked(&mut rpc, &dialogs),
        ("deleted demo".to_owned(), false)
    );
}

#[test]
fn omp_asks_through_its_dialogs() {
    let sandbox = Sandbox::new("omp-ask");
    let model = Model::start(drop_project("_drop_project"));
    let mut rpc = Rpc::start(omp(&sandbox, &model, &["--mode", "rpc"]));
    let dialogs = [(
        "input",
        "Delete demo?\nType the project's name",
        json!({"value": "demo"}),
    )];
    assert_eq!(
        asked(&mut rpc, &dialogs),
        ("deleted demo".to_owned(), false)
    );
}
