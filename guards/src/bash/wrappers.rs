//! Commands that run other commands: wrappers (`sudo`, `env`, `xargs`, …),
//! strings run as shell code (`bash -c`, `eval`, `trap`, …) and the
//! commands of `find -exec`.

use super::command::is_option;

/// The shell code a command runs from a string: `bash -c CODE`,
/// `sh -ec CODE`, `su -c CODE`, `eval A B`, `env -S CODE`.
pub(super) fn shell_code(name: &str, args: &[String]) -> Option<String> {
    match name {
        "sh" | "bash" | "zsh" | "dash" | "ksh" | "mksh" | "ash" => {
            let mut args = args.iter();
            let mut runs_string = false;
            while let Some(arg) = args.next() {
                if !is_option(arg) && !arg.starts_with('+') {
                    return runs_string.then(|| arg.clone());
                }
                // `-o pipefail`, `+O extglob`: an option with a value.
                if ["-o", "+o", "-O", "+O"].contains(&arg.as_str()) {
                    args.next();
                } else if !arg.starts_with("--") && arg.contains('c') {
                    runs_string = true;
                }
            }
            None
        }
        "su" | "runuser" => {
            let mut args = args.iter();
            while let Some(arg) = args.next() {
                if arg == "-c" || arg == "--command" {
                    return args.next().cloned();
                }
                if let Some(code) = arg.strip_prefix("--command=") {
                    return Some(code.to_owned());
                }
            }
            None
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
            let mut args = args.iter();
            while let Some(arg) = args.next() {
                if arg == "-S" || arg == "--split-string" {
                    return args.next().cloned();
                }
                if let Some(code) = arg
                    .strip_prefix("--split-string=")
                    .or_else(|| arg.strip_prefix("-S").filter(|s| !s.is_empty()))
                {
                    return Some(code.to_owned());
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
        ] {
            assert_eq!(
                shell_code(name, &words(args)).as_deref(),
                code,
                "{name} {args:?}"
            );
        }
    }
}
