//! Programs whose arguments hold code of their own that can run commands:
//! awk's `system()` and pipes, sed's `e`, vim's and ex's `-c '!…'`, Tcl's
//! `exec`, tar's exec actions, make's recipes and git's aliases and
//! command settings. Each is read for the shell code or commands it runs;
//! a value the guard cannot read in such a place is unreadable.

use super::command::is_option;
use super::interpreters::Call;

/// Whether `program` is one whose arguments this module reads.
pub(super) fn reads_code(program: &str) -> bool {
    matches!(
        program,
        "awk"
            | "gawk"
            | "mawk"
            | "nawk"
            | "sed"
            | "gsed"
            | "vim"
            | "vi"
            | "nvim"
            | "ex"
            | "view"
            | "vimdiff"
            | "gvim"
            | "rvim"
            | "tclsh"
            | "wish"
            | "expect"
            | "tar"
            | "gtar"
            | "bsdtar"
            | "make"
            | "gmake"
            | "git"
    )
}

/// The code `program` runs from `args`, given what a file argument holds
/// when the line tells (`read`: `make -f <(…)`, `awk -f ./x.awk`; `None`
/// for a file not on the line, `Some(None)` for one whose content another
/// program prints) and what it reads on standard input.
pub(super) fn calls(
    program: &str,
    args: &[String],
    read: &dyn Fn(usize) -> Option<Option<String>>,
    stdin: Option<&str>,
) -> Vec<Call> {
    match program {
        "awk" | "gawk" | "mawk" | "nawk" => awk(args, read),
        "sed" | "gsed" => sed(args, read),
        "vim" | "vi" | "nvim" | "ex" | "view" | "vimdiff" | "gvim" | "rvim" => vim(args, stdin),
        "tclsh" | "wish" | "expect" => tcl(args, read, stdin),
        "tar" | "gtar" | "bsdtar" => tar(args),
        "make" | "gmake" => make(args, read),
        "git" => git(args),
        _ => Vec::new(),
    }
}

/// The file's text at `at`, or the call that says it cannot be read.
fn file_text(
    read: &dyn Fn(usize) -> Option<Option<String>>,
    at: usize,
    what: &str,
) -> Result<Option<String>, Call> {
    match read(at) {
        Some(Some(text)) => Ok(Some(text)),
        Some(None) => Err(Call::Unreadable(format!(
            "{what} comes from a command whose output the guard cannot read; save it to a \
             file, read it, and run that"
        ))),
        None => Ok(None),
    }
}

/// awk: the program (the first operand, or `-f FILE`), read for
/// `system("…")`, `print … | "CMD"` and `"CMD" | getline`.
fn awk(args: &[String], read: &dyn Fn(usize) -> Option<Option<String>>) -> Vec<Call> {
    let mut at = 0;
    let mut program = None;
    let mut calls = Vec::new();
    while let Some(arg) = args.get(at) {
        match arg.as_str() {
            "--" => {
                at += 1;
                break;
            }
            "-f" | "--file" => {
                match file_text(read, at + 1, "the awk program") {
                    Ok(Some(text)) => program = Some(text),
                    Ok(None) => program = Some(String::new()),
                    Err(call) => calls.push(call),
                }
                at += 2;
            }
            "-v" | "-F" | "--assign" | "--field-separator" => at += 2,
            _ if is_option(arg) => at += 1,
            _ => break,
        }
    }
    let program = match program {
        Some(program) => program,
        None => args.get(at).cloned().unwrap_or_default(),
    };
    calls.extend(awk_calls(&program));
    calls
}

/// The commands an awk program runs.
fn awk_calls(program: &str) -> Vec<Call> {
    let mut calls = Vec::new();
    let bytes = program.as_bytes();
    let mut at = 0;
    // The string literals since the last `print`, for the text a pipe
    // hands to its command.
    let mut printed: Vec<String> = Vec::new();
    while at < bytes.len() {
        let rest = &program[at..];
        if rest.starts_with('"') {
            let (text, end) = awk_string(program, at);
            // `"CMD" | getline`: the string runs as shell code.
            let after = program[end..].trim_start();
            let piped = after.strip_prefix('|').filter(|a| !a.starts_with('|'));
            if piped.is_some_and(|a| a.trim_start().starts_with("getline")) {
                calls.push(Call::Shell(text));
                at = end;
                continue;
            }
            printed.push(text);
            at = end;
            continue;
        }
        if rest.starts_with("print") {
            printed.clear();
        }
        if rest.starts_with("system") && !preceded_by_word(program, at) {
            let after = program[at + 6..].trim_start();
            if let Some(argument) = after.strip_prefix('(') {
                let argument = argument.trim_start();
                if argument.starts_with('"') {
                    let start = program.len() - argument.len();
                    let (text, _) = awk_string(program, start);
                    calls.push(Call::Shell(text));
                } else {
                    calls.push(Call::Unreadable(
                        "awk's `system()` runs a value the guard cannot read as shell code; \
                         write the command itself"
                            .to_owned(),
                    ));
                }
            }
            at += 6;
            continue;
        }
        if rest.starts_with("||") {
            at += 2;
            continue;
        }
        if let Some(target) = rest.strip_prefix('|') {
            let target = target.trim_start_matches('&').trim_start();
            if target.starts_with('"') {
                let start = program.len() - target.len();
                let (command, end) = awk_string(program, start);
                let after = program[end..].trim_start();
                if after.starts_with("getline") {
                    calls.push(Call::Shell(command));
                } else {
                    calls.push(Call::Piped(command, printed.join(" ")));
                }
                at = end;
                continue;
            }
            if !target.starts_with("getline") {
                calls.push(Call::Unreadable(
                    "awk pipes its output to a command named by a value the guard cannot read; \
                     write the command itself"
                        .to_owned(),
                ));
            }
        }
        at += rest.chars().next().map_or(1, char::len_utf8);
    }
    calls
}

fn preceded_by_word(text: &str, at: usize) -> bool {
    text[..at]
        .chars()
        .next_back()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The awk string literal whose quote is at `at`, and where it ends.
fn awk_string(text: &str, at: usize) -> (String, usize) {
    let mut out = String::new();
    let mut chars = text[at + 1..].char_indices();
    while let Some((offset, c)) = chars.next() {
        match c {
            '"' => return (out, at + 1 + offset + 1),
            '\\' => {
                if let Some((_, escaped)) = chars.next() {
                    out.push(match escaped {
                        'n' => '\n',
                        't' => '\t',
                        other => other,
                    });
                }
            }
            other => out.push(other),
        }
    }
    (out, text.len())
}

/// sed: each script (`-e S`, `--expression=S`, `-f FILE`, or the first
/// operand), read for the `e` command and the `e` flag of `s`.
fn sed(args: &[String], read: &dyn Fn(usize) -> Option<Option<String>>) -> Vec<Call> {
    let mut scripts = Vec::new();
    let mut calls = Vec::new();
    let mut named = false;
    let mut at = 0;
    while let Some(arg) = args.get(at) {
        if arg == "--" {
            break;
        }
        if arg == "-e" || arg == "--expression" {
            scripts.extend(args.get(at + 1).cloned());
            named = true;
            at += 2;
        } else if let Some(script) = arg.strip_prefix("--expression=") {
            scripts.push(script.to_owned());
            named = true;
            at += 1;
        } else if arg == "-f" || arg == "--file" {
            match file_text(read, at + 1, "the sed script") {
                Ok(text) => scripts.extend(text),
                Err(call) => calls.push(call),
            }
            named = true;
            at += 2;
        } else if arg == "-l" || arg == "--line-length" {
            at += 2;
        } else if is_option(arg) {
            at += 1;
        } else {
            if !named {
                scripts.push(arg.clone());
                named = true;
            }
            at += 1;
        }
    }
    for script in scripts {
        calls.extend(sed_calls(&script));
    }
    calls
}

/// The commands a sed script runs.
fn sed_calls(script: &str) -> Vec<Call> {
    let chars: Vec<char> = script.chars().collect();
    let mut calls = Vec::new();
    let mut at = 0;
    let to_line_end = |at: usize| {
        let end = chars[at..]
            .iter()
            .position(|c| *c == '\n')
            .map_or(chars.len(), |p| at + p);
        (chars[at..end].iter().collect::<String>(), end)
    };
    while at < chars.len() {
        // The address: lines, `$`, `/re/`, `\cREc`, steps and ranges.
        loop {
            match chars.get(at) {
                Some(c)
                    if c.is_ascii_digit() || matches!(c, '$' | ',' | '~' | '+' | ' ' | '\t') =>
                {
                    at += 1;
                }
                Some('/') => at = skip_delimited(&chars, at + 1, '/'),
                Some('\\') if chars.len() > at + 1 => {
                    at = skip_delimited(&chars, at + 2, chars[at + 1]);
                }
                Some('I' | 'M') if at > 0 && chars[at - 1] == '/' => at += 1,
                _ => break,
            }
        }
        while chars.get(at) == Some(&'!') || chars.get(at) == Some(&' ') {
            at += 1;
        }
        let Some(&command) = chars.get(at) else {
            break;
        };
        at += 1;
        match command {
            's' => {
                let Some(&delimiter) = chars.get(at) else {
                    break;
                };
                let pattern_end = skip_delimited(&chars, at + 1, delimiter);
                let replacement_end = skip_delimited(&chars, pattern_end, delimiter);
                let replacement: String = chars
                    [pattern_end..replacement_end.saturating_sub(1).max(pattern_end)]
                    .iter()
                    .collect();
                at = replacement_end;
                let mut executes = false;
                while let Some(&flag) = chars.get(at) {
                    if flag == 'w' || flag == 'W' {
                        at = to_line_end(at).1;
                        break;
                    }
                    if !flag.is_ascii_alphanumeric() {
                        break;
                    }
                    executes |= flag == 'e';
                    at += 1;
                }
                if executes {
                    let unescaped =
                        replacement.replace(&format!("\\{delimiter}"), &delimiter.to_string());
                    if unescaped.contains('&') || unescaped.contains('\\') {
                        calls.push(Call::Unreadable(
                            "sed's `e` flag runs a line made from its input as shell code; \
                             write the command itself"
                                .to_owned(),
                        ));
                    } else {
                        calls.push(Call::Shell(unescaped));
                    }
                }
            }
            'e' => {
                let (rest, end) = to_line_end(at);
                at = end;
                let command = rest.trim();
                if command.is_empty() || command.starts_with(';') {
                    calls.push(Call::Unreadable(
                        "sed's `e` runs its input as shell code; write the command itself"
                            .to_owned(),
                    ));
                } else {
                    calls.push(Call::Shell(command.to_owned()));
                }
            }
            'y' => {
                let Some(&delimiter) = chars.get(at) else {
                    break;
                };
                let first = skip_delimited(&chars, at + 1, delimiter);
                at = skip_delimited(&chars, first, delimiter);
            }
            'a' | 'i' | 'c' | 'r' | 'R' | 'w' | 'W' | ':' | '#' | 'b' | 't' | 'T' => {
                at = to_line_end(at).1;
            }
            _ => {}
        }
    }
    calls
}

/// Past the next unescaped `delimiter` from `at`.
fn skip_delimited(chars: &[char], mut at: usize, delimiter: char) -> usize {
    while let Some(&c) = chars.get(at) {
        at += 1;
        if c == '\\' {
            at += 1;
        } else if c == delimiter {
            break;
        }
    }
    at.min(chars.len())
}

/// vim and ex: the commands after `-c`, `--cmd` and `+`, and those an ex
/// mode reads on standard input: `!CMD`, `%!CMD` and `system('…')` run
/// shell code.
fn vim(args: &[String], stdin: Option<&str>) -> Vec<Call> {
    let mut commands: Vec<&str> = Vec::new();
    let mut at = 0;
    let mut ex_mode = false;
    while let Some(arg) = args.get(at) {
        if arg == "-c" || arg == "--cmd" {
            commands.extend(args.get(at + 1).map(String::as_str));
            at += 2;
            continue;
        }
        if let Some(command) = arg.strip_prefix('+') {
            if !command.is_empty() && !command.chars().all(|c| c.is_ascii_digit()) {
                commands.push(command);
            }
        } else if arg.starts_with('-') && !arg.starts_with("--") {
            ex_mode |= arg.contains('e') || arg.contains('s');
        }
        at += 1;
    }
    if ex_mode {
        commands.extend(stdin.into_iter().flat_map(str::lines));
    }
    commands.into_iter().filter_map(vim_shell).collect()
}

/// The shell code one ex command runs.
fn vim_shell(command: &str) -> Option<Call> {
    let command = command.trim_start_matches([':', ' ', '\t']);
    let command = command
        .strip_prefix("silent")
        .map_or(command, |rest| rest.trim_start_matches('!').trim_start());
    let after_range = command.trim_start_matches(|c: char| {
        c.is_ascii_digit() || matches!(c, '%' | '.' | ',' | '$' | '\'' | '<' | '>' | ' ')
    });
    if let Some(code) = after_range.strip_prefix('!') {
        return Some(Call::Shell(code.to_owned()));
    }
    let at = command.find("system(")?;
    let argument = command[at + 7..].trim_start();
    let quote = argument
        .chars()
        .next()
        .filter(|c| *c == '\'' || *c == '"')?;
    let end = argument[1..].find(quote)?;
    Some(Call::Shell(argument[1..=end].to_owned()))
}

/// tclsh, wish and expect: the script (a file operand or standard input),
/// read for `exec`, `spawn`, `open "|…"` and `file delete`.
fn tcl(
    args: &[String],
    read: &dyn Fn(usize) -> Option<Option<String>>,
    stdin: Option<&str>,
) -> Vec<Call> {
    let script = match args.iter().position(|a| !is_option(a)) {
        Some(at) => match file_text(read, at, "the Tcl script") {
            Ok(text) => text,
            Err(call) => return vec![call],
        },
        None => stdin.map(str::to_owned),
    };
    let Some(script) = script else {
        return Vec::new();
    };
    let mut calls = Vec::new();
    for command in script.split(['\n', ';', '[', ']']) {
        let words: Vec<String> = command
            .split_whitespace()
            .map(|w| {
                let w = w.trim_matches(['{', '}', '"']);
                match w {
                    "$env(HOME)" | "$::env(HOME)" => "~".to_owned(),
                    _ => w.replace("$env(HOME)", "~").replace("$::env(HOME)", "~"),
                }
            })
            .collect();
        match words
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice()
        {
            ["exec" | "spawn", rest @ ..] if !rest.is_empty() => {
                let rest: Vec<String> = rest
                    .iter()
                    .skip_while(|w| w.starts_with('-'))
                    .map(|w| (*w).to_owned())
                    .collect();
                calls.push(Call::Command(rest));
            }
            ["file", "delete", rest @ ..] => {
                for path in rest.iter().filter(|w| !w.starts_with('-')) {
                    calls.push(Call::DeleteTree((*path).to_owned()));
                }
            }
            ["open", target, ..] if target.starts_with('|') => {
                calls.push(Call::Shell(target[1..].to_owned()));
            }
            _ => {}
        }
    }
    calls
}

/// tar's options that run a command: `--checkpoint-action=exec=CMD`,
/// `--to-command`, `--use-compress-program` (`-I`), `--info-script`
/// (`-F`), `--new-volume-script`, `--rsh-command`.
fn tar(args: &[String]) -> Vec<Call> {
    const RUNS: &[&str] = &[
        "--to-command",
        "--use-compress-program",
        "--info-script",
        "--new-volume-script",
        "--rsh-command",
    ];
    let mut calls = Vec::new();
    let mut at = 0;
    while let Some(arg) = args.get(at) {
        at += 1;
        if let Some(action) = arg.strip_prefix("--checkpoint-action=") {
            if let Some(code) = action.strip_prefix("exec=") {
                calls.push(Call::Shell(code.to_owned()));
            }
            continue;
        }
        if let Some((key, value)) = arg.split_once('=') {
            if RUNS.contains(&key) {
                calls.push(Call::Shell(value.to_owned()));
            }
            continue;
        }
        if RUNS.contains(&arg.as_str()) || arg == "-I" || arg == "-F" {
            calls.extend(args.get(at).map(|code| Call::Shell(code.clone())));
            at += 1;
        }
    }
    calls
}

/// make: the recipes (tab-indented lines) and `$(shell …)` of the
/// makefiles `-f` names when the line wrote them, and `--eval` text.
fn make(args: &[String], read: &dyn Fn(usize) -> Option<Option<String>>) -> Vec<Call> {
    let mut calls = Vec::new();
    let mut texts = Vec::new();
    let mut at = 0;
    while let Some(arg) = args.get(at) {
        let file = match arg.as_str() {
            "-f" | "--file" | "--makefile" => Some(at + 1),
            _ => None,
        };
        if let Some(file) = file {
            match file_text(read, file, "the makefile") {
                Ok(text) => texts.extend(text),
                Err(call) => calls.push(call),
            }
            at += 2;
            continue;
        }
        if let Some(text) = arg.strip_prefix("--eval=") {
            texts.push(text.to_owned());
        } else if arg == "-E" {
            texts.extend(args.get(at + 1).cloned());
            at += 1;
        }
        at += 1;
    }
    for text in texts {
        for line in text.lines() {
            if let Some(recipe) = line.strip_prefix('\t') {
                let recipe = recipe
                    .trim_start_matches(['@', '-', '+'])
                    .replace("$$", "$");
                calls.push(Call::Shell(recipe));
            }
            let mut rest = line;
            while let Some(at) = rest.find("$(shell ") {
                let code = &rest[at + 8..];
                let end = code.find(')').unwrap_or(code.len());
                calls.push(Call::Shell(code[..end].to_owned()));
                rest = &code[end..];
            }
        }
    }
    calls
}

/// Settings whose value git runs as shell code.
fn runs_shell(key: &str) -> bool {
    const KEYS: &[&str] = &[
        "core.pager",
        "core.editor",
        "core.sshcommand",
        "core.askpass",
        "core.fsmonitor",
        "sequence.editor",
        "diff.external",
        "gpg.program",
        "credential.helper",
    ];
    let key = key.to_ascii_lowercase();
    KEYS.contains(&key.as_str())
        || key.starts_with("pager.")
        || key.ends_with(".textconv")
        || (key.starts_with("filter.")
            && (key.ends_with(".clean") || key.ends_with(".smudge") || key.ends_with(".process")))
        || (key.starts_with("merge.") && key.ends_with(".driver"))
        || (key.starts_with("diff.") && key.ends_with(".command"))
}

/// git's `-c KEY=VALUE`: an alias the subcommand names runs (`!CODE` as
/// shell code, anything else as git's own subcommand), and settings such
/// as `core.pager` run their value as shell code.
fn git(args: &[String]) -> Vec<Call> {
    let mut calls = Vec::new();
    let mut aliases: Vec<(String, String)> = Vec::new();
    let mut at = 0;
    while let Some(arg) = args.get(at) {
        match arg.as_str() {
            "-c" => {
                if let Some((key, value)) = args.get(at + 1).and_then(|kv| kv.split_once('=')) {
                    let lower = key.to_ascii_lowercase();
                    if let Some(name) = lower.strip_prefix("alias.") {
                        aliases.push((name.to_owned(), value.to_owned()));
                    } else if runs_shell(key)
                        && !matches!(value, "true" | "false")
                        && (lower != "credential.helper" || value.starts_with('!'))
                    {
                        calls.push(Call::Shell(value.trim_start_matches('!').to_owned()));
                    }
                }
                at += 2;
            }
            "-C" | "--git-dir" | "--work-tree" | "--namespace" | "--config-env"
            | "--super-prefix" | "--attr-source" | "--list-cmds" => at += 2,
            _ if is_option(arg) => at += 1,
            _ => break,
        }
    }
    let Some(subcommand) = args.get(at) else {
        return calls;
    };
    let rest = &args[at + 1..];
    if let Some((_, value)) = aliases
        .iter()
        .rev()
        .find(|(name, _)| name.eq_ignore_ascii_case(subcommand))
    {
        if let Some(code) = value.strip_prefix('!') {
            let mut code = code.to_owned();
            for arg in rest {
                code.push(' ');
                code.push_str(arg);
            }
            calls.push(Call::Shell(code));
        } else {
            let mut command = vec!["git".to_owned()];
            command.extend(value.split_whitespace().map(str::to_owned));
            command.extend(rest.iter().cloned());
            calls.push(Call::Command(command));
        }
    }
    calls
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| (*a).to_owned()).collect()
    }

    fn of(program: &str, args: &[&str]) -> Vec<Call> {
        calls(program, &words(args), &|_| None, None)
    }

    fn shell(code: &str) -> Call {
        Call::Shell(code.to_owned())
    }

    #[test]
    fn awk_runs_system_and_pipes() {
        assert_eq!(
            of("awk", &["BEGIN { system(\"rm -rf ~\") }"]),
            [shell("rm -rf ~")]
        );
        assert_eq!(
            of("awk", &["BEGIN { print \"rm -rf ~\" | \"sh\" }"]),
            [Call::Piped("sh".to_owned(), "rm -rf ~".to_owned())]
        );
        assert_eq!(
            of("gawk", &["-F", ":", "BEGIN { \"date\" | getline d }"]),
            [shell("date")]
        );
        assert!(matches!(
            of("awk", &["{ system($0) }"]).as_slice(),
            [Call::Unreadable(_)]
        ));
        assert_eq!(of("awk", &["{print $1}"]), []);
        assert_eq!(of("awk", &["$1 == 1 || $2 == 2"]), []);
        assert_eq!(of("awk", &["BEGIN { print \"rm -rf ~\" }"]), []);
    }

    #[test]
    fn sed_runs_its_e_command_and_flag() {
        assert_eq!(of("sed", &["s/.*/rm -rf ~/e"]), [shell("rm -rf ~")]);
        assert_eq!(of("sed", &["1e rm -rf ~"]), [shell("rm -rf ~")]);
        assert_eq!(
            of("sed", &["-n", "-e", "s|x|rm -rf /|ep"]),
            [shell("rm -rf /")]
        );
        assert!(matches!(
            of("sed", &["s/.*/& x/e"]).as_slice(),
            [Call::Unreadable(_)]
        ));
        for script in [
            "s/a/b/",
            "s/e/x/g",
            "/e/d",
            "y/abc/xyz/",
            "s/a/b/w out.e",
            "1i echo e",
        ] {
            assert_eq!(of("sed", &["-i", script, "file"]), [], "{script}");
        }
    }

    #[test]
    fn vim_tcl_tar_make_and_git_run_what_they_say() {
        assert_eq!(
            of("vim", &["-es", "-c", "!rm -rf ~", "-c", "q"]),
            [shell("rm -rf ~")]
        );
        assert_eq!(of("ex", &["+%!rm -rf ~", "x"]), [shell("rm -rf ~")]);
        assert_eq!(
            of("vim", &["-c", "call system('rm -rf ~')"]),
            [shell("rm -rf ~")]
        );
        assert_eq!(of("vim", &["-c", "wq", "+10", "notes.txt"]), []);
        assert_eq!(
            calls("tclsh", &[], &|_| None, Some("exec rm -rf $env(HOME)")),
            [Call::Command(words(&["rm", "-rf", "~"]))]
        );
        assert_eq!(
            calls("tclsh", &[], &|_| None, Some("file delete -force /etc")),
            [Call::DeleteTree("/etc".to_owned())]
        );
        assert_eq!(calls("tclsh", &[], &|_| None, Some("puts hi")), []);
        assert_eq!(
            of(
                "tar",
                &["-cf", "x.tar", "--checkpoint-action=exec=rm -rf ~", "."]
            ),
            [shell("rm -rf ~")]
        );
        assert_eq!(
            of("tar", &["-I", "rm -rf ~", "-cf", "x"]),
            [shell("rm -rf ~")]
        );
        assert_eq!(of("tar", &["-czf", "out.tgz", "./dist"]), []);
        let makefile = |_| Some(Some("all:\n\t@rm -rf ~\nX := $(shell id)\n".to_owned()));
        assert_eq!(
            calls("make", &words(&["-f", "/dev/fd/63"]), &makefile, None),
            [shell("rm -rf ~"), shell("id")]
        );
        assert!(matches!(
            calls("make", &words(&["-f", "/dev/fd/63"]), &|_| Some(None), None).as_slice(),
            [Call::Unreadable(_)]
        ));
        assert_eq!(
            of("git", &["-c", "alias.x=!rm -rf ~", "x"]),
            [shell("rm -rf ~")]
        );
        assert_eq!(
            of("git", &["-c", "alias.c=clean -fdx", "c"]),
            [Call::Command(words(&["git", "clean", "-fdx"]))]
        );
        assert_eq!(
            of("git", &["-c", "core.pager=rm -rf ~", "log"]),
            [shell("rm -rf ~")]
        );
        assert_eq!(of("git", &["-c", "user.name=x", "commit"]), []);
        assert_eq!(of("git", &["-c", "credential.helper=store", "push"]), []);
    }
}
