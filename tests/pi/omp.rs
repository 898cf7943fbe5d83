//! The real OMP, installed under the target directory on first use (the
//! pinned `@oh-my-pi/pi-coding-agent` and `bun` of `tests/pi/omp/`), run on the Bun that `bun` ships with the module as an
//! extension (`-e`), its agent directory in the session's `HOME` with the
//! scripted provider in `models.yml`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::agent::{Sandbox, models};
use crate::model::Model;

/// The OMP version the tests run; `tests/pi/omp/package.json` pins the
/// same.
pub const OMP: &str = "18.2.3";

/// The installed Bun, and OMP's `cli.js`.
pub fn omp_install() -> &'static (PathBuf, PathBuf) {
    static INSTALLED: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pi/omp");
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("omp");
        install(&source, &dir);
        let package = dir.join("node_modules/@oh-my-pi/pi-coding-agent");
        let manifest = std::fs::read_to_string(package.join("package.json")).unwrap();
        assert!(
            manifest.contains(&format!("\"version\": \"{OMP}\"")),
            "the installed OMP is not {OMP}"
        );
        let platform = match (std::env::consts::OS, std::env::consts::ARCH) {
            ("linux", "x86_64") => "linux-x64",
            ("linux", "aarch64") => "linux-aarch64",
            (os, arch) => panic!("no Bun binary for {os} on {arch} in the lock file"),
        };
        // `bun`'s own postinstall would copy it into place; `npm ci` runs
        // no scripts, so the platform package's binary is run as it is.
        let bun = dir.join(format!("node_modules/@oven/bun-{platform}/bin/bun"));
        (bun, package.join("dist/cli.js"))
    })
}

/// `omp ARGS…` in the session, against `model`, with the module loaded.
pub fn omp(sandbox: &Sandbox, model: &Model, args: &[&str]) -> Command {
    let (bun, cli) = omp_install();
    let agent = sandbox.home.join(".omp/agent");
    std::fs::create_dir_all(&agent).unwrap();
    std::fs::write(agent.join("models.yml"), models(model)).unwrap();
    let bun_dir = bun.parent().unwrap();
    let mut command = Command::new(bun);
    command
        .arg(cli)
        .args(["--model", "scripted/scripted-model"])
        .args(["--no-session", "--extension"])
        .arg(&sandbox.extension)
        .args(args)
        .current_dir(&sandbox.work)
        .env_clear()
        .env(
            "PATH",
            format!("{}:/usr/local/bin:/usr/bin:/bin", bun_dir.display()),
        )
        .env("HOME", &sandbox.home)
        .env("PI_NO_TITLE", "1");
    command
}

/// `npm install` from the lock file, once per change of it. Not `npm ci`:
/// OMP's native addon names a package per platform as an optional
/// dependency, and the registry serves only some of them at 18.2.3, so the
/// lock file lacks the others, which `npm ci` refuses and `npm install`
/// passes over (as optional dependencies allow).
fn install(source: &Path, dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    let _lock = crate::support::install_lock(&dir.join(".install-lock"));
    let read = |name: &str| std::fs::read(source.join(name)).unwrap();
    let (manifest, lockfile) = (read("package.json"), read("package-lock.json"));
    let stamp = dir.join(".installed");
    let wanted = [manifest.as_slice(), lockfile.as_slice()].concat();
    if std::fs::read(&stamp).ok().as_deref() == Some(wanted.as_slice()) {
        return;
    }
    std::fs::write(dir.join("package.json"), &manifest).unwrap();
    std::fs::write(dir.join("package-lock.json"), &lockfile).unwrap();
    crate::support::run(
        Command::new("npm")
            .args(["install", "--ignore-scripts", "--no-audit", "--no-fund"])
            .args(["--no-save", "--loglevel=error"])
            .current_dir(dir),
    );
    std::fs::write(&stamp, &wanted).unwrap();
}
