//! Snapshots: files under `tests/snapshots/`, compared exactly;
//! `TOOLSMITH_SNAPSHOTS=overwrite cargo test` rewrites them for review.

// Each test crate that includes this module uses part of it.
#![allow(dead_code)]

pub mod agreement;
pub mod generate;
pub mod hooks_sdk;
pub mod mcp_python;

use std::path::PathBuf;

use serde_json::Value;

/// The path of the snapshot `relative` (e.g. `hosts/openai.json`).
pub fn snapshot_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(relative)
}

/// Compares `actual` with the snapshot `relative`, or rewrites the snapshot
/// when `TOOLSMITH_SNAPSHOTS=overwrite`.
pub fn assert_snapshot_text(relative: &str, actual: &str) {
    let path = snapshot_path(relative);
    if std::env::var_os("TOOLSMITH_SNAPSHOTS").is_some_and(|v| v == "overwrite") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "no snapshot {}; run with TOOLSMITH_SNAPSHOTS=overwrite and review it",
            path.display()
        )
    });
    assert!(
        expected == actual,
        "{} differs (run with TOOLSMITH_SNAPSHOTS=overwrite and review the diff)\n--- expected\n{expected}\n--- actual\n{actual}",
        path.display()
    );
}

/// Compares `value`, pretty-printed, with the snapshot `relative`.
pub fn assert_snapshot_json(relative: &str, value: &Value) {
    assert_snapshot_text(
        relative,
        &(serde_json::to_string_pretty(value).unwrap() + "\n"),
    );
}

/// Compares a generated schema with `tests/snapshots/<name>.json`.
pub fn assert_snapshot(name: &str, schema: &Value) {
    assert_snapshot_json(&format!("{name}.json"), schema);
}
