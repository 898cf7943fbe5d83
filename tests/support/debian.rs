//! Programs from Debian's packages that some tests start on loopback
//! (`redis-server`, nginx): found on the `PATH` or under `/usr/sbin`, and
//! installed with `apt-get` when missing and the tests run as root, so that
//! `cargo test --workspace` needs nothing installed by hand.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// Where `program` is, installing `package` first when it is nowhere.
/// Panics with what to install when it is missing and the tests do not run
/// as root, or when `apt-get` fails.
pub fn program(program: &str, package: &str) -> PathBuf {
    // The tests of one binary run on many threads: one installs, the
    // others then find the program.
    static INSTALLING: Mutex<()> = Mutex::new(());
    let _one_at_a_time = INSTALLING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(found) = find(program) {
        return found;
    }
    assert!(
        is_root(),
        "{program} is missing: install Debian's package {package} (apt-get install {package}), \
         or run the tests as root, which installs it"
    );
    apt_get(&["update", "-o", "DPkg::Lock::Timeout=300"]);
    apt_get(&[
        "install",
        "-y",
        "--no-install-recommends",
        "-o",
        "DPkg::Lock::Timeout=300",
        package,
    ]);
    find(program).unwrap_or_else(|| panic!("{program} is still missing after installing {package}"))
}

/// `program` on the `PATH`, or in the `sbin` folders Debian puts daemons in
/// (which a non-login `PATH` may lack).
fn find(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin", "/usr/bin"].map(PathBuf::from))
        .map(|dir| dir.join(program))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    file.metadata()
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.stdout.trim_ascii() == b"0")
}

/// Runs `apt-get ARGS`; its output is shown only when it fails.
fn apt_get(args: &[&str]) {
    let out = Command::new("apt-get")
        .args(args)
        .env("DEBIAN_FRONTEND", "noninteractive")
        .output()
        .expect("apt-get runs");
    assert!(
        out.status.success(),
        "apt-get {} failed ({}):\n{}{}",
        args.join(" "),
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
