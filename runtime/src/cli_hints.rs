//! How a tool reads on a command line beyond its schema: its command's
//! name, the parameters taken by position, short flags, other flag names,
//! a parameter read from standard input, and the parameters whose flag
//! takes `@path` to read a file. `#[tool]` fills it in from
//! `#[tool(cli_name)]` and `#[arg(positional, short, alias, stdin, file)]`,
//! checked at compile time; only the command-line host reads it, so it
//! never changes the schema any host sees.

/// A tool's command-line hints, the `cli` of its [`ToolHints`](crate::ToolHints).
///
/// ```
/// use toolsmith_runtime::{CliHints, CliParam};
///
/// static HINTS: CliHints = CliHints::new(
///     Some("find"),
///     &[CliParam::new("query").positional().short('q'), CliParam::new("limit").alias(&["max"])],
/// );
/// assert_eq!(HINTS.name(), Some("find"));
/// assert_eq!(HINTS.params()[0].short_flag(), Some('q'));
/// assert!(HINTS.params()[0].is_positional());
/// assert_eq!(HINTS.params()[1].aliases(), ["max"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CliHints {
    name: Option<&'static str>,
    params: &'static [CliParam],
}

impl CliHints {
    /// The hints of a tool whose command is called `name` (its tool name
    /// when `None`), with the hints of its parameters, in declaration order.
    pub const fn new(name: Option<&'static str>, params: &'static [CliParam]) -> Self {
        CliHints { name, params }
    }

    /// The command's name, where it is not the tool's.
    pub const fn name(&self) -> Option<&'static str> {
        self.name
    }

    /// The parameters that have hints, in declaration order.
    pub const fn params(&self) -> &'static [CliParam] {
        self.params
    }
}

/// The command-line hints of one parameter, named as its property is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CliParam {
    name: &'static str,
    positional: bool,
    short: Option<char>,
    aliases: &'static [&'static str],
    stdin: bool,
    file: bool,
}

impl CliParam {
    /// The parameter whose property is `name`, with no hint yet.
    pub const fn new(name: &'static str) -> Self {
        CliParam {
            name,
            positional: false,
            short: None,
            aliases: &[],
            stdin: false,
            file: false,
        }
    }

    /// Taken by position, after the positional parameters before it.
    pub const fn positional(mut self) -> Self {
        self.positional = true;
        self
    }

    /// Has the short flag `-short`.
    pub const fn short(mut self, short: char) -> Self {
        self.short = Some(short);
        self
    }

    /// Also answers to `--alias` for each of `aliases`.
    pub const fn alias(mut self, aliases: &'static [&'static str]) -> Self {
        self.aliases = aliases;
        self
    }

    /// Reads standard input when not given.
    pub const fn stdin(mut self) -> Self {
        self.stdin = true;
        self
    }

    /// Its flag takes `@path`, the text of the file at `path` (and `@@…`
    /// for text that starts with `@`). No flag reads a file unless marked
    /// so: a value passed on from elsewhere (`--title "$TITLE"`) that
    /// happens to start with `@` is then never a file read on its behalf.
    pub const fn file(mut self) -> Self {
        self.file = true;
        self
    }

    /// The property's name.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// Whether the parameter is taken by position.
    pub const fn is_positional(&self) -> bool {
        self.positional
    }

    /// The short flag, if any.
    pub const fn short_flag(&self) -> Option<char> {
        self.short
    }

    /// The other long flags.
    pub const fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }

    /// Whether standard input is read when the parameter is not given.
    pub const fn reads_stdin(&self) -> bool {
        self.stdin
    }

    /// Whether its flag takes `@path` to read a file.
    pub const fn reads_file(&self) -> bool {
        self.file
    }
}
