//! One hook program for every kind of answer, named by its arguments: for
//! trying in an agent what each builder makes it do.
//!
//! ```text
//! answers ask REASON               PreToolUse: ask the user first, saying why
//! answers allow                    PreToolUse: run the tool, no permission asked
//! answers rewrite FROM TO          PreToolUse: run the Bash command with FROM replaced by TO
//! answers context TEXT             PreToolUse: add TEXT for the model beside the call
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

use toolsmith_hooks::{HookInput, HookOutput, PreToolUseOutput, RunOptions, ToolInput, run_on};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["ask", reason] => {
            toolsmith_hooks::run(|input| pre_tool_use(input, |out| out.ask(*reason)))
        }
        ["allow"] => toolsmith_hooks::run(|input| pre_tool_use(input, |out| out.allow())),
        ["rewrite", from, to] => toolsmith_hooks::run(|input| rewrite(input, from, to)),
        ["context", text] => {
            toolsmith_hooks::run(|input| pre_tool_use(input, |out| out.additional_context(*text)))
        }
        ["block-post", reason] => toolsmith_hooks::run(|input| match input {
            HookInput::PostToolUse(_) => HookOutput::post_tool_use().block(*reason).into(),
            _ => HookOutput::empty(),
        }),
        ["block-prompt", reason] => toolsmith_hooks::run(|input| match input {
            HookInput::UserPromptSubmit(_) => {
                HookOutput::user_prompt_submit().block(*reason).into()
            }
            _ => HookOutput::empty(),
        }),
        ["fail"] => toolsmith_hooks::run(|_| Err::<HookOutput, _>("the check could not run")),
        ["fail-closed"] => toolsmith_hooks::run_with(RunOptions::fail_closed(), |_| {
            Err::<HookOutput, _>("the check could not run")
        }),
        ["log", dir] => log(Path::new(dir)),
        _ => {
            eprintln!(
                "usage: answers ask REASON | allow | rewrite FROM TO | context TEXT | block-post REASON | block-prompt REASON | fail | fail-closed | log DIR"
            );
            ExitCode::from(1)
        }
    }
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
    let outcome = run_on(&RunOptions::default(), payload.as_slice(), |_| {
        HookOutput::empty()
    });
    print!("{}", outcome.stdout);
    eprint!("{}", outcome.stderr);
    ExitCode::from(outcome.exit_code)
}
