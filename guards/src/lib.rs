//! Content guards for coding agents and for tools: the checks a guard hook
//! (or a tool that runs commands or writes files) makes on what the model
//! wants to do, each answering with lines the model can act on. They know
//! no agent's contract: `toolsmith-hooks` shares them with every agent it
//! types, and re-exports them as `toolsmith::hooks::guards`.
//!
//! - [`find_bash_problems`] parses a command line as bash and matches
//!   every simple command in it (across lists, pipes, subshells,
//!   substitutions, `bash -c` strings, `sudo`-style wrappers and the code
//!   interpreters, awk, sed, make and git run, with the values the line
//!   itself assigns followed) against
//!   [`BashRule`]s: [`DEFAULT_BASH_RULES`], or your own. A line it cannot
//!   parse is a finding too.
//! - [`find_secrets`] and [`contains_secrets`] find private keys, cloud and
//!   service tokens, JWTs and `password=`-style assignments in text, by
//!   kind and byte range, never echoing the secret.
//! - [`validate_safe_file_path`] refuses paths that climb out of their
//!   directory, hold NUL or control characters, or name Windows devices,
//!   drives, separators or data streams; [`within`] resolves a path inside
//!   a root directory, or says why it lands outside; [`normalize_file_path`]
//!   is their lexical normalization.
//! - [`validate_file_syntax`] parses JSON, TOML and YAML by extension and
//!   names the line and column of the first error.
//!
//! A `PreToolUse` guard runs the check that fits the tool:
//!
//! ```
//! use toolsmith_guards::{
//!     find_secrets, find_bash_problems, validate_file_syntax, validate_safe_file_path,
//!     DEFAULT_BASH_RULES,
//! };
//!
//! /// The lines refusing a tool call, or none to let it run.
//! fn refusals(tool: &str, command_or_path: &str, content: &str) -> Vec<String> {
//!     match tool {
//!         "Bash" => find_bash_problems(command_or_path, DEFAULT_BASH_RULES)
//!             .iter()
//!             .map(ToString::to_string)
//!             .collect(),
//!         "Write" => {
//!             let mut lines = Vec::new();
//!             if let Err(error) = validate_safe_file_path(command_or_path) {
//!                 lines.extend(error.lines());
//!             }
//!             if let Err(error) = validate_file_syntax(command_or_path, content) {
//!                 lines.extend(error.lines());
//!             }
//!             lines.extend(find_secrets(content).iter().map(ToString::to_string));
//!             lines
//!         }
//!         _ => Vec::new(),
//!     }
//! }
//!
//! assert_eq!(
//!     refusals("Bash", "cargo build && \"rm\" -fr ~/", ""),
//!     [r#"Refused command "\"rm\" -fr ~/" (rule rm-recursive-root): recursive delete of the filesystem root, a system directory, the home directory or a parent directory; delete a path inside the project instead (e.g. ./build)"#]
//! );
//! assert_eq!(
//!     refusals("Write", "../settings.json", "{\"a\": 1,}"),
//!     [
//!         "Invalid file path: \"../settings.json\" climbs out of its directory (normalized: \
//!          \"../settings.json\"); use a path inside the project",
//!         "Invalid file syntax: ../settings.json:1:9: trailing comma",
//!     ]
//! );
//! assert!(refusals("Bash", "grep -r \"rm -rf\" .", "").is_empty());
//! ```

mod bash;
mod error;
mod path;
mod secrets;
mod syntax;

pub use bash::{
    BashFinding, BashMatcher, BashRule, CommandMatch, CommandOption, DEFAULT_BASH_RULES,
    MAX_BASH_COMMAND_BYTES, Operand, PathClass, Redirect, ShellCommand, find_bash_problems,
};
pub use error::{GuardError, GuardErrorCode};
pub use path::{MAX_FILE_PATH_BYTES, normalize_file_path, validate_safe_file_path, within};
pub use secrets::{SecretFinding, SecretKind, contains_secrets, find_secrets};
pub use syntax::validate_file_syntax;
