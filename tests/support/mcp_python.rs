//! The official MCP Python SDK, installed under the target directory on
//! first use, and the example binaries its client scripts drive.
//!
//! The virtual environment is made once per target directory (a lock keeps
//! concurrent test binaries from making it twice) and serves every MCP test,
//! stdio and HTTP alike. It needs only Python 3 (3.10 or later, with
//! `venv`) and access to PyPI. Set `TOOLSMITH_PYTHON` to choose the
//! interpreter.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The SDK version the client scripts are written against (it speaks
/// stdio and Streamable HTTP).
pub const MCP_SDK: &str = "2.3.0";

use super::run;

/// The venv's Python with the MCP SDK installed, made on first use.
pub fn python_with_sdk() -> &'static Path {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(make_venv)
}

fn make_venv() -> PathBuf {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mcp-venv");
    std::fs::create_dir_all(env!("CARGO_TARGET_TMPDIR")).expect("cannot create the target tmp dir");
    let lock_path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mcp-venv.lock");
    let _lock = super::install_lock(&lock_path);
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
