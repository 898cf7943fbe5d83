//! A `PreToolUse` guard on the Bash tool: denies a destructive command
//! (`rm -rf /`, `git push --force`, `curl … | sh`, …) with a reason the
//! model can act on, and lets everything else go through the user's
//! permission rules. It parses the command as a shell would
//! ([`find_bash_problems`]), so quoting or `&&` chains do not hide a
//! command. It fails closed: if the payload cannot be read, the call is
//! blocked. The same program is a Claude Code, a Codex and a Gemini CLI
//! hook (on Gemini CLI's `BeforeTool` for `run_shell_command`): the runner
//! tells the agent from the payload (or `--agent codex`, `--agent gemini`)
//! and answers in that agent's shape.
//!
//! ```text
//! $ echo '{"session_id":"s","transcript_path":"/t","cwd":"/w","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"},"tool_use_id":"t1"}' \
//!     | cargo run -q --example bash_guard
//! ```
//!
//! Claude Code settings (and Codex's `hooks.json`): `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "bash_guard"}]}]}}`.
//! Gemini CLI's `~/.gemini/settings.json`: `{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "bash_guard"}]}]}}`.

use std::process::ExitCode;

use toolsmith_hooks::guards::{DEFAULT_BASH_RULES, find_bash_problems};
use toolsmith_hooks::{HookError, HookInput, HookOutput, RunOptions, ToolInput};

/// A Bash input that does not fit the tool is an error, so the runner
/// blocks the call (fail closed) rather than let an unread command through.
fn guard(input: HookInput) -> Result<HookOutput, HookError> {
    let HookInput::PreToolUse(call) = &input else {
        return Ok(HookOutput::empty());
    };
    let ToolInput::Bash(bash) = call.tool_input()? else {
        return Ok(HookOutput::empty());
    };
    let findings = find_bash_problems(&bash.command, DEFAULT_BASH_RULES);
    if findings.is_empty() {
        // Not "allow": the user's permission rules still apply.
        return Ok(HookOutput::empty());
    }
    let reasons: Vec<String> = findings.iter().map(ToString::to_string).collect();
    Ok(HookOutput::pre_tool_use().deny(reasons.join("\n")).into())
}

fn main() -> ExitCode {
    toolsmith_hooks::run_any_with(RunOptions::fail_closed(), guard)
}
