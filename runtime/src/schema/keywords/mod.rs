//! Every schema keyword the validator compiles, one row each: how the
//! compiler reads it, whether the portable subset `#[tool]` emits holds
//! it, what each function-calling host does with it, and what checks it on
//! the typed path. The row is where a keyword's facts are stated; the
//! tests hold the compiler (`compile.rs`), the hosts' exports and
//! [`refused_by`](super::portable::refused_by) to it.
//!
//! ```
//! # extern crate toolsmith_runtime as toolsmith;
//! use toolsmith::keywords::{self, Portable, Verdict};
//! use toolsmith::portable::Host;
//!
//! let row = keywords::find("minLength").unwrap();
//! assert_eq!(row.portable, Portable::Yes);
//! assert_eq!(row.verdict(Host::OpenAiStrict), Verdict::Drops);
//! assert_eq!(row.verdict(Host::Gemini), Verdict::Keeps);
//! assert!(keywords::find("definitions").is_none());
//! ```

use super::portable::Host;

/// How the compiler reads a keyword.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Step {
    /// Compiled into a check of the value itself (`minLength`: a string's
    /// length), a line when it fails.
    Assertion,
    /// Compiles subschemas that parts of the value are checked against
    /// (`properties`, `items`, `anyOf`).
    Applicator,
    /// Resolves to another schema (`$ref`, `$dynamicRef`) or names a
    /// resource references resolve against (`$id`).
    Reference,
    /// Read and its type checked, never enforced (`format` is enforced only
    /// when the builder asserts formats).
    Annotation,
    /// toolsmith's own annotation, which the macros write for the
    /// validator and the schema a host is shown never carries.
    Private,
}

/// Whether the portable subset holds a keyword: the schema `#[tool]` and
/// `#[derive(ToolArg)]` emit, which [`problems`](super::portable::problems)
/// accepts from any other generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Portable {
    /// Anywhere its type allows.
    Yes,
    /// Only as a tagged union (alternatives that each fix a tag with a
    /// `const`), never at the root.
    TaggedUnion,
    /// Outside the subset: a foreign schema may use it, and the hosts that
    /// refuse it say so at registration.
    No,
    /// Private to toolsmith: written by the macros, stripped from what a
    /// host is shown ([`advertised`](super::portable::advertised)).
    Stripped,
}

/// What a function-calling host does with a keyword in a tool's schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Verdict {
    /// Sent as it is.
    Keeps,
    /// Sent in another form the host takes (`const` as a one-value `enum`,
    /// a `format` spelled out in the description).
    Rewrites,
    /// Left out of the declaration; still enforced on every call, against
    /// the canonical schema.
    Drops,
    /// The host refuses it: [`refused_by`](super::portable::refused_by)
    /// names it, and the tool is kept away from that host.
    Refuses,
}

/// What checks a keyword on the typed path (a `#[tool]` call deserialized
/// straight into its argument struct, the validator run only for lines).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Typed {
    /// The argument type's `Deserialize` (read strictly: structs only from
    /// objects, enums only from strings) refuses what the keyword refuses.
    Deserialize,
    /// `ToolArgs::satisfies_schema`, the checks `#[arg(..)]` generates.
    Satisfies,
    /// Only the validator: `#[tool]` does not emit it, or (a set's
    /// `uniqueItems`, whose `Deserialize` drops repeats) the typed path
    /// hands the call to the validator.
    Validator,
    /// Nothing: an annotation.
    Unchecked,
}

/// One keyword's facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Keyword {
    /// The keyword as a schema spells it.
    pub name: &'static str,
    /// How the compiler reads it.
    pub step: Step,
    /// Whether the portable subset holds it.
    pub portable: Portable,
    /// OpenAI function calling with `strict: true`.
    pub openai_strict: Verdict,
    /// Anthropic tool use.
    pub anthropic: Verdict,
    /// Gemini function declarations.
    pub gemini: Verdict,
    /// What checks it on the typed path.
    pub typed: Typed,
    /// A subschema that uses it, as JSON text, in the form that shows each
    /// host's verdict (a `type` list, which Gemini rewrites; a `format`
    /// OpenAI strict mode spells out). It names itself `/properties/x` of
    /// a closed root object.
    pub example: &'static str,
}

impl Keyword {
    /// What `host` does with the keyword.
    pub fn verdict(&self, host: Host) -> Verdict {
        match host {
            Host::OpenAiStrict => self.openai_strict,
            Host::Anthropic => self.anthropic,
            Host::Gemini => self.gemini,
        }
    }
}

/// The row of `name`, `None` for a keyword the validator refuses.
pub fn find(name: &str) -> Option<&'static Keyword> {
    KEYWORDS.iter().find(|keyword| keyword.name == name)
}

/// The keywords `host` refuses, in table order.
pub fn refused(host: Host) -> impl Iterator<Item = &'static str> {
    KEYWORDS
        .iter()
        .filter(move |keyword| keyword.verdict(host) == Verdict::Refuses)
        .map(|keyword| keyword.name)
}

/// Declares the table: `name: step, portable, [openai_strict, anthropic,
/// gemini], typed, example;`.
macro_rules! keywords {
    ($($name:literal: $step:ident, $portable:ident, [$openai:ident, $anthropic:ident, $gemini:ident], $typed:ident, $example:literal;)*) => {
        /// Every keyword the validator compiles, in the order of the
        /// specification's vocabularies (validation, applicators, core,
        /// format and meta-data, content), toolsmith's own last.
        pub static KEYWORDS: &[Keyword] = &[$(Keyword {
            name: $name,
            step: Step::$step,
            portable: Portable::$portable,
            openai_strict: Verdict::$openai,
            anthropic: Verdict::$anthropic,
            gemini: Verdict::$gemini,
            typed: Typed::$typed,
            example: $example,
        }),*];
    };
}

keywords! {
    // Validation.
    "type": Assertion, Yes, [Keeps, Keeps, Rewrites], Deserialize, r#"{"type": ["string", "null"]}"#;
    "enum": Assertion, Yes, [Keeps, Keeps, Rewrites], Deserialize, r#"{"enum": [1, 2]}"#;
    "const": Assertion, Yes, [Keeps, Keeps, Rewrites], Deserialize, r#"{"const": "a"}"#;
    "multipleOf": Assertion, Yes, [Keeps, Keeps, Drops], Validator, r#"{"type": "number", "multipleOf": 2}"#;
    "maximum": Assertion, Yes, [Keeps, Keeps, Keeps], Satisfies, r#"{"type": "number", "maximum": 9}"#;
    "exclusiveMaximum": Assertion, Yes, [Keeps, Keeps, Rewrites], Validator, r#"{"type": "integer", "exclusiveMaximum": 9}"#;
    "minimum": Assertion, Yes, [Keeps, Keeps, Keeps], Satisfies, r#"{"type": "number", "minimum": 0}"#;
    "exclusiveMinimum": Assertion, Yes, [Keeps, Keeps, Rewrites], Validator, r#"{"type": "integer", "exclusiveMinimum": 0}"#;
    "maxLength": Assertion, Yes, [Drops, Keeps, Keeps], Satisfies, r#"{"type": "string", "maxLength": 9}"#;
    "minLength": Assertion, Yes, [Drops, Keeps, Keeps], Satisfies, r#"{"type": "string", "minLength": 1}"#;
    "pattern": Assertion, Yes, [Keeps, Keeps, Keeps], Satisfies, r#"{"type": "string", "pattern": "^a"}"#;
    "maxItems": Assertion, Yes, [Keeps, Keeps, Keeps], Satisfies, r#"{"type": "array", "items": {"type": "string"}, "maxItems": 9}"#;
    "minItems": Assertion, Yes, [Keeps, Keeps, Keeps], Satisfies, r#"{"type": "array", "items": {"type": "string"}, "minItems": 1}"#;
    "uniqueItems": Assertion, Yes, [Drops, Keeps, Drops], Validator, r#"{"type": "array", "items": {"type": "string"}, "uniqueItems": true}"#;
    "maxContains": Assertion, No, [Drops, Keeps, Drops], Validator, r#"{"type": "array", "maxContains": 1}"#;
    "minContains": Assertion, No, [Drops, Keeps, Drops], Validator, r#"{"type": "array", "minContains": 1}"#;
    "maxProperties": Assertion, No, [Drops, Keeps, Drops], Validator, r#"{"type": "object", "maxProperties": 9}"#;
    "minProperties": Assertion, No, [Drops, Keeps, Drops], Validator, r#"{"type": "object", "minProperties": 1}"#;
    "required": Assertion, Yes, [Rewrites, Keeps, Keeps], Deserialize, r#"{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["a"], "additionalProperties": false}"#;
    "dependentRequired": Assertion, No, [Refuses, Keeps, Refuses], Validator, r#"{"type": "object", "dependentRequired": {"a": ["b"]}}"#;
    // Applicators.
    "allOf": Applicator, No, [Refuses, Keeps, Refuses], Validator, r#"{"allOf": [{"type": "string"}]}"#;
    "anyOf": Applicator, TaggedUnion, [Keeps, Keeps, Keeps], Deserialize, r#"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"#;
    "oneOf": Applicator, TaggedUnion, [Refuses, Keeps, Refuses], Deserialize, r#"{"oneOf": [{"type": "string"}, {"type": "integer"}]}"#;
    "not": Applicator, No, [Refuses, Keeps, Refuses], Validator, r#"{"not": {"type": "string"}}"#;
    "if": Applicator, No, [Refuses, Keeps, Refuses], Validator, r#"{"if": {"type": "string"}, "then": {"minLength": 1}}"#;
    "then": Applicator, No, [Drops, Keeps, Drops], Validator, r#"{"then": {"minLength": 1}}"#;
    "else": Applicator, No, [Drops, Keeps, Drops], Validator, r#"{"else": {"minLength": 1}}"#;
    "dependentSchemas": Applicator, No, [Refuses, Keeps, Refuses], Validator, r#"{"type": "object", "dependentSchemas": {"a": {"required": ["b"]}}}"#;
    "prefixItems": Applicator, No, [Refuses, Keeps, Refuses], Validator, r#"{"type": "array", "prefixItems": [{"type": "string"}]}"#;
    "items": Applicator, Yes, [Keeps, Keeps, Keeps], Deserialize, r#"{"type": "array", "items": {"type": "string"}}"#;
    "contains": Applicator, No, [Refuses, Keeps, Refuses], Validator, r#"{"type": "array", "contains": {"type": "string"}}"#;
    "properties": Applicator, Yes, [Keeps, Keeps, Keeps], Deserialize, r#"{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": false}"#;
    "patternProperties": Applicator, No, [Refuses, Keeps, Refuses], Validator, r#"{"type": "object", "patternProperties": {"^a": {"type": "string"}}}"#;
    "additionalProperties": Applicator, Yes, [Keeps, Keeps, Drops], Deserialize, r#"{"type": "object", "additionalProperties": false}"#;
    "propertyNames": Applicator, No, [Refuses, Keeps, Refuses], Validator, r#"{"type": "object", "propertyNames": {"maxLength": 3}}"#;
    "unevaluatedItems": Applicator, No, [Refuses, Keeps, Refuses], Validator, r#"{"type": "array", "unevaluatedItems": false}"#;
    "unevaluatedProperties": Applicator, No, [Refuses, Keeps, Refuses], Validator, r#"{"type": "object", "unevaluatedProperties": false}"#;
    // Core.
    "$ref": Reference, No, [Drops, Keeps, Refuses], Validator, r##"{"$defs": {"p": {"type": "string"}}, "$ref": "#/properties/x/$defs/p"}"##;
    "$dynamicRef": Reference, No, [Refuses, Keeps, Refuses], Validator, r##"{"$defs": {"p": {"type": "string"}}, "$dynamicRef": "#/properties/x/$defs/p"}"##;
    "$id": Reference, No, [Drops, Drops, Drops], Validator, r#"{"$id": "https://example.com/x", "type": "string"}"#;
    "$schema": Annotation, No, [Drops, Drops, Drops], Unchecked, r#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "string"}"#;
    "$comment": Annotation, No, [Drops, Drops, Drops], Unchecked, r#"{"$comment": "a note", "type": "string"}"#;
    "$defs": Annotation, No, [Drops, Keeps, Drops], Unchecked, r#"{"$defs": {"p": {"type": "string"}}, "type": "string"}"#;
    "$anchor": Annotation, No, [Drops, Keeps, Drops], Unchecked, r#"{"$anchor": "a", "type": "string"}"#;
    "$dynamicAnchor": Annotation, No, [Drops, Keeps, Drops], Unchecked, r#"{"$dynamicAnchor": "a", "type": "string"}"#;
    "$vocabulary": Annotation, No, [Drops, Keeps, Drops], Unchecked, r#"{"$vocabulary": {}, "type": "string"}"#;
    // Format and meta-data.
    "format": Annotation, Yes, [Rewrites, Keeps, Rewrites], Deserialize, r#"{"type": "string", "format": "uri"}"#;
    "title": Annotation, Yes, [Keeps, Keeps, Keeps], Unchecked, r#"{"type": "string", "title": "A"}"#;
    "description": Annotation, Yes, [Keeps, Keeps, Keeps], Unchecked, r#"{"type": "string", "description": "A"}"#;
    "default": Annotation, Yes, [Rewrites, Keeps, Keeps], Unchecked, r#"{"type": "string", "default": "a"}"#;
    "examples": Annotation, No, [Drops, Keeps, Drops], Unchecked, r#"{"type": "string", "examples": ["a"]}"#;
    "deprecated": Annotation, No, [Drops, Keeps, Drops], Unchecked, r#"{"type": "string", "deprecated": true}"#;
    "readOnly": Annotation, No, [Drops, Keeps, Drops], Unchecked, r#"{"type": "string", "readOnly": true}"#;
    "writeOnly": Annotation, No, [Drops, Keeps, Drops], Unchecked, r#"{"type": "string", "writeOnly": true}"#;
    // Content.
    "contentEncoding": Annotation, No, [Drops, Keeps, Drops], Unchecked, r#"{"type": "string", "contentEncoding": "base64"}"#;
    "contentMediaType": Annotation, No, [Drops, Keeps, Drops], Unchecked, r#"{"type": "string", "contentMediaType": "text/plain"}"#;
    "contentSchema": Annotation, No, [Drops, Keeps, Drops], Unchecked, r#"{"type": "string", "contentSchema": {"type": "object"}}"#;
    // MCP: a property sent as an HTTP header too.
    "x-mcp-header": Annotation, Yes, [Drops, Drops, Drops], Unchecked, r#"{"type": "string", "x-mcp-header": "Region"}"#;
    // toolsmith's own.
    "x-toolsmith-aliases": Private, Stripped, [Drops, Drops, Drops], Deserialize, r#"{"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false, "x-toolsmith-aliases": {"b": "a"}}"#;
    "x-toolsmith-values": Private, Stripped, [Drops, Drops, Drops], Unchecked, r#"{"type": "string", "enum": ["a"], "x-toolsmith-values": "a: the first"}"#;
    "x-toolsmith-integer": Private, Stripped, [Drops, Drops, Drops], Deserialize, r#"{"type": "integer", "x-toolsmith-integer": "u64"}"#;
    "x-toolsmith-format": Private, Stripped, [Rewrites, Rewrites, Rewrites], Deserialize, r#"{"type": "string", "x-toolsmith-format": "uuid"}"#;
    "x-toolsmith-titles": Private, Stripped, [Drops, Drops, Drops], Unchecked, r#"{"type": "string", "enum": ["a"], "x-toolsmith-titles": {"a": "A"}}"#;
    "x-toolsmith-enum-names": Private, Stripped, [Drops, Drops, Drops], Unchecked, r#"{"type": "string", "enum": ["a"], "x-toolsmith-enum-names": true}"#;
}

#[cfg(test)]
mod tests;
