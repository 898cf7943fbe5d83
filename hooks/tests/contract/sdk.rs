//! The official hook contract, installed under the target directory on
//! first use: the pinned `@anthropic-ai/claude-agent-sdk` (its `sdk.d.ts`
//! and `sdk-tools.d.ts`) and `typescript`, from `tests/sdk/`'s
//! `package.json` and lockfile, with `npm ci` (the platform binaries the
//! SDK lists as optional are left out: only its type declarations are
//! read). Needs node and npm, and access to the npm registry.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The SDK version the hook types follow; `tests/sdk/package.json`
/// pins the same.
pub const AGENT_SDK: &str = "0.3.333";

/// The directory holding `node_modules/` with the SDK and `typescript`,
/// installed once per target directory (a lock keeps concurrent test
/// binaries from installing twice).
pub fn hooks_sdk_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(install)
}

/// The SDK's installed package directory (`…/@anthropic-ai/claude-agent-sdk`).
pub fn agent_sdk_package() -> PathBuf {
    hooks_sdk_dir().join("node_modules/@anthropic-ai/claude-agent-sdk")
}

fn install() -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sdk");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hooks-sdk");
    std::fs::create_dir_all(&dir).expect("cannot create the hooks SDK directory");
    let _lock = crate::support::install_lock(&dir.join(".install-lock"));
    let manifest = std::fs::read(source.join("package.json")).expect("tests/sdk/package.json");
    let lockfile =
        std::fs::read(source.join("package-lock.json")).expect("tests/sdk/package-lock.json");
    let stamp = dir.join(".installed");
    let installed = std::fs::read(&stamp).ok();
    let wanted = [manifest.as_slice(), lockfile.as_slice()].concat();
    if installed.as_deref() != Some(wanted.as_slice()) {
        std::fs::write(dir.join("package.json"), &manifest).unwrap();
        std::fs::write(dir.join("package-lock.json"), &lockfile).unwrap();
        let status = Command::new("npm")
            .args([
                "ci",
                "--omit=optional",
                "--ignore-scripts",
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
            ])
            .current_dir(&dir)
            .status()
            .unwrap_or_else(|e| panic!("cannot run npm (node 20 and npm are needed): {e}"));
        assert!(
            status.success(),
            "npm ci in {} failed: {status}",
            dir.display()
        );
        std::fs::write(&stamp, &wanted).unwrap();
    }
    let version = std::fs::read_to_string(
        dir.join("node_modules/@anthropic-ai/claude-agent-sdk/package.json"),
    )
    .expect("the SDK is installed");
    assert!(
        version.contains(&format!("\"version\": \"{AGENT_SDK}\"")),
        "the installed SDK is not {AGENT_SDK}"
    );
    dir
}
