//! A `Stop` hook that keeps the agent working until the tests passed: it
//! blocks until the marker file `.tests-passed` exists in the session's
//! working directory (a test script writes it when `cargo test` is green).
//!
//! ```text
//! $ echo '{"session_id":"s","transcript_path":"/t","cwd":"/w","hook_event_name":"Stop","stop_hook_active":false}' \
//!     | cargo run -q --example stop_gate
//! {"decision":"block","reason":"the tests have not passed yet: run `cargo test`, fix what fails, then create /w/.tests-passed"}
//! ```
//!
//! Settings (Claude Code's, and Codex's `hooks.json`): `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "stop_gate"}]}]}}`.

use std::path::Path;
use std::process::ExitCode;

use toolsmith_hooks::{HookInput, HookOutput};

/// The file whose presence opens the gate.
const MARKER: &str = ".tests-passed";

fn gate(input: HookInput) -> HookOutput {
    let HookInput::Stop(stop) = input else {
        return HookOutput::empty();
    };
    let marker = Path::new(&stop.common.cwd).join(MARKER);
    if marker.is_file() {
        return HookOutput::empty();
    }
    HookOutput::stop()
        .block(format!(
            "the tests have not passed yet: run `cargo test`, fix what fails, then create {}",
            marker.display()
        ))
        .into()
}

fn main() -> ExitCode {
    // Fails open: a broken gate must never keep the agent from stopping
    // (the runner never fails closed on Stop anyway). Claude Code's and
    // Codex's payloads alike.
    toolsmith_hooks::run_any(gate)
}
