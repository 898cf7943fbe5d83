//! The bash guard: a command line parsed as shell, every simple command in
//! it matched against rules.

mod builtins;
mod command;
mod escapes;
mod interpreters;
mod known;
mod layers;
mod parse;
mod paths;
mod programs;
mod rules;
mod stdin;
mod walk;
mod words;
mod wrappers;

use std::collections::HashSet;
use std::fmt;

use toolsmith_text::echo;

pub use command::{CommandOption, Redirect, ShellCommand};
pub use rules::{BashMatcher, BashRule, CommandMatch, DEFAULT_BASH_RULES, Operand, PathClass};

use walk::{Trouble, Walk};

/// The longest command line the guard reads, in bytes; a longer one is a
/// [`BashFinding::TOO_COMPLEX`] finding.
pub const MAX_BASH_COMMAND_BYTES: usize = 64 * 1024;

/// How many characters of the offending command a finding shows.
const SHOWN_COMMAND_CHARS: usize = 120;

/// A rule that matched a command line, or a command line the guard could
/// not read.
///
/// `Display` is the line for the model:
/// `Refused command "rm -rf /" (rule rm-recursive-root): recursive delete …`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BashFinding {
    /// The [`BashRule::id`], or [`BashFinding::UNPARSEABLE`] or
    /// [`BashFinding::TOO_COMPLEX`].
    pub rule: &'static str,
    /// The offending simple command as written, sanitized and cut short.
    pub command: String,
    /// The rule's message, or why the command line could not be read.
    pub message: String,
}

impl BashFinding {
    /// The rule id of a command line that is not shell syntax (unclosed
    /// quote, stray `)`): the guard fails closed rather than guess.
    pub const UNPARSEABLE: &'static str = "unparseable";
    /// The rule id of a command line longer than
    /// [`MAX_BASH_COMMAND_BYTES`] or nested deeper than the guard reads:
    /// 32 levels of brackets or compound commands (`if`, loops, `{ }`,
    /// subshells), 6 of `case` in `case`, 8 of strings run as code
    /// (`bash -c` in `bash -c`, `$(…)` in `$(…)`), brace expansion
    /// making more than 4096 words or 256 KiB of one word (1 MiB over the
    /// line), or aliases run more than 64 times.
    pub const TOO_COMPLEX: &'static str = "too-complex";
    /// The rule id of a command line whose effect depends on what the
    /// guard cannot read: a program named by an expansion (`$(echo rm)
    /// -rf /`, `$CMD`) or renamed to one (`hash -p "$(…)" x`), shell code
    /// on standard input that another program prints (`make | sh`),
    /// interpreter code in a variable (`python3 -c "$CODE"`), a tree that
    /// `rm -r`, `find -delete`, `chmod -R` or `mv` acts on given by a
    /// command's output (`rm -rf $(cat dirs.txt)`), code awk, sed or make
    /// build from their input (`awk '{system($0)}'`).
    pub const UNREADABLE: &'static str = "unreadable";

    fn new(rule: &'static str, command: &str, message: String) -> Self {
        BashFinding {
            rule,
            command: shown(command),
            message,
        }
    }
}

impl fmt::Display for BashFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Refused command {:?} (rule {}): {}",
            self.command, self.rule, self.message
        )
    }
}

/// Every finding of `rules` on `command`, a command line as a `Bash` tool
/// call carries it; empty when nothing matched.
///
/// The line is parsed as bash (with `brush-parser`) and walked into its
/// simple commands: across `;`, `&&`, `||`, `&`, pipes, subshells, `{ }`,
/// `if`/`for`/`while`/`case`, function bodies, `$(…)`, backticks (also
/// inside `${x:-…}` and the other parameter expansions), process
/// substitutions `<(…)`, the strings run by `bash -c`, `sh -c`, `su -c`,
/// `script -c`, `eval` and `env -S`, the code a shell reads on standard
/// input when the line writes it (`bash <<'EOF'`, `bash <<< '…'`,
/// `echo '…' | sh`), the calls Python and Perl make from inline code
/// (`python3 -c "os.system('…')"`, `shutil.rmtree('/')`), and the
/// commands run by `sudo`, `env`, `nice`, `nohup`, `time`, `timeout`,
/// `pkexec`, `strace`, `unshare`, `taskset`, `command`, `exec` and other
/// wrappers, `find -exec` (with `{}` as the paths `find` starts from),
/// `xargs` and `parallel` (with the words `echo` or `find` feed them, or
/// `xargs -a <(…)` reads). The code other programs run is read too:
/// Node's and Ruby's inline code (`node -e "execSync('…')"`), awk's
/// `system()` and pipes, sed's `e`, `vim -c '!…'`, Tcl's `exec`, tar's
/// exec actions, make's recipes, and git's aliases and command settings
/// (`git -c alias.x='!…' x`).
///
/// What the line itself makes known is followed: variables it assigns
/// (`A=~; rm -rf $A`, `read D <<< ~`, `printf -v D %s ~`, `declare -n
/// r=HOME`, `${!v}`, `${HOME%/}`, `for d in ~`), the directory `~+` and
/// `$PWD` name, aliases it defines, programs it renames (`hash -p`,
/// `ln -s`), and files it writes then runs (`> ./s.sh; bash ./s.sh`,
/// `BASH_ENV=./be bash`). Relative paths are read from the directory a
/// `cd`, `env -C` or `sudo -D` on the line moved to (`cd / && rm -rf *`),
/// and a command with `${x:-…}` defaults is checked again with them
/// taken. Quotes and
/// backslashes are removed before matching (`"rm"`, `'r''m'` and `\rm`
/// are `rm`); text inside quotes stays one argument (`echo "rm -rf /"`
/// runs `echo`); brace expansion (`{rm,-rf,/}`) and splitting at an
/// unquoted `$IFS` (`rm${IFS}-rf`) are done as bash does them.
///
/// A line that does not parse is a [`BashFinding::UNPARSEABLE`] finding,
/// one too long or too deeply nested a [`BashFinding::TOO_COMPLEX`] one,
/// and one whose effect hangs on a value the guard cannot know a
/// [`BashFinding::UNREADABLE`] one (`$(echo rm) -rf /`, `make | sh`): the
/// guard never passes what it could not read (a construct the parser does
/// not know, such as `select`, is refused the same way). Those come first;
/// then the rules' findings in the order of the line, one per rule and
/// simple command. Rules see arguments as written, unexpanded, unless the
/// line set them: `rm -rf "$DIR"` passes whatever `DIR` holds in the
/// environment, while `$HOME`, `~` and `DIR=~; rm -rf "$DIR"` are known.
///
/// ```
/// use toolsmith_guards::{find_bash_problems, DEFAULT_BASH_RULES};
///
/// let findings = find_bash_problems("echo ok && sudo rm -rf ~", DEFAULT_BASH_RULES);
/// assert_eq!(findings[0].rule, "rm-recursive-root");
/// assert_eq!(findings[0].command, "sudo rm -rf ~");
/// assert!(find_bash_problems(r#"echo "rm -rf /""#, DEFAULT_BASH_RULES).is_empty());
/// ```
pub fn find_bash_problems(command: &str, rules: &[BashRule]) -> Vec<BashFinding> {
    if command.len() > MAX_BASH_COMMAND_BYTES {
        return vec![BashFinding::new(
            BashFinding::TOO_COMPLEX,
            command,
            format!(
                "the command is longer than {} KiB; split it into shorter commands",
                MAX_BASH_COMMAND_BYTES / 1024
            ),
        )];
    }
    let walk = Walk::line(command);
    let mut findings: Vec<BashFinding> = Vec::new();
    let mut seen: HashSet<(&'static str, String)> = HashSet::new();
    let mut push = |finding: BashFinding| {
        if seen.insert((finding.rule, finding.command.clone())) {
            findings.push(finding);
        }
    };
    for (trouble, about) in &walk.troubles {
        let finding = match trouble {
            Trouble::Unparseable(reason) => BashFinding::new(
                BashFinding::UNPARSEABLE,
                about,
                format!(
                    "the command does not parse as shell ({}); fix the quoting or brackets",
                    echo::shown(reason, 80)
                ),
            ),
            Trouble::Unreadable(why) => {
                BashFinding::new(BashFinding::UNREADABLE, about, echo::shown(why, 200))
            }
            Trouble::TooDeep => BashFinding::new(
                BashFinding::TOO_COMPLEX,
                about,
                "the command nests deeper than the guard reads; write it as a script file and \
                 run that"
                    .to_owned(),
            ),
        };
        push(finding);
    }
    for simple in &walk.commands {
        for rule in rules {
            if rule.matcher.matches(simple) {
                push(BashFinding::new(
                    rule.id,
                    simple.text(),
                    rule.message.to_owned(),
                ));
            }
        }
    }
    findings
}

/// `command` as a finding shows it: on one line, sanitized, cut short.
fn shown(command: &str) -> String {
    echo::shown(command, SHOWN_COMMAND_CHARS)
}
