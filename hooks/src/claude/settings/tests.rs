//! One test per check, each asserting the exact line a user reads.

use serde_json::{Value, json};

use super::*;
use crate::error::HookErrorCode;

fn errors(settings: Value) -> Vec<String> {
    lint_hooks_config(&settings).error_lines()
}

fn warnings(settings: Value) -> Vec<String> {
    lint_hooks_config(&settings).warning_lines()
}

/// Settings with one group on `event`, holding `handler`.
fn hook(event: &str, matcher: Option<&str>, handler: Value) -> Value {
    let mut group = json!({ "hooks": [handler] });
    if let Some(matcher) = matcher {
        group["matcher"] = json!(matcher);
    }
    json!({ "hooks": { event: [group] } })
}

fn command() -> Value {
    json!({ "type": "command", "command": "./guard.sh" })
}

#[test]
fn a_typical_project_file_is_clean() {
    let settings = json!({
        "permissions": { "allow": ["Bash(npm test)"] },
        "env": { "FOO": "1" },
        "allowedHttpHookUrls": ["http://localhost:8080/*"],
        "httpHookAllowedEnvVars": ["HOOK_TOKEN"],
        "hooks": {
            "PreToolUse": [{ "matcher": "Bash", "hooks": [
                { "type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh", "if": "Bash(git push *)", "timeout": 30 },
                { "type": "http", "url": "http://localhost:8080/hooks/pre", "headers": { "Authorization": "Bearer ${HOOK_TOKEN}" }, "allowedEnvVars": ["HOOK_TOKEN"] }
            ] }],
            "PostToolUse": [{ "matcher": "Edit|Write", "hooks": [{ "type": "command", "command": "node", "args": ["fmt.js"] }] }],
            "Stop": [{ "hooks": [{ "type": "prompt", "prompt": "Done? $ARGUMENTS", "continueOnBlock": true }] }],
            "SessionStart": [{ "matcher": "startup|resume", "hooks": [{ "type": "mcp_tool", "server": "memory", "tool": "load", "input": { "cwd": "${cwd}" } }] }],
            "PermissionRequest": [{ "matcher": "mcp__github__.*", "hooks": [{ "type": "agent", "prompt": "Check $ARGUMENTS", "model": "claude-sonnet-5" }] }],
            "SubagentStart": [{ "matcher": "code-reviewer", "hooks": [command()] }],
            "FileChanged": [{ "matcher": ".envrc|.env", "hooks": [command()] }]
        }
    });
    let lint = lint_hooks_config(&settings);
    assert_eq!(lint.error_lines(), Vec::<String>::new());
    assert_eq!(lint.warning_lines(), Vec::<String>::new());
    assert!(validate_hooks_config(&settings).is_ok());
}

#[test]
fn a_document_that_is_not_an_object() {
    assert_eq!(
        errors(json!([1])),
        ["Invalid hooks settings: must be an object, got array"]
    );
    let err = validate_hooks_config(&json!("x")).unwrap_err();
    assert_eq!(err.code(), HookErrorCode::InvalidSettings);
}

#[test]
fn the_hook_settings_keys_have_their_types() {
    assert_eq!(
        errors(json!({
            "disableAllHooks": "true",
            "allowManagedHooksOnly": 1,
            "allowedHttpHookUrls": "https://a.example.com/*",
            "httpHookAllowedEnvVars": [true],
            "description": 5,
            "hooks": []
        })),
        [
            "Invalid hooks settings at /disableAllHooks: must be a boolean, got string \"true\"",
            "Invalid hooks settings at /allowManagedHooksOnly: must be a boolean, got number 1",
            "Invalid hooks settings at /allowedHttpHookUrls: must be an array, got string \"https://a.example.com/*\"",
            "Invalid hooks settings at /httpHookAllowedEnvVars/0: must be a string, got boolean true",
            "Invalid hooks settings at /description: must be a string, got number 5",
            "Invalid hooks settings at /hooks: must be an object, got array",
        ]
    );
}

#[test]
fn other_settings_keys_are_not_ours() {
    let settings = json!({ "model": 5, "permissions": "x", "statusLine": [] });
    assert_eq!(errors(settings.clone()), Vec::<String>::new());
    assert_eq!(warnings(settings), Vec::<String>::new());
}

#[test]
fn an_unknown_event_gets_a_did_you_mean() {
    assert_eq!(
        errors(json!({ "hooks": { "PreToolUSe": [], "pre_tool_use": [], "postToolUse": [] } })),
        [
            "Invalid hooks settings at /hooks/PreToolUSe: unknown hook event \"PreToolUSe\" (did you mean \"PreToolUse\"?)",
            "Invalid hooks settings at /hooks/pre_tool_use: unknown hook event \"pre_tool_use\" (did you mean \"PreToolUse\"?)",
            "Invalid hooks settings at /hooks/postToolUse: unknown hook event \"postToolUse\" (did you mean \"PostToolUse\"?)",
        ]
    );
}

#[test]
fn an_event_far_from_any_lists_the_known_ones() {
    let lines = errors(json!({ "hooks": { "Banana": [] } }));
    assert_eq!(lines.len(), 1);
    assert!(
        lines[0].starts_with(
            "Invalid hooks settings at /hooks/Banana: unknown hook event \"Banana\"; known events: \
             PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, Notification, "
        ),
        "{}",
        lines[0]
    );
    assert!(lines[0].ends_with(", MessageDisplay, PreSkillShellCommand"));
}

#[test]
fn an_event_takes_an_array_of_matcher_groups() {
    assert_eq!(
        errors(json!({ "hooks": { "Stop": { "hooks": [] }, "PreToolUse": ["Bash"] } })),
        [
            "Invalid hooks settings at /hooks/Stop: must be an array, got object",
            "Invalid hooks settings at /hooks/PreToolUse/0: must be an object, got string \"Bash\"",
        ]
    );
}

#[test]
fn a_handler_where_a_group_belongs_is_one_line() {
    assert_eq!(
        errors(json!({ "hooks": { "PreToolUse": [command()] } })),
        [
            "Invalid hooks settings at /hooks/PreToolUse/0: is a hook handler where a matcher group belongs; \
          wrap it as {\"matcher\": \"...\", \"hooks\": [ ... ]}"
        ]
    );
}

#[test]
fn matcher_groups_are_closed_and_need_hooks() {
    assert_eq!(
        errors(json!({ "hooks": { "PreToolUse": [
            { "matchers": "Bash", "hooks": [] },
            { "matcher": ["Bash"] },
            { "matcher": "Bash", "hooks": "./x.sh" }
        ] } })),
        [
            "Invalid hooks settings at /hooks/PreToolUse/0: unknown property \"matchers\" (did you mean \"matcher\"?); takes matcher, hooks",
            "Invalid hooks settings at /hooks/PreToolUse/1: missing required property \"hooks\"",
            "Invalid hooks settings at /hooks/PreToolUse/1/matcher: must be a string, got array",
            "Invalid hooks settings at /hooks/PreToolUse/2/hooks: must be an array, got string \"./x.sh\"",
        ]
    );
}

#[test]
fn a_handler_needs_a_known_type() {
    assert_eq!(
        errors(json!({ "hooks": { "PreToolUse": [{ "hooks": [
            { "command": "x" },
            { "type": "comand", "command": "x" },
            { "type": "mcpTool" },
            { "type": 1 }
        ] }] } })),
        [
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0: missing required property \"type\"",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/1/type: must be one of command, http, mcp_tool, prompt, agent, got \"comand\" (did you mean \"command\"?)",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/2/type: must be one of command, http, mcp_tool, prompt, agent, got \"mcpTool\" (did you mean \"mcp_tool\"?)",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/3/type: must be a string, got number 1",
        ]
    );
}

#[test]
fn handlers_are_closed_with_a_did_you_mean() {
    assert_eq!(
        errors(hook(
            "PreToolUse",
            None,
            json!({ "type": "command", "command": "x", "comand": "y" })
        )),
        [
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0: unknown property \"comand\" (did you mean \"command\"?); \
          takes type, command, args, shell, async, asyncRewake, onFailure, if, timeout, statusMessage, once"
        ]
    );
    // A field of another handler type is unknown here.
    assert_eq!(
        errors(hook(
            "PreToolUse",
            None,
            json!({ "type": "prompt", "prompt": "x", "url": "https://a.example.com" })
        )),
        [
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0: unknown property \"url\"; \
          takes type, prompt, model, continueOnBlock, if, timeout, statusMessage, once"
        ]
    );
}

#[test]
fn each_handler_type_has_its_required_fields() {
    let lines = errors(json!({ "hooks": { "PreToolUse": [{ "hooks": [
        { "type": "command" },
        { "type": "http" },
        { "type": "mcp_tool", "server": "memory" },
        { "type": "prompt", "prompt": "" },
        { "type": "agent", "model": "x" }
    ] }] } }));
    assert_eq!(
        lines,
        [
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0: missing required property \"command\"",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/1: missing required property \"url\"",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/2: missing required property \"tool\"",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/3/prompt: must be at least 1 character long, got 0",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/4: missing required property \"prompt\"",
        ]
    );
}

#[test]
fn handler_fields_have_their_types_and_values() {
    assert_eq!(
        errors(hook(
            "PreToolUse",
            None,
            json!({
                "type": "command", "command": "x", "args": "-v", "shell": "zsh", "async": "yes",
                "onFailure": "stop", "timeout": 0, "statusMessage": 1, "once": "no"
            })
        )),
        [
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0/args: must be an array, got string \"-v\"",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0/async: must be a boolean, got string \"yes\"",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0/timeout: must be greater than 0, got 0",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0/statusMessage: must be a string, got number 1",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0/once: must be a boolean, got string \"no\"",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0/shell: must be one of bash, powershell, got \"zsh\"",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0/onFailure: must be one of continue, block, got \"stop\"",
        ]
    );
    assert_eq!(
        errors(hook(
            "PreToolUse",
            None,
            json!({
                "type": "http", "url": "https://a.example.com", "headers": { "X-Token": 5 }, "allowedEnvVars": "TOKEN"
            })
        )),
        [
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0/headers/X-Token: must be a string, got number 5",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0/allowedEnvVars: must be an array, got string \"TOKEN\"",
        ]
    );
}

#[test]
fn each_event_runs_only_its_handler_types() {
    let settings = json!({ "hooks": {
        "SessionStart": [{ "hooks": [{ "type": "http", "url": "https://a.example.com" }, { "type": "prompt", "prompt": "x" }] }],
        "Setup": [{ "hooks": [{ "type": "agent", "prompt": "x" }, { "type": "mcp_tool", "server": "s", "tool": "t" }] }],
        "Notification": [{ "hooks": [{ "type": "prompt", "prompt": "x" }, { "type": "http", "url": "https://a.example.com" }] }],
        "Stop": [{ "hooks": [{ "type": "agent", "prompt": "x" }] }]
    } });
    assert_eq!(
        errors(settings),
        [
            "Invalid hooks settings at /hooks/SessionStart/0/hooks/0/type: SessionStart runs only command and mcp_tool hooks, not http",
            "Invalid hooks settings at /hooks/SessionStart/0/hooks/1/type: SessionStart runs only command and mcp_tool hooks, not prompt",
            "Invalid hooks settings at /hooks/Setup/0/hooks/0/type: Setup runs only command and mcp_tool hooks, not agent",
            "Invalid hooks settings at /hooks/Notification/0/hooks/0/type: Notification runs only command, http and mcp_tool hooks, not prompt",
        ]
    );
}

#[test]
fn the_handler_matrix_matches_the_reference() {
    use facts::Handlers;
    let all: Vec<&str> = HookEvent::ALL
        .iter()
        .filter(|e| facts::rules(**e).handlers == Handlers::All)
        .map(|e| e.as_str())
        .collect();
    assert_eq!(
        all,
        [
            "PreToolUse",
            "PostToolUse",
            "PostToolUseFailure",
            "PostToolBatch",
            "UserPromptSubmit",
            "UserPromptExpansion",
            "Stop",
            "SubagentStop",
            "PermissionRequest",
            "PermissionDenied",
            "TeammateIdle",
            "TaskCreated",
            "TaskCompleted",
            "PreSkillShellCommand",
        ]
    );
    let command_and_mcp: Vec<&str> = HookEvent::ALL
        .iter()
        .filter(|e| facts::rules(**e).handlers == Handlers::CommandAndMcpTool)
        .map(|e| e.as_str())
        .collect();
    assert_eq!(command_and_mcp, ["SessionStart", "Setup"]);
}

#[test]
fn a_matcher_regex_must_compile_as_javascript() {
    assert_eq!(
        errors(json!({ "hooks": { "PreToolUse": [
            { "matcher": "[Bash", "hooks": [] },
            { "matcher": "mcp__(memory", "hooks": [] },
            { "matcher": "Bash(?<x>a)\\k<y>", "hooks": [] },
            // JavaScript syntax the `regex` crate lacks: lookahead, backreferences.
            { "matcher": "^(?!mcp__).*", "hooks": [] },
            { "matcher": "^(Edit)\\1?$", "hooks": [] }
        ] } })),
        [
            "Invalid hooks settings at /hooks/PreToolUse/0/matcher: matcher \"[Bash\" is read as a JavaScript regular expression and does not compile: unbalanced bracket",
            "Invalid hooks settings at /hooks/PreToolUse/1/matcher: matcher \"mcp__(memory\" is read as a JavaScript regular expression and does not compile: unbalanced parenthesis",
            "Invalid hooks settings at /hooks/PreToolUse/2/matcher: matcher \"Bash(?<x>a)\\k<y>\" is read as a JavaScript regular expression and does not compile: backreference to invalid named capture group: y",
        ]
    );
    // A glob is no regular expression: JavaScript refuses a leading `*`.
    assert_eq!(
        errors(hook("FileChanged", Some("*.json"), command())),
        [
            "Invalid hooks settings at /hooks/FileChanged/0/matcher: matcher \"*.json\" is read as a JavaScript regular expression and does not compile: invalid atom character"
        ]
    );
}

#[test]
fn a_matcher_on_an_event_that_ignores_it_is_a_warning() {
    let settings = json!({ "hooks": {
        "Stop": [{ "matcher": "Bash", "hooks": [command()] }],
        "UserPromptSubmit": [{ "matcher": "*", "hooks": [command()] }, { "matcher": "", "hooks": [command()] }]
    } });
    assert_eq!(errors(settings.clone()), Vec::<String>::new());
    assert_eq!(
        warnings(settings),
        [
            "Hooks settings warning at /hooks/Stop/0/matcher: Stop takes no matcher and ignores it; \
          the hooks run on every Stop event, remove \"matcher\""
        ]
    );
}

#[test]
fn an_exact_tool_name_that_is_no_tool_is_a_warning() {
    assert_eq!(
        warnings(json!({ "hooks": { "PreToolUse": [
            { "matcher": "Bsh", "hooks": [command()] },
            { "matcher": "bash|Edit, write", "hooks": [command()] },
            { "matcher": "Frobnicate", "hooks": [command()] },
            { "matcher": "mcp__github__create_issue|Task|MultiEdit", "hooks": [command()] }
        ] } })),
        [
            "Hooks settings warning at /hooks/PreToolUse/0/matcher: no built-in tool is named \"Bsh\" (did you mean \"Bash\"?); tool names are case-sensitive and MCP tools are named mcp__<server>__<tool>",
            "Hooks settings warning at /hooks/PreToolUse/1/matcher: no built-in tool is named \"bash\" (did you mean \"Bash\"?); tool names are case-sensitive and MCP tools are named mcp__<server>__<tool>",
            "Hooks settings warning at /hooks/PreToolUse/1/matcher: no built-in tool is named \"write\" (did you mean \"Write\"?); tool names are case-sensitive and MCP tools are named mcp__<server>__<tool>",
            "Hooks settings warning at /hooks/PreToolUse/2/matcher: no built-in tool is named \"Frobnicate\"; tool names are case-sensitive and MCP tools are named mcp__<server>__<tool>",
        ]
    );
}

/// The lint knows every tool the SDK lists (`SetGoal`, `WaitForMcpServers`,
/// `propose_skills` were once warned about) and the former names.
#[test]
fn every_built_in_tool_name_is_a_tool() {
    assert_eq!(
        warnings(json!({ "hooks": { "PreToolUse": [
            { "matcher": "SetGoal|WaitForMcpServers|propose_skills|ListAgents|ProposeGoal|KillShell", "hooks": [command()] },
            { "matcher": "ProposeSkills", "hooks": [command()] },
            { "matcher": "SetGoal", "hooks": [
                { "type": "command", "command": "x", "if": "SetGoal" },
                { "type": "command", "command": "x", "if": "SubagentHandback" }
            ] }
        ] } })),
        [
            "Hooks settings warning at /hooks/PreToolUse/1/matcher: no built-in tool is named \"ProposeSkills\" (did you mean \"propose_skills\"?); tool names are case-sensitive and MCP tools are named mcp__<server>__<tool>",
            "Hooks settings warning at /hooks/PreToolUse/2/hooks/1/if: \"SubagentHandback\" is for SubagentHandback, which the group's matcher \"SetGoal\" never lets through, so this hook never runs; move it to a group whose matcher matches SubagentHandback",
        ]
    );
}

#[test]
fn an_mcp_server_name_alone_matches_no_tool() {
    assert_eq!(
        warnings(hook("PostToolUse", Some("mcp__memory"), command())),
        [
            "Hooks settings warning at /hooks/PostToolUse/0/matcher: \"mcp__memory\" names an MCP server, not a tool, \
          and matches no tool; use \"mcp__memory__.*\" for every tool of that server"
        ]
    );
    assert_eq!(
        warnings(hook("PostToolUse", Some("mcp__memory__.*"), command())),
        Vec::<String>::new()
    );
}

#[test]
fn a_permission_rule_as_a_matcher_is_a_warning() {
    assert_eq!(
        warnings(hook("PreToolUse", Some("Bash(git *)"), command())),
        [
            "Hooks settings warning at /hooks/PreToolUse/0/matcher: matcher \"Bash(git *)\" is a permission rule, \
          but a matcher is tested against the tool name alone and matches no tool; match the tool and put the \
          rule in the handler's \"if\""
        ]
    );
}

#[test]
fn a_value_the_event_never_sends_is_a_warning() {
    assert_eq!(
        warnings(json!({ "hooks": {
            "SessionStart": [{ "matcher": "statup|resume", "hooks": [command()] }],
            "PreCompact": [{ "matcher": "Manual", "hooks": [command()] }],
            "StopFailure": [{ "matcher": "rate_limit|overloaded", "hooks": [command()] }]
        } })),
        [
            "Hooks settings warning at /hooks/SessionStart/0/matcher: \"statup\" matches no SessionStart event (did you mean \"startup\"?); its matcher filters on startup, resume, clear, compact, fork",
            "Hooks settings warning at /hooks/PreCompact/0/matcher: \"Manual\" matches no PreCompact event (did you mean \"manual\"?); its matcher filters on manual, auto",
        ]
    );
}

#[test]
fn a_file_changed_matcher_is_a_list_of_literal_names() {
    assert_eq!(
        warnings(json!({ "hooks": { "FileChanged": [
            { "matcher": "^\\.env", "hooks": [command()] },
            { "matcher": ".env*", "hooks": [command()] },
            { "matcher": ".envrc|.env", "hooks": [command()] }
        ] } })),
        [
            "Hooks settings warning at /hooks/FileChanged/0/matcher: FileChanged watches the names in its matcher literally, split on \"|\": \"^\\.env\" watches no file you mean; list file names such as \".envrc|.env\"",
            "Hooks settings warning at /hooks/FileChanged/1/matcher: FileChanged watches the names in its matcher literally, split on \"|\": \".env*\" watches no file you mean; list file names such as \".envrc|.env\"",
        ]
    );
}

#[test]
fn an_empty_name_in_a_list_is_a_warning() {
    assert_eq!(
        warnings(hook("PreToolUse", Some("Edit||Write"), command())),
        [
            "Hooks settings warning at /hooks/PreToolUse/0/matcher: matcher \"Edit||Write\" has an empty name between separators"
        ]
    );
}

#[test]
fn a_group_without_handlers_is_a_warning() {
    assert_eq!(
        warnings(json!({ "hooks": { "Stop": [{ "hooks": [] }] } })),
        [
            "Hooks settings warning at /hooks/Stop/0/hooks: has no handlers, so the group runs nothing; add one or remove the group"
        ]
    );
}

#[test]
fn if_is_one_permission_rule() {
    let handler = |rule: &str| json!({ "type": "command", "command": "x", "if": rule });
    let settings = json!({ "hooks": { "PreToolUse": [{ "matcher": "Bash", "hooks": [
        handler("Bash(git push *)"),
        handler("Edit(src/**)"),
        handler("mcp__github__create_issue"),
        handler("Read"),
        handler("Bash(git *"),
        handler("Bash(git *) && Edit(*.ts)"),
        handler("git push"),
        handler("")
    ] }] } });
    assert_eq!(
        errors(settings),
        [
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/4/if: \"Bash(git *\" is missing the \")\" that closes its \"(\"",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/5/if: \"Bash(git *) && Edit(*.ts)\" holds one permission rule: \"&&\", \"||\" and lists are not supported; use one handler per rule",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/6/if: \"git push\" is not a permission rule; write one rule as Tool or Tool(specifier), such as \"Bash(git *)\"",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/7/if: \"\" is empty; write one rule as Tool or Tool(specifier), such as \"Bash(git *)\", or remove \"if\"",
        ]
    );
}

#[test]
fn if_naming_no_tool_is_a_warning() {
    assert_eq!(
        warnings(hook(
            "PreToolUse",
            Some("Bash"),
            json!({ "type": "command", "command": "x", "if": "bash(git *)" })
        )),
        [
            "Hooks settings warning at /hooks/PreToolUse/0/hooks/0/if: \"bash(git *)\" names no built-in tool \"bash\" \
          (did you mean \"Bash\"?), so the hook never runs; tool names are case-sensitive"
        ]
    );
}

#[test]
fn if_for_a_tool_the_matcher_never_lets_through_is_a_warning() {
    let handler = |rule: &str| json!({ "type": "command", "command": "x", "if": rule });
    let settings = json!({ "hooks": { "PreToolUse": [
        { "matcher": "Edit|Write", "hooks": [handler("Bash(git *)"), handler("Edit(src/**)")] },
        { "matcher": "^mcp__github__.*", "hooks": [handler("Bash(rm *)"), handler("mcp__github__create_issue")] },
        { "matcher": "Write", "hooks": [handler("Edit(*.ts)")] },
        { "matcher": "Grep|Glob", "hooks": [handler("Read(./.env)")] },
        { "matcher": "Bash.*", "hooks": [handler("Bash(npm *)")] }
    ] } });
    assert_eq!(
        warnings(settings),
        [
            "Hooks settings warning at /hooks/PreToolUse/0/hooks/0/if: \"Bash(git *)\" is for Bash, which the group's matcher \"Edit|Write\" never lets through, so this hook never runs; move it to a group whose matcher matches Bash",
            "Hooks settings warning at /hooks/PreToolUse/1/hooks/0/if: \"Bash(rm *)\" is for Bash, which the group's matcher \"^mcp__github__.*\" never lets through, so this hook never runs; move it to a group whose matcher matches Bash",
        ]
    );
}

/// `settings` linted on another thread: the warnings, or a failure if no
/// verdict comes back in minutes (a signal that the lint runs away, not a
/// measurement).
fn warnings_in_bounded_steps(settings: Value) -> Vec<String> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || send.send(warnings(settings)));
    receive
        .recv_timeout(std::time::Duration::from_secs(120))
        .expect("the lint gives a verdict")
}

#[test]
fn a_matcher_that_backtracks_for_hours_lints_in_bounded_steps() {
    // Each `(.?)` may take a character or none: a backtracking engine
    // tries every way of spreading `NotebookEdit` over 28 of them before
    // it gives up; `regex` reads it once.
    let runaway = "^(.?){28}.{28}$";
    let handler = json!({ "type": "command", "command": "x", "if": "Edit(src/**)" });
    assert_eq!(
        warnings_in_bounded_steps(hook("PreToolUse", Some(runaway), handler.clone())),
        [format!(
            "Hooks settings warning at /hooks/PreToolUse/0/hooks/0/if: \"Edit(src/**)\" is for Edit, which the group's matcher \"{runaway}\" never lets through, so this hook never runs; move it to a group whose matcher matches Edit"
        )]
    );
    // With a backreference only a backtracking engine runs it: its step
    // budget runs out, there is no verdict, and the lint assumes the
    // matcher matches.
    let backreference = "^(.?){28}\\1.{28}$";
    assert_eq!(
        warnings_in_bounded_steps(hook("PreToolUse", Some(backreference), handler.clone())),
        Vec::<String>::new()
    );
    // Within the budget, lookaround gives its verdict.
    let bash = json!({ "type": "command", "command": "x", "if": "Bash(npm *)" });
    assert_eq!(
        warnings_in_bounded_steps(hook("PreToolUse", Some("^(?!Bash$).*$"), bash)),
        [
            "Hooks settings warning at /hooks/PreToolUse/0/hooks/0/if: \"Bash(npm *)\" is for Bash, which the group's matcher \"^(?!Bash$).*$\" never lets through, so this hook never runs; move it to a group whose matcher matches Bash"
        ]
    );
}

#[test]
fn if_on_an_event_that_never_evaluates_it_is_an_error() {
    assert_eq!(
        errors(hook(
            "Stop",
            None,
            json!({ "type": "command", "command": "x", "if": "Bash(git *)" })
        )),
        [
            "Invalid hooks settings at /hooks/Stop/0/hooks/0/if: Stop never evaluates \"if\", so this hook never runs; \
          \"if\" works only on PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest and PermissionDenied; \
          remove it and filter inside the hook"
        ]
    );
    for event in [
        "PreToolUse",
        "PostToolUse",
        "PostToolUseFailure",
        "PermissionRequest",
        "PermissionDenied",
    ] {
        let settings = hook(
            event,
            Some("Bash"),
            json!({ "type": "command", "command": "x", "if": "Bash(git *)" }),
        );
        assert_eq!(errors(settings), Vec::<String>::new(), "{event}");
    }
}

#[test]
fn once_in_a_settings_file_is_a_warning() {
    let handler = json!({ "type": "command", "command": "x", "once": true });
    assert_eq!(
        warnings(hook("SessionStart", None, handler.clone())),
        [
            "Hooks settings warning at /hooks/SessionStart/0/hooks/0/once: \"once\" is honored only in skill frontmatter; \
          settings files ignore it and the hook runs every time, remove it"
        ]
    );
    // A handler alone may come from skill frontmatter.
    assert_eq!(
        lint_hook_handler(&handler, None).warning_lines(),
        Vec::<String>::new()
    );
}

#[test]
fn a_timeout_in_milliseconds_is_a_warning() {
    assert_eq!(
        warnings(hook(
            "PreToolUse",
            None,
            json!({ "type": "command", "command": "x", "timeout": 60000 })
        )),
        [
            "Hooks settings warning at /hooks/PreToolUse/0/hooks/0/timeout: is in seconds, and 60000 is over 16 hours; did you mean 60?"
        ]
    );
    assert_eq!(
        warnings(hook(
            "PreToolUse",
            None,
            json!({ "type": "command", "command": "x", "timeout": 3600 })
        )),
        Vec::<String>::new()
    );
}

#[test]
fn on_failure_where_it_is_ignored_is_a_warning() {
    assert_eq!(
        warnings(json!({ "hooks": {
            "Stop": [{ "hooks": [{ "type": "command", "command": "x", "onFailure": "block" }] }],
            "SessionStart": [{ "hooks": [
                { "type": "mcp_tool", "server": "s", "tool": "t", "onFailure": "block" },
                { "type": "command", "command": "x", "onFailure": "block" }
            ] }],
            "PreToolUse": [{ "hooks": [{ "type": "command", "command": "x", "async": true, "onFailure": "block" }] }]
        } })),
        [
            "Hooks settings warning at /hooks/Stop/0/hooks/0/onFailure: Stop ignores \"onFailure\" on command hooks; a failure there blocks nothing, remove it",
            "Hooks settings warning at /hooks/SessionStart/0/hooks/0/onFailure: SessionStart ignores \"onFailure\" on mcp_tool hooks; a failure there blocks nothing, remove it",
            "Hooks settings warning at /hooks/PreToolUse/0/hooks/0/onFailure: is ignored for async hooks: they run after the action went ahead, remove it",
        ]
    );
}

#[test]
fn exec_form_takes_the_executable_alone() {
    assert_eq!(
        errors(hook(
            "PreToolUse",
            None,
            json!({ "type": "command", "command": "node script.js", "args": ["--fix"] })
        )),
        [
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0/command: with \"args\", \"command\" is the executable \
          alone, and \"node script.js\" names none; move the arguments into \"args\""
        ]
    );
    // A path with spaces is one executable.
    let path =
        json!({ "type": "command", "command": "C:\\Program Files\\nodejs\\node.exe", "args": [] });
    assert_eq!(errors(hook("PreToolUse", None, path)), Vec::<String>::new());
}

#[test]
fn shell_with_args_is_ignored() {
    assert_eq!(
        warnings(hook(
            "PreToolUse",
            None,
            json!({ "type": "command", "command": "node", "args": ["x.js"], "shell": "powershell" })
        )),
        [
            "Hooks settings warning at /hooks/PreToolUse/0/hooks/0/shell: is ignored when \"args\" is set: the exec form runs no shell, remove it"
        ]
    );
}

#[test]
fn an_http_url_must_be_http_or_https() {
    assert_eq!(
        errors(json!({ "hooks": { "PreToolUse": [{ "hooks": [
            { "type": "http", "url": "localhost:8080/hook" },
            { "type": "http", "url": "/hooks/pre" },
            { "type": "http", "url": "ftp://files.example.com/hook" },
            { "type": "http", "url": "https://exa mple.com/hook" }
        ] }] } })),
        [
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/0/url: \"localhost:8080/hook\" must be an http or https URL, got scheme \"localhost\"",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/1/url: \"/hooks/pre\" is not a valid URL: relative URL without a base",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/2/url: \"ftp://files.example.com/hook\" must be an http or https URL, got scheme \"ftp\"",
            "Invalid hooks settings at /hooks/PreToolUse/0/hooks/3/url: \"https://exa mple.com/hook\" is not a valid URL: invalid international domain name",
        ]
    );
}

#[test]
fn an_http_url_the_allowlist_blocks_is_an_error() {
    let http = |url: &str| json!({ "type": "http", "url": url });
    let mut settings = json!({ "hooks": { "PostToolUse": [{ "hooks": [
        http("https://hooks.example.com/post"),
        http("https://hooks.example.com"),
        http("http://hooks.example.com/post")
    ] }] } });
    settings["allowedHttpHookUrls"] = json!(["https://hooks.example.com/*"]);
    assert_eq!(
        errors(settings.clone()),
        [
            "Invalid hooks settings at /hooks/PostToolUse/0/hooks/1/url: \"https://hooks.example.com\" matches no allowedHttpHookUrls pattern (\"https://hooks.example.com/*\"), so the hook is blocked; add a pattern that matches it",
            "Invalid hooks settings at /hooks/PostToolUse/0/hooks/2/url: \"http://hooks.example.com/post\" matches no allowedHttpHookUrls pattern (\"https://hooks.example.com/*\"), so the hook is blocked; add a pattern that matches it",
        ]
    );
    settings["allowedHttpHookUrls"] = json!([]);
    assert_eq!(
        errors(settings)[0],
        "Invalid hooks settings at /hooks/PostToolUse/0/hooks/0/url: allowedHttpHookUrls is empty, so every HTTP hook is blocked; add a pattern that matches this URL or remove the hook"
    );
}

#[test]
fn an_allowlist_pattern_that_matches_no_url_is_a_warning() {
    assert_eq!(
        warnings(json!({ "allowedHttpHookUrls": [
            "hooks.example.com/*", "https://hooks example.com/*", "*", "http*", "https://*.example.com/*"
        ] })),
        [
            "Hooks settings warning at /allowedHttpHookUrls/0: pattern \"hooks.example.com/*\" can never match an http or https URL, so it admits no hook; patterns match the whole URL, such as \"https://hooks.example.com/*\"",
            "Hooks settings warning at /allowedHttpHookUrls/1: pattern \"https://hooks example.com/*\" can never match an http or https URL, so it admits no hook; patterns match the whole URL, such as \"https://hooks.example.com/*\"",
        ]
    );
}

#[test]
fn a_header_variable_that_is_not_allowed_is_sent_empty() {
    let handler = json!({
        "type": "http", "url": "https://hooks.example.com/x",
        "headers": { "Authorization": "Bearer $MY_TOKEN", "X-Team": "${TEAM}", "X-Plain": "$5 off" },
        "allowedEnvVars": ["TEAM"]
    });
    assert_eq!(
        warnings(hook("PreToolUse", None, handler.clone())),
        [
            "Hooks settings warning at /hooks/PreToolUse/0/hooks/0/headers/Authorization: header \"Authorization\" \
          interpolates $MY_TOKEN, which \"allowedEnvVars\" does not list, so it is sent empty; add \"MY_TOKEN\" to \
          \"allowedEnvVars\""
        ]
    );
    let mut settings = hook("PreToolUse", None, handler);
    settings["httpHookAllowedEnvVars"] = json!(["MY_TOKEN"]);
    assert_eq!(
        warnings(settings)[1],
        "Hooks settings warning at /hooks/PreToolUse/0/hooks/0/headers/X-Team: header \"X-Team\" interpolates $TEAM, \
         which httpHookAllowedEnvVars does not list, so it is sent empty; add \"TEAM\" to httpHookAllowedEnvVars"
    );
}

#[test]
fn an_env_var_list_holds_bare_names() {
    let mut settings = hook(
        "PreToolUse",
        None,
        json!({ "type": "http", "url": "https://a.example.com", "allowedEnvVars": ["$TOKEN"] }),
    );
    settings["httpHookAllowedEnvVars"] = json!([1, "${TOKEN}", "TOKEN"]);
    assert_eq!(
        warnings(settings),
        [
            "Hooks settings warning at /httpHookAllowedEnvVars/1: \"${TOKEN}\" is not an environment variable name; list names without \"$\", such as \"MY_TOKEN\"",
            "Hooks settings warning at /hooks/PreToolUse/0/hooks/0/allowedEnvVars/0: \"$TOKEN\" is not an environment variable name; list names without \"$\", such as \"MY_TOKEN\"",
        ]
    );
}

#[test]
fn keys_that_look_like_hook_settings_are_warnings() {
    assert_eq!(
        warnings(
            json!({ "hook": {}, "disable_all_hooks": true, "PreToolUse": [], "permissions": {} })
        ),
        [
            "Hooks settings warning at /hook: unknown settings key \"hook\" (did you mean \"hooks\"?); the agent ignores it",
            "Hooks settings warning at /disable_all_hooks: unknown settings key \"disable_all_hooks\" (did you mean \"disableAllHooks\"?); the agent ignores it",
            "Hooks settings warning at /PreToolUse: hook event \"PreToolUse\" outside \"hooks\" is ignored; move it into \"hooks\"",
        ]
    );
}

#[test]
fn a_plugin_hooks_file_takes_a_description() {
    let plugin = json!({
        "description": "Automatic code formatting",
        "hooks": { "PostToolUse": [{ "matcher": "Write|Edit", "hooks": [
            { "type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/scripts/format.sh", "args": [], "timeout": 30 }
        ] }] }
    });
    assert!(validate_hooks_config(&plugin).is_ok());
    assert_eq!(warnings(plugin), Vec::<String>::new());
}

#[test]
fn a_piece_alone_has_pointers_relative_to_it() {
    let err = validate_hook_handler(&json!({ "type": "command", "comand": "x" })).unwrap_err();
    assert_eq!(
        err.lines(),
        [
            "Invalid hooks settings: missing required property \"command\"",
            "Invalid hooks settings: unknown property \"comand\" (did you mean \"command\"?); takes type, command, args, shell, async, asyncRewake, onFailure, if, timeout, statusMessage, once",
        ]
    );
    let err = validate_matcher_group(&json!({ "matcher": "[", "hooks": [{ "type": "http" }] }))
        .unwrap_err();
    assert_eq!(
        err.lines(),
        [
            "Invalid hooks settings at /matcher: matcher \"[\" is read as a JavaScript regular expression and does not compile: unbalanced bracket",
            "Invalid hooks settings at /hooks/0: missing required property \"url\"",
        ]
    );
}

#[test]
fn a_piece_with_its_event_gets_the_event_checks() {
    let handler = json!({ "type": "prompt", "prompt": "x", "if": "Bash(git *)" });
    // Alone: nothing event-dependent.
    assert!(validate_hook_handler(&handler).is_ok());
    assert_eq!(
        lint_hook_handler(&handler, Some(HookEvent::SessionStart)).error_lines(),
        [
            "Invalid hooks settings at /type: SessionStart runs only command and mcp_tool hooks, not prompt",
            "Invalid hooks settings at /if: SessionStart never evaluates \"if\", so this hook never runs; \"if\" works only on PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest and PermissionDenied; remove it and filter inside the hook",
        ]
    );
    let group = json!({ "matcher": "Bsh", "hooks": [handler] });
    assert_eq!(
        lint_matcher_group(&group, Some(HookEvent::PreToolUse)).warning_lines(),
        [
            "Hooks settings warning at /matcher: no built-in tool is named \"Bsh\" (did you mean \"Bash\"?); tool names are case-sensitive and MCP tools are named mcp__<server>__<tool>",
            "Hooks settings warning at /hooks/0/if: \"Bash(git *)\" is for Bash, which the group's matcher \"Bsh\" never lets through, so this hook never runs; move it to a group whose matcher matches Bash",
        ]
    );
}

#[test]
fn every_problem_is_reported_at_once_errors_apart_from_warnings() {
    let settings = json!({ "hooks": {
        "PreToolUSe": [],
        "Stop": [{ "matcher": "x", "hooks": [{ "type": "agent" }] }]
    } });
    let lint = lint_hooks_config(&settings);
    assert_eq!(lint.errors().len(), 2);
    assert_eq!(lint.warnings().len(), 1);
    assert_eq!(lint.errors()[1].pointer(), "/hooks/Stop/0/hooks/0");
    assert_eq!(lint.errors()[1].severity(), Severity::Error);
    assert_eq!(
        lint.errors()[1].message(),
        "missing required property \"prompt\""
    );
    let err = lint.into_result().unwrap_err();
    assert_eq!(err.lines().len(), 2);
}

#[test]
fn pointers_escape_and_hostile_text_is_sanitized_and_cut() {
    let name = format!("a/b~c\u{1b}[31m{}", "x".repeat(5_000));
    let lines = errors(json!({ "hooks": { name: [] } }));
    assert_eq!(lines.len(), 1);
    assert!(
        lines[0].starts_with("Invalid hooks settings at /hooks/a~1b~0c"),
        "{}",
        lines[0]
    );
    assert!(!lines[0].contains('\u{1b}'));
    assert!(lines[0].len() < 2_000, "{}", lines[0].len());
}

#[test]
fn a_flood_of_problems_is_counted_past_the_cap() {
    let groups: Vec<Value> = (0..500).map(|_| json!("x")).collect();
    let lint = lint_hooks_config(&json!({ "hooks": { "Stop": groups } }));
    assert_eq!(lint.errors().len(), HooksLint::MAX_PROBLEMS);
    assert_eq!(lint.omitted(), (300, 0));
    assert_eq!(
        lint.error_lines().last().map(String::as_str),
        Some("… and 300 more problems")
    );
}
