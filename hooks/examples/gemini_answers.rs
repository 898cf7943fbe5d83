//! A Gemini CLI hook for each kind of answer the end-to-end tests check,
//! chosen by its arguments, on Gemini CLI's own types
//! (`toolsmith_hooks::gemini`):
//!
//! ```text
//! gemini_answers context TEXT        AfterTool: TEXT for the model after the result
//! gemini_answers rewrite FROM TO     BeforeTool: run the shell command with FROM replaced by TO
//! gemini_answers keep-going REASON   AfterAgent: go on once, with REASON as the next prompt
//! ```
//!
//! Settings (`~/.gemini/settings.json`): `{"hooks": {"AfterTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "gemini_answers context 'the build directory is ./out'"}]}]}}`.

use std::process::ExitCode;

use serde_json::Value;
use toolsmith_hooks::gemini::{GeminiHookInput, GeminiOutput, run};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["context", text] => run(|input| match input {
            GeminiHookInput::AfterTool(_) => {
                GeminiOutput::after_tool().additional_context(*text).into()
            }
            _ => GeminiOutput::empty(),
        }),
        ["rewrite", from, to] => run(|input| match input {
            GeminiHookInput::BeforeTool(call) => {
                let mut arguments = call.tool_input.clone();
                let Some(Value::String(command)) = arguments.get("command") else {
                    return Err("the call has no command".to_owned());
                };
                let command = command.replace(from, to);
                arguments.insert("command".to_owned(), Value::String(command));
                Ok(GeminiOutput::before_tool().tool_input(arguments).into())
            }
            _ => Ok(GeminiOutput::empty()),
        }),
        ["keep-going", reason] => run(|input| match input {
            GeminiHookInput::AfterAgent(done) if !done.stop_hook_active => {
                GeminiOutput::after_agent().block(*reason).into()
            }
            _ => GeminiOutput::empty(),
        }),
        _ => {
            eprintln!("usage: gemini_answers context TEXT | rewrite FROM TO | keep-going REASON");
            ExitCode::from(2)
        }
    }
}
