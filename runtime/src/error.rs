//! The errors: `ToolInputError` (the model's call failed the schema, one line
//! per problem) and `SchemaError` (the schema itself is outside the subset).

use std::fmt;

use crate::pointer;

/// What kind of problem an [`Issue`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IssueKind {
    /// A key the object does not take.
    UnknownProperty,
    /// Required keys are absent; [`Issue::missing`] names them.
    MissingProperty,
    /// The value has the wrong JSON type.
    Type,
    /// The value is not one of the allowed values.
    Enum,
    /// The value is not the one allowed value.
    Const,
    /// A string does not match the pattern.
    Pattern,
    /// A string does not read as its type's format (a URL, a date-time).
    Format,
    /// A string is too short or too long.
    Length,
    /// A number is outside its bounds.
    Bound,
    /// A number is not a multiple of the required step.
    MultipleOf,
    /// An array has too few or too many items.
    ItemCount,
    /// An array has equal items where they must be unique.
    Unique,
    /// The schema allows no value here.
    NotAllowed,
    /// The value nests deeper than the validator follows.
    TooDeep,
    /// A repair could not be made safely (two spellings of one key).
    Ambiguous,
    /// The value passed the schema but not the tool's own argument type.
    Deserialize,
    /// The arguments are not JSON text that can be read (see
    /// [`JsonTextError`](crate::JsonTextError)).
    NotJson,
    /// The arguments are larger than the host takes.
    TooLarge,
    /// More than one alternative of `oneOf` matched.
    ManyMatches,
    /// The value matches the schema under `not`.
    Not,
    /// A key fails `propertyNames`.
    PropertyName,
    /// An array has too few or too many items matching `contains`.
    Contains,
    /// An object has too few or too many properties.
    PropertyCount,
}

/// One problem with a call: where, what, and for missing keys which ones.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Issue {
    /// RFC 6901 pointer to the value at fault; empty for the root.
    pub at: String,
    /// What is wrong, in the words the model reads, e.g. `must be at most 50, got 500`.
    pub problem: String,
    /// The required keys that are absent (for [`IssueKind::MissingProperty`]).
    pub missing: Vec<String>,
    /// The kind of problem.
    pub kind: IssueKind,
}

impl Issue {
    pub(crate) fn new(at: String, kind: IssueKind, problem: String) -> Self {
        Issue {
            at,
            problem,
            missing: Vec::new(),
            kind,
        }
    }

    /// The line a model reads: `Invalid arguments at /limit: must be at most 50, got 500`.
    pub fn line(&self) -> String {
        self.line_at(PREFIX, &pointer::display(&self.at))
    }

    /// The line with `at` shown as `location` after `subject`, sized once,
    /// as this runs for every reported problem.
    fn line_at(&self, subject: &str, location: &str) -> String {
        let mut line =
            String::with_capacity(subject.len() + location.len() + self.problem.len() + 6);
        line.push_str(subject);
        if !self.at.is_empty() {
            line.push_str(" at ");
            line.push_str(location);
        }
        line.push_str(": ");
        line.push_str(&self.problem);
        line
    }
}

const PREFIX: &str = "Invalid arguments";

/// Problems as they are found, ranked: type, missing-key and bound problems
/// first, then the other value problems, then unknown keys, each rank in
/// the order found. At most [`ToolInputError::MAX_ISSUES`] are kept per
/// rank, the rest only counted, so a hostile call costs memory for a few
/// dozen lines however many problems it holds, and a flood of one kind
/// never hides the lines of another.
#[derive(Debug, Default)]
pub(crate) struct Problems {
    /// In the order found; ranked once, at the end.
    issues: Vec<Issue>,
    /// How many of `issues` each rank holds.
    kept: [usize; RANKS],
    omitted: usize,
}

const RANKS: usize = 3;

/// Where lines of this kind come: 0 first.
fn rank(kind: IssueKind) -> usize {
    match kind {
        IssueKind::Type
        | IssueKind::MissingProperty
        | IssueKind::Bound
        | IssueKind::Length
        | IssueKind::ItemCount
        | IssueKind::PropertyCount
        | IssueKind::MultipleOf => 0,
        IssueKind::UnknownProperty => 2,
        _ => 1,
    }
}

impl Problems {
    /// Keeps the issue `make` builds for a problem of `kind`, or, when its
    /// rank is full, counts it unbuilt.
    pub(crate) fn push(&mut self, kind: IssueKind, make: impl FnOnce() -> Issue) {
        let kept = &mut self.kept[rank(kind)];
        if *kept < ToolInputError::MAX_ISSUES {
            *kept += 1;
            self.issues.push(make());
        } else {
            self.omitted += 1;
        }
    }

    /// Whether nothing was found.
    pub(crate) fn is_empty(&self) -> bool {
        self.issues.is_empty() && self.omitted == 0
    }

    /// How many problems were found, kept or counted.
    pub(crate) fn count(&self) -> usize {
        self.issues.len() + self.omitted
    }

    /// The problems kept, in the order found.
    pub(crate) fn issues(&self) -> &[Issue] {
        &self.issues
    }

    /// The problems kept, in the order found.
    pub(crate) fn into_issues(self) -> Vec<Issue> {
        self.issues
    }

    /// Takes in the problems `other` found (in a union's alternative),
    /// each changed by `edit`, under this one's caps.
    pub(crate) fn absorb(&mut self, other: Problems, mut edit: impl FnMut(&mut Issue)) {
        for mut issue in other.issues {
            edit(&mut issue);
            self.push(issue.kind, || issue);
        }
        self.omitted += other.omitted;
    }

    /// Keeps the issue `make` builds, ranked by its kind.
    pub(crate) fn push_with(&mut self, make: impl FnOnce() -> Issue) {
        let issue = make();
        self.push(issue.kind, || issue);
    }

    /// `Ok` when nothing was found, else the first problems by rank and
    /// the count of the rest.
    pub(crate) fn into_result(self) -> Result<(), ToolInputError> {
        let Problems {
            mut issues,
            omitted,
            ..
        } = self;
        if issues.is_empty() {
            return Ok(());
        }
        // Stable: each rank keeps the order its problems were found in.
        issues.sort_by_key(|issue| rank(issue.kind));
        let over = issues.len().saturating_sub(ToolInputError::MAX_ISSUES);
        issues.truncate(ToolInputError::MAX_ISSUES);
        Err(ToolInputError::new(issues, omitted + over))
    }
}

/// The arguments of a call failed the schema: every problem, as one line each.
///
/// `Display` is [`lines`](ToolInputError::lines) joined by newlines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolInputError {
    issues: Vec<Issue>,
    omitted: usize,
}

impl ToolInputError {
    /// At most this many issues are kept; the rest are counted.
    pub const MAX_ISSUES: usize = 20;

    pub(crate) fn new(issues: Vec<Issue>, omitted: usize) -> Self {
        ToolInputError { issues, omitted }
    }

    /// The error for arguments whose JSON text was refused, with what is
    /// wrong and where: `Invalid arguments: not valid JSON: expected value
    /// at line 1 column 18`, `Invalid arguments: duplicate key "name" at
    /// line 1 column 22; send each key once`.
    pub fn not_json(err: &crate::JsonTextError) -> Self {
        let issue = Issue::new(String::new(), IssueKind::NotJson, err.to_string());
        ToolInputError::new(vec![issue], 0)
    }

    /// The problems, in the order of the lines.
    pub fn issues(&self) -> &[Issue] {
        &self.issues
    }

    /// How many problems were found beyond the kept [`issues`](Self::issues).
    pub fn omitted(&self) -> usize {
        self.omitted
    }

    /// The text for the model: one line per problem, ending with
    /// `… and N more problems` when some were left out.
    pub fn lines(&self) -> Vec<String> {
        self.render(Issue::line)
    }

    /// The lines with each location rendered by `location` from the issue's
    /// pointer (a command line says `--limit` where others say `/limit`).
    /// Problems at the root keep no location.
    pub fn lines_with(&self, location: impl Fn(&str) -> String) -> Vec<String> {
        self.render(|issue| match issue.at.is_empty() {
            true => issue.line_at(PREFIX, ""),
            false => issue.line_at(PREFIX, &location(&issue.at)),
        })
    }

    /// The lines with `subject` in place of `Invalid arguments`, for
    /// documents that are not a tool's arguments: `Invalid hook input at
    /// /tool_use_id: must be string, got number`.
    pub fn lines_for(&self, subject: &str) -> Vec<String> {
        self.render(|issue| issue.line_at(subject, &pointer::display(&issue.at)))
    }

    fn render(&self, line: impl Fn(&Issue) -> String) -> Vec<String> {
        let mut lines: Vec<String> = self.issues.iter().map(line).collect();
        if self.omitted > 0 {
            let noun = if self.omitted == 1 {
                "problem"
            } else {
                "problems"
            };
            lines.push(format!("… and {} more {noun}", self.omitted));
        }
        lines
    }
}

impl fmt::Display for ToolInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, line) in self.lines().iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            f.write_str(line)?;
        }
        Ok(())
    }
}

impl std::error::Error for ToolInputError {}

/// A schema the validator cannot take: a keyword outside the supported
/// subset, or a keyword with a malformed value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaError {
    keyword: String,
    at: String,
    reason: String,
}

impl SchemaError {
    pub(crate) fn new(keyword: &str, at: String, reason: impl Into<String>) -> Self {
        SchemaError {
            keyword: crate::echo::shown(keyword, 64),
            at,
            reason: reason.into(),
        }
    }

    /// The keyword at fault, e.g. `$ref` or `minimum`.
    pub fn keyword(&self) -> &str {
        &self.keyword
    }

    /// RFC 6901 pointer, inside the schema, of the object holding the keyword.
    pub fn at(&self) -> &str {
        &self.at
    }

    /// Why the keyword was refused.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "schema keyword \"{}\"", self.keyword)?;
        if !self.at.is_empty() {
            write!(f, " at {}", pointer::display(&self.at))?;
        }
        write!(f, ": {}", self.reason)
    }
}

impl std::error::Error for SchemaError {}
