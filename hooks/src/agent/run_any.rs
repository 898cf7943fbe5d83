//! The runner for any agent: the same exit codes and failure lines as
//! [`crate::runner`], in the shape of the agent that sent the payload.

use std::io::Read;
use std::process::ExitCode;

use toolsmith_runtime::parse_json_text;

use super::Agent;
use crate::claude::{HookAnswer, HookInput};
use crate::contract::Outcome;
use crate::input::PAYLOAD_LIMITS;
use crate::runner::{RunOptions, failure, read_bounded, run_process};

/// Runs `handler` as a hook of whichever agent runs it (see the
/// [module docs](crate::agent)); return its value from `main`. Fails open.
pub fn run_any<A: HookAnswer>(handler: impl FnOnce(HookInput) -> A) -> ExitCode {
    run_any_with(RunOptions::default(), handler)
}

/// [`run_any`] with `options`: `run_any_with(RunOptions::fail_closed(), guard)`.
pub fn run_any_with<A: HookAnswer>(
    options: RunOptions,
    handler: impl FnOnce(HookInput) -> A,
) -> ExitCode {
    let agent = Agent::from_args(std::env::args().skip(1));
    run_process(|stdin| match agent {
        Ok(agent) => run_any_on(agent, &options, stdin, handler),
        Err(line) => failure(&options, false, &[line]),
    })
}

/// The runner on `stdin`, without a process: `agent` is the one the flag
/// names, or `None` to tell it from the payload.
pub fn run_any_on<A: HookAnswer>(
    agent: Option<Agent>,
    options: &RunOptions,
    stdin: impl Read,
    handler: impl FnOnce(HookInput) -> A,
) -> Outcome {
    let bytes = match read_bounded(stdin, options.max_input_bytes_limit()) {
        Ok(bytes) => bytes,
        Err(err) => return failure(options, false, &err.lines()),
    };
    let agent = agent.unwrap_or_else(|| {
        parse_json_text(&bytes, &PAYLOAD_LIMITS)
            .map_or(Agent::Claude, |payload| Agent::of_payload(&payload))
    });
    agent.run_on(options, &bytes, handler)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::claude::HookOutput;

    /// `common` with `fields` added, as text.
    fn with(mut common: serde_json::Value, fields: serde_json::Value) -> String {
        common
            .as_object_mut()
            .unwrap()
            .extend(fields.as_object().unwrap().clone());
        common.to_string()
    }

    /// Failing closed never applies to the event of `payload`: a handler's
    /// failure exits 1.
    fn assert_fails_open(payload: &str) {
        let got = run(&RunOptions::fail_closed(), payload, |_| {
            Err::<HookOutput, _>("cannot run the tests")
        });
        assert_eq!(
            got,
            outcome("", "Hook handler failed: cannot run the tests\n", 1)
        );
    }

    /// A payload `agent`'s contract refuses never reaches the handler.
    fn assert_refused_unread(agent: Agent, payload: &str) {
        let got = unread(Some(agent), &RunOptions::default(), payload);
        assert_eq!(got.exit_code, 1);
        assert!(
            got.stderr
                .starts_with("Invalid hook input: missing required properties \"session_id\""),
            "{got:?}"
        );
    }

    fn codex(event: &str, fields: serde_json::Value) -> String {
        let common = json!({
            "session_id": "s", "transcript_path": null, "cwd": "/w",
            "hook_event_name": event, "model": "gpt-5", "permission_mode": "default",
            "turn_id": "t1"
        });
        with(common, fields)
    }

    fn bash(command: &str) -> String {
        codex(
            "PreToolUse",
            json!({ "tool_name": "Bash", "tool_input": { "command": command }, "tool_use_id": "c1" }),
        )
    }

    /// What the runner answers to `payload`, the agent told by the payload.
    fn run<A: HookAnswer>(
        options: &RunOptions,
        payload: &str,
        handler: impl FnOnce(HookInput) -> A,
    ) -> Outcome {
        run_any_on(None, options, payload.as_bytes(), handler)
    }

    /// What the runner answers to `payload`, which never reaches the
    /// handler.
    fn unread(agent: Option<Agent>, options: &RunOptions, payload: &str) -> Outcome {
        run_any_on(agent, options, payload.as_bytes(), |_| -> HookOutput {
            unreachable!()
        })
    }

    fn outcome(stdout: &str, stderr: &str, exit_code: u8) -> Outcome {
        Outcome {
            stdout: stdout.to_owned(),
            stderr: stderr.to_owned(),
            exit_code,
        }
    }

    #[test]
    fn a_codex_payload_reaches_the_handler_as_claudes_input() {
        let got = run(&RunOptions::default(), &bash("ls"), |input| {
            let HookInput::PreToolUse(call) = &input else {
                panic!("not PreToolUse: {input:?}")
            };
            assert_eq!(call.common.transcript_path, "");
            assert_eq!(call.extra["turn_id"], "t1");
            HookOutput::pre_tool_use().deny("no")
        });
        assert_eq!(
            got,
            outcome(
                "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"no\"}}\n",
                "",
                0
            )
        );
    }

    #[test]
    fn what_codex_does_not_honour_is_a_failure_line_per_field() {
        let got = run(&RunOptions::fail_closed(), &bash("ls"), |_| {
            HookOutput::pre_tool_use().ask("sure?")
        });
        assert_eq!(
            got,
            outcome(
                "",
                concat!(
                    "Blocked: a hook that guards this action failed, so the action is refused; tell the user, with the problem below\n",
                    "Invalid hook output at /hookSpecificOutput/permissionDecision: Codex does not honour \"ask\" on PreToolUse, so it would not apply; answer without it when the agent is Codex\n",
                    "Invalid hook output at /hookSpecificOutput/permissionDecisionReason: Codex does not honour \"sure?\" on PreToolUse, so it would not apply; answer without it when the agent is Codex\n",
                ),
                2
            )
        );
        // The same answer is Claude's to take.
        let claude = bash("ls")
            .replace(r#","turn_id":"t1""#, "")
            .replace("null", "\"/t\"");
        let got = run(&RunOptions::fail_closed(), &claude, |_| {
            HookOutput::pre_tool_use().ask("sure?")
        });
        assert_eq!(got.exit_code, 0, "{got:?}");
    }

    #[test]
    fn a_codex_block_and_context_print_as_codex_reads_them() {
        let post = codex(
            "PostToolUse",
            json!({ "tool_name": "Bash", "tool_input": { "command": "ls" }, "tool_use_id": "c1", "tool_response": "ok" }),
        );
        let got = run(&RunOptions::default(), &post, |_| {
            HookOutput::post_tool_use()
                .block("fix the test")
                .additional_context("ran in /w")
        });
        assert_eq!(got.exit_code, 0, "{got:?}");
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&got.stdout).unwrap(),
            json!({
                "decision": "block", "reason": "fix the test",
                "hookSpecificOutput": { "hookEventName": "PostToolUse", "additionalContext": "ran in /w" }
            })
        );
    }

    #[test]
    fn a_codex_pre_tool_use_context_prints_as_codex_reads_it() {
        let pre = codex(
            "PreToolUse",
            json!({ "tool_name": "Bash", "tool_input": { "command": "ls" }, "tool_use_id": "c1" }),
        );
        let got = run(&RunOptions::default(), &pre, |_| {
            HookOutput::pre_tool_use().additional_context("the build directory is ./out")
        });
        assert_eq!(
            got,
            outcome(
                "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"additionalContext\":\"the build directory is ./out\"}}\n",
                "",
                0
            )
        );
    }

    #[test]
    fn codex_failing_closed_never_keeps_it_from_stopping() {
        let stop = codex(
            "Stop",
            json!({ "stop_hook_active": false, "last_assistant_message": null }),
        );
        assert_fails_open(&stop);
    }

    fn gemini(event: &str, fields: serde_json::Value) -> String {
        let common = json!({
            "session_id": "s", "transcript_path": "/t.json", "cwd": "/w",
            "hook_event_name": event, "timestamp": "2026-12-02T00:00:00.000Z"
        });
        with(common, fields)
    }

    fn shell(command: &str) -> String {
        gemini(
            "BeforeTool",
            json!({ "tool_name": "run_shell_command", "tool_input": { "command": command, "is_background": false } }),
        )
    }

    #[test]
    fn a_gemini_shell_call_reaches_the_handler_as_claudes_bash_and_a_denial_prints_as_gemini_reads_it()
     {
        let got = run(&RunOptions::fail_closed(), &shell("rm -rf ~/"), |input| {
            let HookInput::PreToolUse(call) = &input else {
                panic!("not PreToolUse: {input:?}")
            };
            let crate::claude::ToolInput::Bash(bash) = call.tool_input().unwrap() else {
                panic!("not Bash: {call:?}")
            };
            assert_eq!(bash.command, "rm -rf ~/");
            assert_eq!(bash.run_in_background, Some(false));
            assert_eq!(call.tool_use_id, "");
            assert_eq!(call.extra["timestamp"], "2026-12-02T00:00:00.000Z");
            HookOutput::pre_tool_use()
                .deny("no")
                .system_message("refused rm")
        });
        assert_eq!(
            got,
            outcome(
                "{\"systemMessage\":\"refused rm\",\"decision\":\"deny\",\"reason\":\"no\"}\n",
                "",
                0
            )
        );
        // The flag says the same; a harmless call prints nothing.
        let got = run_any_on(
            Some(Agent::Gemini),
            &RunOptions::fail_closed(),
            shell("ls").as_bytes(),
            |_| HookOutput::empty(),
        );
        assert_eq!(got, outcome("", "", 0));
    }

    #[test]
    fn what_gemini_does_not_honour_is_a_failure_line_per_field() {
        let got = run(&RunOptions::fail_closed(), &shell("ls"), |_| {
            HookOutput::pre_tool_use()
                .ask("sure?")
                .additional_context("in /w")
        });
        assert_eq!(
            got,
            outcome(
                "",
                concat!(
                    "Blocked: a hook that guards this action failed, so the action is refused; tell the user, with the problem below\n",
                    "Invalid hook output at /hookSpecificOutput/permissionDecision: Gemini CLI does not honour \"ask\" on BeforeTool, so it would not apply; answer without it when the agent is Gemini CLI\n",
                    "Invalid hook output at /hookSpecificOutput/permissionDecisionReason: Gemini CLI does not honour \"sure?\" on BeforeTool, so it would not apply; answer without it when the agent is Gemini CLI\n",
                    "Invalid hook output at /hookSpecificOutput/additionalContext: Gemini CLI does not honour \"in /w\" on BeforeTool, so it would not apply; answer without it when the agent is Gemini CLI\n",
                ),
                2
            )
        );
    }

    #[test]
    fn gemini_blocks_and_context_print_as_gemini_reads_them() {
        let after = gemini(
            "AfterTool",
            json!({ "tool_name": "run_shell_command", "tool_input": { "command": "ls" }, "tool_response": { "llmContent": "a.txt" } }),
        );
        let got = run(&RunOptions::default(), &after, |input| {
            let HookInput::PostToolUse(call) = &input else {
                panic!("not PostToolUse: {input:?}")
            };
            assert_eq!(call.tool_name, "Bash");
            HookOutput::post_tool_use()
                .block("the output names a secret")
                .additional_context("ran in /w")
        });
        assert_eq!(
            got,
            outcome(
                "{\"decision\":\"block\",\"reason\":\"the output names a secret\",\"hookSpecificOutput\":{\"hookEventName\":\"AfterTool\",\"additionalContext\":\"ran in /w\"}}\n",
                "",
                0
            )
        );

        let prompt = gemini("BeforeAgent", json!({ "prompt": "deploy" }));
        let got = run(&RunOptions::default(), &prompt, |input| {
            let HookInput::UserPromptSubmit(submit) = &input else {
                panic!("not UserPromptSubmit: {input:?}")
            };
            assert_eq!(submit.prompt, "deploy");
            HookOutput::user_prompt_submit().additional_context("main is frozen")
        });
        assert_eq!(
            got,
            outcome(
                "{\"hookSpecificOutput\":{\"hookEventName\":\"BeforeAgent\",\"additionalContext\":\"main is frozen\"}}\n",
                "",
                0
            )
        );

        let after_agent = gemini(
            "AfterAgent",
            json!({ "prompt": "p", "prompt_response": "finished", "stop_hook_active": false }),
        );
        let got = run(&RunOptions::default(), &after_agent, |input| {
            let HookInput::Stop(stop) = &input else {
                panic!("not Stop: {input:?}")
            };
            assert_eq!(stop.last_assistant_message.as_deref(), Some("finished"));
            HookOutput::stop().block("run the tests")
        });
        assert_eq!(
            got,
            outcome(
                "{\"decision\":\"block\",\"reason\":\"run the tests\"}\n",
                "",
                0
            )
        );
        // Failing closed on AfterAgent would keep Gemini CLI working.
        assert_fails_open(&after_agent);
    }

    #[test]
    fn an_invalid_payload_has_its_agents_lines_and_an_event_without_counterpart_is_refused() {
        assert_refused_unread(Agent::Codex, r#"{"hook_event_name":"Stop"}"#);
        assert_refused_unread(Agent::Gemini, r#"{"hook_event_name":"BeforeTool"}"#);
        let cases = [
            (
                RunOptions::fail_closed(),
                codex("Interrupt", json!({})),
                "Blocked: a hook that guards this action failed, so the action is refused; tell the user, with the problem below\nInvalid hook input: Codex's \"Interrupt\" has no Claude Code counterpart, so a hook written for Claude's events cannot answer it; remove the hook from this event\n",
                2,
            ),
            (
                RunOptions::default(),
                gemini("BeforeModel", json!({ "llm_request": {} })),
                "Invalid hook input: Gemini CLI's \"BeforeModel\" has no Claude Code counterpart, so a hook written for Claude's events cannot answer it; remove the hook from this event\n",
                1,
            ),
        ];
        for (options, payload, stderr, exit_code) in cases {
            assert_eq!(
                unread(None, &options, &payload),
                outcome("", stderr, exit_code)
            );
        }
    }

    #[test]
    fn a_gemini_answer_built_for_another_event_is_refused() {
        let got = run(&RunOptions::default(), &shell("ls"), |_| {
            HookOutput::stop().block("go on")
        });
        assert_eq!(
            got,
            outcome(
                "",
                "Invalid hook output: built for \"Stop\", but the input is \"PreToolUse\" (Gemini CLI's \"BeforeTool\"); answer with the builder of \"PreToolUse\"\n",
                1
            )
        );
    }
}
