//! Schema snapshots: `tests/snapshots/<name>.json`, compared exactly;
//! `TOOLSMITH_SNAPSHOTS=overwrite cargo test` rewrites them for review.

use std::path::PathBuf;

use serde_json::Value;

pub fn assert_snapshot(name: &str, schema: &Value) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.json"));
    let actual = serde_json::to_string_pretty(schema).unwrap() + "\n";
    if std::env::var_os("TOOLSMITH_SNAPSHOTS").is_some_and(|v| v == "overwrite") {
        std::fs::write(&path, &actual).unwrap();
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
        "schema of `{name}` differs from {}:\n{actual}\nrun with TOOLSMITH_SNAPSHOTS=overwrite to accept it",
        path.display()
    );
}
