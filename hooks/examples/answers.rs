//! One hook program for every kind of answer, named by its arguments: for
//! trying in an agent what each builder makes it do. It answers Claude Code
//! and Codex alike ([`run_any`](toolsmith_hooks::run_any)); `--agent codex`
//! among the arguments says which agent runs it where the payload does not.
//!
//! ```text
//! answers ask REASON               PreToolUse: ask the user first, saying why
//! answers allow                    PreToolUse: run the tool, no permission asked
//! answers rewrite FROM TO          PreToolUse: run the Bash command with FROM replaced by TO
//! answers context TEXT             PreToolUse: add TEXT for the model beside the call
//! answers context-post TEXT        PostToolUse: add TEXT for the model after the result
//! answers context-prompt TEXT      UserPromptSubmit: add TEXT for the model after the prompt
//! answers context-start TEXT       SessionStart: add TEXT for the model before the first prompt
//! answers block-post REASON        PostToolUse: tell the model REASON after the tool ran
//! answers block-prompt REASON      UserPromptSubmit: refuse the prompt, saying why
//! answers fail                     any event: the hook fails; the agent goes ahead (exit 1)
//! answers fail-closed              any event: the hook fails closed; the action is blocked (exit 2)
//! answers log DIR                  any event: save the payload in DIR, answer nothing
//! ```
//!
//! Settings: `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "answers rewrite npm pnpm"}]}]}}`.

use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

use toolsmith_hooks::{
    Agent, HookInput, HookOutput, PreToolUseOutput, RunOptions, ToolInput, run_any, run_any_on,
    run_any_with,
};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match answer_args(&args).as_slice() {
        ["ask", reason] => run_any(|input| pre_tool_use(input, |out| out.ask(*reason))),
        ["allow"] => run_any(|input| pre_tool_use(input, |out| out.allow())),
        ["rewrite", from, to] => run_any(|input| rewrite(input, from, to)),
        ["context", text] => {
            run_any(|input| pre_tool_use(input, |out| out.additional_context(*text)))
        }
        ["context-post", text] => run_any(|input| match input {
            HookInput::PostToolUse(_) => {
                HookOutput::post_tool_use().additional_context(*text).into()
            }
            _ => HookOutput::empty(),
        }),
        ["context-prompt", text] => run_any(|input| match input {
            HookInput::UserPromptSubmit(_) => HookOutput::user_prompt_submit()
                .additional_context(*text)
                .into(),
            _ => HookOutput::empty(),
        }),
        ["context-start", text] => run_any(|input| match input {
            HookInput::SessionStart(_) => {
                HookOutput::session_start().additional_context(*text).into()
            }
            _ => HookOutput::empty(),
        }),
        ["block-post", reason] => run_any(|input| match input {
            HookInput::PostToolUse(_) => HookOutput::post_tool_use().block(*reason).into(),
            _ => HookOutput::empty(),
        }),
        ["block-prompt", reason] => run_any(|input| match input {
            HookInput::UserPromptSubmit(_) => {
                HookOutput::user_prompt_submit().block(*reason).into()
            }
            _ => HookOutput::empty(),
        }),
        ["fail"] => run_any(|_| Err::<HookOutput, _>("the check could not run")),
        ["fail-closed"] => run_any_with(RunOptions::fail_closed(), |_| {
            Err::<HookOutput, _>("the check could not run")
        }),
        ["log", dir] => log(Path::new(dir)),
        _ => {
            eprintln!(
                "usage: answers ask REASON | allow | rewrite FROM TO | context TEXT | context-post TEXT | context-prompt TEXT | context-start TEXT | block-post REASON | block-prompt REASON | fail | fail-closed | log DIR"
            );
            ExitCode::from(1)
        }
    }
}

/// The arguments that name the answer: all but `--agent NAME` (or
/// `--agent=NAME`), which the runner reads.
fn answer_args(args: &[String]) -> Vec<&str> {
    let mut kept = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == "--agent" {
            args.next();
        } else if !arg.starts_with("--agent=") {
            kept.push(arg.as_str());
        }
    }
    kept
}

/// The `PreToolUse` answer `answer` makes; nothing for another event.
fn pre_tool_use(
    input: HookInput,
    answer: impl FnOnce(PreToolUseOutput) -> PreToolUseOutput,
) -> HookOutput {
    match input {
        HookInput::PreToolUse(_) => answer(HookOutput::pre_tool_use()).into(),
        _ => HookOutput::empty(),
    }
}

/// Allows a Bash call with `from` replaced by `to` in its command.
fn rewrite(input: HookInput, from: &str, to: &str) -> Result<HookOutput, String> {
    let HookInput::PreToolUse(call) = &input else {
        return Ok(HookOutput::empty());
    };
    let ToolInput::Bash(mut bash) = call.tool_input().map_err(|err| err.to_string())? else {
        return Ok(HookOutput::empty());
    };
    bash.command = bash.command.replace(from, to);
    Ok(HookOutput::pre_tool_use()
        .allow()
        .updated_input(bash)
        .into())
}

/// Saves the payload as `DIR/<event>-<process id>.json`, then answers
/// nothing through the runner (which still validates the payload).
fn log(dir: &Path) -> ExitCode {
    let mut payload = Vec::new();
    if std::io::stdin().read_to_end(&mut payload).is_err() {
        return ExitCode::from(1);
    }
    let event = serde_json::from_slice::<serde_json::Value>(&payload)
        .ok()
        .and_then(|value| value["hook_event_name"].as_str().map(str::to_owned))
        .unwrap_or_else(|| "unknown".to_owned());
    let file = dir.join(format!("{event}-{}.json", std::process::id()));
    if std::fs::write(file, &payload).is_err() {
        return ExitCode::from(1);
    }
    let agent = Agent::from_args(std::env::args().skip(1)).unwrap_or(None);
    let outcome = run_any_on(agent, &RunOptions::default(), payload.as_slice(), |_| {
        HookOutput::empty()
    });
    print!("{}", outcome.stdout);
    eprint!("{}", outcome.stderr);
    ExitCode::from(outcome.exit_code)
}
