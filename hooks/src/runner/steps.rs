//! The steps every agent's runner takes the same way: the process around
//! it, the bounded read of stdin, the payload's JSON, the handler's
//! failure or panic as a line, and what a failed hook prints.

use std::io::{self, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;

use serde_json::Value;
use toolsmith_runtime::{echo, parse_json_text, sanitize_line};

use super::{Outcome, RunOptions};
use crate::error::{HookError, HookErrorCode};
use crate::input::PAYLOAD_LIMITS;

/// Runs `runner` on this process's stdin, prints what it says and returns
/// its exit code; shared by every agent's runner.
pub(crate) fn run_process(runner: impl FnOnce(io::StdinLock<'static>) -> Outcome) -> ExitCode {
    // A panic is reported as one line by the runner, not by the panic hook;
    // the program's own hook is put back afterwards.
    let previous = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let outcome = runner(io::stdin().lock());
    panic::set_hook(previous);
    let mut stdout = io::stdout().lock();
    let mut stderr = io::stderr().lock();
    let written = stdout
        .write_all(outcome.stdout.as_bytes())
        .and_then(|()| stdout.flush());
    let _ = stderr.write_all(outcome.stderr.as_bytes());
    let _ = stderr.flush();
    match written {
        Ok(()) => ExitCode::from(outcome.exit_code),
        // The answer did not reach the agent: a failure, never a block.
        Err(_) => ExitCode::from(1),
    }
}

/// `bytes` as a hook's JSON payload, or the line saying why they are none.
pub(crate) fn parse_payload(bytes: &[u8]) -> Result<Value, Vec<String>> {
    parse_json_text(bytes, &PAYLOAD_LIMITS).map_err(|err| {
        vec![format!(
            "Invalid hook input: {}",
            sanitize_line(&err.to_string())
        )]
    })
}

/// The event a payload names, before it is validated: what a failure's
/// exit code depends on.
pub(crate) fn event_name(payload: &Value) -> Option<&str> {
    payload.get("hook_event_name").and_then(Value::as_str)
}

/// Calls a hook's handler: its answer, or the line of its failure or
/// panic.
pub(crate) fn guarded<T>(handler: impl FnOnce() -> Result<T, String>) -> Result<T, Vec<String>> {
    match panic::catch_unwind(AssertUnwindSafe(handler)) {
        Ok(Ok(output)) => Ok(output),
        Ok(Err(message)) => Err(vec![format!("Hook handler failed: {}", short(&message))]),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".to_owned());
            Err(vec![format!("Hook handler panicked: {}", short(&message))])
        }
    }
}

/// The handler's message on one line, cut to a few hundred characters.
pub(crate) fn short(message: &str) -> String {
    echo::shown(message, 300)
}

/// Reads `stdin` to the end, or refuses past `max` bytes.
pub(crate) fn read_bounded(stdin: impl Read, max: usize) -> Result<Vec<u8>, HookError> {
    let mut bytes = Vec::new();
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    stdin.take(limit).read_to_end(&mut bytes).map_err(|err| {
        HookError::new(
            HookErrorCode::Io,
            vec![format!(
                "Invalid hook input: cannot read standard input: {}",
                sanitize_line(&err.to_string())
            )],
        )
    })?;
    if bytes.len() > max {
        return Err(HookError::new(
            HookErrorCode::TooLarge,
            vec![format!(
                "Invalid hook input: larger than the limit of {max} bytes"
            )],
        ));
    }
    Ok(bytes)
}

/// What a failed hook prints: its lines, and exit 1, or exit 2 after the
/// `Blocked:` line when it fails closed (never on an event where blocking
/// would keep the agent from stopping: `never_closes`).
pub(crate) fn failure(options: &RunOptions, never_closes: bool, lines: &[String]) -> Outcome {
    let closes = options.fail_closed && !never_closes;
    let mut stderr = String::new();
    if closes {
        stderr.push_str("Blocked: a hook that guards this action failed, so the action is refused; tell the user, with the problem below\n");
    }
    for line in lines {
        stderr.push_str(line);
        stderr.push('\n');
    }
    Outcome {
        stdout: String::new(),
        stderr,
        exit_code: if closes { 2 } else { 1 },
    }
}
