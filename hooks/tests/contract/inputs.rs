//! Hook inputs and tool inputs as a hook program reads them: real-looking
//! payloads typed per event, the exact lines for bad ones, unknown fields
//! kept, hostile payloads bounded, and the schema each type is validated
//! with agreeing with the type itself on generated payloads.

use proptest::prelude::*;
use serde_json::{Value, json};
use toolsmith_hooks::*;
use toolsmith_runtime::Validator;

use crate::support::generate::{self, Rng};

/// The fields every payload carries.
fn base(event: &str) -> Value {
    json!({
        "session_id": "9f1c2d3e-0000-4000-8000-000000000001",
        "transcript_path": "/home/dev/.claude/projects/-home-dev-app/9f1c2d3e.jsonl",
        "cwd": "/home/dev/app",
        "permission_mode": "default",
        "hook_event_name": event,
    })
}

/// `base(event)` with `fields` added.
fn payload(event: &str, fields: Value) -> Value {
    let mut value = base(event);
    for (key, field) in fields.as_object().unwrap() {
        value[key] = field.clone();
    }
    value
}

fn lines(result: Result<HookInput, HookError>) -> (HookErrorCode, Vec<String>) {
    let err = result.unwrap_err();
    (err.code(), err.lines())
}

// ---------------------------------------------------------------------------
// One payload per family of events.

#[test]
fn a_pre_tool_use_payload_reads_with_its_tool_typed() {
    let input = validate_hook_input(&payload(
        "PreToolUse",
        json!({
            "tool_name": "Bash",
            "tool_input": { "command": "rm -rf target", "description": "Clean", "timeout": 120000 },
            "tool_use_id": "toolu_01ABC",
            "effort": { "level": "high" },
        }),
    ))
    .unwrap();
    assert_eq!(input.event(), HookEvent::PreToolUse);
    assert_eq!(input.common().cwd, "/home/dev/app");
    assert_eq!(input.common().permission_mode.as_deref(), Some("default"));
    assert_eq!(input.common().effort.as_ref().unwrap().level, "high");
    assert_eq!(input.tool_name(), Some("Bash"));
    let HookInput::PreToolUse(pre) = &input else {
        panic!("{input:?}")
    };
    assert_eq!(pre.tool_use_id, "toolu_01ABC");
    let Some(Ok(ToolInput::Bash(bash))) = input.tool_input() else {
        panic!("{:?}", input.tool_input())
    };
    assert_eq!(bash.command, "rm -rf target");
    assert_eq!(bash.timeout, Some(120000.0));
    assert_eq!(bash.run_in_background, None);
}

#[test]
fn post_tool_events_carry_the_response_and_the_error() {
    let post = validate_hook_input(&payload(
        "PostToolUse",
        json!({
            "tool_name": "Write",
            "tool_input": { "file_path": "/home/dev/app/a.txt", "content": "hi" },
            "tool_response": { "success": true },
            "tool_use_id": "toolu_02",
            "duration_ms": 12.5,
            "mcp_server": null,
        }),
    ));
    // `mcp_server` is an object when sent: `null` is a mistake.
    assert_eq!(
        lines(post).1,
        ["Invalid hook input at /mcp_server: must be an object, got null"]
    );
    let post = validate_hook_input(&payload(
        "PostToolUse",
        json!({
            "tool_name": "Write",
            "tool_input": { "file_path": "/home/dev/app/a.txt", "content": "hi" },
            "tool_response": { "success": true },
            "tool_use_id": "toolu_02",
            "duration_ms": 12.5,
        }),
    ))
    .unwrap();
    let HookInput::PostToolUse(post) = post else {
        panic!()
    };
    assert_eq!(post.tool_response, json!({ "success": true }));
    assert_eq!(post.duration_ms, Some(12.5));
    let Ok(ToolInput::Write(write)) = post.tool_input() else {
        panic!()
    };
    assert_eq!(write.file_path, "/home/dev/app/a.txt");

    let failure = validate_hook_input(&payload(
        "PostToolUseFailure",
        json!({
            "tool_name": "mcp__github__create_issue",
            "tool_input": { "title": "x" },
            "tool_use_id": "toolu_03",
            "error": "rate limited",
            "is_interrupt": false,
            "mcp_server": { "name": "github", "source": "project" },
        }),
    ))
    .unwrap();
    let HookInput::PostToolUseFailure(failure) = &failure else {
        panic!()
    };
    assert_eq!(failure.error, "rate limited");
    assert_eq!(failure.mcp_server.as_ref().unwrap().source, "project");
    let Ok(ToolInput::Mcp(call)) = failure.tool_input() else {
        panic!()
    };
    assert_eq!(
        (call.name.server(), call.name.tool()),
        ("github", "create_issue")
    );
    assert_eq!(call.input["title"], "x");
}

#[test]
fn a_batch_types_each_of_its_calls() {
    let input = validate_hook_input(&payload(
        "PostToolBatch",
        json!({ "tool_calls": [
            { "tool_name": "Read", "tool_input": { "file_path": "/a" }, "tool_use_id": "t1",
              "tool_response": "text" },
            { "tool_name": "Glob", "tool_input": { "pattern": "**/*.rs" }, "tool_use_id": "t2" },
            { "tool_name": "Bash", "tool_input": { "command": "true" }, "tool_use_id": "t3",
              "tool_response": null },
        ] }),
    ))
    .unwrap();
    let HookInput::PostToolBatch(batch) = &input else {
        panic!()
    };
    assert_eq!(input.tool_input().map(|r| r.is_ok()), None);
    let names: Vec<String> = batch
        .tool_calls
        .iter()
        .map(|call| call.tool_input().unwrap().tool_name().to_owned())
        .collect();
    assert_eq!(names, ["Read", "Glob", "Bash"]);
    assert_eq!(batch.tool_calls[0].tool_response, Some(json!("text")));
    assert_eq!(batch.tool_calls[1].tool_response, None);
    // A response sent as `null` is kept as sent, not read as absent.
    assert_eq!(batch.tool_calls[2].tool_response, Some(Value::Null));
    let back = serde_json::to_value(&input).unwrap();
    assert_eq!(back["tool_calls"][2]["tool_response"], Value::Null);
    assert!(
        back["tool_calls"][2]
            .as_object()
            .unwrap()
            .contains_key("tool_response")
    );
}

#[test]
fn prompt_and_session_events_read_their_fields() {
    let prompt = validate_hook_input(&payload(
        "UserPromptSubmit",
        json!({ "prompt": "fix the build", "source": "user" }),
    ))
    .unwrap();
    let HookInput::UserPromptSubmit(prompt) = prompt else {
        panic!()
    };
    assert_eq!(prompt.prompt, "fix the build");
    assert_eq!(prompt.source, Some(PromptSource::User));

    let start = validate_hook_input(&payload(
        "SessionStart",
        json!({ "source": "resume", "model": "claude-opus-4", "agent_type": "reviewer",
                "seconds_since_last_response": 320, "prompt_cache_likely_expired": true }),
    ))
    .unwrap();
    let HookInput::SessionStart(start) = start else {
        panic!()
    };
    assert_eq!(start.source, SessionStartSource::Resume);
    assert_eq!(start.model.as_deref(), Some("claude-opus-4"));
    assert_eq!(start.common.agent_type.as_deref(), Some("reviewer"));
    assert_eq!(start.seconds_since_last_response, Some(320.0));

    let end = validate_hook_input(&payload("SessionEnd", json!({ "reason": "logout" }))).unwrap();
    let HookInput::SessionEnd(end) = end else {
        panic!()
    };
    assert_eq!(end.reason, ExitReason::Logout);
}

#[test]
fn stop_events_read_their_background_work() {
    let stop = validate_hook_input(&payload(
        "Stop",
        json!({
            "stop_hook_active": false,
            "last_assistant_message": "Done.",
            "background_tasks": [{ "id": "b1", "type": "shell", "status": "running",
                                   "description": "dev server", "command": "npm run dev" }],
            "session_crons": [],
        }),
    ))
    .unwrap();
    let HookInput::Stop(stop) = stop else {
        panic!()
    };
    assert!(!stop.stop_hook_active);
    let task = &stop.background_tasks.as_ref().unwrap()[0];
    assert_eq!(
        (task.kind.as_str(), task.command.as_deref()),
        ("shell", Some("npm run dev"))
    );

    let sub = validate_hook_input(&payload(
        "SubagentStop",
        json!({ "stop_hook_active": true, "agent_id": "a-7", "agent_type": "Explore",
                "agent_transcript_path": "/t/a-7.jsonl" }),
    ))
    .unwrap();
    let HookInput::SubagentStop(sub) = sub else {
        panic!()
    };
    assert_eq!((sub.agent_id(), sub.agent_type()), ("a-7", "Explore"));

    // The subagent events require what the other events leave optional.
    let (code, problems) = lines(validate_hook_input(&payload(
        "SubagentStart",
        json!({ "agent_type": "Explore" }),
    )));
    assert_eq!(code, HookErrorCode::InvalidInput);
    assert_eq!(
        problems,
        ["Invalid hook input: missing required property \"agent_id\""]
    );

    let failure = validate_hook_input(&payload(
        "StopFailure",
        json!({ "error": "rate_limit", "error_details": "429" }),
    ))
    .unwrap();
    let HookInput::StopFailure(failure) = failure else {
        panic!()
    };
    assert_eq!(failure.error, AssistantError::RateLimit);
}

#[test]
fn compaction_permission_and_skill_events_read_their_fields() {
    let pre = validate_hook_input(&payload(
        "PreCompact",
        json!({ "trigger": "manual", "custom_instructions": null }),
    ))
    .unwrap();
    let HookInput::PreCompact(pre) = pre else {
        panic!()
    };
    assert_eq!(
        (pre.trigger.clone(), pre.custom_instructions),
        (CompactTrigger::Manual, None)
    );

    let request = validate_hook_input(&payload(
        "PermissionRequest",
        json!({
            "tool_name": "Edit",
            "tool_input": { "file_path": "/a.rs", "old_string": "a", "new_string": "b" },
            "permission_suggestions": [{ "type": "addRules", "behavior": "allow",
                "destination": "session", "rules": [{ "toolName": "Edit" }] }],
        }),
    ))
    .unwrap();
    let HookInput::PermissionRequest(request) = &request else {
        panic!()
    };
    assert_eq!(
        request.permission_suggestions.as_ref().unwrap()[0]["type"],
        "addRules"
    );
    let Ok(ToolInput::Edit(edit)) = request.tool_input() else {
        panic!()
    };
    assert_eq!((edit.old_string.as_str(), edit.replace_all), ("a", None));

    let skill = validate_hook_input(&payload(
        "PreSkillShellCommand",
        json!({ "tool_name": "Bash", "tool_input": { "command": "git status" },
                "tool_use_id": "skill-1", "command_name": "commit", "invoked_by": "claude" }),
    ))
    .unwrap();
    assert_eq!(skill.tool_name(), Some("Bash"));
    let Some(Ok(ToolInput::Bash(bash))) = skill.tool_input() else {
        panic!()
    };
    assert_eq!(bash.command, "git status");
}

#[test]
fn the_other_events_read_their_fields() {
    let cases = [
        (
            "Notification",
            json!({ "message": "Claude needs your permission", "notification_type": "permission_prompt" }),
        ),
        (
            "UserPromptExpansion",
            json!({ "expansion_type": "slash_command", "command_name": "review",
            "command_args": "", "prompt": "/review" }),
        ),
        (
            "PostCompact",
            json!({ "trigger": "auto", "compact_summary": "…" }),
        ),
        (
            "PreModelSwitch",
            json!({ "from_model": "a", "to_model": "b", "requested_model": null,
            "source": "picker", "context_tokens": 1000, "prompt_cache_warm": true, "cache_ttl": "5m",
            "estimated_cache_write_usd": 0.02, "pricing": "catalog" }),
        ),
        (
            "PostModelSwitch",
            json!({ "from_model": "a", "to_model": "b", "requested_model": "opus",
            "source": "auto", "context_tokens": 0, "prompt_cache_warm": false, "cache_ttl": "1h",
            "estimated_cache_write_usd": 0, "pricing": "default" }),
        ),
        (
            "PermissionDenied",
            json!({ "tool_name": "Bash", "tool_input": { "command": "sudo x" },
            "tool_use_id": "t", "reason": "denied by rule" }),
        ),
        ("Setup", json!({ "trigger": "init" })),
        (
            "TeammateIdle",
            json!({ "teammate_name": "ana", "team_name": "core" }),
        ),
        (
            "TaskCreated",
            json!({ "task_id": "1", "task_subject": "Write tests" }),
        ),
        (
            "TaskCompleted",
            json!({ "task_id": "1", "task_subject": "Write tests" }),
        ),
        (
            "Elicitation",
            json!({ "mcp_server_name": "jira", "message": "Pick a board", "mode": "form",
            "requested_schema": { "type": "object" } }),
        ),
        (
            "ElicitationResult",
            json!({ "mcp_server_name": "jira", "action": "decline" }),
        ),
        (
            "ConfigChange",
            json!({ "source": "project_settings", "file_path": "/app/.claude/settings.json" }),
        ),
        ("WorktreeCreate", json!({ "name": "feature-x" })),
        (
            "WorktreeRemove",
            json!({ "worktree_path": "/app/.worktrees/feature-x" }),
        ),
        (
            "InstructionsLoaded",
            json!({ "file_path": "/app/CLAUDE.md", "memory_type": "Project",
            "load_reason": "session_start" }),
        ),
        (
            "CwdChanged",
            json!({ "old_cwd": "/app", "new_cwd": "/app/src" }),
        ),
        (
            "FileChanged",
            json!({ "file_path": "/app/.env", "event": "change" }),
        ),
        (
            "DirectoryAdded",
            json!({ "directory": "/lib", "source": "slash_command" }),
        ),
        (
            "MessageDisplay",
            json!({ "turn_id": "t", "message_id": "m", "index": 0, "final": true, "delta": "" }),
        ),
    ];
    for (name, fields) in cases {
        let input =
            validate_hook_input(&payload(name, fields)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(input.event().as_str(), name);
        assert_eq!(
            input.common().session_id,
            "9f1c2d3e-0000-4000-8000-000000000001"
        );
        assert!(input.extra().is_empty(), "{name}: {:?}", input.extra());
    }
    let display = validate_hook_input(&payload(
        "MessageDisplay",
        json!({ "turn_id": "t", "message_id": "m", "index": 3, "final": true, "delta": "a\n" }),
    ))
    .unwrap();
    let HookInput::MessageDisplay(display) = display else {
        panic!()
    };
    assert!(display.r#final);
    assert_eq!(display.index, 3.0);
}

// ---------------------------------------------------------------------------
// Forward compatibility.

#[test]
fn unknown_fields_are_kept_and_serialized_back() {
    let sent = payload(
        "PreToolUse",
        json!({
            "tool_name": "Bash",
            "tool_input": { "command": "ls", "sandbox_profile": "strict" },
            "tool_use_id": "t",
            "rollout_flag": { "nested": [1, 2] },
        }),
    );
    let input = validate_hook_input(&sent).unwrap();
    assert_eq!(input.extra().len(), 1);
    assert_eq!(input.extra()["rollout_flag"], json!({ "nested": [1, 2] }));
    let Some(Ok(ToolInput::Bash(bash))) = input.tool_input() else {
        panic!()
    };
    assert_eq!(bash.extra["sandbox_profile"], "strict");
    assert_eq!(serde_json::to_value(&input).unwrap(), sent);
    // From text, and through serde, alike.
    let from_serde: HookInput = serde_json::from_value(sent.clone()).unwrap();
    assert_eq!(from_serde, input);
}

#[test]
fn open_value_sets_keep_a_new_value_and_closed_ones_refuse_it() {
    let start =
        validate_hook_input(&payload("SessionStart", json!({ "source": "teleport" }))).unwrap();
    let HookInput::SessionStart(start) = start else {
        panic!()
    };
    assert_eq!(
        start.source,
        SessionStartSource::Other("teleport".to_owned())
    );
    assert_eq!(start.source.as_str(), "teleport");

    let failure = validate_hook_input(&payload(
        "StopFailure",
        json!({ "error": "quota_exceeded" }),
    ))
    .unwrap();
    let HookInput::StopFailure(failure) = failure else {
        panic!()
    };
    assert_eq!(
        failure.error,
        AssistantError::Other("quota_exceeded".to_owned())
    );

    assert_eq!(
        lines(validate_hook_input(&payload(
            "PreCompact",
            json!({ "trigger": "sometimes", "custom_instructions": "" })
        ))),
        (
            HookErrorCode::InvalidInput,
            vec![
                "Invalid hook input at /trigger: must be one of manual, auto, got \"sometimes\""
                    .to_owned()
            ]
        )
    );
}

// ---------------------------------------------------------------------------
// Bad payloads: the exact lines.

#[test]
fn a_numeric_tool_use_id_is_one_line() {
    let err = validate_hook_input(&payload(
        "PreToolUse",
        json!({ "tool_name": "Bash", "tool_input": { "command": "ls" }, "tool_use_id": 42 }),
    ))
    .unwrap_err();
    assert_eq!(err.code(), HookErrorCode::InvalidInput);
    assert_eq!(err.context(), Some("PreToolUse"));
    assert_eq!(
        err.lines(),
        ["Invalid hook input at /tool_use_id: must be a string, got number 42"]
    );
}

#[test]
fn a_missing_field_is_named() {
    assert_eq!(
        lines(validate_hook_input(&payload(
            "PreToolUse",
            json!({ "tool_name": "Bash", "tool_input": {} }),
        ))),
        (
            HookErrorCode::InvalidInput,
            vec!["Invalid hook input: missing required property \"tool_use_id\"".to_owned()]
        )
    );
}

#[test]
fn every_problem_is_reported_at_once() {
    let mut sent = payload(
        "PostToolUse",
        json!({ "tool_name": 7, "tool_input": {}, "tool_response": null, "duration_ms": "fast" }),
    );
    sent.as_object_mut().unwrap().remove("cwd");
    assert_eq!(
        lines(validate_hook_input(&sent)),
        (
            HookErrorCode::InvalidInput,
            vec![
                "Invalid hook input: missing required properties \"cwd\", \"tool_use_id\""
                    .to_owned(),
                "Invalid hook input at /tool_name: must be a string, got number 7".to_owned(),
                "Invalid hook input at /duration_ms: must be a number, got string \"fast\""
                    .to_owned(),
            ]
        )
    );
}

#[test]
fn an_unknown_event_suggests_the_one_meant() {
    let (code, problems) = lines(validate_hook_input(&payload(
        "PreToolUSe",
        json!({ "tool_name": "Bash", "tool_input": {}, "tool_use_id": "t" }),
    )));
    assert_eq!(code, HookErrorCode::UnknownEvent);
    assert_eq!(problems.len(), 1);
    let known: Vec<&str> = HookEvent::ALL.iter().map(|e| e.as_str()).collect();
    assert_eq!(
        problems[0],
        format!(
            "Invalid hook input at /hook_event_name: unknown hook event \"PreToolUSe\" \
             (did you mean \"PreToolUse\"?); known events: {}",
            known.join(", ")
        )
    );
}

#[test]
fn text_that_is_not_json_or_not_an_object_is_one_line() {
    let err = validate_hook_input_str("{\"session_id\": ").unwrap_err();
    assert_eq!(err.code(), HookErrorCode::NotJson);
    assert_eq!(
        err.lines(),
        ["Invalid hook input: not valid JSON: unexpected end of input at line 1 column 15"]
    );
    let err = validate_hook_input_str("").unwrap_err();
    assert_eq!(
        (err.code(), err.lines()),
        (
            HookErrorCode::NotJson,
            vec![
                "Invalid hook input: not valid JSON: unexpected end of input at line 1 column 0"
                    .to_owned()
            ]
        )
    );
    let err = validate_hook_input_str("[1, 2]").unwrap_err();
    assert_eq!(
        (err.code(), err.lines()),
        (
            HookErrorCode::NotObject,
            vec!["Invalid hook input: must be an object, got array".to_owned()]
        )
    );
    let err = validate_hook_input_str(
        r#"{"session_id": "s", "hook_event_name": "Stop", "hook_event_name": "Setup"}"#,
    )
    .unwrap_err();
    assert_eq!(
        (err.code(), err.lines()),
        (
            HookErrorCode::NotJson,
            vec!["Invalid hook input: duplicate key \"hook_event_name\" at line 1 column 64; send each key once".to_owned()]
        )
    );
}

#[test]
fn an_event_name_that_is_missing_or_not_a_string_is_one_line() {
    let mut sent = base("Stop");
    sent.as_object_mut().unwrap().remove("hook_event_name");
    assert_eq!(
        lines(validate_hook_input(&sent)),
        (
            HookErrorCode::MissingEventName,
            vec!["Invalid hook input: missing required property \"hook_event_name\"".to_owned()]
        )
    );
    sent["hook_event_name"] = json!(["Stop"]);
    assert_eq!(
        lines(validate_hook_input(&sent)),
        (
            HookErrorCode::MissingEventName,
            vec!["Invalid hook input at /hook_event_name: must be a string, got array".to_owned()]
        )
    );
}

// ---------------------------------------------------------------------------
// Hostile payloads: bounded, sanitized lines; no panic.

#[test]
fn deep_nesting_is_refused_before_it_is_walked() {
    let deep = format!(
        r#"{{"hook_event_name": "Stop", "x": {}{}}}"#,
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let err = validate_hook_input_str(&deep).unwrap_err();
    assert_eq!(err.code(), HookErrorCode::NotJson);
    assert_eq!(
        err.lines(),
        ["Invalid hook input: nests deeper than 128 levels at line 1 column 161"]
    );
}

#[test]
fn a_ten_megabyte_value_gives_a_short_line() {
    let huge = "A".repeat(10 << 20);
    let text = payload("Stop", json!({ "stop_hook_active": huge })).to_string();
    let err = validate_hook_input_str(&text).unwrap_err();
    assert_eq!(err.lines().len(), 1);
    let line = &err.lines()[0];
    assert!(
        line.starts_with(
            "Invalid hook input at /stop_hook_active: must be a boolean, got string \"AAAA"
        ),
        "{line}"
    );
    assert!(line.len() < 200, "{}", line.len());

    let over = " ".repeat((32 << 20) + 1);
    let err = validate_hook_input_str(&over).unwrap_err();
    assert_eq!(
        (err.code(), err.lines()),
        (
            HookErrorCode::TooLarge,
            vec!["Invalid hook input: larger than the limit of 33554432 bytes".to_owned()]
        )
    );
}

#[test]
fn a_flood_of_problems_is_cut_to_a_few_lines() {
    let calls: Vec<Value> = (0..5_000)
        .map(|i| json!({ "tool_name": i, "tool_input": {} }))
        .collect();
    let err =
        validate_hook_input(&payload("PostToolBatch", json!({ "tool_calls": calls }))).unwrap_err();
    let lines = err.lines();
    assert_eq!(lines.len(), 21);
    assert_eq!(
        lines[0],
        "Invalid hook input at /tool_calls/0: missing required property \"tool_use_id\""
    );
    assert_eq!(lines[20], "… and 9980 more problems");
}

#[test]
fn control_characters_in_echoed_values_are_sanitized() {
    let hostile = "\u{1b}[31mred\u{1b}[0m\u{202e}evil\u{7}\nnext";
    for sent in [
        payload(hostile, json!({})),
        payload("Stop", json!({ "stop_hook_active": hostile })),
        payload(
            "PreCompact",
            json!({ "trigger": hostile, "custom_instructions": null }),
        ),
    ] {
        let err = validate_hook_input(&sent).unwrap_err();
        for line in err.lines() {
            assert!(
                !line
                    .chars()
                    .any(|c| c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)),
                "{line:?}"
            );
            assert!(line.contains("red"), "{line:?}");
        }
    }
    let err = validate_tool_input(hostile, &json!({})).map(|t| t.tool_name().to_owned());
    assert_eq!(err.unwrap(), hostile, "an unknown tool is kept as sent");
    let err = validate_tool_input(&format!("mcp__{hostile}__x"), &json!(1)).unwrap_err();
    assert!(!err.context().unwrap().chars().any(char::is_control));
}

// ---------------------------------------------------------------------------
// Tool inputs.

#[test]
fn tool_input_lines_name_the_key_and_the_tool() {
    let err =
        validate_tool_input("Bash", &json!({ "command": ["ls"], "timeout": "1s" })).unwrap_err();
    assert_eq!(err.code(), HookErrorCode::InvalidToolInput);
    assert_eq!(err.context(), Some("Bash"));
    assert_eq!(
        err.lines(),
        [
            "Invalid tool input at /command: must be a string, got array",
            "Invalid tool input at /timeout: must be a number, got string \"1s\"",
        ]
    );
    let err = validate_tool_input("Edit", &json!({ "file_path": "/a" })).unwrap_err();
    assert_eq!(
        err.lines(),
        ["Invalid tool input: missing required properties \"old_string\", \"new_string\""]
    );

    // A bad tool input leaves the hook input valid: it is the `Err` of
    // `tool_input()`, not a panic.
    let input = validate_hook_input(&payload(
        "PreToolUse",
        json!({ "tool_name": "Write", "tool_input": { "file_path": 3 }, "tool_use_id": "t" }),
    ))
    .unwrap();
    let err = input.tool_input().unwrap().unwrap_err();
    assert_eq!(
        err.lines(),
        [
            "Invalid tool input: missing required property \"content\"",
            "Invalid tool input at /file_path: must be a string, got number 3",
        ]
    );
}

#[test]
fn grep_reads_its_dashed_flags_and_writes_them_back() {
    let sent = json!({ "pattern": "fn main", "-i": true, "-n": false, "-A": 2, "-B": 1, "-C": 3,
                       "-o": true, "type": "rust", "output_mode": "content" });
    let input = validate_tool_input("Grep", &sent).unwrap();
    let ToolInput::Grep(grep) = &input else {
        panic!()
    };
    assert_eq!(grep.case_insensitive, Some(true));
    assert_eq!(grep.line_numbers, Some(false));
    assert_eq!(
        (grep.after, grep.before, grep.context_lines),
        (Some(2.0), Some(1.0), Some(3.0))
    );
    assert_eq!(grep.file_type.as_deref(), Some("rust"));
    assert_eq!(grep.output_mode, Some(GrepOutputMode::Content));
    assert_eq!(
        serde_json::to_value(&input).unwrap(),
        json!({ "pattern": "fn main", "output_mode": "content", "-B": 1.0, "-A": 2.0, "-C": 3.0,
                "-n": false, "-i": true, "-o": true, "type": "rust" })
    );
}

#[test]
fn a_tool_input_is_built_from_its_required_fields() {
    let mut bash = BashInput::new("cargo test --workspace");
    bash.timeout = Some(600000.0);
    let input = ToolInput::from(bash);
    assert_eq!(input.tool_name(), "Bash");
    assert_eq!(
        serde_json::to_value(&input).unwrap(),
        json!({ "command": "cargo test --workspace", "timeout": 600000.0 })
    );
    let todo = TodoWriteInput::new(vec![Todo::new(
        "Run tests",
        TodoStatus::InProgress,
        "Running tests",
    )]);
    assert_eq!(
        serde_json::to_value(ToolInput::from(todo)).unwrap(),
        json!({ "todos": [{ "content": "Run tests", "status": "in_progress", "activeForm": "Running tests" }] })
    );
}

#[test]
fn former_tool_names_read_as_the_current_tool() {
    let input = validate_tool_input(
        "Task",
        &json!({ "description": "Find uses", "prompt": "grep for it",
        "subagent_type": "Explore", "model": "haiku" }),
    )
    .unwrap();
    let ToolInput::Agent(agent) = &input else {
        panic!()
    };
    assert_eq!(agent.subagent_type.as_deref(), Some("Explore"));
    assert_eq!(agent.model, Some(AgentModel::Haiku));
    assert_eq!(input.tool_name(), "Agent");
    assert!(matches!(
        validate_tool_input("KillShell", &json!({ "shell_id": "s" })),
        Ok(ToolInput::TaskStop(_))
    ));
    assert!(matches!(
        validate_tool_input("ProposeGoal", &json!({ "condition": "tests pass" })),
        Ok(ToolInput::SetGoal(_))
    ));
    assert_eq!(
        ToolInput::schema_for("Task"),
        ToolInput::schema_for("Agent")
    );
}

#[test]
fn unknown_and_legacy_tools_are_typed_or_kept() {
    let other = validate_tool_input("LSP", &json!({ "op": "hover" })).unwrap();
    assert_eq!(
        other,
        ToolInput::Other {
            name: "LSP".to_owned(),
            input: json!({ "op": "hover" })
        }
    );
    assert_eq!(
        serde_json::to_value(&other).unwrap(),
        json!({ "op": "hover" })
    );

    let multi = validate_tool_input("MultiEdit", &json!({ "file_path": "/a",
        "edits": [{ "old_string": "a", "new_string": "b" }, { "old_string": "c", "new_string": "d", "replace_all": true }] }))
    .unwrap();
    let ToolInput::MultiEdit(multi) = multi else {
        panic!()
    };
    assert_eq!(multi.edits[1].replace_all, Some(true));

    let ps = validate_tool_input("PowerShell", &json!({ "command": "Get-ChildItem" })).unwrap();
    assert_eq!(ps.tool_name(), "PowerShell");

    assert_eq!(ToolInput::KNOWN_TOOLS.len(), 45);
}

#[test]
fn mcp_tool_names_split_into_server_and_tool() {
    let name = McpToolName::parse("mcp__plugin_x_y__z").unwrap();
    assert_eq!(
        (name.plugin(), name.server(), name.tool()),
        (Some("x"), "y", "z")
    );
    let name = McpToolName::parse("mcp__plugin_code-review_git_hub__list__all").unwrap();
    assert_eq!(
        (name.plugin(), name.server(), name.tool()),
        (Some("code-review"), "git_hub", "list__all")
    );
    let name = McpToolName::parse("mcp__plugin_solo__tool").unwrap();
    assert_eq!((name.plugin(), name.server()), (None, "plugin_solo"));
    let name = McpToolName::parse("mcp__memory__create_entities").unwrap();
    assert_eq!(
        (name.plugin(), name.server(), name.tool()),
        (None, "memory", "create_entities")
    );
    assert_eq!(name.to_string(), "mcp__memory__create_entities");
    for not_mcp in [
        "Bash",
        "mcp__",
        "mcp__server",
        "mcp____tool",
        "mcp__server__",
        "MCP__a__b",
        "mcp_a__b",
    ] {
        assert_eq!(McpToolName::parse(not_mcp), None, "{not_mcp}");
    }

    let err = validate_tool_input("mcp__github__search", &json!("query")).unwrap_err();
    assert_eq!(
        (err.code(), err.lines(), err.context()),
        (
            HookErrorCode::InvalidToolInput,
            vec!["Invalid tool input: must be an object, got string \"query\"".to_owned()],
            Some("mcp__github__search")
        )
    );
}

// ---------------------------------------------------------------------------
// The schema and the type agree: what the schema accepts the type reads
// (and writes back unchanged); what it refuses never yields a typed input.

macro_rules! typed_readers {
    ($($event:ident: $input:ty),* $(,)?) => {
        /// Reads `value` as `event`'s struct with serde alone, no schema.
        fn read_typed(event: HookEvent, value: &Value) -> Result<Value, String> {
            match event {
                $(HookEvent::$event => serde_json::from_value::<$input>(value.clone())
                    .map_err(|e| e.to_string())
                    .and_then(|typed| serde_json::to_value(typed).map_err(|e| e.to_string())),)*
                other => Err(format!("no reader for {other}")),
            }
        }
    };
}

typed_readers! {
    PreToolUse: PreToolUseInput, PostToolUse: PostToolUseInput,
    PostToolUseFailure: PostToolUseFailureInput, PostToolBatch: PostToolBatchInput,
    Notification: NotificationInput, UserPromptSubmit: UserPromptSubmitInput,
    UserPromptExpansion: UserPromptExpansionInput, SessionStart: SessionStartInput,
    SessionEnd: SessionEndInput, Stop: StopInput, StopFailure: StopFailureInput,
    SubagentStart: SubagentStartInput, SubagentStop: SubagentStopInput,
    PreCompact: PreCompactInput, PostCompact: PostCompactInput,
    PreModelSwitch: PreModelSwitchInput, PostModelSwitch: PostModelSwitchInput,
    PermissionRequest: PermissionRequestInput, PermissionDenied: PermissionDeniedInput,
    Setup: SetupInput, TeammateIdle: TeammateIdleInput, TaskCreated: TaskCreatedInput,
    TaskCompleted: TaskCompletedInput, Elicitation: ElicitationInput,
    ElicitationResult: ElicitationResultInput, ConfigChange: ConfigChangeInput,
    WorktreeCreate: WorktreeCreateInput, WorktreeRemove: WorktreeRemoveInput,
    InstructionsLoaded: InstructionsLoadedInput, CwdChanged: CwdChangedInput,
    FileChanged: FileChangedInput, DirectoryAdded: DirectoryAddedInput,
    MessageDisplay: MessageDisplayInput, PreSkillShellCommand: PreSkillShellCommandInput,
}

/// Equal as JSON: objects whatever their key order, numbers by value
/// (`2` and `2.0` are the same number; the SDK's numbers are floats).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// A payload for `event`: one its schema accepts, or that one mutated.
fn generated(event: HookEvent) -> impl Strategy<Value = Value> {
    (
        generate::valid(event.input_schema()),
        any::<u64>(),
        any::<bool>(),
    )
        .prop_map(|(value, seed, mutated)| {
            if mutated {
                generate::mutate(value, &mut Rng::new(seed))
            } else {
                value
            }
        })
}

fn check_event(event: HookEvent, value: &Value) -> Result<bool, TestCaseError> {
    let validator = Validator::new(event.input_schema()).unwrap();
    let by_schema = validator.validate(value);
    let by_type = read_typed(event, &json_without_event(value));
    let checked = validate_hook_input(value);
    match &by_schema {
        Ok(()) => {
            let typed = by_type.map_err(|e| {
                TestCaseError::fail(format!(
                    "{event}: schema accepts, type refuses: {e}\n{value}"
                ))
            })?;
            prop_assert!(
                same(&typed, &json_without_event(value)),
                "{event}: not written back as read\n{value}\n{typed}"
            );
            let input =
                checked.map_err(|e| TestCaseError::fail(format!("{event}: {e}\n{value}")))?;
            prop_assert_eq!(input.event(), event);
            prop_assert!(same(&serde_json::to_value(&input).unwrap(), value));
            return Ok(true);
        }
        Err(problems) => {
            // The event may be another, or none, once mutated.
            let named = value
                .get("hook_event_name")
                .and_then(Value::as_str)
                .and_then(HookEvent::from_name);
            if named == Some(event) {
                let err = checked.err().ok_or_else(|| {
                    TestCaseError::fail(format!("{event}: schema refuses, input typed\n{value}"))
                })?;
                prop_assert_eq!(err.code(), HookErrorCode::InvalidInput);
                prop_assert_eq!(err.lines(), problems.lines_for("Invalid hook input"));
            } else if named.is_none() {
                prop_assert!(checked.is_err(), "{value}");
            }
        }
    }
    Ok(false)
}

/// `value` without `hook_event_name`, as the struct of its event holds it.
fn json_without_event(value: &Value) -> Value {
    let mut value = value.clone();
    if let Some(map) = value.as_object_mut() {
        map.remove("hook_event_name");
    }
    value
}

fn event_strategy() -> impl Strategy<Value = (HookEvent, Value)> {
    proptest::sample::select(HookEvent::ALL.to_vec())
        .prop_flat_map(|event| generated(event).prop_map(move |value| (event, value)))
}

/// Runs `check` on `cases` generated values, and says how many the schema
/// accepted: both kinds must be well represented, or the agreement proves
/// nothing.
fn run_agreement<S: Strategy>(
    what: &str,
    strategy: S,
    check: impl Fn(&S::Value) -> Result<bool, TestCaseError>,
) {
    use std::sync::atomic::{AtomicU32, Ordering};
    let cases = 2048;
    let accepted = AtomicU32::new(0);
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    runner
        .run(&strategy, |value| {
            if check(&value)? {
                accepted.fetch_add(1, Ordering::Relaxed);
            }
            Ok(())
        })
        .unwrap_or_else(|err| panic!("{what}: {err}"));
    let accepted = accepted.into_inner();
    println!(
        "{what}: {cases} generated, {accepted} accepted, {} refused",
        cases - accepted
    );
    assert!(
        accepted > cases / 4 && cases - accepted > cases / 4,
        "{what}: {accepted} of {cases} accepted"
    );
}

#[test]
fn the_input_schemas_and_types_agree() {
    run_agreement("hook inputs", event_strategy(), |(event, value)| {
        check_event(*event, value)
    });
}

#[test]
fn the_tool_schemas_and_types_agree() {
    run_agreement("tool inputs", tool_strategy(), |(name, value, seed)| {
        check_tool(name, value, *seed)
    });
}

fn tool_strategy() -> impl Strategy<Value = (&'static str, Value, u64)> {
    proptest::sample::select(ToolInput::KNOWN_TOOLS.to_vec()).prop_flat_map(|name| {
        let schema = ToolInput::schema_for(name).unwrap();
        (Just(name), generate::valid(schema), any::<u64>())
    })
}

fn check_tool(name: &str, valid: &Value, seed: u64) -> Result<bool, TestCaseError> {
    let value = if seed % 2 == 0 {
        generate::mutate(valid.clone(), &mut Rng::new(seed))
    } else {
        valid.clone()
    };
    let validator = Validator::new(ToolInput::schema_for(name).unwrap()).unwrap();
    let checked = validate_tool_input(name, &value);
    match validator.validate(&value) {
        Ok(()) => {
            let input = checked.map_err(|e| {
                TestCaseError::fail(format!(
                    "{name}: schema accepts, type refuses: {e}\n{value}"
                ))
            })?;
            prop_assert_eq!(input.tool_name(), name);
            let back = serde_json::to_value(&input).unwrap();
            prop_assert!(
                same(&back, &value),
                "{name}: not written back as read\n{value}\n{back}"
            );
            return Ok(true);
        }
        Err(problems) => {
            let err = checked.err().ok_or_else(|| {
                TestCaseError::fail(format!("{name}: schema refuses, input typed\n{value}"))
            })?;
            prop_assert_eq!(err.code(), HookErrorCode::InvalidToolInput);
            prop_assert_eq!(err.lines(), problems.lines_for("Invalid tool input"));
        }
    }
    Ok(false)
}

// ---------------------------------------------------------------------------
// The schemas, as hooks in other languages reuse them: reviewed as diffs.

#[test]
fn the_schemas_match_their_snapshots() {
    let inputs: serde_json::Map<String, Value> = HookEvent::ALL
        .iter()
        .map(|event| (event.as_str().to_owned(), event.input_schema().clone()))
        .collect();
    crate::support::assert_snapshot_json("input_schemas.json", &Value::Object(inputs));
    let tools: serde_json::Map<String, Value> = ToolInput::KNOWN_TOOLS
        .iter()
        .map(|name| {
            (
                (*name).to_owned(),
                ToolInput::schema_for(name).unwrap().clone(),
            )
        })
        .collect();
    crate::support::assert_snapshot_json("tool_input_schemas.json", &Value::Object(tools));
}

/// A name that differs from a known event only by characters the
/// sanitizer drops is shown escaped, with the event it most likely means:
/// dropped, the line read `unknown hook event "PreToolUse"`.
#[test]
fn an_event_name_hiding_control_characters_is_shown_escaped() {
    let mut payload = base("PreToolUse");
    payload["hook_event_name"] = json!("PreToolUs\u{1b}[31m\u{202e}e");
    let lines = validate_hook_input(&payload).unwrap_err().lines();
    assert!(
        lines[0].starts_with(
            "Invalid hook input at /hook_event_name: unknown hook event \
             \"PreToolUs\\u{1b}[31m\\u{202e}e\" (did you mean \"PreToolUse\"?); known events: "
        ),
        "{}",
        lines[0]
    );
}
