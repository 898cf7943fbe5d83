//! The real Pi, installed under the target directory on first use (the
//! pinned `@mariozechner/pi-coding-agent` of `tests/pi/pi-coding-agent/`,
//! with `npm ci`), run on Node with the module as an extension (`-e`),
//! offline (`PI_OFFLINE=1`), its agent directory in the session's `HOME`
//! with the scripted provider in `models.json`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::agent::{Sandbox, models};
use crate::model::Model;

/// The Pi version the tests run; `tests/pi/pi-coding-agent/package.json`
/// pins the same.
pub const PI: &str = "0.73.1";

/// Pi's `cli.js`.
pub fn pi_cli() -> &'static Path {
    static CLI: OnceLock<PathBuf> = OnceLock::new();
    CLI.get_or_init(|| {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pi/pi-coding-agent");
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pi-coding-agent");
        crate::support::npm_ci(&source, &dir);
        let package = dir.join("node_modules/@mariozechner/pi-coding-agent");
        let manifest = std::fs::read_to_string(package.join("package.json")).unwrap();
        assert!(
            manifest.contains(&format!("\"version\": \"{PI}\"")),
            "the installed Pi is not {PI}"
        );
        package.join("dist/cli.js")
    })
}

/// `pi ARGS…` in the session, against `model`, with the module loaded.
pub fn pi(sandbox: &Sandbox, model: &Model, args: &[&str]) -> Command {
    let agent = sandbox.home.join(".pi/agent");
    std::fs::create_dir_all(&agent).unwrap();
    std::fs::write(agent.join("models.json"), models(model)).unwrap();
    let mut command = Command::new("node");
    command
        .arg(pi_cli())
        .args(["--provider", "scripted", "--model", "scripted-model"])
        .args(["--no-session", "--extension"])
        .arg(&sandbox.extension)
        .args(args)
        .current_dir(&sandbox.work)
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("HOME", &sandbox.home)
        .env("PI_CODING_AGENT_DIR", &agent)
        .env("PI_OFFLINE", "1");
    command
}
