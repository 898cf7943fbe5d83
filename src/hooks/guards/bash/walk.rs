//! From a command line to its simple commands: parse with `brush-parser`,
//! then walk every list, pipeline, compound command, function body,
//! substitution and `bash -c` string.

use brush_parser::ast::{self, CommandPrefixOrSuffixItem as Item, IoFileRedirectKind};
use brush_parser::{ParseError, ParserOptions, SourceInfo, Token, TokenizerError};

use super::command::{Redirect, ShellCommand, is_option};
use super::words::{arithmetic_substitutions, expand};

/// How deep strings are parsed again: `bash -c`, `eval`, `$(…)`, `<(…)`
/// inside one another.
pub(super) const MAX_REPARSE_DEPTH: usize = 8;

/// How deep brackets may nest in the text (`(`, `{`, `[` counted alike,
/// quoted or not), and compound commands in one another (`if`, `case`,
/// loops, groups, subshells): this keeps the recursive parser's stack small.
pub(super) const MAX_BRACKET_DEPTH: usize = 32;

/// How deep `case` may nest in `case`: the parser backtracks through each
/// level of a `case` it cannot finish, so its work doubles with each one.
pub(super) const MAX_CASE_DEPTH: usize = 6;

/// Why a command line could not be walked to the end.
pub(super) enum Trouble {
    /// The text is not shell syntax; the reason, sanitized later.
    Unparseable(String),
    /// Nested deeper than the limits.
    TooDeep,
}

/// Where a command sits, handed down the walk.
#[derive(Clone, Default)]
struct Context {
    depth: usize,
    fed_by: Vec<String>,
    in_function: Option<String>,
    in_pipeline: bool,
    in_background: bool,
}

/// The walk's results: the simple commands and the troubles, each with the
/// text of the command it is about.
#[derive(Default)]
pub(super) struct Walk {
    pub(super) commands: Vec<ShellCommand>,
    pub(super) troubles: Vec<(Trouble, String)>,
    options: ParserOptions,
}

impl Walk {
    /// Parse `line` and walk all of it.
    pub(super) fn line(line: &str) -> Walk {
        let mut walk = Walk::default();
        walk.source(line, &Context::default(), line);
        walk
    }

    /// Parse `source` (the whole line, or a string found in it) and walk
    /// it; `about` is the command the source came from, for troubles.
    fn source(&mut self, source: &str, context: &Context, about: &str) {
        if context.depth > MAX_REPARSE_DEPTH || bracket_depth(source) > MAX_BRACKET_DEPTH {
            self.troubles.push((Trouble::TooDeep, about.to_owned()));
            return;
        }
        let repaired;
        let source = if context.depth > 0 {
            repaired = repair_here_document_ends(source);
            repaired.as_str()
        } else {
            source
        };
        match parse(source, &self.options) {
            Ok(program) => {
                for list in &program.complete_commands {
                    self.compound_list(list, context);
                }
            }
            Err(Failure::Unparseable(reason)) => self
                .troubles
                .push((Trouble::Unparseable(reason), about.to_owned())),
            Err(Failure::TooDeep) => self.troubles.push((Trouble::TooDeep, about.to_owned())),
        }
    }

    fn compound_list(&mut self, list: &ast::CompoundList, context: &Context) {
        for ast::CompoundListItem(and_or, separator) in &list.0 {
            let context = Context {
                in_background: context.in_background
                    || matches!(separator, ast::SeparatorOperator::Async),
                ..context.clone()
            };
            self.pipeline(&and_or.first, &context);
            for next in &and_or.additional {
                let (ast::AndOr::And(pipeline) | ast::AndOr::Or(pipeline)) = next;
                self.pipeline(pipeline, &context);
            }
        }
    }

    fn pipeline(&mut self, pipeline: &ast::Pipeline, context: &Context) {
        let mut fed_by = context.fed_by.clone();
        for command in &pipeline.seq {
            let context = Context {
                fed_by: fed_by.clone(),
                in_pipeline: context.in_pipeline || pipeline.seq.len() > 1,
                ..context.clone()
            };
            let first = self.commands.len();
            self.command(command, &context);
            fed_by.extend(self.commands[first..].iter().map(|c| c.name.clone()));
        }
    }

    fn command(&mut self, command: &ast::Command, context: &Context) {
        match command {
            ast::Command::Simple(simple) => self.simple(simple, context),
            ast::Command::Compound(compound, redirects) => {
                self.compound(compound, context);
                if let Some(list) = redirects {
                    self.redirect_only(&list.0, &command.to_string(), context);
                }
            }
            ast::Command::Function(function) => {
                let context = Context {
                    in_function: Some(function.fname.clone()),
                    ..context.clone()
                };
                let ast::FunctionBody(body, redirects) = &function.body;
                self.compound(body, &context);
                if let Some(list) = redirects {
                    self.redirect_only(&list.0, &function.to_string(), &context);
                }
            }
            ast::Command::ExtendedTest(test) => self.test(test, &command.to_string(), context),
        }
    }

    fn compound(&mut self, compound: &ast::CompoundCommand, context: &Context) {
        use ast::CompoundCommand as C;
        match compound {
            C::Arithmetic(arithmetic) => {
                self.arithmetic(&arithmetic.expr, context, &compound.to_string())
            }
            C::ArithmeticForClause(clause) => {
                let about = compound.to_string();
                let expressions = [&clause.initializer, &clause.condition, &clause.updater];
                for expression in expressions.into_iter().flatten() {
                    self.arithmetic(expression, context, &about);
                }
                self.compound_list(&clause.body.0, context)
            }
            C::BraceGroup(ast::BraceGroupCommand(list))
            | C::Subshell(ast::SubshellCommand(list)) => self.compound_list(list, context),
            C::ForClause(clause) => {
                let about = compound.to_string();
                for value in clause.values.iter().flatten() {
                    self.word(&value.value, context, &about);
                }
                self.compound_list(&clause.body.0, context);
            }
            C::CaseClause(clause) => {
                self.word(&clause.value.value, context, &compound.to_string());
                for case in &clause.cases {
                    if let Some(list) = &case.cmd {
                        self.compound_list(list, context);
                    }
                }
            }
            C::IfClause(clause) => {
                self.compound_list(&clause.condition, context);
                self.compound_list(&clause.then, context);
                for other in clause.elses.iter().flatten() {
                    if let Some(condition) = &other.condition {
                        self.compound_list(condition, context);
                    }
                    self.compound_list(&other.body, context);
                }
            }
            C::WhileClause(ast::WhileOrUntilClauseCommand(condition, body))
            | C::UntilClause(ast::WhileOrUntilClauseCommand(condition, body)) => {
                self.compound_list(condition, context);
                self.compound_list(&body.0, context);
            }
        }
    }

    fn test(&mut self, test: &ast::ExtendedTestExpr, about: &str, context: &Context) {
        use ast::ExtendedTestExpr as T;
        match test {
            T::And(left, right) | T::Or(left, right) => {
                self.test(left, about, context);
                self.test(right, about, context);
            }
            T::Not(inner) | T::Parenthesized(inner) => self.test(inner, about, context),
            T::UnaryTest(_, word) => {
                self.word(&word.value, context, about);
            }
            T::BinaryTest(_, left, right) => {
                self.word(&left.value, context, about);
                self.word(&right.value, context, about);
            }
        }
    }

    /// The substitutions of an arithmetic command (`(( $(…) ))`).
    fn arithmetic(
        &mut self,
        expression: &ast::UnexpandedArithmeticExpr,
        context: &Context,
        about: &str,
    ) {
        match arithmetic_substitutions(&expression.value, &self.options) {
            Some(substitutions) => {
                for substitution in substitutions {
                    let inner = Context {
                        depth: context.depth + 1,
                        ..context.clone()
                    };
                    self.source(&substitution, &inner, about);
                }
            }
            None => self.troubles.push((
                Trouble::Unparseable("an arithmetic expression does not parse".to_owned()),
                about.to_owned(),
            )),
        }
    }

    /// A word's value, after walking its substitutions (whose commands
    /// feed the command the word belongs to: returned in `fed`).
    fn word_fed(
        &mut self,
        word: &str,
        context: &Context,
        about: &str,
        fed: &mut Vec<String>,
    ) -> String {
        let Some(expanded) = expand(word, &self.options) else {
            self.troubles.push((
                Trouble::Unparseable(format!("the word {word:?} does not parse")),
                about.to_owned(),
            ));
            return word.to_owned();
        };
        for substitution in &expanded.substitutions {
            let first = self.commands.len();
            let inner = Context {
                depth: context.depth + 1,
                in_pipeline: false,
                ..context.clone()
            };
            self.source(substitution, &inner, about);
            fed.extend(self.commands[first..].iter().map(|c| c.name.clone()));
        }
        expanded.value
    }

    fn word(&mut self, word: &str, context: &Context, about: &str) -> String {
        let mut fed = Vec::new();
        self.word_fed(word, context, about, &mut fed)
    }

    fn redirect(
        &mut self,
        redirect: &ast::IoRedirect,
        context: &Context,
        about: &str,
        fed: &mut Vec<String>,
    ) -> Option<Redirect> {
        match redirect {
            ast::IoRedirect::File(_, kind, target) => {
                let writes = matches!(
                    kind,
                    IoFileRedirectKind::Write
                        | IoFileRedirectKind::Append
                        | IoFileRedirectKind::Clobber
                        | IoFileRedirectKind::ReadAndWrite
                );
                match target {
                    ast::IoFileRedirectTarget::Filename(word) => Some(Redirect {
                        writes,
                        target: self.word_fed(&word.value, context, about, fed),
                    }),
                    ast::IoFileRedirectTarget::ProcessSubstitution(_, subshell) => {
                        self.substituted(&subshell.0, context, fed);
                        None
                    }
                    ast::IoFileRedirectTarget::Fd(_) | ast::IoFileRedirectTarget::Duplicate(_) => {
                        None
                    }
                }
            }
            ast::IoRedirect::OutputAndError(word, _) => Some(Redirect {
                writes: true,
                target: self.word_fed(&word.value, context, about, fed),
            }),
            ast::IoRedirect::HereString(_, word) => {
                self.word_fed(&word.value, context, about, fed);
                None
            }
            ast::IoRedirect::HereDocument(_, document) => {
                if document.requires_expansion {
                    self.word_fed(&document.doc.value, context, about, fed);
                }
                None
            }
        }
    }

    /// A process substitution's commands, which feed the current command.
    fn substituted(&mut self, list: &ast::CompoundList, context: &Context, fed: &mut Vec<String>) {
        let first = self.commands.len();
        let inner = Context {
            depth: context.depth + 1,
            in_pipeline: false,
            ..context.clone()
        };
        if inner.depth > MAX_REPARSE_DEPTH {
            self.troubles.push((Trouble::TooDeep, list.to_string()));
            return;
        }
        self.compound_list(list, &inner);
        fed.extend(self.commands[first..].iter().map(|c| c.name.clone()));
    }

    /// Redirections of a compound command, seen as a command without a
    /// name (so `{ …; } > /dev/sda` is checked like `> /dev/sda`).
    fn redirect_only(&mut self, redirects: &[ast::IoRedirect], about: &str, context: &Context) {
        let mut fed = Vec::new();
        let redirects = redirects
            .iter()
            .filter_map(|r| self.redirect(r, context, about, &mut fed))
            .collect();
        self.commands.push(ShellCommand {
            name: String::new(),
            args: Vec::new(),
            redirects,
            text: about.to_owned(),
            fed_by: context.fed_by.iter().cloned().chain(fed).collect(),
            in_function: context.in_function.clone(),
            in_pipeline: context.in_pipeline,
            in_background: context.in_background,
        });
    }

    fn simple(&mut self, simple: &ast::SimpleCommand, context: &Context) {
        let text = simple.to_string();
        let mut fed = Vec::new();
        let mut words = Vec::new();
        let mut redirects = Vec::new();
        let items = simple
            .prefix
            .iter()
            .flat_map(|p| p.0.iter())
            .map(Some)
            .chain(std::iter::once(None))
            .chain(simple.suffix.iter().flat_map(|s| s.0.iter()).map(Some));
        for item in items {
            match item {
                None => {
                    if let Some(name) = &simple.word_or_name {
                        words.push(self.word_fed(&name.value, context, &text, &mut fed));
                    }
                }
                Some(Item::Word(word)) => {
                    words.push(self.word_fed(&word.value, context, &text, &mut fed))
                }
                Some(Item::IoRedirect(redirect)) => {
                    if let Some(r) = self.redirect(redirect, context, &text, &mut fed) {
                        redirects.push(r);
                    }
                }
                Some(Item::AssignmentWord(_, word)) => {
                    let value = self.word_fed(&word.value, context, &text, &mut fed);
                    // Before the name: an assignment for the command; after
                    // it (`export A=b`, `dd of=…`): an argument.
                    if simple.word_or_name.is_some() && !words.is_empty() {
                        words.push(value);
                    }
                }
                Some(Item::ProcessSubstitution(_, subshell)) => {
                    self.substituted(&subshell.0, context, &mut fed);
                    words.push("/dev/fd/63".to_owned());
                }
            }
        }
        let fed_by: Vec<String> = context.fed_by.iter().cloned().chain(fed).collect();
        self.layers(words, redirects, &text, &fed_by, context);
    }

    /// One command per layer of wrappers (`sudo env A=b nice rm …`: `sudo`,
    /// `env`, `nice`, `rm`), then the strings the innermost one runs as
    /// shell code (`bash -c '…'`, `eval …`, `env -S '…'`).
    fn layers(
        &mut self,
        mut words: Vec<String>,
        redirects: Vec<Redirect>,
        text: &str,
        fed_by: &[String],
        context: &Context,
    ) {
        let mut redirects = Some(redirects);
        loop {
            let Some(first) = words.first() else {
                if let Some(redirects) = redirects.take().filter(|r| !r.is_empty()) {
                    self.push(String::new(), Vec::new(), redirects, text, fed_by, context);
                }
                return;
            };
            let name = first.rsplit('/').next().unwrap_or(first).to_owned();
            let args = words[1..].to_vec();
            let code = shell_code(&name, &args);
            let inner = unwrap(&name, &args);
            let executed = if name == "find" {
                find_exec(&args)
            } else {
                Vec::new()
            };
            self.push(
                name,
                args,
                redirects.take().unwrap_or_default(),
                text,
                fed_by,
                context,
            );
            if let Some(code) = code {
                let inner = Context {
                    depth: context.depth + 1,
                    fed_by: fed_by.to_vec(),
                    in_pipeline: false,
                    ..context.clone()
                };
                self.source(&code, &inner, text);
            }
            for words in executed {
                self.layers(words, Vec::new(), text, fed_by, context);
            }
            match inner {
                Some(rest) => words = rest,
                None => return,
            }
        }
    }

    fn push(
        &mut self,
        name: String,
        args: Vec<String>,
        redirects: Vec<Redirect>,
        text: &str,
        fed_by: &[String],
        context: &Context,
    ) {
        self.commands.push(ShellCommand {
            name,
            args,
            redirects,
            text: text.to_owned(),
            fed_by: fed_by.to_vec(),
            in_function: context.in_function.clone(),
            in_pipeline: context.in_pipeline,
            in_background: context.in_background,
        });
    }
}

/// The shell code a command runs from a string: `bash -c CODE`,
/// `sh -ec CODE`, `su -c CODE`, `eval A B`, `env -S CODE`.
fn shell_code(name: &str, args: &[String]) -> Option<String> {
    match name {
        "sh" | "bash" | "zsh" | "dash" | "ksh" | "mksh" | "ash" | "busybox" => {
            let mut args = args.iter();
            if name == "busybox" && args.next().map(String::as_str) != Some("sh") {
                return None;
            }
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
fn find_exec(args: &[String]) -> Vec<Vec<String>> {
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
];

/// The command a wrapper runs: its words after the wrapper's options,
/// assignments (`env A=b`) and leading operands (`timeout 5`); `None` when
/// `name` is not a wrapper, or it only looks a command up (`command -v`).
fn unwrap(name: &str, args: &[String]) -> Option<Vec<String>> {
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

/// `brush-parser` 0.2 writes a here-document inside `$(…)` back with its
/// end line spelled as the quoted start tag (`<<'EOF'` … `'EOF'`), which no
/// longer ends the document when the text is parsed again; this puts the
/// unquoted tag back on such lines (`git commit -m "$(cat <<'EOF' …)"`).
fn repair_here_document_ends(text: &str) -> String {
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("<<") {
        rest = &rest[at + 2..];
        if rest.starts_with('<') {
            rest = &rest[1..];
            continue;
        }
        let word = rest.trim_start_matches('-').trim_start_matches([' ', '\t']);
        let end = word
            .find(|c: char| c.is_whitespace() || ";|&<>()".contains(c))
            .unwrap_or(word.len());
        let tag = &word[..end];
        let unquoted: String = tag.chars().filter(|c| !"'\"\\".contains(*c)).collect();
        if unquoted.len() != tag.len() && !unquoted.is_empty() {
            tags.push((tag.to_owned(), unquoted));
        }
    }
    if tags.is_empty() {
        return text.to_owned();
    }
    text.split('\n')
        .map(|line| {
            let bare = line.trim_start_matches('\t');
            match tags.iter().find(|(quoted, _)| bare == quoted) {
                Some((_, unquoted)) => unquoted.as_str(),
                None => line,
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text's deepest nesting of brackets, quoted or not: a cheap bound
/// checked before the recursive parser runs.
fn bracket_depth(text: &str) -> usize {
    let mut depth = 0usize;
    let mut deepest = 0;
    for byte in text.bytes() {
        match byte {
            b'(' | b'{' | b'[' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b')' | b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Why a text could not be parsed.
enum Failure {
    Unparseable(String),
    TooDeep,
}

fn parse(source: &str, options: &ParserOptions) -> Result<ast::Program, Failure> {
    let tokens = brush_parser::uncached_tokenize_str(source, &options.tokenizer_options())
        .map_err(|error| Failure::Unparseable(tokenizer_reason(&error)))?;
    let (depth, case_depth) = structure_depth(&tokens);
    if depth > MAX_BRACKET_DEPTH || case_depth > MAX_CASE_DEPTH {
        return Err(Failure::TooDeep);
    }
    brush_parser::parse_tokens(&tokens, options, &SourceInfo::default()).map_err(|error| {
        Failure::Unparseable(match error {
            ParseError::ParsingNearToken(token) => {
                format!("syntax error near {:?}", token_text(&token))
            }
            ParseError::ParsingAtEndOfInput => "the command ends too early".to_owned(),
            ParseError::Tokenizing { inner, .. } => tokenizer_reason(&inner),
        })
    })
}

/// How deep compound commands nest in the tokens, in all and `case` alone:
/// a stack of the openers seen in command position (`if`, `case`, `do`,
/// `{`, `(`), each popped only by its own closer (`fi`, `esac`, `done`,
/// `}`, `)`), so closers written as arguments or case patterns do not
/// hide the nesting.
fn structure_depth(tokens: &[Token]) -> (usize, usize) {
    let mut stack: Vec<&str> = Vec::new();
    let (mut deepest, mut deepest_case) = (0, 0);
    let mut command_position = true;
    for token in tokens {
        match token {
            Token::Operator(operator, _) => {
                match operator.as_str() {
                    "(" => stack.push("("),
                    ")" if stack.last() == Some(&"(") => {
                        stack.pop();
                    }
                    _ => {}
                }
                command_position = matches!(
                    operator.as_str(),
                    ";" | "&" | "&&" | "||" | "|" | "|&" | ";;" | ";&" | ";;&" | "(" | ")" | "\n"
                );
            }
            Token::Word(word, _) => {
                if command_position {
                    let closes = match word.as_str() {
                        "fi" => Some("if"),
                        "esac" => Some("case"),
                        "done" => Some("do"),
                        "}" => Some("{"),
                        _ => None,
                    };
                    match word.as_str() {
                        opener @ ("if" | "case" | "do" | "{") => stack.push(opener),
                        _ if closes.is_some() && stack.last().copied() == closes => {
                            stack.pop();
                        }
                        _ => {}
                    }
                }
                // Only a reserved word in command position keeps it:
                // `if if` is two keywords, `echo if` one argument.
                command_position = command_position
                    && matches!(
                        word.as_str(),
                        "if" | "then"
                            | "else"
                            | "elif"
                            | "do"
                            | "while"
                            | "until"
                            | "{"
                            | "}"
                            | "!"
                            | "fi"
                            | "done"
                            | "esac"
                            | "time"
                    );
            }
        }
        deepest = deepest.max(stack.len());
        deepest_case = deepest_case.max(stack.iter().filter(|o| **o == "case").count());
    }
    (deepest, deepest_case)
}

fn token_text(token: &Token) -> &str {
    token.to_str()
}

fn tokenizer_reason(error: &TokenizerError) -> String {
    error.to_string()
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
            ("busybox", &["sh", "-c", "ls"], Some("ls")),
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

    #[test]
    fn here_document_ends_are_repaired() {
        assert_eq!(
            repair_here_document_ends("cat <<'EOF'\nbody\n'EOF'\n"),
            "cat <<'EOF'\nbody\nEOF\n"
        );
        assert_eq!(
            repair_here_document_ends("cat <<-\"END\"\n\tx\n\t\"END\""),
            "cat <<-\"END\"\n\tx\nEND"
        );
        assert_eq!(
            repair_here_document_ends("cat <<EOF\nx\nEOF"),
            "cat <<EOF\nx\nEOF"
        );
        assert_eq!(repair_here_document_ends("cat <<< 'x'"), "cat <<< 'x'");
    }

    fn depth(text: &str) -> (usize, usize) {
        let options = ParserOptions::default();
        let tokens =
            brush_parser::uncached_tokenize_str(text, &options.tokenizer_options()).unwrap();
        structure_depth(&tokens)
    }

    #[test]
    fn structure_depth_follows_the_grammar() {
        assert_eq!(depth("echo if case do {"), (0, 0));
        assert_eq!(depth("if a; then if b; then c; fi; fi"), (2, 0));
        assert_eq!(depth("case x in a) case y in b) c;; esac;; esac"), (2, 2));
        assert_eq!(depth("while a; do ( { b; } ); done"), (3, 0));
        assert_eq!(depth("f() { a; }; (( 1 + (2) ))"), (3, 0));
        // Closers as arguments do not hide the nesting.
        assert_eq!(depth("if a; then echo fi; if b; then echo fi; fi"), (2, 0));
        // Case patterns do not close subshells.
        assert_eq!(
            depth("( case x in a) ( case y in b) c;; esac );; esac )"),
            (4, 2)
        );
    }

    #[test]
    fn bracket_depth_counts_every_bracket() {
        assert_eq!(bracket_depth("echo"), 0);
        assert_eq!(bracket_depth("$(a $(b) { c })"), 2);
        assert_eq!(bracket_depth("))(("), 2);
    }
}
