//! What seals an agent's session, whichever the agent: fresh directories
//! under the target directory (a `HOME`, a working directory, a folder for
//! the payloads a logging hook saves), a `PATH` that starts with stand-ins
//! (`rm` only logs its arguments), so that no scripted command can delete
//! anything real, and a watch that kills a session that is stuck.

use std::path::{Path, PathBuf};
use std::process::{Child, Output};
use std::time::{Duration, Instant};

/// A session that runs longer than this is stuck: it is killed and the
/// test fails (a guard against a hang, not a measurement).
const STUCK_AFTER: Duration = Duration::from_secs(180);

/// One session's directories, empty at the start.
pub struct Dirs {
    /// The session's `HOME`.
    pub home: PathBuf,
    /// The working directory.
    pub work: PathBuf,
    /// Where the stand-ins log what they were asked to do.
    pub stand_in_log: PathBuf,
    /// Where the logging hook saves payloads.
    pub payloads: PathBuf,
    /// The directory of the session, holding the others.
    pub root: PathBuf,
    stand_ins: PathBuf,
}

impl Dirs {
    /// Fresh directories for the test `name`.
    pub fn new(name: &str) -> Dirs {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("agents")
            .join(name);
        let _ = std::fs::remove_dir_all(&root);
        let dirs = Dirs {
            home: root.join("home"),
            work: root.join("work"),
            stand_in_log: root.join("stand-ins.log"),
            payloads: root.join("payloads"),
            stand_ins: root.join("bin"),
            root,
        };
        for dir in [&dirs.home, &dirs.work, &dirs.payloads, &dirs.stand_ins] {
            std::fs::create_dir_all(dir).unwrap();
        }
        let rm = dirs.stand_ins.join("rm");
        std::fs::write(
            &rm,
            format!(
                "#!/bin/sh\necho \"rm $*\" >> '{}'\n",
                dirs.stand_in_log.display()
            ),
        )
        .unwrap();
        make_executable(&rm);
        dirs
    }

    /// The session's `PATH`: the stand-ins first.
    pub fn path(&self) -> String {
        format!("{}:/usr/local/bin:/usr/bin:/bin", self.stand_ins.display())
    }

    /// What the stand-ins were asked to do, one line each.
    pub fn stand_in_calls(&self) -> String {
        std::fs::read_to_string(&self.stand_in_log).unwrap_or_default()
    }
}

/// Waits for `child`, killing it (and failing the test) once it is stuck.
pub fn finish(mut child: Child, what: &str) -> Output {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > STUCK_AFTER {
            let _ = child.kill();
            panic!("{what} is stuck");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}
