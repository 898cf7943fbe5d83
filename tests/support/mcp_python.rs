//! The official MCP Python SDK, installed under the target directory on
//! first use, and the example binaries its client scripts drive.
//!
//! The virtual environment is made once per target directory (a lock keeps
//! concurrent test binaries from making it twice) and serves every MCP test,
//! stdio and HTTP alike. It needs only Python 3 (3.10 or later, with
//! `venv`) and access to PyPI. Set `TOOLSMITH_PYTHON` to choose the
//! interpreter.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The SDK version the client scripts are written against (it speaks
/// stdio and Streamable HTTP).
pub const MCP_SDK: &str = "2.3.0";

/// The crate's root directory.
pub fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `command`, failing the test if it cannot start or fails.
pub fn run(command: &mut Command) {
    let status = command
        .status()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    assert!(status.success(), "{command:?} failed: {status}");
}

/// The venv's Python with the MCP SDK installed, made on first use.
pub fn python_with_sdk() -> &'static Path {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(make_venv)
}

fn make_venv() -> PathBuf {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mcp-venv");
    std::fs::create_dir_all(env!("CARGO_TARGET_TMPDIR")).expect("cannot create the target tmp dir");
    let lock_path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mcp-venv.lock");
    let lock = File::create(&lock_path).expect("cannot create the venv lock");
    // `File::lock` is Rust 1.89; the tests build with the toolchain CI runs.
    #[allow(clippy::incompatible_msrv)]
    lock.lock().expect("cannot take the venv lock");
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
/// first: `cargo test --test NAME` alone does not build examples.
pub fn example(name: &str) -> PathBuf {
    run(Command::new(env!("CARGO"))
        .current_dir(manifest_dir())
        .args(["build", "--quiet", "--example", name])
        .args((!cfg!(debug_assertions)).then_some("--release")));
    let exe = std::env::current_exe().expect("the test binary has a path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test binary is in target/<profile>/deps");
    let path = profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(path.exists(), "no example binary at {}", path.display());
    path
}
