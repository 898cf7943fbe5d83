//! Commands that run other commands: wrappers (`sudo`, `env`, `xargs`, …),
//! strings run as shell code (`bash -c`, `eval`, `trap`, …) and the
//! commands of `find -exec`.

use super::command::{is_anchored, is_option};

/// The shells: programs that run their input, or the string after `-c`,
/// as shell code.
const SHELLS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh",
];

/// Whether `name` (without its version) is a shell.
pub(super) fn is_shell(name: &str) -> bool {
    SHELLS.contains(&name)
}

/// `name` without a version at its end: `python3.12` is `python`, `bash5`
/// is `bash`, `bash-5.2` is `bash`.
pub(super) fn unversioned(name: &str) -> &str {
    let trimmed = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let trimmed = trimmed.strip_suffix('-').unwrap_or(trimmed);
    if trimmed.is_empty() { name } else { trimmed }
}

/// The value of a short option in a cluster (`-lc CODE`, `-cCODE`) or of
/// a long one (`--command CODE`, `--command=CODE`), before `--`.
fn option_value(args: &[String], short: char, long: &str) -> Option<String> {
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == "--" {
            return None;
        }
        if let Some(rest) = arg.strip_prefix("--") {
            if rest == long {
                return args.next().cloned();
            }
            if let Some(value) = rest.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
                return Some(value.to_owned());
            }
            continue;
        }
        let Some(cluster) = arg.strip_prefix('-') else {
            continue;
        };
        if let Some(at) = cluster.find(short) {
            let value = &cluster[at + short.len_utf8()..];
            return if value.is_empty() {
                args.next().cloned()
            } else {
                Some(value.to_owned())
            };
        }
    }
    None
}

/// A shell's options up to its first operand: whether `-c` or `-s` is
/// among them, and the operand's index.
fn shell_options(args: &[String]) -> (bool, bool, Option<usize>) {
    let (mut runs_string, mut reads_stdin) = (false, false);
    let mut at = 0;
    while let Some(arg) = args.get(at) {
        if arg == "--" || arg == "-" {
            return (runs_string, reads_stdin, args.get(at + 1).map(|_| at + 1));
        }
        if !is_option(arg) && !arg.starts_with('+') {
            return (runs_string, reads_stdin, Some(at));
        }
        // `-o pipefail`, `+O extglob`, `--rcfile FILE`: an option with a value.
        if ["-o", "+o", "-O", "+O", "--rcfile", "--init-file"].contains(&arg.as_str()) {
            at += 1;
        } else if !arg.starts_with("--") {
            runs_string |= arg.contains('c');
            reads_stdin |= arg.contains('s');
        }
        at += 1;
    }
    (runs_string, reads_stdin, None)
}

/// Where a shell that runs no `-c` string reads its code.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum ShellInput {
    /// From standard input: `bash`, `sh -s -- args`, `bash <<EOF`,
    /// `su`, `sudo -s`.
    Stdin,
    /// From the file named by the argument at this index: `bash x.sh`,
    /// `bash <(…)`, `source <(…)`.
    Script(usize),
}

/// Where `name` reads shell code when it runs no string, if it is a shell
/// (`runs_command`: a wrapper found a command after its options).
pub(super) fn shell_input(name: &str, args: &[String], runs_command: bool) -> Option<ShellInput> {
    match name {
        _ if SHELLS.contains(&name) => {
            let (runs_string, reads_stdin, operand) = shell_options(args);
            match (runs_string, reads_stdin, operand) {
                (true, _, _) => None,
                (false, true, _) | (false, false, None) => Some(ShellInput::Stdin),
                (false, false, Some(at)) => Some(ShellInput::Script(at)),
            }
        }
        "su" => option_value(args, 'c', "command")
            .is_none()
            .then_some(ShellInput::Stdin),
        // `sudo -s`, `sudo -i`, `doas -s`: a shell, when no command follows.
        "sudo" | "doas" if !runs_command => args
            .iter()
            .take_while(|arg| is_option(arg) && *arg != "--")
            .any(|arg| {
                matches!(arg.as_str(), "--shell" | "--login")
                    || (!arg.starts_with("--") && arg.contains(['s', 'i']))
            })
            .then_some(ShellInput::Stdin),
        "source" | "." => args
            .iter()
            .position(|arg| arg != "--")
            .map(ShellInput::Script),
        _ => None,
    }
}

/// A path that is the reader's own standard input.
pub(super) fn is_stdin_path(path: &str) -> bool {
    matches!(path, "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0")
}

/// The shell code a command runs from a string: `bash -c CODE`,
/// `sh -ec CODE`, `su -lc CODE`, `script -c CODE`, `eval A B`,
/// `env -S CODE`.
pub(super) fn shell_code(name: &str, args: &[String]) -> Option<String> {
    match name {
        _ if SHELLS.contains(&name) => {
            let (runs_string, _, operand) = shell_options(args);
            if runs_string {
                operand.and_then(|at| args.get(at).cloned())
            } else {
                None
            }
        }
        "su" | "runuser" | "script" | "flock" | "sg" => option_value(args, 'c', "command"),
        // `alias ll='ls -l'`: the code the alias stands for.
        "alias" => {
            let values: Vec<&str> = args
                .iter()
                .filter_map(|arg| arg.split_once('=').map(|(_, value)| value))
                .collect();
            (!values.is_empty()).then(|| values.join("\n"))
        }
        // `ssh HOST COMMAND…`: a shell on that host runs the words.
        "ssh" => {
            let mut at = 0;
            while let Some(arg) = args.get(at) {
                if arg == "--" {
                    at += 1;
                    break;
                }
                if !is_option(arg) {
                    break;
                }
                let valued = arg.len() == 2 && "BbcDEeFIiJLlmOoPpQRSWw".contains(&arg[1..]);
                at += if valued { 2 } else { 1 };
            }
            let command = args.get(at + 1..).unwrap_or_default();
            (!command.is_empty()).then(|| command.join(" "))
        }
        "eval" => (!args.is_empty()).then(|| args.join(" ")),
        // `trap 'code' EXIT`; `trap -p`, `trap -l` only print.
        "trap" => args
            .iter()
            .find(|arg| *arg != "--")
            .filter(|arg| !is_option(arg))
            .cloned(),
        // `watch -n 1 'code'`: the words after the options, run by `sh -c`.
        "watch" => {
            let mut args = args.iter().peekable();
            while let Some(arg) = args.next_if(|arg| is_option(arg)) {
                if ["-n", "--interval", "-d", "-g", "-q"].contains(&arg.as_str()) {
                    args.next_if(|value| !is_option(value));
                }
            }
            let rest: Vec<&str> = args.map(String::as_str).collect();
            (!rest.is_empty()).then(|| rest.join(" "))
        }
        "env" => {
            // `env -S'rm -rf' ~`: the string split, then the arguments
            // after it.
            let mut args = args.iter();
            let with_rest = |code: &str, rest: std::slice::Iter<'_, String>| {
                let mut code = code.to_owned();
                for arg in rest {
                    code.push(' ');
                    code.push_str(arg);
                }
                code
            };
            while let Some(arg) = args.next() {
                if arg == "-S" || arg == "--split-string" {
                    let code = args.next()?;
                    return Some(with_rest(code, args));
                }
                if let Some(code) = arg
                    .strip_prefix("--split-string=")
                    .or_else(|| arg.strip_prefix("-S").filter(|s| !s.is_empty()))
                {
                    return Some(with_rest(code, args));
                }
                if !is_option(arg) && !arg.contains('=') {
                    break;
                }
            }
            None
        }
        _ => None,
    }
}

/// The commands `find` runs: the words after each `-exec`, `-execdir`,
/// `-ok` and `-okdir`, up to `;` or `+`.
pub(super) fn find_exec(args: &[String]) -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if ["-exec", "-execdir", "-ok", "-okdir"].contains(&arg.as_str()) {
            let words: Vec<String> = args
                .by_ref()
                .take_while(|word| *word != ";" && *word != "+")
                .cloned()
                .collect();
            if !words.is_empty() {
                commands.push(words);
            }
        }
    }
    commands
}

/// What GNU `parallel` runs.
pub(super) struct ParallelJobs {
    /// The words after its options, joined as it hands them to a shell.
    pub(super) command: Vec<String>,
    /// The items after `:::`; `None`: it reads them on standard input.
    pub(super) items: Option<Vec<String>>,
    /// Where an item goes in the command (`{}`, or `-I R`); appended when
    /// the command has none.
    pub(super) placeholder: String,
}

/// What GNU `parallel` with `args` runs.
pub(super) fn parallel_jobs(args: &[String]) -> Option<ParallelJobs> {
    const VALUED: &[&str] = &[
        "-j",
        "-S",
        "-a",
        "-d",
        "-I",
        "-n",
        "-N",
        "-P",
        "-E",
        "-C",
        "--jobs",
        "--sshlogin",
        "--arg-file",
        "--delimiter",
        "--colsep",
        "--joblog",
        "--results",
        "--tmpdir",
        "--workdir",
        "--timeout",
        "--retries",
    ];
    let mut placeholder = "{}".to_owned();
    let mut at = 0;
    while let Some(arg) = args.get(at) {
        if arg == "--" {
            at += 1;
            break;
        }
        if !is_option(arg) || arg.starts_with(":::") {
            break;
        }
        if arg == "-I" {
            placeholder = args.get(at + 1)?.clone();
        }
        at += if VALUED.contains(&arg.as_str()) { 2 } else { 1 };
    }
    let rest = args.get(at..)?;
    let split = rest.iter().position(|arg| arg.starts_with(":::"));
    let command = rest[..split.unwrap_or(rest.len())].to_vec();
    if command.is_empty() {
        return None;
    }
    let items = split.map(|split| {
        rest[split + 1..]
            .iter()
            .filter(|arg| !arg.starts_with(":::"))
            .cloned()
            .collect()
    });
    Some(ParallelJobs {
        command,
        items,
        placeholder,
    })
}

/// The placeholder of `xargs -I R`, `-i` or `--replace[=R]` (`{}` unless
/// given): xargs then runs its command once per line read.
pub(super) fn xargs_replace(args: &[String]) -> Option<String> {
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if !is_option(arg) || arg == "--" {
            return None;
        }
        match arg.as_str() {
            "-I" => return args.next().cloned(),
            "-i" | "--replace" => return Some("{}".to_owned()),
            _ => {}
        }
        if let Some(value) = arg
            .strip_prefix("--replace=")
            .or_else(|| arg.strip_prefix("-I"))
        {
            return Some(value.to_owned());
        }
        if let Some(value) = arg.strip_prefix("-i") {
            return Some(value.to_owned());
        }
    }
    None
}

/// A wrapper's options: the short ones that take a value, the long ones
/// that take a value, and how many operands come before the command.
struct Wrapper {
    name: &'static str,
    short_values: &'static str,
    long_values: &'static [&'static str],
    operands: usize,
}

const WRAPPERS: &[Wrapper] = &[
    Wrapper {
        name: "sudo",
        short_values: "ugChpDrtTU",
        long_values: &[
            "user",
            "group",
            "close-from",
            "host",
            "prompt",
            "chdir",
            "role",
            "type",
            "command-timeout",
            "other-user",
        ],
        operands: 0,
    },
    Wrapper {
        name: "doas",
        short_values: "uC",
        long_values: &[],
        operands: 0,
    },
    Wrapper {
        name: "env",
        short_values: "uCSP",
        long_values: &["unset", "chdir", "split-string"],
        operands: 0,
    },
    Wrapper {
        name: "nice",
        short_values: "n",
        long_values: &["adjustment"],
        operands: 0,
    },
    Wrapper {
        name: "nohup",
        short_values: "",
        long_values: &[],
        operands: 0,
    },
    Wrapper {
        name: "time",
        short_values: "fo",
        long_values: &["format", "output"],
        operands: 0,
    },
    Wrapper {
        name: "timeout",
        short_values: "sk",
        long_values: &["signal", "kill-after"],
        operands: 1,
    },
    Wrapper {
        name: "xargs",
        short_values: "aEIdLlnPs",
        long_values: &[
            "arg-file",
            "eof",
            "replace",
            "delimiter",
            "max-lines",
            "max-args",
            "max-procs",
            "max-chars",
            "process-slot-var",
        ],
        operands: 0,
    },
    Wrapper {
        name: "command",
        short_values: "",
        long_values: &[],
        operands: 0,
    },
    Wrapper {
        name: "builtin",
        short_values: "",
        long_values: &[],
        operands: 0,
    },
    Wrapper {
        name: "exec",
        short_values: "a",
        long_values: &[],
        operands: 0,
    },
    Wrapper {
        name: "stdbuf",
        short_values: "ioe",
        long_values: &["input", "output", "error"],
        operands: 0,
    },
    Wrapper {
        name: "ionice",
        short_values: "cnp",
        long_values: &["class", "classdata"],
        operands: 0,
    },
    Wrapper {
        name: "setsid",
        short_values: "",
        long_values: &[],
        operands: 0,
    },
    // `busybox rm …`, `busybox sh -c …`: the applet is the command.
    Wrapper {
        name: "busybox",
        short_values: "",
        long_values: &[],
        operands: 0,
    },
    Wrapper {
        name: "chronic",
        short_values: "",
        long_values: &[],
        operands: 0,
    },
    Wrapper {
        name: "unbuffer",
        short_values: "",
        long_values: &[],
        operands: 0,
    },
    // `coproc rm -rf /`: bash runs the rest as a background job.
    Wrapper {
        name: "coproc",
        short_values: "",
        long_values: &[],
        operands: 0,
    },
    Wrapper {
        name: "pkexec",
        short_values: "",
        long_values: &["user"],
        operands: 0,
    },
    // `runuser -u USER -- COMMAND…` (`runuser USER -c CODE` is shell code).
    Wrapper {
        name: "runuser",
        short_values: "ugGsw",
        long_values: &[
            "user",
            "group",
            "supp-group",
            "shell",
            "whitelist-environment",
        ],
        operands: 0,
    },
    Wrapper {
        name: "strace",
        short_values: "abeEIoOpPsSuUX",
        long_values: &[
            "output",
            "trace",
            "signal",
            "attach",
            "user",
            "env",
            "string-limit",
        ],
        operands: 0,
    },
    Wrapper {
        name: "ltrace",
        short_values: "aAeEFlnopsSuwxX",
        long_values: &["output", "library"],
        operands: 0,
    },
    Wrapper {
        name: "unshare",
        short_values: "SGRw",
        long_values: &["setuid", "setgid", "root", "wd", "propagation", "setgroups"],
        operands: 0,
    },
    Wrapper {
        name: "nsenter",
        short_values: "tSG",
        long_values: &["target", "setuid", "setgid"],
        operands: 0,
    },
    // `taskset [-c] MASK COMMAND…`, `chrt [-f] PRIORITY COMMAND…`.
    Wrapper {
        name: "taskset",
        short_values: "",
        long_values: &[],
        operands: 1,
    },
    Wrapper {
        name: "chrt",
        short_values: "T",
        long_values: &["sched-runtime", "sched-deadline", "sched-period"],
        operands: 1,
    },
    Wrapper {
        name: "numactl",
        short_values: "CmNpPi",
        long_values: &[
            "physcpubind",
            "membind",
            "cpunodebind",
            "preferred",
            "interleave",
        ],
        operands: 0,
    },
    Wrapper {
        name: "fakeroot",
        short_values: "is",
        long_values: &["lib", "faked"],
        operands: 0,
    },
    Wrapper {
        name: "firejail",
        short_values: "",
        long_values: &[],
        operands: 0,
    },
    Wrapper {
        name: "systemd-run",
        short_values: "upEM",
        long_values: &[
            "unit",
            "property",
            "description",
            "uid",
            "gid",
            "working-directory",
            "setenv",
            "machine",
            "slice",
        ],
        operands: 0,
    },
    // `chroot NEWROOT COMMAND…`.
    Wrapper {
        name: "chroot",
        short_values: "",
        long_values: &["userspec", "groups"],
        operands: 1,
    },
    // `flock [-w SECS] LOCKFILE COMMAND…`.
    Wrapper {
        name: "flock",
        short_values: "wEc",
        long_values: &["timeout", "conflict-exit-code", "command"],
        operands: 1,
    },
];

/// The value of a wrapper's own option (`env -C DIR`, `sudo
/// --chdir=DIR`), read before the command it runs.
pub(super) fn wrapper_option(
    name: &str,
    args: &[String],
    short: char,
    long: &str,
) -> Option<String> {
    let wrapper = WRAPPERS.iter().find(|w| w.name == name)?;
    let mut at = 0;
    while let Some(arg) = args.get(at) {
        if arg == "--" {
            return None;
        }
        if name == "env" && !is_option(arg) && arg.contains('=') {
            at += 1;
            continue;
        }
        if !is_option(arg) {
            return None;
        }
        if let Some(rest) = arg.strip_prefix("--") {
            if let Some(value) = rest.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
                return Some(value.to_owned());
            }
            if rest == long {
                return args.get(at + 1).cloned();
            }
            at += if wrapper.long_values.contains(&rest) {
                2
            } else {
                1
            };
            continue;
        }
        let cluster = &arg[1..];
        if let Some(p) = cluster.find(short) {
            let value = &cluster[p + short.len_utf8()..];
            return if value.is_empty() {
                args.get(at + 1).cloned()
            } else {
                Some(value.to_owned())
            };
        }
        let valued = cluster
            .chars()
            .last()
            .is_some_and(|last| wrapper.short_values.contains(last));
        at += if valued { 2 } else { 1 };
    }
    None
}

/// Where `cd DIR` from `cwd` goes: `DIR` when absolute or in home, joined
/// to a known `cwd` when relative; `None` when the line does not tell
/// (`cd "$DIR"`, `cd -`, relative to an unknown directory).
pub(super) fn moved_to(cwd: Option<&str>, dir: &str) -> Option<String> {
    if dir == "-" || dir.contains(['$', '`']) && !dir.starts_with("$HOME") {
        return None;
    }
    if is_anchored(dir) {
        Some(dir.to_owned())
    } else {
        cwd.map(|cwd| format!("{cwd}/{dir}"))
    }
}

/// The command a wrapper runs: its words after the wrapper's options,
/// assignments (`env A=b`) and leading operands (`timeout 5`); `None` when
/// `name` is not a wrapper, or it only looks a command up (`command -v`).
pub(super) fn unwrap(name: &str, args: &[String]) -> Option<Vec<String>> {
    let wrapper = WRAPPERS.iter().find(|w| w.name == name)?;
    let mut at = 0;
    while let Some(arg) = args.get(at) {
        if arg == "--" {
            at += 1;
            break;
        }
        if name == "env" && !is_option(arg) && arg.contains('=') {
            at += 1;
            continue;
        }
        if !is_option(arg) {
            break;
        }
        if name == "command" && (arg.contains('v') || arg.contains('V')) {
            return None;
        }
        at += 1;
        if let Some(long) = arg.strip_prefix("--") {
            if !long.contains('=') && wrapper.long_values.contains(&long) {
                at += 1;
            }
        } else if arg
            .chars()
            .last()
            .is_some_and(|last| wrapper.short_values.contains(last))
        {
            at += 1;
        }
    }
    at += wrapper.operands;
    let rest = args.get(at..).unwrap_or_default();
    (!rest.is_empty()).then(|| rest.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| (*a).to_owned()).collect()
    }

    #[test]
    fn wrappers_give_the_command_they_run() {
        for (name, args, inner) in [
            (
                "sudo",
                &["-u", "root", "-E", "rm", "-rf"][..],
                Some(&["rm", "-rf"][..]),
            ),
            ("sudo", &["--user=root", "ls"], Some(&["ls"])),
            ("sudo", &["--user", "root", "ls"], Some(&["ls"])),
            (
                "env",
                &["-i", "A=b", "C=d", "ls", "-l"],
                Some(&["ls", "-l"]),
            ),
            ("env", &["-u", "HOME", "ls"], Some(&["ls"])),
            ("nice", &["-n", "10", "ls"], Some(&["ls"])),
            ("nice", &["-10", "ls"], Some(&["ls"])),
            ("timeout", &["-s", "KILL", "5s", "ls"], Some(&["ls"])),
            (
                "xargs",
                &["-0", "-I", "{}", "rm", "{}"],
                Some(&["rm", "{}"]),
            ),
            ("xargs", &["-n1", "rm"], Some(&["rm"])),
            ("command", &["-v", "rm"], None),
            ("command", &["--", "rm"], Some(&["rm"])),
            ("exec", &["-a", "name", "ls"], Some(&["ls"])),
            ("nohup", &[], None),
            ("ls", &["-l"], None),
        ] {
            let expected =
                inner.map(|words: &[&str]| words.iter().map(|w| (*w).to_owned()).collect());
            assert_eq!(unwrap(name, &words(args)), expected, "{name} {args:?}");
        }
    }

    #[test]
    fn strings_run_as_code() {
        for (name, args, code) in [
            ("bash", &["-c", "ls"][..], Some("ls")),
            ("sh", &["-ec", "ls", "arg0"], Some("ls")),
            ("bash", &["-o", "pipefail", "-c", "ls"], Some("ls")),
            ("bash", &["-O", "extglob", "script.sh"], None),
            ("bash", &["script.sh"], None),
            ("zsh", &["-lc", "ls"], Some("ls")),
            ("su", &["-", "root", "-c", "ls"], Some("ls")),
            ("eval", &["ls", "-l"], Some("ls -l")),
            ("env", &["-S", "ls -l"], Some("ls -l")),
            ("env", &["--split-string=ls -l"], Some("ls -l")),
            ("trap", &["ls", "EXIT"], Some("ls")),
            ("trap", &["-p"], None),
            ("watch", &["-n", "1", "ls", "-l"], Some("ls -l")),
            ("bash", &["--rcfile", "x", "-c", "ls"], Some("ls")),
            ("bash", &["--init-file", "x", "script.sh"], None),
            ("su", &["-lc", "ls"], Some("ls")),
            ("su", &["-l", "root", "--command=ls"], Some("ls")),
            ("su", &["-s", "/bin/sh", "-c", "ls"], Some("ls")),
            ("script", &["-qc", "ls", "log"], Some("ls")),
            ("flock", &["-c", "ls", "lock"], Some("ls")),
            ("alias", &["ll=ls -l", "x"], Some("ls -l")),
            (
                "ssh",
                &["-p", "22", "host", "rm", "-rf", "/"],
                Some("rm -rf /"),
            ),
            ("ssh", &["host"], None),
        ] {
            assert_eq!(
                shell_code(name, &words(args)).as_deref(),
                code,
                "{name} {args:?}"
            );
        }
    }

    #[test]
    fn shells_read_code_from_stdin_or_a_script() {
        for (name, args, runs_command, input) in [
            ("bash", &[][..], false, Some(ShellInput::Stdin)),
            ("sh", &["-s", "--", "--yes"], false, Some(ShellInput::Stdin)),
            ("bash", &["-x"], false, Some(ShellInput::Stdin)),
            (
                "bash",
                &["-o", "errexit", "x.sh"],
                false,
                Some(ShellInput::Script(2)),
            ),
            ("bash", &["-c", "ls"], false, None),
            ("su", &[], false, Some(ShellInput::Stdin)),
            ("su", &["-c", "ls"], false, None),
            ("sudo", &["-s"], false, Some(ShellInput::Stdin)),
            ("sudo", &["-i"], false, Some(ShellInput::Stdin)),
            ("sudo", &["-u", "root", "ls"], true, None),
            ("source", &["x.sh"], false, Some(ShellInput::Script(0))),
            ("ls", &[], false, None),
        ] {
            assert_eq!(
                shell_input(name, &words(args), runs_command),
                input,
                "{name} {args:?}"
            );
        }
    }

    #[test]
    fn versions_are_not_part_of_the_name() {
        for (name, unversioned_name) in [
            ("python3.12", "python"),
            ("python3", "python"),
            ("bash5", "bash"),
            ("bash-5.2", "bash"),
            ("sh", "sh"),
            ("7", "7"),
        ] {
            assert_eq!(unversioned(name), unversioned_name);
        }
    }
}
