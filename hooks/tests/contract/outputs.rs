//! The answers a hook prints: every builder's exact JSON, type-checked as a
//! literal of the SDK's `SyncHookJSONOutput` by `tsc --strict` (with a
//! known-bad literal that must fail, so the check cannot pass silently),
//! and the lines `validate_hook_output` gives for answers written by hand.

use std::path::Path;
use std::process::Command;

use serde_json::{Value, json};
use toolsmith_hooks::{
    BashInput, HookEvent, HookOutput, PermissionBehavior, PermissionDestination, PermissionMode,
    PermissionRule, PermissionUpdate, ToolInput, validate_hook_output,
};

use crate::sdk::hooks_sdk_dir;

/// One answer of each kind: a fixture per `*HookSpecificOutput`, per
/// `PermissionUpdate` kind, per decision, and the universal fields.
fn fixtures() -> Vec<(&'static str, HookEvent, HookOutput)> {
    use HookEvent as E;
    let bash = ToolInput::from(BashInput::new("npm test"));
    let rules = vec![
        PermissionRule::with_content("Bash", "npm test"),
        PermissionRule::tool("Read"),
    ];
    let session = PermissionDestination::Session;
    let update = |update: PermissionUpdate| {
        HookOutput::permission_request()
            .allow()
            .updated_permissions([update])
            .into()
    };
    vec![
        (
            "pre_tool_use_allow",
            E::PreToolUse,
            HookOutput::pre_tool_use().allow().into(),
        ),
        (
            "pre_tool_use_deny",
            E::PreToolUse,
            HookOutput::pre_tool_use()
                .deny("use `trash` instead of `rm -rf`")
                .into(),
        ),
        (
            "pre_tool_use_ask",
            E::PreToolUse,
            HookOutput::pre_tool_use().ask("this pushes to main").into(),
        ),
        (
            "pre_tool_use_defer",
            E::PreToolUse,
            HookOutput::pre_tool_use().defer().into(),
        ),
        (
            "pre_tool_use_updated_input",
            E::PreToolUse,
            HookOutput::pre_tool_use()
                .allow()
                .updated_input(bash.clone())
                .additional_context("the tests take a minute")
                .into(),
        ),
        (
            "post_tool_use",
            E::PostToolUse,
            HookOutput::post_tool_use()
                .additional_context("lint passed")
                .classifier_context("the user asked for this edit")
                .updated_tool_output(json!({ "stdout": "redacted" }))
                .into(),
        ),
        (
            "post_tool_use_block",
            E::PostToolUse,
            HookOutput::post_tool_use()
                .block("the edit broke the build")
                .into(),
        ),
        (
            "post_tool_use_failure",
            E::PostToolUseFailure,
            HookOutput::post_tool_use_failure()
                .additional_context("retry with --force")
                .into(),
        ),
        (
            "post_tool_batch_block",
            E::PostToolBatch,
            HookOutput::post_tool_batch()
                .block("stop here")
                .additional_context("three files changed")
                .into(),
        ),
        (
            "notification",
            E::Notification,
            HookOutput::notification().additional_context("seen").into(),
        ),
        (
            "user_prompt_submit_block",
            E::UserPromptSubmit,
            HookOutput::user_prompt_submit()
                .block("the prompt holds a secret")
                .suppress_original_prompt()
                .into(),
        ),
        (
            "user_prompt_submit_context",
            E::UserPromptSubmit,
            HookOutput::user_prompt_submit()
                .additional_context("the branch is release/2")
                .session_title("release fixes")
                .into(),
        ),
        (
            "user_prompt_expansion",
            E::UserPromptExpansion,
            HookOutput::user_prompt_expansion()
                .block("/deploy needs an approval file")
                .additional_context("see DEPLOY.md")
                .suppress_original_prompt()
                .into(),
        ),
        (
            "session_start",
            E::SessionStart,
            HookOutput::session_start()
                .additional_context("open issues: 3")
                .initial_user_message("continue the release")
                .session_title("release")
                .watch_paths([".env"])
                .reload_skills()
                .into(),
        ),
        (
            "stop_block",
            E::Stop,
            HookOutput::stop()
                .block("`cargo test` fails: fix it")
                .into(),
        ),
        (
            "stop_context",
            E::Stop,
            HookOutput::stop()
                .additional_context("also update the changelog")
                .into(),
        ),
        (
            "subagent_stop_block",
            E::SubagentStop,
            HookOutput::subagent_stop()
                .block("the report is missing")
                .into(),
        ),
        (
            "subagent_stop_context",
            E::SubagentStop,
            HookOutput::subagent_stop()
                .additional_context("cite the files")
                .into(),
        ),
        (
            "subagent_start",
            E::SubagentStart,
            HookOutput::subagent_start()
                .additional_context("be brief")
                .into(),
        ),
        (
            "pre_compact_block",
            E::PreCompact,
            HookOutput::pre_compact()
                .block("save the notes first")
                .into(),
        ),
        (
            "config_change_block",
            E::ConfigChange,
            HookOutput::config_change()
                .block("settings are managed")
                .into(),
        ),
        (
            "pre_model_switch_deny",
            E::PreModelSwitch,
            HookOutput::pre_model_switch()
                .deny("stay on this model")
                .into(),
        ),
        (
            "pre_model_switch_allow",
            E::PreModelSwitch,
            HookOutput::pre_model_switch().allow().into(),
        ),
        (
            "post_model_switch",
            E::PostModelSwitch,
            HookOutput::post_model_switch()
                .additional_context("the cache is cold")
                .into(),
        ),
        (
            "permission_request_allow",
            E::PermissionRequest,
            HookOutput::permission_request()
                .allow()
                .updated_input(bash.clone())
                .into(),
        ),
        (
            "permission_request_deny",
            E::PermissionRequest,
            HookOutput::permission_request()
                .deny("not on this branch")
                .interrupt()
                .into(),
        ),
        (
            "permission_update_add_rules",
            E::PermissionRequest,
            update(PermissionUpdate::AddRules {
                rules: rules.clone(),
                behavior: PermissionBehavior::Allow,
                destination: session,
            }),
        ),
        (
            "permission_update_replace_rules",
            E::PermissionRequest,
            update(PermissionUpdate::ReplaceRules {
                rules: rules.clone(),
                behavior: PermissionBehavior::Ask,
                destination: PermissionDestination::LocalSettings,
            }),
        ),
        (
            "permission_update_remove_rules",
            E::PermissionRequest,
            update(PermissionUpdate::RemoveRules {
                rules,
                behavior: PermissionBehavior::Deny,
                destination: PermissionDestination::ProjectSettings,
            }),
        ),
        (
            "permission_update_set_mode",
            E::PermissionRequest,
            update(PermissionUpdate::SetMode {
                mode: PermissionMode::AcceptEdits,
                destination: PermissionDestination::UserSettings,
            }),
        ),
        (
            "permission_update_add_directories",
            E::PermissionRequest,
            update(PermissionUpdate::AddDirectories {
                directories: vec!["/srv/data".into()],
                destination: PermissionDestination::CliArg,
            }),
        ),
        (
            "permission_update_remove_directories",
            E::PermissionRequest,
            update(PermissionUpdate::RemoveDirectories {
                directories: vec!["/tmp".into()],
                destination: session,
            }),
        ),
        (
            "permission_denied",
            E::PermissionDenied,
            HookOutput::permission_denied().retry().into(),
        ),
        (
            "setup",
            E::Setup,
            HookOutput::setup()
                .additional_context("node 20 installed")
                .into(),
        ),
        (
            "elicitation_accept",
            E::Elicitation,
            HookOutput::elicitation()
                .accept(json!({ "name": "ci" }).as_object().unwrap().clone())
                .into(),
        ),
        (
            "elicitation_result_decline",
            E::ElicitationResult,
            HookOutput::elicitation_result().decline().into(),
        ),
        (
            "cwd_changed",
            E::CwdChanged,
            HookOutput::cwd_changed().watch_paths([".envrc"]).into(),
        ),
        (
            "file_changed",
            E::FileChanged,
            HookOutput::file_changed()
                .watch_paths(["Cargo.toml"])
                .into(),
        ),
        (
            "worktree_create",
            E::WorktreeCreate,
            HookOutput::worktree_create("/work/trees/fix").into(),
        ),
        (
            "message_display",
            E::MessageDisplay,
            HookOutput::message_display()
                .display_content("[redacted]")
                .into(),
        ),
        (
            "pre_skill_shell_command_deny",
            E::PreSkillShellCommand,
            HookOutput::pre_skill_shell_command()
                .deny("no network in skills")
                .into(),
        ),
        (
            "common_fields",
            E::SessionEnd,
            HookOutput::session_end()
                .system_message("bye")
                .suppress_output()
                .stop_processing("the build failed")
                .into(),
        ),
        (
            "stop_failure",
            E::StopFailure,
            HookOutput::stop_failure()
                .system_message("the API failed")
                .into(),
        ),
        (
            "post_compact",
            E::PostCompact,
            HookOutput::post_compact().suppress_output().into(),
        ),
        (
            "teammate_idle",
            E::TeammateIdle,
            HookOutput::teammate_idle()
                .stop_processing("all done")
                .into(),
        ),
        (
            "task_created",
            E::TaskCreated,
            HookOutput::task_created()
                .system_message("task noted")
                .into(),
        ),
        (
            "worktree_remove",
            E::WorktreeRemove,
            HookOutput::worktree_remove()
                .system_message("removed")
                .into(),
        ),
        (
            "instructions_loaded",
            E::InstructionsLoaded,
            HookOutput::instructions_loaded()
                .system_message("CLAUDE.md loaded")
                .into(),
        ),
        (
            "directory_added",
            E::DirectoryAdded,
            HookOutput::directory_added().system_message("added").into(),
        ),
        (
            "task_completed_stop",
            E::TaskCompleted,
            HookOutput::task_completed()
                .stop_processing("the team is done")
                .into(),
        ),
    ]
}

#[test]
fn the_fixtures_answer_every_event() {
    let fixtures = fixtures();
    for event in HookEvent::ALL {
        assert!(
            fixtures.iter().any(|(_, e, _)| e == event),
            "no fixture answers {event:?}"
        );
    }
}

#[test]
fn every_builder_passes_validate_hook_output() {
    for (name, event, output) in fixtures() {
        assert_eq!(output.event(), Some(event), "{name}");
        if let Err(err) = validate_hook_output(event, &output.to_json()) {
            panic!("{name}: {output}\n{err}");
        }
    }
}

/// Runs the installed `tsc --strict --noEmit` on `file`; its output.
fn tsc(file: &Path) -> (bool, String) {
    let dir = hooks_sdk_dir();
    let output = Command::new("node")
        .arg(dir.join("node_modules/typescript/bin/tsc"))
        .args([
            "--strict",
            "--noEmit",
            "--skipLibCheck",
            "--target",
            "es2022",
            "--module",
            "nodenext",
            "--moduleResolution",
            "nodenext",
        ])
        .arg(file)
        .current_dir(dir)
        .output()
        .expect("node runs tsc");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), text)
}

fn literals(answers: &[(String, Value)]) -> String {
    let mut ts = String::from(
        "import type { SyncHookJSONOutput } from \"@anthropic-ai/claude-agent-sdk\";\n\n",
    );
    for (name, json) in answers {
        ts.push_str(&format!(
            "export const {name}: SyncHookJSONOutput = {json};\n"
        ));
    }
    ts
}

#[test]
fn every_builder_type_checks_as_the_sdks_sync_hook_json_output() {
    let dir = hooks_sdk_dir().join("outputs-check");
    std::fs::create_dir_all(&dir).unwrap();

    let answers: Vec<(String, Value)> = fixtures()
        .into_iter()
        .map(|(name, _, output)| (name.to_owned(), output.to_json()))
        .collect();
    let good = dir.join("builders.mts");
    std::fs::write(&good, literals(&answers)).unwrap();
    let (ok, text) = tsc(&good);
    assert!(
        ok,
        "tsc refused answers our builders make:\n{text}\n{}",
        literals(&answers)
    );

    // The control: a decision the SDK does not know, and a field PreCompact
    // does not have, must each fail, or the check above proves nothing.
    let bad = [
        (
            "bad_decision",
            json!({ "hookSpecificOutput": { "hookEventName": "PreToolUse", "permissionDecision": "maybe" } }),
            "error TS2322: Type '\"maybe\"' is not assignable to type 'HookPermissionDecision | undefined'",
        ),
        (
            "bad_field",
            json!({ "hookSpecificOutput": { "hookEventName": "PostToolUseFailure", "updatedMCPToolOutput": 1 } }),
            "error TS2353: Object literal may only specify known properties, and '\"updatedMCPToolOutput\"' does not exist in type 'PostToolUseFailureHookSpecificOutput'",
        ),
    ];
    for (name, json, error) in bad {
        let file = dir.join(format!("{name}.mts"));
        std::fs::write(&file, literals(&[(name.to_owned(), json)])).unwrap();
        let (ok, text) = tsc(&file);
        assert!(!ok, "tsc accepted the known-bad literal {name}:\n{text}");
        assert!(text.contains(error), "{name}: {text}");
    }
    println!("tsc checked {} output kinds", answers.len());
}

#[track_caller]
fn assert_json(output: impl Into<HookOutput>, expected: &str) {
    let output: HookOutput = output.into();
    assert_eq!(output.to_string(), expected);
}

#[test]
fn builders_make_the_exact_json() {
    assert_json(
        HookOutput::pre_tool_use().deny("use `trash` instead"),
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"use `trash` instead"}}"#,
    );
    // A later decision replaces the earlier, reason and all.
    assert_json(
        HookOutput::pre_tool_use().deny("no").allow(),
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}"#,
    );
    assert_json(HookOutput::pre_tool_use(), "{}");
    assert_json(
        HookOutput::stop()
            .block("2 tests fail")
            .system_message("gate: tests"),
        r#"{"decision":"block","systemMessage":"gate: tests","reason":"2 tests fail"}"#,
    );
    // Stop's two ways to keep working are alternatives.
    assert_json(
        HookOutput::stop()
            .block("x")
            .additional_context("update the changelog"),
        r#"{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"update the changelog"}}"#,
    );
    assert_json(
        HookOutput::subagent_stop()
            .additional_context("x")
            .block("cite the files"),
        r#"{"decision":"block","reason":"cite the files"}"#,
    );
    assert_json(
        HookOutput::pre_compact().block("save the notes first"),
        r#"{"decision":"block","reason":"save the notes first"}"#,
    );
    assert_json(
        HookOutput::permission_request()
            .deny("not here")
            .interrupt(),
        r#"{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"not here","interrupt":true}}}"#,
    );
    assert_json(
        HookOutput::permission_request()
            .allow()
            .updated_permissions([PermissionUpdate::SetMode {
                mode: PermissionMode::AcceptEdits,
                destination: PermissionDestination::Session,
            }]),
        r#"{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedPermissions":[{"type":"setMode","mode":"acceptEdits","destination":"session"}]}}}"#,
    );
    assert_json(
        HookOutput::session_end()
            .stop_processing("build failed")
            .suppress_output(),
        r#"{"continue":false,"stopReason":"build failed","suppressOutput":true}"#,
    );
    assert_json(
        HookOutput::worktree_create("/w/fix"),
        r#"{"hookSpecificOutput":{"hookEventName":"WorktreeCreate","worktreePath":"/w/fix"}}"#,
    );
}

#[test]
fn builders_cut_text_to_the_agents_cap() {
    let output: HookOutput = HookOutput::pre_tool_use().deny("x".repeat(12_000)).into();
    let reason = output.to_json()["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(reason.chars().count(), 10_000);
    assert!(reason.ends_with("x…"));
    assert_eq!(
        validate_hook_output(HookEvent::PreToolUse, &output.to_json()),
        Ok(())
    );
}

#[track_caller]
fn assert_lines(event: HookEvent, output: Value, expected: &[&str]) {
    let err = validate_hook_output(event, &output).unwrap_err();
    assert_eq!(err.lines(), expected, "{output}");
    assert_eq!(err.code(), toolsmith_hooks::HookErrorCode::InvalidOutput);
    assert_eq!(err.context(), Some(event.as_str()));
}

#[test]
fn hand_written_answers_get_a_line_per_problem() {
    use HookEvent as E;
    assert_lines(
        E::PreToolUse,
        json!({ "hookSpecificOutput": { "hookEventName": "PreToolUse", "permissionDecision": "maybe" } }),
        &[
            "Invalid hook output at /hookSpecificOutput/permissionDecision: must be one of allow, deny, ask, defer, got \"maybe\"",
        ],
    );
    assert_lines(
        E::PreToolUse,
        json!({ "hookSpecificOutput": { "hookEventName": "Stop" }, "decision": "block" }),
        &[
            "Invalid hook output at /hookSpecificOutput/hookEventName: must equal \"PreToolUse\", got \"Stop\"",
            "Invalid hook output: unknown property \"decision\"; takes continue, suppressOutput, stopReason, systemMessage, terminalSequence, hookSpecificOutput",
        ],
    );
    assert_lines(
        E::PreToolUse,
        json!({ "hookSpecificOutput": { "hookEventName": "PreToolUse", "permissionDecision": "deny" } }),
        &[
            "Invalid hook output at /hookSpecificOutput: missing required property \"permissionDecisionReason\"; a \"deny\" says why, for the model to act on",
        ],
    );
    // Notification is strict: no decision, nothing but its context.
    assert_lines(
        E::Notification,
        json!({ "decision": "block", "hookSpecificOutput": { "hookEventName": "Notification", "retry": true } }),
        &[
            "Invalid hook output: unknown property \"decision\"; takes continue, suppressOutput, stopReason, systemMessage, terminalSequence, hookSpecificOutput",
            "Invalid hook output at /hookSpecificOutput: unknown property \"retry\"; takes hookEventName, additionalContext",
        ],
    );
    // A Stop block needs its reason; context and a decision do not mix.
    assert_lines(
        E::Stop,
        json!({ "decision": "block" }),
        &[
            "Invalid hook output: missing required property \"reason\"; a \"block\" decision says why, for the model to act on",
        ],
    );
    assert_lines(
        E::SubagentStop,
        json!({ "decision": "block", "reason": "r", "hookSpecificOutput": { "hookEventName": "SubagentStop", "additionalContext": "c" } }),
        &[
            "Invalid hook output at /hookSpecificOutput/additionalContext: cannot be combined with \"decision\"; block with a reason, or send additionalContext alone",
        ],
    );
    assert_lines(
        E::Stop,
        json!({ "decision": "approve", "reason": "r" }),
        &["Invalid hook output at /decision: must be one of block, got \"approve\""],
    );
    // PreCompact has no hookSpecificOutput.
    assert_lines(
        E::PreCompact,
        json!({ "hookSpecificOutput": { "hookEventName": "PreCompact" } }),
        &[
            "Invalid hook output: unknown property \"hookSpecificOutput\"; takes continue, suppressOutput, stopReason, systemMessage, terminalSequence, decision, reason",
        ],
    );
    // PostToolUseFailure has no output to replace.
    assert_lines(
        E::PostToolUseFailure,
        json!({ "hookSpecificOutput": { "hookEventName": "PostToolUseFailure", "updatedMCPToolOutput": "x" } }),
        &[
            "Invalid hook output at /hookSpecificOutput: unknown property \"updatedMCPToolOutput\"; takes hookEventName, additionalContext",
        ],
    );
    assert_lines(
        E::SessionStart,
        json!({ "systemMessage": "x".repeat(10_001) }),
        &[
            "Invalid hook output at /systemMessage: must be at most 10000 characters long, got 10001",
        ],
    );
    assert_lines(
        E::Setup,
        json!([1]),
        &["Invalid hook output: must be an object, got array"],
    );
}

#[test]
fn the_unions_are_checked_per_kind() {
    use HookEvent as E;
    assert_lines(
        E::PermissionRequest,
        json!({ "hookSpecificOutput": { "hookEventName": "PermissionRequest" } }),
        &["Invalid hook output at /hookSpecificOutput: missing required property \"decision\""],
    );
    assert_lines(
        E::PermissionRequest,
        json!({ "hookSpecificOutput": { "hookEventName": "PermissionRequest", "decision": { "behavior": "deny", "updatedInput": {} } } }),
        &[
            "Invalid hook output at /hookSpecificOutput/decision: unknown property \"updatedInput\" for behavior \"deny\"; takes behavior, message, interrupt",
        ],
    );
    assert_lines(
        E::PermissionRequest,
        json!({ "hookSpecificOutput": { "hookEventName": "PermissionRequest", "decision": {
            "behavior": "allow",
            "updatedPermissions": [
                { "type": "setMode", "rules": [], "destination": "session" },
                { "type": "addRules", "rules": [{ "toolName": "Bash" }], "behavior": "allow", "destination": "everywhere" },
                { "type": "grant", "destination": "session" }
            ]
        } } }),
        &[
            "Invalid hook output at /hookSpecificOutput/decision/updatedPermissions/1/destination: must be one of userSettings, projectSettings, localSettings, session, cliArg, got \"everywhere\"",
            "Invalid hook output at /hookSpecificOutput/decision/updatedPermissions/2/type: must be one of addRules, replaceRules, removeRules, setMode, addDirectories, removeDirectories, got \"grant\"",
            "Invalid hook output at /hookSpecificOutput/decision/updatedPermissions/0: missing required property \"mode\" for type \"setMode\"",
            "Invalid hook output at /hookSpecificOutput/decision/updatedPermissions/0: unknown property \"rules\" for type \"setMode\"; takes type, mode, destination",
        ],
    );
}
