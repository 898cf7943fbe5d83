//! The example MCP server, driven over stdio by a client no one here wrote:
//! the official MCP Python SDK (`tests/mcp_client.py`, and the soak test
//! `tests/mcp_soak.py`).
//!
//! The test makes its own virtual environment under the target directory and
//! installs the pinned SDK into it the first time, so it needs only Python 3
//! (3.10 or later, with `venv`) and access to PyPI. Set `TOOLSMITH_PYTHON` to
//! choose the interpreter.

#![cfg(feature = "mcp")]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The SDK version the client script is written against.
const MCP_SDK: &str = "2.3.0";

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn run(command: &mut Command) {
    let status = command
        .status()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    assert!(status.success(), "{command:?} failed: {status}");
}

/// The venv's Python with the MCP SDK installed, made on first use (once
/// for all the tests of this file).
fn python_with_sdk() -> &'static Path {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(make_venv)
}

fn make_venv() -> PathBuf {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mcp-venv");
    let python = venv.join(if cfg!(windows) {
        "Scripts/python.exe"
    } else {
        "bin/python"
    });
    let check = format!("import importlib.metadata as m; assert m.version('mcp') == '{MCP_SDK}'");
    let ready = python.exists()
        && Command::new(&python)
            .args(["-c", &check])
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
    if !ready {
        let base = std::env::var("TOOLSMITH_PYTHON").unwrap_or_else(|_| "python3".to_owned());
        run(Command::new(base)
            .args(["-m", "venv", "--clear"])
            .arg(&venv));
        run(Command::new(&python).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            &format!("mcp=={MCP_SDK}"),
        ]));
    }
    python
}

/// An example binary (`target/debug/examples/NAME`), brought up to date
/// first: `cargo test --test mcp_stdio` alone does not build examples.
fn example(name: &str) -> PathBuf {
    run(Command::new(env!("CARGO"))
        .current_dir(manifest_dir())
        .args(["build", "--quiet", "--example", name])
        .args((!cfg!(debug_assertions)).then_some("--release")));
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().and_then(Path::parent).unwrap();
    let path = profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(path.exists(), "no example binary at {}", path.display());
    path
}

/// Runs the client script against `server ARGS...`; its checks print as they
/// pass, and on a failure the test shows them all.
fn client(server: &Path, args: &[&str]) {
    let output = Command::new(python_with_sdk())
        .arg(manifest_dir().join("tests/mcp_client.py"))
        .arg(manifest_dir().join("tests/snapshots/hosts/canonical.json"))
        .arg(server)
        .args(args)
        .output()
        .expect("the client script runs");
    assert!(
        output.status.success(),
        "the MCP client failed ({})\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn official_python_client_against_the_mcp_server_example() {
    client(&example("mcp_server"), &[]);
}

#[test]
fn official_python_client_against_the_cli_mcp_subcommand() {
    client(&example("cli"), &["mcp"]);
}

/// 2,000 mixed requests, 50 in flight, through the SDK and raw on the pipe
/// (`tests/mcp_soak.py`): every request answered exactly once, `tools/list`
/// within 100 ms at p99 under load, memory back down, exit 0 at end of
/// input. The figures print with `--nocapture`.
#[test]
fn soak_the_mcp_server_example_with_the_official_client() {
    let output = Command::new(python_with_sdk())
        .arg(manifest_dir().join("tests/mcp_soak.py"))
        .arg(example("mcp_server"))
        .arg("--soak")
        .output()
        .expect("the soak script runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    println!("{stdout}");
    assert!(
        output.status.success(),
        "the soak failed ({})\n{stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}
