//! `ShellCommand`: one simple command of a parsed command line, as the
//! rules see it, and `CommandOption`, an option as written on it.

/// One simple command found in a command line, with quotes removed and the
/// context the rules need: what feeds it, whether it runs in a pipe or in
/// the background, the function it sits in.
///
/// `sudo rm -rf /` is seen twice: once as `sudo` with its arguments, once
/// as `rm -rf /` (the command `sudo` runs); the same holds for `env`,
/// `nice`, `nohup`, `time`, `timeout`, `xargs`, `command`, `exec` and the
/// other wrappers that run their arguments. A tree that inline Python or
/// Perl code deletes (`shutil.rmtree('/')`) is seen as the command that
/// does the same, `rm -r -- /`, with the interpreter's command as its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShellCommand {
    pub(super) name: String,
    pub(super) args: Vec<String>,
    pub(super) redirects: Vec<Redirect>,
    pub(super) text: String,
    pub(super) fed_by: Vec<String>,
    pub(super) in_function: Option<String>,
    pub(super) in_pipeline: bool,
    pub(super) in_background: bool,
    pub(super) cwd: Option<String>,
}

impl ShellCommand {
    /// The command's name: the last `/`-separated part of its first word,
    /// quotes removed (`"/bin/rm"` → `rm`); empty for a command made of
    /// redirections only (`> /dev/sda`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The arguments after the name, quotes removed; expansions
    /// (`$HOME`, `$(…)`) are kept as written.
    pub fn args(&self) -> &[String] {
        &self.args
    }

    /// The redirections of the command.
    pub fn redirects(&self) -> &[Redirect] {
        &self.redirects
    }

    /// The simple command as written, words joined by one space.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The names of the commands whose output this one reads: the earlier
    /// commands of its pipeline, and those inside its process and command
    /// substitutions (`bash <(curl …)`: `curl`).
    pub fn fed_by(&self) -> &[String] {
        &self.fed_by
    }

    /// The function whose body holds the command, if any.
    pub fn in_function(&self) -> Option<&str> {
        self.in_function.as_deref()
    }

    /// Whether the command is part of a pipeline of two or more commands.
    pub fn in_pipeline(&self) -> bool {
        self.in_pipeline
    }

    /// Whether the command runs in the background (`… &`).
    pub fn in_background(&self) -> bool {
        self.in_background
    }

    /// The directory the command runs in, when the line moved to one it
    /// names (`cd / && rm -rf *`: `/`; `env -C ~ …`: `~`); `None` for the
    /// directory the line starts in, or one the line does not tell
    /// (`cd "$DIR"`). [`PathClass`](super::PathClass) reads relative
    /// operands from it.
    pub fn cwd(&self) -> Option<&str> {
        self.cwd.as_deref()
    }

    /// `path` as seen from [`ShellCommand::cwd`]: joined to it when
    /// relative.
    pub(super) fn resolved(&self, path: &str) -> String {
        match &self.cwd {
            Some(cwd) if !is_anchored(path) => format!("{cwd}/{path}"),
            _ => path.to_owned(),
        }
    }

    /// Whether `option` is given before `--`: alone (`-r`), in a cluster of
    /// short options (`-rf`), or long, with or without a value
    /// (`--force-with-lease=main`), and abbreviated as GNU getopt and git
    /// accept it (`--rec` is `--recursive`, `--har` is `--hard`).
    pub fn has_option(&self, option: CommandOption) -> bool {
        self.options().any(|arg| match option {
            CommandOption::Short(c) => {
                !arg.starts_with("--") && arg.chars().skip(1).any(|found| found == c)
            }
            CommandOption::Long(name) => arg
                .strip_prefix("--")
                .map(|rest| rest.split_once('=').map_or(rest, |(key, _)| key))
                .is_some_and(|key| !key.is_empty() && name.starts_with(key)),
            CommandOption::Literal(literal) => arg == literal,
        })
    }

    /// The operands: the arguments that are not options, and everything
    /// after `--`. For `git`, the values of the global options that take
    /// one (`-C`, `-c`, `--git-dir`, `--work-tree`, `--namespace`, …) are
    /// skipped, so the subcommand comes first.
    pub fn operands(&self) -> Vec<String> {
        let valued: &[&str] = match self.name.as_str() {
            "git" => &[
                "-C",
                "-c",
                "--git-dir",
                "--work-tree",
                "--namespace",
                "--config-env",
                "--super-prefix",
                "--attr-source",
                "--list-cmds",
            ],
            _ => &[],
        };
        let mut operands = Vec::new();
        let mut args = self.args.iter();
        while let Some(arg) = args.next() {
            if arg == "--" {
                operands.extend(args.by_ref().cloned());
                break;
            }
            if is_option(arg) {
                if valued.contains(&arg.as_str()) {
                    args.next();
                }
                continue;
            }
            operands.push(arg.clone());
        }
        operands
    }

    fn options(&self) -> impl Iterator<Item = &str> {
        self.args
            .iter()
            .take_while(|arg| *arg != "--")
            .map(String::as_str)
            .filter(|arg| is_option(arg))
    }
}

/// `/x`, `~/x`, `$HOME/x`: a path that does not hang on the directory the
/// command runs in.
pub(super) fn is_anchored(path: &str) -> bool {
    path.starts_with(['/', '~']) || path.starts_with("$HOME") || path.starts_with("${HOME")
}

/// `-x`, `-xyz`, `-0`, `--name`: not `-` alone (standard input).
pub(super) fn is_option(arg: &str) -> bool {
    arg.len() > 1 && arg.starts_with('-')
}

/// A redirection of a simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redirect {
    pub(super) writes: bool,
    pub(super) target: String,
}

impl Redirect {
    /// Whether the redirection writes to its target (`>`, `>>`, `>|`,
    /// `<>`, `&>`).
    pub fn writes(&self) -> bool {
        self.writes
    }

    /// The file redirected to or from, quotes removed.
    pub fn target(&self) -> &str {
        &self.target
    }
}

/// An option as it is written on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CommandOption {
    /// `-r`, alone or in a cluster such as `-rf`.
    Short(char),
    /// `--recursive`, or `--force-with-lease=…` for `Long("force-with-lease")`.
    Long(&'static str),
    /// An argument spelled exactly so, for commands whose long options take
    /// one dash (`find -name`, `find -delete`).
    Literal(&'static str),
}
