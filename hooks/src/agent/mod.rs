//! One hook program for several agents: [`run_any`] reads the payload,
//! tells which agent sent it, hands the handler the same typed
//! [`HookInput`] whatever the agent, and prints its
//! answer in that agent's shape.
//!
//! ```no_run
//! use std::process::ExitCode;
//! use toolsmith_hooks::{HookInput, HookOutput, RunOptions};
//!
//! fn main() -> ExitCode {
//!     toolsmith_hooks::run_any_with(RunOptions::fail_closed(), |input: HookInput| match input {
//!         HookInput::Stop(_) => HookOutput::stop().block("run `cargo test` first").into(),
//!         _ => HookOutput::empty(),
//!     })
//! }
//! ```
//!
//! # Which agent
//!
//! The flag `--agent claude`, `--agent codex` or `--agent gemini` (also
//! `--agent=codex`) on the hook's command line says it. Without the flag
//! the payload does: Codex sends `turn_id` on every event that carries a
//! turn, and Claude Code never sends it. Codex's `SessionStart` and
//! `SessionEnd` carry no turn, so a hook on those events in Codex takes
//! the flag. Gemini CLI's events are named otherwise (`BeforeTool`,
//! `AfterAgent`, …); on the three it shares with Claude Code
//! (`SessionStart`, `SessionEnd`, `Notification`) its `timestamp`, which
//! Claude Code never sends, says Gemini CLI.
//!
//! # A Codex payload
//!
//! It is checked against Codex's contract first (the lines of
//! [`validate_codex_hook_input`](crate::codex::validate_codex_hook_input)),
//! then read as the Claude input of the same event: Codex's own fields
//! (`turn_id`, `model`, …) stay in `extra`, a field sent as `null` reads
//! as absent, and a `transcript_path` of `null` (an ephemeral session)
//! reads as `""`. Codex's `Interrupt` has no
//! Claude counterpart: a hook on it is a failure.
//!
//! The answer is printed only when Codex honours all of it: `deny` on
//! `PreToolUse`, `allow` or `deny` on `PermissionRequest`, `block` on
//! `PostToolUse`, `UserPromptSubmit`, `Stop` and `SubagentStop`,
//! `additionalContext` on `PreToolUse`, `PostToolUse`, `UserPromptSubmit`,
//! `SessionStart` and `SubagentStart`, and `systemMessage` everywhere.
//! Anything else (`allow`, `ask` or `updatedInput` on `PreToolUse`,
//! `continue: false`, …) would be ignored or refused by Codex, so it is a
//! failure with one line per field, never a silent no-op.
//!
//! # A Gemini CLI payload
//!
//! It is checked against Gemini CLI's contract first (the lines of
//! [`validate_gemini_hook_input`](crate::gemini::validate_gemini_hook_input)),
//! then read as the Claude input of the counterpart event: `BeforeTool`
//! as `PreToolUse`, `AfterTool` as `PostToolUse`, `BeforeAgent` as
//! `UserPromptSubmit`, `AfterAgent` as `Stop` (its `prompt_response` as
//! `last_assistant_message`), `PreCompress` as `PreCompact`, and
//! `SessionStart`, `SessionEnd` and `Notification` as themselves. The
//! shell tool `run_shell_command` reads as `Bash` (its `is_background` as
//! `run_in_background`), so a Bash guard guards it; a call has no id, so
//! `tool_use_id` reads as `""`; Gemini CLI's own fields (`timestamp`,
//! `mcp_context`, …) stay in `extra`. `BeforeModel`, `AfterModel` and
//! `BeforeToolSelection` have no Claude counterpart: a hook on them is a
//! failure.
//!
//! The answer is printed in Gemini CLI's shape only when Gemini CLI
//! honours all of it: `deny` on `PreToolUse` (printed as the top-level
//! `decision: "deny"` and `reason`), `block` on `PostToolUse`,
//! `UserPromptSubmit` and `Stop`, `additionalContext` on `PostToolUse`,
//! `UserPromptSubmit` and `SessionStart`, `stop_processing` on the tool,
//! prompt and stop events, `systemMessage` and `suppressOutput`
//! everywhere. Anything else (`allow`, `ask`, `updatedInput`, context on
//! `PreToolUse`, …) is a failure with one line per field. Failing closed
//! (exit 2, which Gemini CLI reads as a denial with the lines as its
//! reason) never applies to `AfterAgent`, where a block keeps the agent
//! working.

mod codex;
mod gemini;
mod run_any;
mod translate;

use std::fmt;

use serde_json::Value;

use self::codex::FromCodex;
use self::gemini::FromGemini;
use self::translate::Translated;
use crate::claude::{Claude, HookAnswer, HookInput};
use crate::contract::Outcome;
use crate::runner::{RunOptions, run_on_bytes};

pub use run_any::{run_any, run_any_on, run_any_with};

/// The agents a hook program answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Agent {
    /// Claude Code (and the Claude Agent SDK).
    Claude,
    /// The Codex CLI.
    Codex,
    /// The Gemini CLI.
    Gemini,
}

impl Agent {
    /// Every agent, in the order of the flag's values.
    pub const ALL: &'static [Agent] = &[Agent::Claude, Agent::Codex, Agent::Gemini];

    /// The name the `--agent` flag takes.
    pub const fn as_str(self) -> &'static str {
        match self {
            Agent::Claude => "claude",
            Agent::Codex => "codex",
            Agent::Gemini => "gemini",
        }
    }

    /// The agent named `name` exactly, if there is one.
    pub fn from_name(name: &str) -> Option<Agent> {
        Agent::ALL.iter().copied().find(|a| a.as_str() == name)
    }
}

impl Agent {
    /// The agent that sent `payload`: Codex when it carries `turn_id`;
    /// Gemini CLI when its event is one only Gemini CLI has
    /// (`BeforeTool`, …), or one it shares with Claude Code with the
    /// `timestamp` only Gemini CLI sends; Claude otherwise.
    pub fn of_payload(payload: &Value) -> Agent {
        if payload.get("turn_id").is_some() {
            Agent::Codex
        } else if gemini::is_gemini(payload) {
            Agent::Gemini
        } else {
            Agent::Claude
        }
    }

    /// The agent the `--agent NAME` (or `--agent=NAME`) flag among `args`
    /// names: `Ok(None)` without the flag, the failure's line for a name
    /// no agent has or a flag without a value.
    pub fn from_args<I, S>(args: I) -> Result<Option<Agent>, String>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let arg = arg.as_ref();
            let name = if arg == "--agent" {
                match args.next() {
                    Some(name) => name.as_ref().to_owned(),
                    None => return Err(Agent::unknown_line("")),
                }
            } else if let Some(name) = arg.strip_prefix("--agent=") {
                name.to_owned()
            } else {
                continue;
            };
            return Agent::from_name(&name)
                .map(Some)
                .ok_or_else(|| Agent::unknown_line(&name));
        }
        Ok(None)
    }

    /// Runs `handler` on `bytes`, a payload of this agent, answering in
    /// its shape.
    fn run_on<A: HookAnswer>(
        self,
        options: &RunOptions,
        bytes: &[u8],
        handler: impl FnOnce(HookInput) -> A,
    ) -> Outcome {
        match self {
            Agent::Claude => run_on_bytes::<Claude, A>(options, bytes, handler),
            Agent::Codex => run_on_bytes::<Translated<FromCodex>, A>(options, bytes, handler),
            Agent::Gemini => run_on_bytes::<Translated<FromGemini>, A>(options, bytes, handler),
        }
    }

    fn unknown_line(name: &str) -> String {
        let names: Vec<&str> = Agent::ALL.iter().map(|a| a.as_str()).collect();
        format!(
            "Invalid hook command: --agent takes one of {}, got \"{}\"",
            names.join(", "),
            toolsmith_runtime::echo::shown(&name.escape_default().to_string(), 64)
        )
    }
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_flag_names_the_agent() {
        assert_eq!(Agent::from_args(["hook"]), Ok(None));
        assert_eq!(
            Agent::from_args(["hook", "--agent", "codex"]),
            Ok(Some(Agent::Codex))
        );
        assert_eq!(
            Agent::from_args(["hook", "--agent=claude"]),
            Ok(Some(Agent::Claude))
        );
        assert_eq!(
            Agent::from_args(["hook", "--agent=gpt"]),
            Err(
                "Invalid hook command: --agent takes one of claude, codex, gemini, got \"gpt\""
                    .to_owned()
            )
        );
        assert_eq!(
            Agent::from_args(["hook", "--agent"]),
            Err(
                "Invalid hook command: --agent takes one of claude, codex, gemini, got \"\""
                    .to_owned()
            )
        );
    }

    #[test]
    fn a_turn_id_says_codex() {
        assert_eq!(
            Agent::of_payload(&json!({ "hook_event_name": "Stop", "turn_id": "t" })),
            Agent::Codex
        );
        assert_eq!(
            Agent::of_payload(&json!({ "hook_event_name": "Stop" })),
            Agent::Claude
        );
    }

    #[test]
    fn geminis_events_and_timestamp_say_gemini() {
        let of = |payload: serde_json::Value| Agent::of_payload(&payload);
        assert_eq!(
            of(json!({ "hook_event_name": "BeforeTool" })),
            Agent::Gemini
        );
        assert_eq!(
            of(json!({ "hook_event_name": "SessionStart", "timestamp": "t" })),
            Agent::Gemini
        );
        assert_eq!(
            of(json!({ "hook_event_name": "SessionStart" })),
            Agent::Claude
        );
        assert_eq!(
            of(json!({ "hook_event_name": "PreToolUse", "timestamp": "t" })),
            Agent::Claude
        );
    }
}
