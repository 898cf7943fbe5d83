//! What the tests of every toolsmith crate share: snapshots (files under
//! the crate's `tests/snapshots/`, compared exactly;
//! `TOOLSMITH_SNAPSHOTS=overwrite cargo test` rewrites them for review),
//! the example binaries a test runs, a lock for what a test installs, and
//! inputs generated from a schema. Not published.

pub mod generate;
pub mod instances;

use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

use serde_json::Value;

/// The path of the snapshot `relative` (e.g. `hosts/openai.json`).
pub fn snapshot_path(relative: &str) -> PathBuf {
    manifest_dir().join("tests/snapshots").join(relative)
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

/// An exclusive lock on the file `path`, held until the `File` drops: one
/// test binary at a time installs what the tests need under the target
/// directory.
pub fn install_lock(path: &Path) -> File {
    let lock = File::create(path)
        .unwrap_or_else(|e| panic!("cannot create the lock {}: {e}", path.display()));
    // `File::lock` is Rust 1.89; the tests build with the toolchain CI runs.
    #[allow(clippy::incompatible_msrv)]
    lock.lock()
        .unwrap_or_else(|e| panic!("cannot take the lock {}: {e}", path.display()));
    lock
}

/// Installs the npm packages pinned by `source`'s `package.json` and
/// `package-lock.json` into `dir` with `npm ci` (install scripts off), once:
/// a stamp of both files skips the install while they are unchanged, and
/// [`install_lock`] keeps two test binaries from installing at once.
pub fn npm_ci(source: &Path, dir: &Path) {
    std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    let _lock = install_lock(&dir.join(".install-lock"));
    let read = |name: &str| {
        std::fs::read(source.join(name))
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", source.join(name).display()))
    };
    let (manifest, lockfile) = (read("package.json"), read("package-lock.json"));
    let stamp = dir.join(".installed");
    let wanted = [manifest.as_slice(), lockfile.as_slice()].concat();
    if std::fs::read(&stamp).ok().as_deref() == Some(wanted.as_slice()) {
        return;
    }
    std::fs::write(dir.join("package.json"), &manifest).unwrap();
    std::fs::write(dir.join("package-lock.json"), &lockfile).unwrap();
    run(Command::new("npm")
        .args([
            "ci",
            "--ignore-scripts",
            "--no-audit",
            "--no-fund",
            "--loglevel=error",
        ])
        .current_dir(dir));
    std::fs::write(&stamp, &wanted).unwrap();
}

/// The crate's root directory.
///
/// Read from the environment cargo gives a test it runs, so that this crate
/// serves the tests of every crate of the workspace.
pub fn manifest_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        std::env::var_os("CARGO_MANIFEST_DIR")
            .map(PathBuf::from)
            .expect("CARGO_MANIFEST_DIR is set: run the tests with cargo")
    })
}

/// Runs `command`, failing the test if it cannot start or fails.
pub fn run(command: &mut Command) {
    let status = command
        .status()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    assert!(status.success(), "{command:?} failed: {status}");
}

/// An example binary (`target/<profile>/examples/NAME`), built first, once
/// per test binary: `cargo test --test NAME` alone does not build examples.
pub fn example(name: &str) -> PathBuf {
    static BUILT: Mutex<BTreeMap<String, PathBuf>> = Mutex::new(BTreeMap::new());
    // A test that panicked while building leaves the map as it was.
    let mut built = BUILT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(path) = built.get(name) {
        return path.clone();
    }
    run(
        Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
            .current_dir(manifest_dir())
            .args(["build", "--quiet", "--example", name])
            .args((!cfg!(debug_assertions)).then_some("--release")),
    );
    let exe = std::env::current_exe().expect("the test binary has a path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test binary is in target/<profile>/deps");
    let path = profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(path.exists(), "no example binary at {}", path.display());
    built.insert(name.to_owned(), path.clone());
    path
}
