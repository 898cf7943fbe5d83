//! The code Python, Perl, Node.js and Ruby run from the command line
//! (`python3 -c …`, `perl -e …`, `node -e …`, `ruby -e …`, or a
//! here-document on standard input), read for the calls that matter to the
//! rules.
//!
//! These are heuristics, not a parser of those languages: a call is a
//! known name followed by `(` (or, in Perl and Ruby, by a string), and
//! only string literals count as its arguments.
//!
//! - `os.system('…')`, `subprocess.run('…')`, `os.popen('…')`, Perl's
//!   `system "…"`, `exec "…"` and backquotes, Node's `execSync('…')`,
//!   Ruby's `system("…")`, `%x{…}` and backquotes run the string as shell
//!   code; `subprocess.run(['rm', '-rf', '/'])`, `system('rm', '-rf', '/')`
//!   and `spawnSync('rm', ['-rf', '/'])` run the words as a command.
//! - `shutil.rmtree('…')`, Perl's `rmtree('…')` and `remove_tree('…')`
//!   delete a tree, and so do Node's `rmSync('…')` and Ruby's
//!   `FileUtils.rm_rf('…')`: seen as `rm -r -- PATH`.
//!   `os.path.expanduser('~…')`, `Path.home()`, `os.environ['HOME']`,
//!   `$ENV{HOME}`, `os.homedir()`, `process.env.HOME`, `Dir.home` and
//!   `ENV['HOME']` are the home directory.
//!
//! Code built at run time (`exec(base64…)`, a name bound to `os.system`)
//! is not read.

use super::command::is_option;

/// A language whose inline code is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Language {
    Python,
    Perl,
    Node,
    Ruby,
}

/// The language `name` (without its version: `python3.12` is `python`)
/// runs, if it is one the guard reads.
pub(super) fn language(unversioned: &str) -> Option<Language> {
    match unversioned {
        "python" | "pypy" => Some(Language::Python),
        "perl" => Some(Language::Perl),
        "node" | "nodejs" => Some(Language::Node),
        "ruby" => Some(Language::Ruby),
        _ => None,
    }
}

/// Where an interpreter's code comes from.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Source {
    /// Strings on the command line: the index of each in the arguments.
    Inline(Vec<usize>),
    /// Standard input (no script named, or `-`).
    Stdin,
    /// A script file, at this index of the arguments, or a module
    /// (`-m json.tool`): not on the line.
    Script(Option<usize>),
}

/// Where the interpreter's code comes from, read from its options.
pub(super) fn source(language: Language, args: &[String]) -> Source {
    let (code_flags, valued) = match language {
        Language::Python => ("c", "WXQ"),
        Language::Perl => ("eE", "IMmdDxCil0"),
        Language::Node => ("ep", "r"),
        Language::Ruby => ("e", "ICrE"),
    };
    // One string is the whole program: the first `-c` (Python), `-e` or
    // `-p` (Node).
    let single = matches!(language, Language::Python | Language::Node);
    let mut inline = Vec::new();
    let mut at = 0;
    while let Some(arg) = args.get(at) {
        if arg == "-" || arg == "--" {
            return if inline.is_empty() {
                Source::Stdin
            } else {
                Source::Inline(inline)
            };
        }
        if !is_option(arg) {
            break;
        }
        if language == Language::Node && matches!(arg.as_str(), "--eval" | "--print") {
            inline.push(at + 1);
            return Source::Inline(inline);
        }
        if arg.starts_with("--") {
            at += 1;
            continue;
        }
        let cluster = &arg[1..];
        // `-c CODE`, `-Bc CODE`, `-we CODE`: the flag last takes the next
        // word; `-m module` names a module.
        match cluster
            .char_indices()
            .find(|(_, c)| code_flags.contains(*c) || *c == 'm')
        {
            Some((_, 'm')) if language == Language::Python => return Source::Script(None),
            Some((p, flag)) if p + flag.len_utf8() == cluster.len() => {
                inline.push(at + 1);
                at += 2;
                if single {
                    return Source::Inline(inline);
                }
                continue;
            }
            _ => {}
        }
        let last = cluster.chars().last().unwrap_or(' ');
        at += if cluster.len() == 1 && valued.contains(last) {
            2
        } else {
            1
        };
    }
    if !inline.is_empty() {
        Source::Inline(inline)
    } else if at >= args.len() {
        Source::Stdin
    } else {
        Source::Script(Some(at))
    }
}

/// What a piece of interpreter code does that the rules read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Call {
    /// A string run as shell code.
    Shell(String),
    /// Words run as a command.
    Command(Vec<String>),
    /// A directory tree deleted.
    DeleteTree(String),
    /// A string run as shell code, reading this text on standard input
    /// (awk's `print "…" | "sh"`).
    Piped(String, String),
    /// Code the guard cannot read runs: why.
    Unreadable(String),
}

const SHELL_CALLS: &[&str] = &[
    "system",
    "popen",
    "run",
    "call",
    "check_call",
    "check_output",
    "Popen",
    "getoutput",
    "getstatusoutput",
];

/// Calls that run a program from words: `os.execvp('rm', ['rm', …])`.
const EXEC_CALLS: &[&str] = &[
    "execv",
    "execve",
    "execvp",
    "execvpe",
    "execl",
    "execle",
    "execlp",
    "execlpe",
    "spawnv",
    "spawnvp",
    "spawnl",
    "spawnlp",
    "posix_spawn",
    "posix_spawnp",
];

const DELETE_CALLS: &[&str] = &["rmtree", "remove_tree"];

/// Node's calls that run a string as shell code, or a file with a list of
/// arguments.
const NODE_SHELL_CALLS: &[&str] = &[
    "exec",
    "execSync",
    "execFile",
    "execFileSync",
    "spawn",
    "spawnSync",
];

const NODE_DELETE_CALLS: &[&str] = &["rmSync", "rmdirSync", "rm", "rmdir", "removeSync", "remove"];

/// Ruby's calls that run a string as shell code, or words as a command.
const RUBY_SHELL_CALLS: &[&str] = &[
    "system",
    "exec",
    "spawn",
    "popen",
    "capture2",
    "capture2e",
    "capture3",
    "popen3",
    "popen2",
];

const RUBY_DELETE_CALLS: &[&str] = &[
    "rm_rf",
    "rm_r",
    "remove_dir",
    "remove_entry",
    "remove_entry_secure",
    "rmtree",
];

/// The calls found in `code`.
pub(super) fn calls(language: Language, code: &str) -> Vec<Call> {
    let mut calls = Vec::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let c = bytes[at];
        if c == b'\'' || c == b'"' {
            at = literal_at(code, at).map_or(bytes.len(), |(_, end)| end);
            continue;
        }
        // Perl's `qx{…}`, `qx(…)`, `qx/…/`; Ruby's `%x{…}`.
        let quoted_command = match language {
            Language::Perl => bytes[at..].starts_with(b"qx"),
            Language::Ruby => bytes[at..].starts_with(b"%x"),
            _ => false,
        };
        if quoted_command {
            let open = code[at + 2..]
                .chars()
                .next()
                .filter(|c| c.is_ascii_punctuation());
            if let Some(open) = open {
                let close = match open {
                    '{' => '}',
                    '(' => ')',
                    '[' => ']',
                    '<' => '>',
                    other => other,
                };
                let body = at + 3;
                let end = code[body..].find(close).map_or(bytes.len(), |e| body + e);
                calls.push(Call::Shell(code[body..end].to_owned()));
                at = end + 1;
                continue;
            }
        }
        if c == b'`' && matches!(language, Language::Perl | Language::Ruby) {
            let end = code[at + 1..].find('`').map_or(bytes.len(), |e| at + 1 + e);
            calls.push(Call::Shell(code[at + 1..end].to_owned()));
            at = end + 1;
            continue;
        }
        if !(c.is_ascii_alphabetic() || c == b'_') {
            at += 1;
            continue;
        }
        let start = at;
        while at < bytes.len() && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_') {
            at += 1;
        }
        let name = &code[start..at];
        let (shell, delete) = match language {
            Language::Python | Language::Perl => (
                SHELL_CALLS.contains(&name) || (language == Language::Perl && name == "exec"),
                DELETE_CALLS.contains(&name),
            ),
            Language::Node => (
                NODE_SHELL_CALLS.contains(&name),
                NODE_DELETE_CALLS.contains(&name),
            ),
            Language::Ruby => (
                RUBY_SHELL_CALLS.contains(&name),
                RUBY_DELETE_CALLS.contains(&name),
            ),
        };
        let exec = language == Language::Python && EXEC_CALLS.contains(&name);
        if !shell && !exec && !delete {
            continue;
        }
        let literals = arguments(language, code, at);
        // The words up to the end of the first list: `run(['rm', '-rf',
        // 'x'], cwd='/')` runs `rm -rf x`; `execvp('rm', ['rm', '-rf'])`
        // runs `rm` with `rm -rf`.
        let mut words: Vec<String> = Vec::new();
        let mut listed = false;
        for (text, in_list) in &literals {
            if listed && !in_list {
                break;
            }
            listed |= *in_list;
            words.push(text.clone());
        }
        match literals.as_slice() {
            [] => {}
            _ if delete => calls.extend(literals.into_iter().map(|l| Call::DeleteTree(l.0))),
            [(one, false)] if shell => calls.push(Call::Shell(one.clone())),
            _ if exec && listed && words.len() > 1 => {
                // `execvp(file, [argv0, args…])`: the file, then the args.
                let mut command = vec![words[0].clone()];
                command.extend(words.into_iter().skip(2));
                calls.push(Call::Command(command));
            }
            _ if exec && !listed && words.len() > 1 => {
                // `execlp(file, argv0, args…)`.
                let mut command = vec![words[0].clone()];
                command.extend(words.into_iter().skip(2));
                calls.push(Call::Command(command));
            }
            _ => calls.push(Call::Command(words)),
        }
    }
    calls
}

/// The string arguments of a call whose name ends at `at`, with whether
/// each sits in a list (`['rm', '-rf']`): up to the closing parenthesis,
/// or, for Perl without parentheses, to the end of the statement.
fn arguments(language: Language, code: &str, at: usize) -> Vec<(String, bool)> {
    let rest = &code[at..];
    let trimmed = rest.trim_start();
    let open = at + (rest.len() - trimmed.len());
    let parenthesized = trimmed.starts_with('(');
    let bare_string =
        matches!(language, Language::Perl | Language::Ruby) && trimmed.starts_with(['"', '\'']);
    if !parenthesized && !bare_string {
        return Vec::new();
    }
    let mut literals = Vec::new();
    // Parentheses end the call; brackets hold a list of words.
    let (mut depth, mut list) = (0usize, 0usize);
    let mut i = if parenthesized { open + 1 } else { open };
    let bytes = code.as_bytes();
    while i < bytes.len() {
        match bytes[i] {
            b'\'' | b'"' => match literal_at(code, i) {
                Some((text, end)) => {
                    literals.push((text, list > 0));
                    i = end;
                    continue;
                }
                None => break,
            },
            b'[' => list += 1,
            b']' => list = list.saturating_sub(1),
            b'(' => depth += 1,
            b')' if depth == 0 => break,
            b')' => depth -= 1,
            b';' | b'\n' if !parenthesized => break,
            _ => {}
        }
        if code.get(i..).is_some_and(home_at) {
            literals.push(("~".to_owned(), list > 0));
        }
        i += 1;
    }
    literals
}

/// `Path.home()`, `os.environ['HOME']`, `$ENV{HOME}` at the start of
/// `text`: the home directory.
fn home_at(text: &str) -> bool {
    [
        "Path.home()",
        "environ['HOME']",
        "environ[\"HOME\"]",
        "$ENV{HOME}",
        "homedir()",
        "env.HOME",
        "Dir.home",
        "ENV['HOME']",
        "ENV[\"HOME\"]",
    ]
    .iter()
    .any(|home| text.starts_with(home))
}

/// The string literal whose quote is at `at` (escapes read as the
/// character after the backslash), and where it ends.
fn literal_at(code: &str, at: usize) -> Option<(String, usize)> {
    let quote = code[at..].chars().next()?;
    let mut text = String::new();
    let mut chars = code[at + 1..].char_indices();
    while let Some((offset, c)) = chars.next() {
        if c == quote {
            return Some((text, at + 1 + offset + 1));
        }
        if c == '\\' {
            if let Some((_, escaped)) = chars.next() {
                text.push(match escaped {
                    'n' => '\n',
                    't' => '\t',
                    other => other,
                });
            }
            continue;
        }
        text.push(c);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| (*a).to_owned()).collect()
    }

    #[test]
    fn the_code_comes_from_its_options() {
        use Language::{Perl, Python};
        assert_eq!(
            source(Python, &words(&["-c", "x"])),
            Source::Inline(vec![1])
        );
        assert_eq!(
            source(Python, &words(&["-Bc", "x", "arg"])),
            Source::Inline(vec![1])
        );
        assert_eq!(
            source(Python, &words(&["-W", "ignore", "-c", "x"])),
            Source::Inline(vec![3])
        );
        assert_eq!(
            source(Python, &words(&["-m", "json.tool"])),
            Source::Script(None)
        );
        assert_eq!(
            source(Python, &words(&["script.py", "-c"])),
            Source::Script(Some(0))
        );
        assert_eq!(source(Python, &words(&["-"])), Source::Stdin);
        assert_eq!(source(Python, &[]), Source::Stdin);
        assert_eq!(
            source(
                Perl,
                &words(&["-MFile::Path=remove_tree", "-we", "x", "-e", "y"])
            ),
            Source::Inline(vec![2, 4])
        );
        assert_eq!(
            source(Perl, &words(&["-I", "lib", "x.pl"])),
            Source::Script(Some(2))
        );
    }

    #[test]
    fn calls_are_read_from_string_literals() {
        use Language::{Perl, Python};
        let shell = |s: &str| Call::Shell(s.to_owned());
        assert_eq!(
            calls(Python, "import os; os.system('rm -rf /')"),
            [shell("rm -rf /")]
        );
        assert_eq!(
            calls(Python, "subprocess.run(['rm', '-rf', '/etc'], check=True)"),
            [Call::Command(words(&["rm", "-rf", "/etc"]))]
        );
        assert_eq!(
            calls(Python, "shutil.rmtree(os.path.expanduser('~'))"),
            [Call::DeleteTree("~".to_owned())]
        );
        assert_eq!(
            calls(Python, "shutil.rmtree(Path.home())"),
            [Call::DeleteTree("~".to_owned())]
        );
        assert_eq!(calls(Python, "print('os.system(1)')"), []);
        assert_eq!(
            calls(Perl, "system \"rm -rf /\"; print 1"),
            [shell("rm -rf /")]
        );
        assert_eq!(calls(Perl, "`rm -rf ~`"), [shell("rm -rf ~")]);
        assert_eq!(
            calls(Perl, "remove_tree(\"/etc\", $ENV{HOME})"),
            [
                Call::DeleteTree("/etc".to_owned()),
                Call::DeleteTree("~".to_owned())
            ]
        );
        assert_eq!(calls(Python, "system(x)"), []);
        assert_eq!(
            calls(Python, "subprocess.run(['rm', '-rf', 'build'], cwd='/')"),
            [Call::Command(words(&["rm", "-rf", "build"]))]
        );
        assert_eq!(
            calls(Python, "os.execvp('rm', ['rm', '-rf', '/'])"),
            [Call::Command(words(&["rm", "-rf", "/"]))]
        );
        assert_eq!(
            calls(Python, "os.execlp('rm', 'rm', '-rf', '/')"),
            [Call::Command(words(&["rm", "-rf", "/"]))]
        );
        assert_eq!(calls(Perl, "my $x = qx{rm -rf /};"), [shell("rm -rf /")]);
        assert_eq!(calls(Perl, "print 'é'; $ENV{HOME}"), []);
    }

    #[test]
    fn node_and_ruby_calls_are_read() {
        use Language::{Node, Ruby};
        let shell = |s: &str| Call::Shell(s.to_owned());
        assert_eq!(
            source(Node, &words(&["-p", "x", "y"])),
            Source::Inline(vec![1])
        );
        assert_eq!(
            source(Node, &words(&["--eval", "x"])),
            Source::Inline(vec![1])
        );
        assert_eq!(
            source(Ruby, &words(&["-w", "-e", "x", "-e", "y"])),
            Source::Inline(vec![2, 4])
        );
        assert_eq!(
            calls(Node, "require('child_process').execSync('rm -rf ~')"),
            [shell("rm -rf ~")]
        );
        assert_eq!(
            calls(
                Node,
                "require('child_process').spawnSync('rm', ['-rf', '/'])"
            ),
            [Call::Command(words(&["rm", "-rf", "/"]))]
        );
        assert_eq!(
            calls(
                Node,
                "fs.rmSync(require('os').homedir(), {recursive: true})"
            ),
            [
                Call::DeleteTree("os".to_owned()),
                Call::DeleteTree("~".to_owned())
            ]
        );
        assert_eq!(calls(Node, "console.log(`rm -rf ~`)"), []);
        assert_eq!(calls(Ruby, "system(\"rm -rf ~\")"), [shell("rm -rf ~")]);
        assert_eq!(calls(Ruby, "%x{rm -rf /}"), [shell("rm -rf /")]);
        assert_eq!(
            calls(Ruby, "FileUtils.rm_rf(Dir.home)"),
            [Call::DeleteTree("~".to_owned())]
        );
        assert_eq!(calls(Ruby, "puts 1"), []);
    }
}
