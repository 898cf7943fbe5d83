//! From a command line to its simple commands: parse with `brush-parser`,
//! then walk every list, pipeline, compound command, function body,
//! substitution and `bash -c` string.

use brush_parser::ParserOptions;
use brush_parser::ast::{self, CommandPrefixOrSuffixItem as Item, IoFileRedirectKind};

use super::command::{Redirect, ShellCommand};
use super::known::{Known, Value};
use super::parse::{Failure, MAX_BRACKET_DEPTH, bracket_depth, parse, repair_here_document_ends};
use super::stdin::Stdin;
use super::words::{Field, Lookup, arithmetic_substitutions, expand, expand_command_word};
use super::wrappers::moved_to;

/// How deep strings are parsed again: `bash -c`, `eval`, `$(…)`, `<(…)`
/// inside one another.
pub(super) const MAX_REPARSE_DEPTH: usize = 8;

/// How many wrappers one simple command may stack (`sudo env nice …`):
/// each is seen as a command of its own, with the rest as arguments.
pub(super) const MAX_WRAPPERS: usize = 16;

/// How many different commands may feed one (`a | b | c | …`, `$(…)`).
pub(super) const MAX_FED: usize = 64;

/// How many bytes the words brace expansion makes may hold, over a whole
/// command line; and how many bytes of code read on standard input (by
/// every shell that reads the same here-document) are parsed.
pub(super) const MAX_EXPANDED_BYTES: usize = 1024 * 1024;

/// How many values of a `for` loop its body is walked with, one by one.
const MAX_LOOP_VALUES: usize = 8;

/// Why a command line could not be walked to the end.
pub(super) enum Trouble {
    /// The text is not shell syntax; the reason, sanitized later.
    Unparseable(String),
    /// Nested deeper than the limits.
    TooDeep,
    /// What bash would run depends on a value the guard cannot know; why.
    Unreadable(String),
}

/// Where a command sits, handed down the walk.
#[derive(Clone, Default)]
pub(super) struct Context {
    pub(super) depth: usize,
    pub(super) fed_by: Vec<String>,
    pub(super) in_function: Option<String>,
    pub(super) in_pipeline: bool,
    pub(super) in_background: bool,
    /// What the command reads on standard input.
    pub(super) stdin: Stdin,
    /// The directory it runs in, when the line moved to one it names.
    pub(super) cwd: Option<String>,
    /// The file a shell it starts reads first (`BASH_ENV=./be bash`).
    pub(super) startup: Option<String>,
}

/// The walk's results: the simple commands and the troubles, each with the
/// text of the command it is about.
#[derive(Default)]
pub(super) struct Walk {
    pub(super) commands: Vec<ShellCommand>,
    pub(super) troubles: Vec<(Trouble, String)>,
    pub(super) options: ParserOptions,
    /// The bytes of the command words expanded so far.
    expanded_bytes: usize,
    /// The bytes of code read again from standard input so far.
    pub(super) stdin_code_bytes: usize,
    /// The texts already walked as code read on standard input: a second
    /// shell reading the same here-document finds what the first found.
    pub(super) stdin_code_read: Vec<std::rc::Rc<str>>,
    /// Where the last `cd` walked went (`Some(None)`: somewhere the line
    /// does not tell), for the commands after it.
    pub(super) moved_to: Option<Option<String>>,
    /// The variables, aliases, renamed programs and files the line made.
    pub(super) known: Known,
    /// Walking a loop's body once per value: inner loops are walked once.
    pub(super) iterating: bool,
    /// The aliases being expanded, so an alias naming itself stops.
    pub(super) expanding: Vec<String>,
    /// How many times aliases were run so far.
    pub(super) alias_runs: usize,
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
    /// Returns what it prints, when one pipeline.
    pub(super) fn source(&mut self, source: &str, context: &Context, about: &str) -> Stdin {
        if context.depth > MAX_REPARSE_DEPTH || bracket_depth(source) > MAX_BRACKET_DEPTH {
            self.troubles.push((Trouble::TooDeep, about.to_owned()));
            return Stdin::Unknown(String::new());
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
                let mut output = Stdin::Unknown(String::new());
                for list in &program.complete_commands {
                    output = self.compound_list(list, context);
                }
                if program.complete_commands.len() == 1 {
                    output
                } else {
                    Stdin::Unknown(String::new())
                }
            }
            Err(Failure::Unparseable(reason)) => {
                self.troubles
                    .push((Trouble::Unparseable(reason), about.to_owned()));
                Stdin::Unknown(String::new())
            }
            Err(Failure::TooDeep) => {
                self.troubles.push((Trouble::TooDeep, about.to_owned()));
                Stdin::Unknown(String::new())
            }
        }
    }

    /// What the line made known, for the words of a command running in
    /// `context`.
    fn lookup<'a>(&'a self, context: &'a Context) -> Lookup<'a> {
        Lookup {
            known: Some(&self.known),
            cwd: context.cwd.as_deref(),
        }
    }

    /// Walks `list`; what it prints when it is one pipeline.
    fn compound_list(&mut self, list: &ast::CompoundList, context: &Context) -> Stdin {
        let mut output = Stdin::Inherited;
        // `cd / && rm -rf *`: a `cd` moves the commands after it, in this
        // list (a subshell's list ends there).
        let mut cwd = context.cwd.clone();
        for ast::CompoundListItem(and_or, separator) in &list.0 {
            let mut context = Context {
                in_background: context.in_background
                    || matches!(separator, ast::SeparatorOperator::Async),
                cwd: cwd.clone(),
                ..context.clone()
            };
            self.moved_to = None;
            output = self.pipeline(&and_or.first, &context);
            if let Some(moved) = self.moved_to.take() {
                context.cwd = moved;
            }
            for next in &and_or.additional {
                let (ast::AndOr::And(pipeline) | ast::AndOr::Or(pipeline)) = next;
                self.pipeline(pipeline, &context);
                if let Some(moved) = self.moved_to.take() {
                    context.cwd = moved;
                }
                output = Stdin::Unknown(String::new());
            }
            cwd = context.cwd;
        }
        if list.0.len() > 1 {
            output = Stdin::Unknown(String::new());
        }
        output
    }

    /// Walks `pipeline`; what its last command prints.
    fn pipeline(&mut self, pipeline: &ast::Pipeline, context: &Context) -> Stdin {
        let mut fed_by = context.fed_by.clone();
        let mut stdin = context.stdin.clone();
        for command in &pipeline.seq {
            let context = Context {
                fed_by: fed_by.clone(),
                in_pipeline: context.in_pipeline || pipeline.seq.len() > 1,
                stdin,
                ..context.clone()
            };
            let first = self.commands.len();
            stdin = self.command(command, &context);
            if !self.feed(&mut fed_by, first, &command.to_string()) {
                return Stdin::Unknown(String::new());
            }
        }
        stdin
    }

    /// Walks `command`; what it prints, for the command its pipe feeds.
    fn command(&mut self, command: &ast::Command, context: &Context) -> Stdin {
        match command {
            ast::Command::Simple(simple) => return self.simple(simple, context),
            ast::Command::Compound(compound, redirects) => {
                let output = self.compound(compound, context);
                if let Some(list) = redirects {
                    self.redirect_only(&list.0, &command.to_string(), context);
                } else {
                    return output;
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
        Stdin::Unknown(String::new())
    }

    /// Walks `compound`; what it prints, when a group or subshell of one
    /// pipeline.
    fn compound(&mut self, compound: &ast::CompoundCommand, context: &Context) -> Stdin {
        use ast::CompoundCommand as C;
        match compound {
            C::BraceGroup(ast::BraceGroupCommand(list))
            | C::Subshell(ast::SubshellCommand(list)) => return self.compound_list(list, context),
            C::Arithmetic(arithmetic) => {
                self.arithmetic(&arithmetic.expr, context, &compound.to_string())
            }
            C::ArithmeticForClause(clause) => {
                let about = compound.to_string();
                let expressions = [&clause.initializer, &clause.condition, &clause.updater];
                for expression in expressions.into_iter().flatten() {
                    self.arithmetic(expression, context, &about);
                }
                self.compound_list(&clause.body.0, context);
            }
            C::ForClause(clause) => {
                let about = compound.to_string();
                let mut values = Vec::new();
                for value in clause.values.iter().flatten() {
                    let mut fed = Vec::new();
                    values.extend(self.fields_fed(&value.value, true, context, &about, &mut fed));
                }
                // `for d in ~ ./x; do rm -rf "$d"; done`: the body with each
                // value the line gives.
                if self.iterating || values.len() > MAX_LOOP_VALUES || values.is_empty() {
                    self.known.unset(&clause.variable_name);
                    self.compound_list(&clause.body.0, context);
                } else {
                    self.iterating = true;
                    for value in values {
                        self.known.set(&clause.variable_name, field_value(&value));
                        self.compound_list(&clause.body.0, context);
                    }
                    self.iterating = false;
                }
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
        Stdin::Unknown(String::new())
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

    /// Adds the names of the commands walked since `first` to `fed`, once
    /// each; a line that feeds one command from more than [`MAX_FED`]
    /// different ones is too complex.
    pub(super) fn feed(&mut self, fed: &mut Vec<String>, first: usize, about: &str) -> bool {
        for command in &self.commands[first..] {
            if !fed.contains(&command.name) {
                if fed.len() == MAX_FED {
                    self.troubles.push((Trouble::TooDeep, about.to_owned()));
                    return false;
                }
                fed.push(command.name.clone());
            }
        }
        true
    }

    /// The substitutions of an arithmetic command (`(( $(…) ))`).
    fn arithmetic(
        &mut self,
        expression: &ast::UnexpandedArithmeticExpr,
        context: &Context,
        about: &str,
    ) {
        match arithmetic_substitutions(&expression.value, &self.options, self.lookup(context)) {
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

    /// A word's fields, after walking its substitutions (whose commands
    /// feed the command the word belongs to: returned in `fed`); a command
    /// word (`command`) is brace expanded and split at `$IFS` as bash does.
    fn fields_fed(
        &mut self,
        word: &str,
        command: bool,
        context: &Context,
        about: &str,
        fed: &mut Vec<String>,
    ) -> Vec<Field> {
        let expanded = if command {
            expand_command_word(word, &self.options, self.lookup(context))
        } else {
            expand(word, &self.options, self.lookup(context))
        };
        let expanded = match expanded {
            Ok(expanded) => expanded,
            Err(failure) => {
                let trouble = match failure {
                    Failure::Unparseable(reason) => Trouble::Unparseable(reason),
                    Failure::TooDeep => Trouble::TooDeep,
                };
                self.troubles.push((trouble, about.to_owned()));
                return vec![Field::literal(word.to_owned())];
            }
        };
        if command {
            let bytes: usize = expanded.fields.iter().map(|f| f.text.len()).sum();
            self.expanded_bytes = self.expanded_bytes.saturating_add(bytes);
            if self.expanded_bytes > MAX_EXPANDED_BYTES {
                self.troubles.push((Trouble::TooDeep, about.to_owned()));
                return vec![Field::literal(word.to_owned())];
            }
        }
        let mut printed = Vec::with_capacity(expanded.substitutions.len());
        for substitution in &expanded.substitutions {
            let first = self.commands.len();
            let inner = Context {
                depth: context.depth + 1,
                in_pipeline: false,
                ..context.clone()
            };
            printed.push(self.source(substitution, &inner, about));
            if !self.feed(fed, first, about) {
                break;
            }
        }
        let mut fields = expanded.fields;
        for field in &mut fields {
            if let Some(Stdin::Text(text)) = field.substitution.and_then(|at| printed.get(at)) {
                field.printed = Some(text.trim_end_matches('\n').to_owned());
            }
        }
        fields
    }

    /// A word's value as one string, after walking its substitutions.
    fn word_fed(
        &mut self,
        word: &str,
        context: &Context,
        about: &str,
        fed: &mut Vec<String>,
    ) -> String {
        let fields = self.fields_fed(word, false, context, about, fed);
        let texts: Vec<&str> = fields.iter().map(|f| f.text.as_str()).collect();
        texts.join(" ")
    }

    fn word(&mut self, word: &str, context: &Context, about: &str) -> String {
        let mut fed = Vec::new();
        self.word_fed(word, context, about, &mut fed)
    }

    /// A redirection's target, walked; one that gives the command its
    /// standard input (`< file`, a here-document, a here-string) sets
    /// `stdin`.
    fn redirect(
        &mut self,
        redirect: &ast::IoRedirect,
        context: &Context,
        about: &str,
        fed: &mut Vec<String>,
        stdin: &mut Option<Stdin>,
    ) -> Option<Redirect> {
        let reads_stdin = |fd: &Option<u32>| fd.is_none_or(|fd| fd == 0);
        match redirect {
            ast::IoRedirect::File(fd, kind, target) => {
                if reads_stdin(fd) && matches!(kind, IoFileRedirectKind::Read) {
                    *stdin = Some(Stdin::File);
                }
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
                        let output = self.substituted(&subshell.0, context, fed);
                        if reads_stdin(fd) && matches!(kind, IoFileRedirectKind::Read) {
                            *stdin = Some(output);
                        }
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
            ast::IoRedirect::HereString(fd, word) => {
                let text = self.word_fed(&word.value, context, about, fed);
                if reads_stdin(fd) {
                    *stdin = Some(Stdin::Text(text.into()));
                }
                None
            }
            ast::IoRedirect::HereDocument(fd, document) => {
                if document.requires_expansion {
                    self.word_fed(&document.doc.value, context, about, fed);
                }
                if reads_stdin(fd) {
                    let body = &document.doc.value;
                    let text = if document.remove_tabs {
                        let lines: Vec<&str> = body
                            .split('\n')
                            .map(|l| l.trim_start_matches('\t'))
                            .collect();
                        lines.join("\n")
                    } else {
                        body.clone()
                    };
                    *stdin = Some(Stdin::Text(text.into()));
                }
                None
            }
        }
    }

    /// A process substitution's commands, which feed the current command;
    /// what they print.
    fn substituted(
        &mut self,
        list: &ast::CompoundList,
        context: &Context,
        fed: &mut Vec<String>,
    ) -> Stdin {
        let first = self.commands.len();
        let inner = Context {
            depth: context.depth + 1,
            in_pipeline: false,
            ..context.clone()
        };
        if inner.depth > MAX_REPARSE_DEPTH {
            self.troubles.push((Trouble::TooDeep, list.to_string()));
            return Stdin::Unknown(String::new());
        }
        let output = self.compound_list(list, &inner);
        self.feed(fed, first, &list.to_string());
        output
    }

    /// Redirections of a compound command, seen as a command without a
    /// name (so `{ …; } > /dev/sda` is checked like `> /dev/sda`).
    fn redirect_only(&mut self, redirects: &[ast::IoRedirect], about: &str, context: &Context) {
        let mut fed = Vec::new();
        let mut stdin = None;
        let redirects = redirects
            .iter()
            .filter_map(|r| self.redirect(r, context, about, &mut fed, &mut stdin))
            .collect();
        self.commands.push(ShellCommand {
            name: String::new(),
            args: Vec::new(),
            redirects,
            text: about.to_owned(),
            fed_by: joined(&context.fed_by, fed),
            in_function: context.in_function.clone(),
            in_pipeline: context.in_pipeline,
            in_background: context.in_background,
            cwd: context.cwd.clone(),
        });
    }

    fn simple(&mut self, simple: &ast::SimpleCommand, context: &Context) -> Stdin {
        let text = simple.to_string();
        let mut fed = Vec::new();
        let mut words: Vec<Field> = Vec::new();
        let mut redirects = Vec::new();
        let mut stdin = None;
        let mut startup = context.startup.clone();
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
                        let fields = self.fields_fed(&name.value, true, context, &text, &mut fed);
                        words.extend(fields);
                    }
                }
                Some(Item::Word(word)) => {
                    let fields = self.fields_fed(&word.value, true, context, &text, &mut fed);
                    words.extend(fields);
                }
                Some(Item::IoRedirect(redirect)) => {
                    if let Some(r) = self.redirect(redirect, context, &text, &mut fed, &mut stdin) {
                        redirects.push(r);
                    }
                }
                Some(Item::AssignmentWord(assignment, word)) => {
                    // Before the name: an assignment for the command (or,
                    // with no name, for the commands after it); after it
                    // (`export A=b`, `dd of=…`): an argument, expanded as
                    // one.
                    let is_argument = simple.word_or_name.is_some() && !words.is_empty();
                    let scalar = match &assignment.value {
                        ast::AssignmentValue::Scalar(value) if !is_argument => Some(value),
                        _ => None,
                    };
                    let Some(value) = scalar else {
                        let fields =
                            self.fields_fed(&word.value, is_argument, context, &text, &mut fed);
                        if is_argument {
                            words.extend(fields);
                        } else if let ast::AssignmentName::VariableName(name) = &assignment.name {
                            self.known.unset(name);
                        }
                        continue;
                    };
                    let fields = self.fields_fed(&value.value, false, context, &text, &mut fed);
                    let value = fields
                        .first()
                        .map_or(Value::Known(String::new()), field_value);
                    let ast::AssignmentName::VariableName(name) = &assignment.name else {
                        continue;
                    };
                    if simple.word_or_name.is_some() {
                        if matches!(name.as_str(), "BASH_ENV" | "ENV") {
                            if let Value::Known(path) = value {
                                startup = Some(path);
                            }
                        }
                    } else if assignment.append {
                        self.known.unset(name);
                    } else {
                        self.known.set(name, value);
                    }
                }
                Some(Item::ProcessSubstitution(kind, subshell)) => {
                    let output = self.substituted(&subshell.0, context, &mut fed);
                    let mut field = Field::literal("/dev/fd/63".to_owned());
                    if matches!(kind, ast::ProcessSubstitutionKind::Read) {
                        field.produced = Some(Box::new(output));
                    }
                    words.push(field);
                }
            }
        }
        let fed_by = joined(&context.fed_by, fed);
        let context = Context {
            stdin: stdin.unwrap_or_else(|| context.stdin.clone()),
            startup: startup.or_else(|| self.known.text("BASH_ENV").map(str::to_owned)),
            ..context.clone()
        };
        // `alias x='rm -rf'` earlier on the line: `x ~` runs `rm -rf ~`.
        if let Some(output) = self.alias(simple, &words, &context) {
            return output;
        }
        self.remember(&words, &context.stdin);
        let written: Vec<String> = redirects
            .iter()
            .filter(|r: &&Redirect| r.writes())
            .map(|r| r.target().to_owned())
            .collect();
        let first = self.commands.len();
        // `rm -rf ${x:-/}`: the command again with every default value
        // taken, as bash runs it when the variables are unset.
        let taken: Option<Vec<Field>> = words.iter().any(|w| w.fallback.is_some()).then(|| {
            words
                .iter()
                .map(|word| match &word.fallback {
                    Some(fallback) => Field {
                        text: fallback.clone(),
                        unknown_name: false,
                        fallback: None,
                        ..word.clone()
                    },
                    None => word.clone(),
                })
                .collect()
        });
        let output = self.layers(words, redirects, &text, &fed_by, &context);
        if let Some(taken) = taken {
            self.layers(taken, Vec::new(), &text, &fed_by, &context);
        }
        // `printf 'rm -rf ~' > ./s.sh`: what the file holds, for a shell
        // that runs it later on the line.
        for path in written {
            self.known.remember_file(&path, output.clone());
        }
        // `cd DIR` alone (not in a pipe, which runs it in a subshell) moves
        // the commands after it.
        if !context.in_pipeline {
            let walked = self.commands.get(first..).unwrap_or_default();
            let moves =
                |c: &&ShellCommand| c.text() == text && matches!(c.name(), "cd" | "pushd" | "popd");
            if let Some(cd) = walked.iter().rev().find(moves) {
                let operand = cd.operands().into_iter().next();
                self.moved_to = Some(match (cd.name(), operand) {
                    ("popd", _) | ("pushd", None) => None,
                    (_, None) => Some("~".to_owned()),
                    (_, Some(dir)) => moved_to(context.cwd.as_deref(), &dir),
                });
            }
        }
        output
    }
}

/// What a variable assigned from `field` holds: its text, the output of
/// the command substitution it is, or opaque when it holds what the guard
/// cannot read.
pub(super) fn field_value(field: &Field) -> Value {
    match (&field.printed, field.opaque) {
        (Some(printed), _) => Value::Known(printed.clone()),
        (None, Some(_)) => Value::Opaque,
        (None, None) => Value::Known(field.text.clone()),
    }
}

/// `outer` then the names of `inner` not in it.
pub(super) fn joined(outer: &[String], inner: Vec<String>) -> Vec<String> {
    let mut all = outer.to_vec();
    for name in inner {
        if !all.contains(&name) {
            all.push(name);
        }
    }
    all
}
