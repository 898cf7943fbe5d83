//! The hooks settings lint from the outside: the `hooks_lint` example run
//! on real-looking settings files (`tests/fixtures/settings/`), with its exact
//! stdout and exit code, the library on the same files, and the fields it
//! takes compared with the SDK's own `Settings['hooks']` type.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use serde_json::{Value, json};
use toolsmith_hooks::{
    HookErrorCode, HookEvent, lint_hook_handler, lint_hooks_config, lint_matcher_group,
    validate_hooks_config,
};

use crate::support::{example, manifest_dir};

/// The compiled `hooks_lint` example.
fn hooks_lint() -> PathBuf {
    example("hooks_lint")
}

/// Runs the linter on `files` (relative to the manifest, as a user would
/// type them); returns stdout, stderr and the exit code.
fn lint(files: &[&str]) -> (String, String, i32) {
    let output = Command::new(hooks_lint())
        .current_dir(manifest_dir())
        .args(files)
        .output()
        .expect("the example runs");
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().expect("an exit code"),
    )
}

fn fixture(name: &str) -> Value {
    let path = manifest_dir().join("tests/fixtures/settings").join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_typical_project_settings_file_is_clean() {
    let (stdout, stderr, code) = lint(&["tests/fixtures/settings/project-settings.json"]);
    assert_eq!(
        (stdout.as_str(), stderr.as_str(), code),
        ("", "0 errors, 0 warnings\n", 0)
    );
}

#[test]
fn a_plugin_hooks_file_is_clean() {
    let (stdout, _, code) = lint(&["tests/fixtures/settings/plugin/hooks/hooks.json"]);
    assert_eq!((stdout.as_str(), code), ("", 0));
}

#[test]
fn warnings_alone_exit_zero() {
    let (stdout, stderr, code) = lint(&["tests/fixtures/settings/user-settings.json"]);
    assert_eq!(
        stdout,
        "tests/fixtures/settings/user-settings.json:/hooks/PreToolUse/0/matcher: warning: no built-in tool is named \"Bsh\" (did you mean \"Bash\"?); tool names are case-sensitive and MCP tools are named mcp__<server>__<tool>\n\
         tests/fixtures/settings/user-settings.json:/hooks/PreToolUse/0/hooks/0/timeout: warning: is in seconds, and 5000 is over an hour; did you mean 5?\n\
         tests/fixtures/settings/user-settings.json:/hooks/Stop/0/matcher: warning: Stop takes no matcher and ignores it; the hooks run on every Stop event, remove \"matcher\"\n\
         tests/fixtures/settings/user-settings.json:/hooks/Stop/0/hooks/0/once: warning: \"once\" is honored only in skill frontmatter; settings files ignore it and the hook runs every time, remove it\n"
    );
    assert_eq!((stderr.as_str(), code), ("0 errors, 4 warnings\n", 0));
}

#[test]
fn a_broken_file_gets_every_problem_errors_first() {
    let (stdout, stderr, code) = lint(&["tests/fixtures/settings/broken-settings.json"]);
    let expected = [
        "/disableAllHooks: must be a boolean, got string \"false\"",
        "/hooks/PreToolUSe: unknown hook event \"PreToolUSe\" (did you mean \"PreToolUse\"?)",
        "/hooks/PreToolUse/0: is a hook handler where a matcher group belongs; wrap it as {\"matcher\": \"...\", \"hooks\": [ ... ]}",
        "/hooks/PreToolUse/1/hooks/0: missing required property \"command\"",
        "/hooks/PreToolUse/1/hooks/0: unknown property \"comand\" (did you mean \"command\"?); takes type, command, args, shell, async, asyncRewake, onFailure, if, timeout, statusMessage, once",
        "/hooks/PreToolUse/2/matcher: matcher \"[Edit|Write\" is read as a JavaScript regular expression and does not compile: unbalanced bracket",
        "/hooks/PreToolUse/2/hooks/0/if: \"Edit(src/**) && Write(src/**)\" holds one permission rule: \"&&\", \"||\" and lists are not supported; use one handler per rule",
        "/hooks/PreToolUse/3/hooks/0/url: \"https://audit.example.com/hook\" matches no allowedHttpHookUrls pattern (\"hooks.example.com/*\", \"https://hooks.example.com/*\"), so the hook is blocked; add a pattern that matches it",
        "/hooks/SessionStart/0/hooks/0/type: SessionStart runs only command and mcp_tool hooks, not prompt",
        "/hooks/Stop/0/hooks/0/if: Stop never evaluates \"if\", so this hook never runs; \"if\" works only on PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest and PermissionDenied; remove it and filter inside the hook",
        "/hooks/PostToolUse/0/hooks/0/type: must be one of command, http, mcp_tool, prompt, agent, got \"comand\" (did you mean \"command\"?)",
        "/hook: warning: unknown settings key \"hook\" (did you mean \"hooks\"?); the agent ignores it",
        "/allowedHttpHookUrls/0: warning: pattern \"hooks.example.com/*\" can never match an http or https URL, so it admits no hook; patterns match the whole URL, such as \"https://hooks.example.com/*\"",
        "/hooks/PreToolUse/1/matcher: warning: matcher \"Bash(rm *)\" is a permission rule, but a matcher is tested against the tool name alone and matches no tool; match the tool and put the rule in the handler's \"if\"",
        "/hooks/PreToolUse/1/hooks/0/timeout: warning: is in seconds, and 60000 is over 16 hours; did you mean 60?",
        "/hooks/PreToolUse/3/matcher: warning: \"mcp__github\" names an MCP server, not a tool, and matches no tool; use \"mcp__github__.*\" for every tool of that server",
        "/hooks/PreToolUse/3/hooks/0/headers/Authorization: warning: header \"Authorization\" interpolates $AUDIT_TOKEN, which \"allowedEnvVars\" does not list, so it is sent empty; add \"AUDIT_TOKEN\" to \"allowedEnvVars\"",
        "/hooks/Stop/0/matcher: warning: Stop takes no matcher and ignores it; the hooks run on every Stop event, remove \"matcher\"",
    ]
    .map(|line| format!("tests/fixtures/settings/broken-settings.json:{line}\n"))
    .concat();
    assert_eq!(stdout, expected);
    assert_eq!((stderr.as_str(), code), ("11 errors, 7 warnings\n", 1));
}

#[test]
fn several_files_in_one_run() {
    let (stdout, stderr, code) = lint(&[
        "tests/fixtures/settings/project-settings.json",
        "tests/fixtures/settings/plugin/hooks/hooks.json",
        "tests/fixtures/settings/broken-settings.json",
    ]);
    assert_eq!(stdout.lines().count(), 18);
    assert!(
        stdout
            .lines()
            .all(|line| line.starts_with("tests/fixtures/settings/broken-settings.json:/"))
    );
    assert_eq!((stderr.as_str(), code), ("11 errors, 7 warnings\n", 1));
}

#[test]
fn text_that_is_not_json_says_where_and_exits_two() {
    let (stdout, _, code) = lint(&["tests/fixtures/settings/not-json.json"]);
    assert_eq!(
        (stdout.as_str(), code),
        (
            "tests/fixtures/settings/not-json.json:5:5: not valid JSON: trailing comma\n",
            2
        )
    );
}

#[test]
fn a_file_that_cannot_be_read_exits_two_after_the_others() {
    let (stdout, _, code) = lint(&[
        "tests/fixtures/settings/no-such-file.json",
        "tests/fixtures/settings/user-settings.json",
    ]);
    let mut lines = stdout.lines();
    assert_eq!(
        lines.next(),
        Some(
            "tests/fixtures/settings/no-such-file.json: cannot read: No such file or directory (os error 2)"
        )
    );
    assert_eq!(lines.count(), 4);
    assert_eq!(code, 2);
}

#[test]
fn no_file_is_a_usage_error() {
    let (stdout, stderr, code) = lint(&[]);
    assert_eq!(
        (stdout.as_str(), stderr.as_str(), code),
        (
            "",
            "usage: hooks_lint <settings.json or hooks.json>... | hooks_lint --agent codex <hooks.json or config.toml>...\n",
            2
        )
    );
}

#[test]
fn codex_files_lint_as_codex_reads_them() {
    let (stdout, stderr, code) = lint(&[
        "--agent",
        "codex",
        "tests/fixtures/settings/codex/hooks.json",
        "tests/fixtures/settings/codex/config.toml",
    ]);
    let hooks = "tests/fixtures/settings/codex/hooks.json";
    let config = "tests/fixtures/settings/codex/config.toml";
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [
            format!(
                "{hooks}:/hooks/PreToolUse/1/matcher: matcher \"mcp__(\" is not a regular expression Codex compiles (unclosed group), so Codex skips the group and its hooks never run"
            ),
            format!(
                "{hooks}:/hooks/PostToolUSe: unknown Codex hook event \"PostToolUSe\" (did you mean \"PostToolUse\"?); Codex ignores it, so its hooks never run"
            ),
            format!(
                "{hooks}:/hooks/Stop/0/hooks/0/type: Codex does not run prompt hooks yet and skips this one; use a command hook"
            ),
            format!(
                "{hooks}:/hooks/PreToolUse/0/hooks/0/timeout_sec: warning: unknown property \"timeout_sec\": Codex ignores it; takes command, commandWindows, command_windows, timeout, async, statusMessage, additionalContextLimit, type"
            ),
            format!(
                "{config}:/hooks/Stop/0/hooks/0: missing required property \"tool\"; Codex refuses to start with this config.toml"
            ),
        ]
    );
    assert_eq!((stderr.as_str(), code), ("4 errors, 1 warning\n", 1));
}

#[test]
fn codex_toml_that_is_not_toml_says_where_and_exits_two() {
    let (stdout, _, code) = lint(&[
        "--agent=codex",
        "tests/fixtures/settings/codex/not-toml.toml",
    ]);
    assert_eq!(
        (stdout.as_str(), code),
        (
            "tests/fixtures/settings/codex/not-toml.toml:2:7: not valid TOML: unclosed table, expected `]`\n",
            2
        )
    );
}

#[test]
fn the_library_agrees_with_the_linter() {
    for name in [
        "project-settings.json",
        "plugin/hooks/hooks.json",
        "user-settings.json",
    ] {
        assert_eq!(validate_hooks_config(&fixture(name)), Ok(()), "{name}");
    }
    let broken = fixture("broken-settings.json");
    let err = validate_hooks_config(&broken).unwrap_err();
    assert_eq!(err.code(), HookErrorCode::InvalidSettings);
    assert_eq!(err.lines().len(), 11);
    assert_eq!(
        err.lines()[1],
        "Invalid hooks settings at /hooks/PreToolUSe: unknown hook event \"PreToolUSe\" (did you mean \"PreToolUse\"?)"
    );
    assert_eq!(lint_hooks_config(&broken).warnings().len(), 7);
}

/// JavaScript itself, through node, is the judge of which matchers compile:
/// the lint must refuse exactly the ones `new RegExp` throws on.
#[test]
fn node_agrees_on_which_matchers_compile() {
    let matchers = [
        "mcp__memory__.*",
        "^Notebook",
        "[Bash",
        "mcp__(memory",
        "*.json",
        "^(?!mcp__).*$",
        "(?<=x)Edit",
        "^(Edit)\\1?$",
        "Bash(?<x>a)\\k<y>",
        "Bash(?<x>a)\\k<x>",
        "a{2,1}",
        "\\p{L}+",
        "[z-a]",
        "x**",
        "(?i)bash",
        "\\",
        "Edit|Write)",
        "a{,5}",
        "\\u{1F600}",
        "[\\w-.]",
    ];
    let script = format!(
        "for (const m of {}) {{ try {{ new RegExp(m); console.log('ok') }} catch (e) {{ console.log('error') }} }}",
        serde_json::to_string(&matchers).unwrap()
    );
    let output = Command::new("node")
        .args(["-e", &script])
        .output()
        .expect("node runs (the ECMAScript oracle of the pattern tests)");
    let node = String::from_utf8(output.stdout).unwrap();
    let node: Vec<&str> = node.lines().collect();
    let ours: Vec<&str> = matchers
        .iter()
        .map(|matcher| {
            let settings =
                json!({ "hooks": { "PreToolUse": [{ "matcher": matcher, "hooks": [] }] } });
            match validate_hooks_config(&settings) {
                Ok(()) => "ok",
                Err(_) => "error",
            }
        })
        .collect();
    let disagreements: Vec<String> = matchers
        .iter()
        .zip(node.iter().zip(&ours))
        .filter(|(_, (node, ours))| node != ours)
        .map(|(m, (node, ours))| format!("{m}: node {node}, lint {ours}"))
        .collect();
    assert_eq!(node.len(), matchers.len(), "node printed {node:?}");
    assert!(disagreements.is_empty(), "{disagreements:#?}");
}

/// Field name to `required` or `optional`, as the SDK script prints them.
type Fields = BTreeMap<String, String>;

/// What the SDK's declarations say, read by `sdk_settings.mjs` with the
/// TypeScript compiler.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct SdkSettings {
    event_keys: Option<Vec<String>>,
    string_index: bool,
    hook_events: Vec<String>,
    group: Fields,
    handlers: BTreeMap<String, Fields>,
}

fn sdk_settings() -> SdkSettings {
    let dir = crate::sdk::hooks_sdk_dir();
    let output = Command::new("node")
        .arg(manifest_dir().join("tests/fixtures/settings/sdk_settings.mjs"))
        .arg(dir)
        .arg(crate::sdk::agent_sdk_package().join("sdk.d.ts"))
        .output()
        .expect("node runs");
    assert!(
        output.status.success(),
        "sdk_settings.mjs failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("the script prints JSON")
}

/// The fields the lint takes on a piece, read from what it tells a user:
/// the `takes …` list of an unknown-property line and the `missing
/// required …` lines, for a piece holding only `probe`.
fn fields_taken(lines: &[String]) -> Fields {
    let mut fields = Fields::new();
    for line in lines {
        if let Some((_, takes)) = line.split_once("; takes ") {
            for name in takes.split(", ") {
                fields
                    .entry(name.to_owned())
                    .or_insert_with(|| "optional".to_owned());
            }
        }
    }
    for line in lines {
        if let Some((_, names)) = line.split_once("missing required propert") {
            for name in names.split('"').skip(1).step_by(2) {
                fields.insert(name.to_owned(), "required".to_owned());
            }
        }
    }
    fields
}

/// Lines saying how `ours` and the SDK's `theirs` differ for `what`.
fn field_diff(what: &str, ours: &Fields, theirs: &Fields) -> Vec<String> {
    let mut diff = Vec::new();
    for (name, need) in theirs {
        match ours.get(name) {
            None => diff.push(format!(
                "{what}: the SDK has {need} field \"{name}\", the lint does not take it"
            )),
            Some(our) if our != need => diff.push(format!(
                "{what}: field \"{name}\" is {need} in the SDK, {our} in the lint"
            )),
            Some(_) => {}
        }
    }
    for name in ours.keys().filter(|name| !theirs.contains_key(*name)) {
        diff.push(format!(
            "{what}: the lint takes field \"{name}\", the SDK has no such field"
        ));
    }
    diff
}

/// Bumping the pinned SDK says exactly what moved in the settings type:
/// the events, the matcher group's fields, each handler type's fields and
/// which of them are required.
#[test]
fn the_lint_takes_the_fields_of_the_sdk_settings_type() {
    let sdk = sdk_settings();
    let mut diff = Vec::new();

    let ours: Vec<&str> = HookEvent::ALL.iter().map(|e| e.as_str()).collect();
    let keys = sdk.event_keys.as_ref().unwrap_or(&sdk.hook_events);
    if !sdk.string_index || sdk.event_keys.is_some() {
        diff.push("Settings['hooks'] now names its event keys".to_owned());
    }
    for name in keys.iter().filter(|k| !ours.contains(&k.as_str())) {
        diff.push(format!("event \"{name}\" is in the SDK, not a HookEvent"));
    }
    for name in ours.iter().filter(|e| !keys.iter().any(|k| k == *e)) {
        diff.push(format!("event \"{name}\" is a HookEvent, not in the SDK"));
    }

    let group = lint_matcher_group(&json!({ "zzz_probe": 1 }), None).error_lines();
    diff.extend(field_diff(
        "matcher group",
        &fields_taken(&group),
        &sdk.group,
    ));

    let types_line = lint_hook_handler(&json!({ "type": "zzz_probe" }), None).error_lines();
    let ours: Vec<String> = types_line[0]
        .split_once("must be one of ")
        .and_then(|(_, rest)| rest.split_once(", got"))
        .map(|(list, _)| list.split(", ").map(str::to_owned).collect())
        .unwrap_or_default();
    for kind in sdk.handlers.keys().filter(|k| !ours.contains(k)) {
        diff.push(format!(
            "handler type \"{kind}\" is in the SDK, the lint refuses it"
        ));
    }
    for kind in ours.iter().filter(|k| !sdk.handlers.contains_key(*k)) {
        diff.push(format!(
            "handler type \"{kind}\" is taken by the lint, not in the SDK"
        ));
    }
    for (kind, theirs) in &sdk.handlers {
        let lines = lint_hook_handler(&json!({ "type": kind, "zzz_probe": 1 }), None).error_lines();
        let mut ours = fields_taken(&lines);
        // Present in the probe, so never "missing": the lint requires it
        // (`a_handler_needs_a_known_type` in the library tests).
        ours.insert("type".to_owned(), "required".to_owned());
        diff.extend(field_diff(&format!("{kind} handler"), &ours, theirs));
    }
    assert!(
        diff.is_empty(),
        "the SDK's Settings['hooks'] and the hooks settings lint differ:\n{}",
        diff.join("\n")
    );
}
