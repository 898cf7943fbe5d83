//! `examples/hosts.rs` prints the host table live; its output is kept in
//! `examples/hosts.stdout` (refresh with `TOOLSMITH_SNAPSHOTS=overwrite`).

#![cfg(all(feature = "cli", feature = "mcp"))]

use std::path::Path;
use std::process::Command;

#[test]
fn hosts_example_prints_the_host_table() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new(env!("CARGO"))
        .current_dir(manifest)
        .args(["run", "--quiet", "--example", "hosts"])
        .args((!cfg!(debug_assertions)).then_some("--release"))
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the example failed: {stderr}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let expected_path = manifest.join("examples/hosts.stdout");
    if std::env::var("TOOLSMITH_SNAPSHOTS").as_deref() == Ok("overwrite") {
        std::fs::write(&expected_path, &stdout).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&expected_path).unwrap();
    assert!(
        expected == stdout,
        "--- expected\n{expected}\n--- actual\n{stdout}"
    );
}
