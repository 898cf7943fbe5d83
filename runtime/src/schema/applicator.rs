//! The compiled keywords beyond the subset `#[tool]` emits: references,
//! unions and conditions applied in place, the object and array keywords
//! that look at more than one key or item, and `format` as an assertion.
//! A subschema without any of them has no [`Extra`], so the subset's path
//! pays nothing for them.

use serde_json::Value;

use super::format_assertion::Assertion;
use super::node::Node;

/// The keywords of one subschema outside the subset.
#[derive(Debug, Default)]
pub(crate) struct Extra {
    /// `$ref`: the index of its target in the [`Graph`](super::graph::Graph).
    pub reference: Option<usize>,
    /// `$dynamicRef`.
    pub dynamic: Option<DynamicRef>,
    /// Set where the subschema starts a schema resource (`$id`): entering
    /// it extends the dynamic scope `$dynamicRef` looks through.
    pub resource: Option<u32>,
    pub all_of: Vec<Node>,
    pub any_of: Option<Union>,
    pub one_of: Option<Union>,
    pub not: Option<Node>,
    pub condition: Option<Condition>,
    /// `dependentRequired`: a key, and the keys it requires.
    pub dependent_required: Vec<(String, Vec<String>)>,
    /// `dependentSchemas`: a key, and the schema the object must then meet.
    pub dependent_schemas: Vec<(String, Node)>,
    pub property_names: Option<Node>,
    pub min_properties: Option<u64>,
    pub max_properties: Option<u64>,
    pub contains: Option<Contains>,
    pub unevaluated_properties: Option<Node>,
    pub unevaluated_items: Option<Node>,
    /// `format`, where the validator asserts it.
    pub format: Option<Assertion>,
}

impl Extra {
    /// Whether the keys and items the in-place subschemas evaluate are
    /// needed here (by `unevaluatedProperties` or `unevaluatedItems`).
    pub fn needs_seen(&self) -> bool {
        self.unevaluated_properties.is_some() || self.unevaluated_items.is_some()
    }

    /// Whether any keyword here is an assertion (a subschema of only
    /// `$defs` and annotations is `Node::Any`).
    pub fn asserts(&self) -> bool {
        self.reference.is_some()
            || self.dynamic.is_some()
            || self.resource.is_some()
            || !self.all_of.is_empty()
            || self.any_of.is_some()
            || self.one_of.is_some()
            || self.not.is_some()
            || self.condition.is_some()
            || !self.dependent_required.is_empty()
            || !self.dependent_schemas.is_empty()
            || self.property_names.is_some()
            || self.min_properties.is_some()
            || self.max_properties.is_some()
            || self.contains.is_some()
            || self.unevaluated_properties.is_some()
            || self.unevaluated_items.is_some()
            || self.format.is_some()
    }
}

/// `$dynamicRef`: where it points statically, and the anchor name that
/// makes it look through the dynamic scope (when the static target has a
/// `$dynamicAnchor` of that name).
#[derive(Debug)]
pub(crate) struct DynamicRef {
    pub target: usize,
    pub anchor: Option<String>,
}

/// `anyOf` or `oneOf`: the alternatives, and the property that tells
/// them apart when each alternative fixes it to its own value.
#[derive(Debug)]
pub(crate) struct Union {
    pub branches: Vec<Node>,
    pub tag: Option<Tag>,
}

/// A discriminator: `property` is a `const` (or one-value `enum`) string
/// in every alternative, a different one in each.
#[derive(Debug)]
pub(crate) struct Tag {
    pub property: String,
    /// The value each alternative fixes, in the order of the alternatives.
    pub values: Vec<Value>,
}

impl Tag {
    /// The alternative whose tag `value` is.
    pub fn branch(&self, value: &Value) -> Option<usize> {
        self.values
            .iter()
            .position(|tag| super::equal::equal(tag, value))
    }
}

/// `if` / `then` / `else`.
#[derive(Debug)]
pub(crate) struct Condition {
    pub test: Node,
    pub then: Option<Node>,
    pub otherwise: Option<Node>,
}

/// `contains` with `minContains` (1 unless stated) and `maxContains`.
#[derive(Debug)]
pub(crate) struct Contains {
    pub node: Node,
    pub min: u64,
    pub max: Option<u64>,
}
