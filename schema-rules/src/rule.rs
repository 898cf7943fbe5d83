//! The nine schema rules a tool schema follows so that every host takes it,
//! as the messages of both sides name them: "(schema rule 3: tagged unions)".

use std::fmt::{self, Display};

/// The deepest nesting of objects a tool's arguments may have, the argument
/// object itself included (schema rule 9; OpenAI strict caps it at 5).
pub const MAX_DEPTH: usize = 5;

/// One schema rule, numbered as the design lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Every object is `additionalProperties: false`; no maps, no
    /// `serde_json::Value`, no `flatten`.
    ClosedObjects = 1,
    /// Subschemas are inlined: no `$ref`, so no recursive types.
    NoReferences = 2,
    /// No union at the root; a nested union is tagged: a `oneOf` of closed
    /// objects, each fixing one required property to a `const` of its own.
    TaggedUnions = 3,
    /// Every array has one `items` schema: no tuples.
    ArraysHaveItems = 4,
    /// `pattern` runs on the linear-time engine: no lookaround, no
    /// backreferences.
    LinearTimePatterns = 5,
    /// Bounds are ordered, on the type they bound, and reachable.
    ConsistentBounds = 6,
    /// Tool and property names match what hosts accept, without duplicates.
    Names = 7,
    /// A tool has a description of at most 1024 characters.
    Description = 8,
    /// Objects nest at most [`MAX_DEPTH`] deep.
    NestingDepth = 9,
}

impl Rule {
    /// Every rule, in order.
    pub const ALL: [Rule; 9] = [
        Rule::ClosedObjects,
        Rule::NoReferences,
        Rule::TaggedUnions,
        Rule::ArraysHaveItems,
        Rule::LinearTimePatterns,
        Rule::ConsistentBounds,
        Rule::Names,
        Rule::Description,
        Rule::NestingDepth,
    ];

    /// The rule's number, 1 to 9.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The rule's short name, as messages show it: "tagged unions".
    pub const fn name(self) -> &'static str {
        match self {
            Rule::ClosedObjects => "closed objects",
            Rule::NoReferences => "no references",
            Rule::TaggedUnions => "tagged unions",
            Rule::ArraysHaveItems => "arrays have items",
            Rule::LinearTimePatterns => "linear-time patterns",
            Rule::ConsistentBounds => "consistent bounds",
            Rule::Names => "names",
            Rule::Description => "description",
            Rule::NestingDepth => "nesting depth",
        }
    }
}

/// `schema rule 3: tagged unions`, the words a message ends with (in
/// parentheses).
impl Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "schema rule {}: {}", self.number(), self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_shows_its_number_and_name() {
        let shown: Vec<String> = Rule::ALL.iter().map(Rule::to_string).collect();
        assert_eq!(
            shown,
            [
                "schema rule 1: closed objects",
                "schema rule 2: no references",
                "schema rule 3: tagged unions",
                "schema rule 4: arrays have items",
                "schema rule 5: linear-time patterns",
                "schema rule 6: consistent bounds",
                "schema rule 7: names",
                "schema rule 8: description",
                "schema rule 9: nesting depth",
            ]
        );
    }

    #[test]
    fn rules_are_numbered_in_order() {
        for (index, rule) in Rule::ALL.iter().enumerate() {
            assert_eq!(usize::from(rule.number()), index + 1);
        }
    }
}
