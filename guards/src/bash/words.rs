//! Words: quotes removed, substitutions found, the static expansions bash
//! performs before it runs a command (braces, `$IFS`), paths classified.

use brush_parser::ParserOptions;
use brush_parser::word::{
    self, BraceExpressionMember, BraceExpressionOrText, Parameter, ParameterExpr, WordPiece,
    WordPieceWithSource,
};

use super::escapes::ansi_c;
use super::known::{Known, Resolved, is_name};
use super::parse::Failure;
use super::stdin::Stdin;

/// How many words one word may become by brace expansion
/// (`{a,b}{c,d}` is four), and how many bytes they may hold: more is a
/// [`Failure::TooDeep`].
pub(super) const MAX_BRACE_WORDS: usize = 4096;
pub(super) const MAX_BRACE_BYTES: usize = 256 * 1024;

/// How deep a variable's value is read again in arithmetic (`x='a[$(…)]'`,
/// `$(( x ))`), and how many values one expression reads in all.
const MAX_ARITHMETIC_DEPTH: usize = 4;
const MAX_ARITHMETIC_VALUES: usize = 64;

/// What the line made known so far, for the words of the commands after
/// it: the variables it set, the directory it moved to.
#[derive(Clone, Copy, Default)]
pub(super) struct Lookup<'a> {
    pub(super) known: Option<&'a Known>,
    pub(super) cwd: Option<&'a str>,
}

impl Lookup<'_> {
    fn resolve(&self, name: &str) -> Option<Resolved> {
        match self.known {
            Some(known) => known.resolve(name, self.cwd),
            None => match name {
                "PWD" => Some(Resolved::Text(self.cwd.unwrap_or(".").to_owned())),
                _ => None,
            },
        }
    }

    fn text(&self, name: &str) -> Option<&str> {
        self.known.and_then(|known| known.text(name))
    }
}

/// What is inside a word: the fields bash makes of it, and the command
/// lines of its `$(…)` and `` `…` `` substitutions, to be parsed in turn.
pub(super) struct Expanded {
    pub(super) fields: Vec<Field>,
    pub(super) substitutions: Vec<String>,
}

/// One word as the command receives it: quotes and backslashes removed,
/// parameters and substitutions kept as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Field {
    pub(super) text: String,
    /// The word holds an expansion whose value the guard does not know: a
    /// parameter other than `HOME`, a command substitution, arithmetic.
    pub(super) unknown: bool,
    /// Such an expansion comes after the last literal `/`: the name of the
    /// program the word runs is not known (`$(echo rm)`, `"$CC"`).
    pub(super) unknown_name: bool,
    /// For a process substitution read from (`<(…)`), what its commands
    /// print.
    pub(super) produced: Option<Box<Stdin>>,
    /// The text with every default or alternative value taken (`${x:-/}`
    /// is `/`, `${x:+W}` is `W`), when the word has one: what bash uses
    /// when the variable is unset (or set).
    pub(super) fallback: Option<String>,
    /// The word holds a value the line produced but the guard cannot read
    /// (a command's output, a variable set from one, an indirection): the
    /// end of the last such part in `text`.
    pub(super) opaque: Option<usize>,
    /// The word is one command substitution, the index of which in the
    /// word's substitutions.
    pub(super) substitution: Option<usize>,
    /// What that substitution prints, when the line tells
    /// (`$(mktemp -d)`, `$(echo ~)`).
    pub(super) printed: Option<String>,
    /// The first expansion of a variable the line set, as written
    /// (`$x`), when its value stands in `text`.
    pub(super) expansion: Option<String>,
}

impl Field {
    pub(super) fn literal(text: String) -> Field {
        Field {
            text,
            unknown: false,
            unknown_name: false,
            produced: None,
            fallback: None,
            opaque: None,
            substitution: None,
            printed: None,
            expansion: None,
        }
    }

    /// Whether the word is a path the guard cannot resolve: a part it
    /// cannot read and no name of its own after it (`$(…)`, `$D/*`,
    /// `/$(…)`), unless it is a command's output the line tells and
    /// that is not a dangerous path.
    pub(super) fn unresolved(&self) -> bool {
        let Some(end) = self.opaque else {
            return false;
        };
        if let Some(printed) = &self.printed {
            return printed
                .split_whitespace()
                .any(super::paths::is_dangerous_path);
        }
        let tail = self.text.get(end..).unwrap_or("");
        let named = tail.split('/').skip(1).any(|segment| {
            !matches!(segment, "" | "." | "..") && !segment.contains(['*', '?', '['])
        });
        !named || super::paths::is_dangerous_path(tail)
    }
}

/// `word` (as written, quotes and all) expanded as bash expands one string
/// (a redirection target, a here-string, an assignment's value), without
/// running anything: quotes and backslashes removed, parameters and
/// substitutions kept as written.
pub(super) fn expand(
    word: &str,
    options: &ParserOptions,
    lookup: Lookup<'_>,
) -> Result<Expanded, Failure> {
    let mut out = Pieces::new(lookup);
    if !out.word(word, false, options) {
        return Err(unparseable(word));
    }
    let fields = out.finish();
    let texts: Vec<&str> = fields.iter().map(|f| f.text.as_str()).collect();
    let mut opaque = None;
    let mut at = 0;
    for field in &fields {
        if let Some(end) = field.opaque {
            opaque = Some(at + end);
        }
        at += field.text.len() + 1;
    }
    let field = Field {
        opaque,
        substitution: if fields.len() == 1 {
            fields[0].substitution
        } else {
            None
        },
        printed: None,
        expansion: fields.iter().find_map(|f| f.expansion.clone()),
        text: texts.join(" "),
        unknown: fields.iter().any(|f| f.unknown),
        unknown_name: fields.last().is_some_and(|f| f.unknown_name),
        produced: None,
        fallback: fields.iter().any(|f| f.fallback.is_some()).then(|| {
            let taken: Vec<&str> = fields
                .iter()
                .map(|f| f.fallback.as_deref().unwrap_or(&f.text))
                .collect();
            taken.join(" ")
        }),
    };
    Ok(Expanded {
        fields: vec![field],
        substitutions: out.substitutions,
    })
}

/// `word` expanded as bash expands a command's words: brace expansion
/// first (`{rm,-rf,/}` is three words), then each result split where an
/// unquoted `$IFS` stands (`rm${IFS}-rf` is two).
pub(super) fn expand_command_word(
    word: &str,
    options: &ParserOptions,
    lookup: Lookup<'_>,
) -> Result<Expanded, Failure> {
    let mut expanded = Expanded {
        fields: Vec::new(),
        substitutions: Vec::new(),
    };
    for one in brace_expansion(word, options)? {
        let mut out = Pieces::new(lookup);
        if !out.word(&one, true, options) {
            return Err(unparseable(&one));
        }
        let before = expanded.substitutions.len();
        expanded
            .fields
            .extend(out.finish().into_iter().map(|mut field| {
                field.substitution = field.substitution.map(|at| at + before);
                field
            }));
        expanded.substitutions.extend(out.substitutions);
    }
    Ok(expanded)
}

fn unparseable(word: &str) -> Failure {
    Failure::Unparseable(format!("the word {word:?} does not parse"))
}

/// The substitutions inside an arithmetic expression (`$(( $(…) + 1 ))`,
/// `(( $(…) ))`); `None` when it has some that do not parse.
/// A name in the expression whose value the line set is read as an
/// expression in turn, as bash does (`x='a[$(…)]'; echo $(( x ))` runs
/// the substitution in the subscript).
pub(super) fn arithmetic_substitutions(
    text: &str,
    options: &ParserOptions,
    lookup: Lookup<'_>,
) -> Option<Vec<String>> {
    let mut budget = MAX_ARITHMETIC_VALUES;
    arithmetic_at_depth(text, options, lookup, 0, &mut budget)
}

fn arithmetic_at_depth(
    text: &str,
    options: &ParserOptions,
    lookup: Lookup<'_>,
    depth: usize,
    budget: &mut usize,
) -> Option<Vec<String>> {
    let mut found = Vec::new();
    if lookup.known.is_some() && depth < MAX_ARITHMETIC_DEPTH {
        for name in text
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|name| is_name(name))
        {
            if let Some(value) = lookup.text(name) {
                if value.contains("$(") || value.contains('`') || value.contains('[') {
                    if *budget == 0 {
                        return None;
                    }
                    *budget -= 1;
                    found.extend(arithmetic_at_depth(
                        value,
                        options,
                        lookup,
                        depth + 1,
                        budget,
                    )?);
                }
            }
        }
    }
    if !text.contains("$(") && !text.contains('`') && !text.contains("${") {
        return Some(found);
    }
    let expanded = expand(text, options, lookup).ok()?;
    found.extend(expanded.substitutions);
    Some(found)
}

/// The fields being built from a word's pieces.
struct Pieces<'a> {
    lookup: Lookup<'a>,
    fields: Vec<Field>,
    current: Field,
    /// The current field's text with default values taken.
    taken: String,
    has_fallback: bool,
    split: bool,
    substitutions: Vec<String>,
    /// How many pieces the current field holds, and whether the last was
    /// a command substitution.
    pieces: usize,
    substituted: bool,
}

impl Default for Field {
    fn default() -> Self {
        Field::literal(String::new())
    }
}

impl<'a> Pieces<'a> {
    fn new(lookup: Lookup<'a>) -> Self {
        Pieces {
            lookup,
            fields: Vec::new(),
            current: Field::default(),
            taken: String::new(),
            has_fallback: false,
            split: false,
            substitutions: Vec::new(),
            pieces: 0,
            substituted: false,
        }
    }

    /// Whether all of `word` could be read. A `~` before a name no user
    /// has (`~$(…)`, which the parser reads as a user) stays a `~`, and
    /// the rest is read as a word of its own, as bash does.
    fn word(&mut self, word: &str, splits: bool, options: &ParserOptions) -> bool {
        let user = word
            .strip_prefix('~')
            .map(|rest| rest.split('/').next().unwrap_or(rest));
        let no_user = user.is_some_and(|user| {
            !user
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '+'))
        });
        let word = if no_user {
            self.literal("~");
            &word[1..]
        } else {
            word
        };
        match word::parse(word, options) {
            Ok(pieces) => self.push(word, &pieces, false, splits, options),
            Err(_) => false,
        }
    }

    /// Whether every piece could be read. `quoted`: inside double quotes;
    /// `splits`: an unquoted `$IFS` ends a field.
    fn push(
        &mut self,
        word: &str,
        pieces: &[WordPieceWithSource],
        quoted: bool,
        splits: bool,
        options: &ParserOptions,
    ) -> bool {
        let mut complete = true;
        // A `$` the parser left as text before `{` or `(`: an expansion it
        // could not read (`${x-~}`), whose words bash still runs.
        let mut dollar = false;
        for piece in pieces {
            let source = word.get(piece.start_index..piece.end_index).unwrap_or("");
            if let WordPiece::Text(text) = &piece.piece {
                let unread = text.contains("${")
                    || text.contains("$(")
                    || (dollar && text.starts_with(['{', '(']));
                if unread {
                    complete = false;
                }
                dollar = text.ends_with('$');
            } else {
                dollar = false;
            }
            match &piece.piece {
                WordPiece::Text(text) | WordPiece::SingleQuotedText(text) => self.literal(text),
                WordPiece::AnsiCQuotedText(text) => self.literal(&ansi_c(text)),
                WordPiece::DoubleQuotedSequence(inner)
                | WordPiece::GettextDoubleQuotedSequence(inner) => {
                    complete &= self.push(word, inner, true, splits, options)
                }
                // `~+` is the directory the command runs in.
                WordPiece::TildePrefix(user) if user == "+" => {
                    let cwd = self.lookup.cwd.unwrap_or(".");
                    self.known(cwd);
                }
                WordPiece::TildePrefix(user) => {
                    self.known("~");
                    self.known(user);
                }
                WordPiece::EscapeSequence(escaped) => {
                    self.literal(escaped.strip_prefix('\\').unwrap_or(escaped));
                }
                // `$()`, `` `` ``, `$( )`: nothing, known.
                WordPiece::CommandSubstitution(inner)
                | WordPiece::BackquotedCommandSubstitution(inner)
                    if inner.trim().is_empty() => {}
                WordPiece::CommandSubstitution(inner)
                | WordPiece::BackquotedCommandSubstitution(inner) => {
                    self.substitutions.push(inner.clone());
                    self.unknown(source);
                    self.opaque();
                    self.substituted = true;
                }
                WordPiece::ParameterExpansion(expression) => {
                    complete &= self.parameter_words(expression, options);
                    let parameter = parameter_of(expression);
                    let resolved = if is_named(parameter, "HOME") && is_plain(expression) {
                        None
                    } else {
                        self.resolved(expression)
                    };
                    if splits && !quoted && is_named(parameter, "IFS") {
                        self.split = true;
                        self.end_field();
                    } else if let Some(resolved) = resolved {
                        match resolved {
                            Resolved::Text(text) => {
                                self.assigned(source, &text, splits && !quoted);
                            }
                            Resolved::Opaque => {
                                self.unknown(source);
                                self.opaque();
                            }
                        }
                    } else if is_named(parameter, "HOME") && is_plain(expression) {
                        self.known(source);
                    } else {
                        self.unknown(source);
                        if let Some(value) = default_value(expression, options) {
                            let at = self.taken.len() - source.len();
                            self.taken.truncate(at);
                            self.taken.push_str(&value);
                            self.has_fallback = true;
                        }
                    }
                }
                WordPiece::ArithmeticExpression(expression) => {
                    match arithmetic_substitutions(&expression.value, options, self.lookup) {
                        Some(found) => self.substitutions.extend(found),
                        None => complete = false,
                    }
                    self.unknown(source);
                }
            }
        }
        complete
    }

    fn literal(&mut self, text: &str) {
        if text.contains('/') {
            self.current.unknown_name = false;
        }
        self.known(text);
    }

    /// Text whose value is known, in both the field and its fallback.
    fn known(&mut self, text: &str) {
        if !text.is_empty() {
            self.pieces += 1;
            self.substituted = false;
        }
        self.current.text.push_str(text);
        self.taken.push_str(text);
    }

    /// The current field holds a value the guard cannot read up to here.
    fn opaque(&mut self) {
        self.current.opaque = Some(self.current.text.len());
    }

    /// A variable's value the line set: known, but still an expansion for
    /// the program's name; split at blanks when unquoted.
    fn assigned(&mut self, source: &str, value: &str, splits: bool) {
        if self.current.expansion.is_none() {
            self.current.expansion = Some(source.to_owned());
        }
        if splits {
            let mut words = value.split_whitespace();
            if let Some(first) = words.next() {
                self.known(first);
            }
            for word in words {
                self.current.unknown_name = true;
                self.end_field();
                self.known(word);
            }
        } else {
            self.known(value);
        }
        self.current.unknown_name = true;
    }

    /// The value of a parameter the line set (`A=~; $A`), references and
    /// indirection followed (`${!v}`), a literal suffix or prefix removed
    /// (`${HOME%/}`); `None` for one from the environment.
    fn resolved(&self, expression: &ParameterExpr) -> Option<Resolved> {
        use ParameterExpr as P;
        let (name, indirect) = match expression {
            P::Parameter {
                parameter: Parameter::Named(name),
                indirect,
            }
            | P::IndicateErrorIfNullOrUnset {
                parameter: Parameter::Named(name),
                indirect,
                ..
            }
            | P::RemoveSmallestSuffixPattern {
                parameter: Parameter::Named(name),
                indirect,
                ..
            }
            | P::RemoveLargestSuffixPattern {
                parameter: Parameter::Named(name),
                indirect,
                ..
            }
            | P::RemoveSmallestPrefixPattern {
                parameter: Parameter::Named(name),
                indirect,
                ..
            }
            | P::RemoveLargestPrefixPattern {
                parameter: Parameter::Named(name),
                indirect,
                ..
            }
            | P::UseDefaultValues {
                parameter: Parameter::Named(name),
                indirect,
                ..
            } => (name.as_str(), *indirect),
            _ => return None,
        };
        let value = if indirect {
            // `${!v}`: the variable named by `v`'s value.
            match self.lookup.resolve(name) {
                Some(Resolved::Text(target)) if is_name(&target) => self.lookup.resolve(&target),
                Some(Resolved::Text(_) | Resolved::Opaque) => Some(Resolved::Opaque),
                None if matches!(expression, P::UseDefaultValues { .. }) => None,
                None => Some(Resolved::Opaque),
            }
        } else {
            self.lookup.resolve(name)
        }?;
        let Resolved::Text(text) = value else {
            return Some(Resolved::Opaque);
        };
        // `A=; rm -rf ${A:-/}`: an empty value takes the default, as an
        // unset one does.
        if text.is_empty() && matches!(expression, P::UseDefaultValues { .. }) {
            return None;
        }
        let (pattern, suffix) = match expression {
            P::RemoveSmallestSuffixPattern { pattern, .. }
            | P::RemoveLargestSuffixPattern { pattern, .. } => (pattern.as_deref(), true),
            P::RemoveSmallestPrefixPattern { pattern, .. }
            | P::RemoveLargestPrefixPattern { pattern, .. } => (pattern.as_deref(), false),
            _ => return Some(Resolved::Text(text)),
        };
        let pattern = pattern.unwrap_or("");
        if pattern.contains(['*', '?', '[', '$', '`', '\\', '\'', '"']) {
            return Some(Resolved::Opaque);
        }
        let stripped = if suffix {
            text.strip_suffix(pattern)
        } else {
            text.strip_prefix(pattern)
        };
        Some(Resolved::Text(stripped.unwrap_or(&text).to_owned()))
    }

    fn unknown(&mut self, source: &str) {
        self.known(source);
        self.current.unknown = true;
        self.current.unknown_name = true;
    }

    /// The current field, with its fallback when it has one.
    fn take_field(&mut self) -> Field {
        let mut field = std::mem::take(&mut self.current);
        if self.pieces == 1 && self.substituted {
            field.substitution = self.substitutions.len().checked_sub(1);
        }
        self.pieces = 0;
        self.substituted = false;
        let taken = std::mem::take(&mut self.taken);
        if std::mem::take(&mut self.has_fallback) {
            field.fallback = Some(taken);
        }
        field
    }

    fn end_field(&mut self) {
        let field = self.take_field();
        if !field.text.is_empty() {
            self.fields.push(field);
        }
    }

    /// The words inside a parameter expansion (`${x:-$(…)}`,
    /// `${x/pat/$(…)}`, `${a[$(…)]}`, `${x:$(…)}`): their substitutions run
    /// when bash expands it.
    fn parameter_words(&mut self, expression: &ParameterExpr, options: &ParserOptions) -> bool {
        use ParameterExpr as P;
        let mut words: Vec<&str> = Vec::new();
        let mut arithmetic: Vec<&str> = Vec::new();
        if let Some(Parameter::NamedWithIndex { index, .. }) = parameter_of(expression) {
            arithmetic.push(index);
        }
        match expression {
            P::UseDefaultValues {
                default_value: w, ..
            }
            | P::AssignDefaultValues {
                default_value: w, ..
            }
            | P::IndicateErrorIfNullOrUnset {
                error_message: w, ..
            }
            | P::UseAlternativeValue {
                alternative_value: w,
                ..
            }
            | P::RemoveSmallestSuffixPattern { pattern: w, .. }
            | P::RemoveLargestSuffixPattern { pattern: w, .. }
            | P::RemoveSmallestPrefixPattern { pattern: w, .. }
            | P::RemoveLargestPrefixPattern { pattern: w, .. }
            | P::UppercaseFirstChar { pattern: w, .. }
            | P::UppercasePattern { pattern: w, .. }
            | P::LowercaseFirstChar { pattern: w, .. }
            | P::LowercasePattern { pattern: w, .. } => words.extend(w.as_deref()),
            P::ReplaceSubstring {
                pattern,
                replacement,
                ..
            } => {
                words.push(pattern);
                words.extend(replacement.as_deref());
            }
            P::Substring { offset, length, .. } => {
                arithmetic.push(&offset.value);
                arithmetic.extend(length.as_ref().map(|l| l.value.as_str()));
            }
            P::Parameter { .. }
            | P::ParameterLength { .. }
            | P::Transform { .. }
            | P::VariableNames { .. }
            | P::MemberKeys { .. } => {}
        }
        let mut complete = true;
        for inner in words {
            match expand(inner, options, self.lookup) {
                Ok(expanded) => self.substitutions.extend(expanded.substitutions),
                Err(_) => complete = false,
            }
        }
        for inner in arithmetic {
            match arithmetic_substitutions(inner, options, self.lookup) {
                Some(found) => self.substitutions.extend(found),
                None => complete = false,
            }
        }
        complete
    }

    fn finish(&mut self) -> Vec<Field> {
        let field = self.take_field();
        if !self.split || !field.text.is_empty() {
            self.fields.push(field);
        }
        std::mem::take(&mut self.fields)
    }
}

/// The value `${x:-W}`, `${x-W}`, `${x:=W}`, `${x=W}`, `${x:+W}` or
/// `${x+W}` takes when its test goes the other way: `W`, expanded.
fn default_value(expression: &ParameterExpr, options: &ParserOptions) -> Option<String> {
    use ParameterExpr as P;
    let word = match expression {
        P::UseDefaultValues { default_value, .. }
        | P::AssignDefaultValues { default_value, .. } => default_value.as_deref(),
        P::UseAlternativeValue {
            alternative_value, ..
        } => alternative_value.as_deref(),
        _ => None,
    }?;
    let expanded = expand(word, options, Lookup::default()).ok()?;
    expanded.fields.into_iter().next().map(|field| field.text)
}

fn parameter_of(expression: &ParameterExpr) -> Option<&Parameter> {
    use ParameterExpr as P;
    match expression {
        P::Parameter { parameter, .. }
        | P::UseDefaultValues { parameter, .. }
        | P::AssignDefaultValues { parameter, .. }
        | P::IndicateErrorIfNullOrUnset { parameter, .. }
        | P::UseAlternativeValue { parameter, .. }
        | P::ParameterLength { parameter, .. }
        | P::RemoveSmallestSuffixPattern { parameter, .. }
        | P::RemoveLargestSuffixPattern { parameter, .. }
        | P::RemoveSmallestPrefixPattern { parameter, .. }
        | P::RemoveLargestPrefixPattern { parameter, .. }
        | P::Substring { parameter, .. }
        | P::Transform { parameter, .. }
        | P::UppercaseFirstChar { parameter, .. }
        | P::UppercasePattern { parameter, .. }
        | P::LowercaseFirstChar { parameter, .. }
        | P::LowercasePattern { parameter, .. }
        | P::ReplaceSubstring { parameter, .. } => Some(parameter),
        P::VariableNames { .. } | P::MemberKeys { .. } => None,
    }
}

fn is_named(parameter: Option<&Parameter>, name: &str) -> bool {
    matches!(parameter, Some(Parameter::Named(found)) if found == name)
}

/// `$HOME`, `${HOME}`, `${HOME:?…}`: the variable's value as it is.
fn is_plain(expression: &ParameterExpr) -> bool {
    matches!(
        expression,
        ParameterExpr::Parameter {
            indirect: false,
            ..
        } | ParameterExpr::IndicateErrorIfNullOrUnset {
            indirect: false,
            ..
        }
    )
}

/// The words brace expansion makes of `word`, quotes kept: `a{b,c}` is
/// `ab ac`, `{1..3}` is `1 2 3`; `word` alone when it has none.
fn brace_expansion(word: &str, options: &ParserOptions) -> Result<Vec<String>, Failure> {
    if !word.contains('{') {
        return Ok(vec![word.to_owned()]);
    }
    match word::parse_brace_expansions(word, options) {
        Ok(Some(pieces)) => {
            let mut words = vec![String::new()];
            braces(&pieces, &mut words)?;
            Ok(words)
        }
        _ => Ok(vec![word.to_owned()]),
    }
}

/// Appends each piece to every word so far: a brace expression multiplies
/// them.
fn braces(pieces: &[BraceExpressionOrText], words: &mut Vec<String>) -> Result<(), Failure> {
    for piece in pieces {
        match piece {
            BraceExpressionOrText::Text(text) => {
                let total: usize = words.iter().map(String::len).sum();
                if total.saturating_add(text.len().saturating_mul(words.len())) > MAX_BRACE_BYTES {
                    return Err(Failure::TooDeep);
                }
                for word in words.iter_mut() {
                    word.push_str(text);
                }
            }
            BraceExpressionOrText::Expr(members) => {
                let mut alternatives: Vec<String> = Vec::new();
                for member in members {
                    match member {
                        BraceExpressionMember::Child(child) => {
                            let mut inner = vec![String::new()];
                            braces(child, &mut inner)?;
                            alternatives.extend(inner);
                        }
                        BraceExpressionMember::NumberSequence {
                            start,
                            end,
                            increment,
                        } => sequence(*start, *end, *increment, &mut alternatives, |n| {
                            n.to_string()
                        })?,
                        BraceExpressionMember::CharSequence {
                            start,
                            end,
                            increment,
                        } => sequence(
                            i64::from(u32::from(*start)),
                            i64::from(u32::from(*end)),
                            *increment,
                            &mut alternatives,
                            |n| {
                                u32::try_from(n)
                                    .ok()
                                    .and_then(char::from_u32)
                                    .map(String::from)
                                    .unwrap_or_default()
                            },
                        )?,
                    }
                    if alternatives.len() > MAX_BRACE_WORDS {
                        return Err(Failure::TooDeep);
                    }
                }
                let bytes = |texts: &[String]| texts.iter().map(String::len).sum::<usize>();
                let total = bytes(words)
                    .saturating_mul(alternatives.len())
                    .saturating_add(bytes(&alternatives).saturating_mul(words.len()));
                if words.len().saturating_mul(alternatives.len()) > MAX_BRACE_WORDS
                    || total > MAX_BRACE_BYTES
                {
                    return Err(Failure::TooDeep);
                }
                *words = words
                    .iter()
                    .flat_map(|word| alternatives.iter().map(move |alt| format!("{word}{alt}")))
                    .collect();
            }
        }
    }
    Ok(())
}

/// `{start..end..increment}` as bash counts it, up or down.
fn sequence(
    start: i64,
    end: i64,
    increment: i64,
    out: &mut Vec<String>,
    show: impl Fn(i64) -> String,
) -> Result<(), Failure> {
    let step = i128::from(increment).abs().max(1);
    let (start, end) = (i128::from(start), i128::from(end));
    let count = (start - end).abs() / step + 1;
    if count > MAX_BRACE_WORDS as i128 {
        return Err(Failure::TooDeep);
    }
    let direction = if end >= start { step } else { -step };
    let mut n = start;
    for _ in 0..count {
        out.push(show(i64::try_from(n).unwrap_or_default()));
        n += direction;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_lose_their_quotes_and_keep_their_substitutions() {
        let options = ParserOptions::default();
        for (word, value) in [
            ("\"rm\"", "rm"),
            ("'r''m'", "rm"),
            ("\\rm", "rm"),
            ("$'\\x41'", "A"),
            ("$'\\x2f\\057\\u002F'", "///"),
            ("$'a\\tb\\q\\x'", "a\tb\\q\\x"),
            ("~/x", "~/x"),
            ("\"$HOME\"/", "$HOME/"),
            ("a\"b c\"d", "ab cd"),
        ] {
            assert_eq!(
                expand(word, &options, Lookup::default())
                    .ok()
                    .unwrap()
                    .fields[0]
                    .text,
                value,
                "{word}"
            );
        }
        let expanded = expand("\"$(a)`b`\"", &options, Lookup::default())
            .ok()
            .unwrap();
        assert_eq!(expanded.substitutions, ["a", "b"]);
    }

    fn command_words(word: &str) -> Vec<String> {
        let options = ParserOptions::default();
        let expanded = expand_command_word(word, &options, Lookup::default())
            .ok()
            .unwrap();
        expanded.fields.into_iter().map(|f| f.text).collect()
    }

    #[test]
    fn braces_and_ifs_make_words_as_bash_does() {
        for (word, words) in [
            ("{rm,-rf,/}", &["rm", "-rf", "/"][..]),
            ("/{,}", &["/", "/"]),
            ("/{etc,usr}", &["/etc", "/usr"]),
            ("r{m,}", &["rm", "r"]),
            ("{a..c}", &["a", "b", "c"]),
            ("{3..1}", &["3", "2", "1"]),
            ("{1..7..3}", &["1", "4", "7"]),
            ("{a,b}{1,2}", &["a1", "a2", "b1", "b2"]),
            ("'{a,b}'", &["{a,b}"]),
            ("{}", &["{}"]),
            ("{a}", &["{a}"]),
            ("rm${IFS}-rf${IFS}/", &["rm", "-rf", "/"]),
            ("rm$IFS/", &["rm", "/"]),
            ("\"a${IFS}b\"", &["a${IFS}b"]),
            ("\"\"", &[""]),
            ("/$()", &["/"]),
        ] {
            assert_eq!(command_words(word), words, "{word}");
        }
        let options = ParserOptions::default();
        assert!(matches!(
            expand_command_word("{1..100000}", &options, Lookup::default()),
            Err(Failure::TooDeep)
        ));
        assert!(matches!(
            expand_command_word(&"{a,b}".repeat(13), &options, Lookup::default()),
            Err(Failure::TooDeep)
        ));
        assert_eq!(command_words(&"{a,b}".repeat(12)).len(), 4096);
    }

    #[test]
    fn substitutions_inside_parameter_expansions_are_found() {
        let options = ParserOptions::default();
        for word in [
            "${x:-$(a)}",
            "${x-$(a)}",
            "${x:=$(a)}",
            "${x:+$(a)}",
            "${x:?$(a)}",
            "${x/p/$(a)}",
            "${x//$(a)/r}",
            "${x#$(a)}",
            "${x%%$(a)}",
            "${x[$(a)]}",
            "${x:$(a)}",
            "${x:0:$(a)}",
            "${x:-${y:-$(a)}}",
            "${x:-`a`}",
            "\"${x:-\"$(a)\"}\"",
            "${x,,$(a)}",
        ] {
            let expanded = expand(word, &options, Lookup::default()).ok().unwrap();
            assert_eq!(expanded.substitutions, ["a"], "{word}");
            assert!(expanded.fields[0].unknown, "{word}");
        }
        let home = expand("${HOME}/x", &options, Lookup::default())
            .ok()
            .unwrap();
        assert!(!home.fields[0].unknown);
        let name = expand("$(which x)/rm", &options, Lookup::default())
            .ok()
            .unwrap();
        assert!(name.fields[0].unknown && !name.fields[0].unknown_name);
    }
}
