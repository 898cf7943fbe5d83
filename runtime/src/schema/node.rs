//! The compiled form of a schema: a tree of nodes, one per subschema.

use serde_json::{Number, Value};

use std::collections::HashMap;

use super::equal::ValueSet;
use super::format_assertion::Assertion;
use super::pattern::Pattern;
use crate::suggest::fold_case;

/// A compiled subschema.
#[derive(Debug)]
pub(crate) enum Node {
    /// `true`, `{}` or a schema of annotations only: anything goes.
    Any,
    /// `false`: nothing goes.
    Never,
    /// A schema with at least one assertion.
    Rules(Box<Rules>),
}

/// The assertions of one subschema, grouped by the JSON type they apply to.
#[derive(Debug, Default)]
pub(crate) struct Rules {
    pub types: Option<Types>,
    pub enumeration: Option<ValueSet>,
    /// The line for a value outside `enum`, written once.
    pub enum_problem: String,
    pub constant: Option<Value>,
    pub string: Option<StringRules>,
    pub number: Option<NumberRules>,
    pub object: Option<ObjectRules>,
    pub array: Option<ArrayRules>,
    /// Names serde reads besides the advertised ones (`#[serde(alias)]`).
    pub declared: Option<Box<Declared>>,
    /// The keywords beyond the subset `#[tool]` emits (`$ref`, `anyOf`,
    /// `unevaluatedProperties`, ...): `None` keeps the subset's path.
    pub extra: Option<Box<Extra>>,
}

impl Rules {
    /// Whether repairs may look into this subschema: not where another
    /// keyword could read the value differently (a union, a reference,
    /// pattern-named properties).
    pub fn repairable(&self) -> bool {
        self.extra.is_none()
            && self
                .object
                .as_ref()
                .is_none_or(|object| object.patterns.is_empty())
    }

    /// The alternative a tagged union (a tagged enum's `oneOf`, and
    /// nothing else beside it) reads `value` with: the one its tag names.
    /// Only that alternative can accept the value, so repairs may look
    /// into it as into any subschema.
    pub fn tagged_branch(&self, value: &Value) -> Option<&Node> {
        let union = self.lone_union()?;
        let tag = union.tag.as_ref()?;
        let sent = value.as_object()?.get(&tag.property)?;
        union.branches.get(tag.branch(sent)?)
    }

    /// The `anyOf` or `oneOf` of a subschema that holds nothing else beside
    /// it that reads the value (a tagged enum's schema, an `Option`'s).
    pub fn lone_union(&self) -> Option<&Union> {
        let extra = self.extra.as_deref()?;
        let ((Some(union), None) | (None, Some(union))) = (&extra.any_of, &extra.one_of) else {
            return None;
        };
        let alone = extra.reference.is_none()
            && extra.dynamic.is_none()
            && extra.resource.is_none()
            && extra.all_of.is_empty()
            && extra.not.is_none()
            && extra.condition.is_none()
            && extra.dependent_required.is_empty()
            && extra.dependent_schemas.is_empty()
            && extra.property_names.is_none()
            && extra.min_properties.is_none()
            && extra.max_properties.is_none()
            && extra.contains.is_none()
            && extra.unevaluated_properties.is_none()
            && extra.unevaluated_items.is_none()
            && extra.format.is_none()
            && self.object.is_none()
            && self.declared.is_none();
        alone.then_some(union)
    }
}

/// The aliases declared on one subschema (`x-toolsmith-aliases`, read by
/// `alias::compile`): names serde reads besides the advertised ones.
#[derive(Debug, Default)]
pub(crate) struct Declared {
    /// Alias → property name, for the keys of an object.
    pub keys: Vec<(String, String)>,
    /// Alias → enum value, for a string `enum`.
    pub values: Vec<(String, String)>,
}

impl Declared {
    /// The property an alias key stands for.
    pub fn key(&self, key: &str) -> Option<&str> {
        self.keys
            .iter()
            .find(|(alias, _)| alias == key)
            .map(|(_, name)| name.as_str())
    }

    /// The enum value an alias value stands for.
    pub fn value(&self, value: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(alias, _)| alias == value)
            .map(|(_, name)| name.as_str())
    }
}

#[derive(Debug, Default)]
pub(crate) struct StringRules {
    pub min_length: Option<u64>,
    pub max_length: Option<u64>,
    pub pattern: Option<Pattern>,
    /// The line for a string the pattern does not match, written once.
    pub pattern_problem: String,
    /// The parser of a type that reads the string (`x-toolsmith-format`).
    pub format: Option<super::format::Format>,
}

#[derive(Debug, Default)]
pub(crate) struct NumberRules {
    pub minimum: Option<Number>,
    pub maximum: Option<Number>,
    pub exclusive_minimum: Option<Number>,
    pub exclusive_maximum: Option<Number>,
    pub multiple_of: Option<Number>,
    /// The range of a declared integer type (`x-toolsmith-integer`).
    pub integer: Option<(i128, u128)>,
}

#[derive(Debug, Default)]
pub(crate) struct ObjectRules {
    /// In declaration order.
    pub properties: Vec<(String, Node)>,
    pub required: Vec<String>,
    /// `None` when `additionalProperties` is absent (anything goes).
    pub additional: Option<Node>,
    /// `patternProperties`, in declaration order.
    pub patterns: Vec<(Pattern, Node)>,
    /// For each name in `required`, its index in `properties` if it has one.
    pub required_slots: Vec<Option<usize>>,
    /// `text, separator`: the keys the object takes, for unknown-key lines.
    pub takes: String,
    /// Each property name folded to one case convention, and the property
    /// it names; `None` where two properties fold alike.
    pub folded: HashMap<String, Option<usize>>,
}

impl ObjectRules {
    /// Index of the property named `key`.
    pub fn property(&self, key: &str) -> Option<usize> {
        self.properties.iter().position(|(name, _)| name == key)
    }

    /// Whether `properties`, `patternProperties` or `additionalProperties`
    /// evaluates `key` (the keys `unevaluatedProperties` leaves alone).
    pub fn evaluates(&self, key: &str) -> bool {
        self.additional.is_some()
            || self.property(key).is_some()
            || self
                .patterns
                .iter()
                .any(|(pattern, _)| pattern.is_match(key))
    }

    /// The property `key` names in another case convention, when exactly
    /// one property folds to the same name.
    pub fn case_variant(&self, key: &str) -> Option<usize> {
        // Folding keeps the letters and digits, only lowered: an ASCII key
        // whose letters no property shares is not folded and looked up.
        if key.is_ascii()
            && !self
                .properties
                .iter()
                .any(|(name, _)| !name.is_ascii() || same_letters(key, name))
        {
            return None;
        }
        self.folded.get(&fold_case(key)).copied().flatten()
    }

    /// Derives the lookup tables once all keywords are read.
    pub fn finish(&mut self) {
        self.folded.clear();
        for (i, (name, _)) in self.properties.iter().enumerate() {
            self.folded
                .entry(fold_case(name))
                .and_modify(|slot| *slot = None)
                .or_insert(Some(i));
        }
        self.required_slots = self
            .required
            .iter()
            .map(|name| self.property(name))
            .collect();
        self.takes = if self.properties.is_empty() {
            "takes no properties".to_owned()
        } else {
            let names: Vec<String> = self
                .properties
                .iter()
                .map(|(name, _)| crate::echo::shown(name, 64))
                .collect();
            format!("takes {}", names.join(", "))
        };
    }
}

/// Whether two ASCII names have the same letters and digits, case and the
/// separators `-` and `_` aside: what two names that fold alike share.
pub(crate) fn same_letters(a: &str, b: &str) -> bool {
    fn letters(text: &str) -> impl Iterator<Item = u8> + '_ {
        text.bytes()
            .filter(|c| !matches!(c, b'-' | b'_'))
            .map(|c| c.to_ascii_lowercase())
    }
    letters(a).eq(letters(b))
}

#[derive(Debug, Default)]
pub(crate) struct ArrayRules {
    /// `prefixItems`: the schemas of the first items, in order.
    pub prefix: Vec<Node>,
    /// `items`: the schema of every item after the prefix.
    pub items: Option<Node>,
    pub min_items: Option<u64>,
    pub max_items: Option<u64>,
    pub unique: bool,
}

/// A set of JSON types, as `type` lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Types(u8);

impl Types {
    pub const NULL: Types = Types(1);
    pub const BOOLEAN: Types = Types(2);
    pub const OBJECT: Types = Types(4);
    pub const ARRAY: Types = Types(8);
    pub const NUMBER: Types = Types(16);
    pub const STRING: Types = Types(32);
    pub const INTEGER: Types = Types(64);

    /// Names in the order `type` spells them, for the words of a line.
    const NAMES: [(Types, &'static str, &'static str); 7] = [
        (Types::OBJECT, "an", "object"),
        (Types::ARRAY, "an", "array"),
        (Types::STRING, "a", "string"),
        (Types::INTEGER, "an", "integer"),
        (Types::NUMBER, "a", "number"),
        (Types::BOOLEAN, "a", "boolean"),
        (Types::NULL, "", "null"),
    ];

    pub fn empty() -> Types {
        Types(0)
    }

    pub fn from_name(name: &str) -> Option<Types> {
        Types::NAMES
            .iter()
            .find(|(_, _, n)| *n == name)
            .map(|(t, _, _)| *t)
    }

    pub fn insert(&mut self, other: Types) {
        self.0 |= other.0;
    }

    pub fn contains(self, other: Types) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether `value` has one of these types (an integer-valued number is
    /// an integer, `1.0` included).
    pub fn admits(self, value: &Value) -> bool {
        let needed = match value {
            Value::Null => Types::NULL,
            Value::Bool(_) => Types::BOOLEAN,
            Value::Object(_) => Types::OBJECT,
            Value::Array(_) => Types::ARRAY,
            Value::String(_) => Types::STRING,
            Value::Number(n) => {
                if self.contains(Types::NUMBER) {
                    return true;
                }
                if !super::number::is_integer(n) {
                    return false;
                }
                Types::INTEGER
            }
        };
        self.contains(needed)
    }

    /// `an integer`, `a string or null`, `an object, an array or null`.
    pub fn describe(self) -> String {
        let names: Vec<String> = Types::NAMES
            .iter()
            .filter(|(t, _, _)| self.contains(*t))
            .filter(|(t, _, _)| !(*t == Types::INTEGER && self.contains(Types::NUMBER)))
            .map(|(_, article, name)| {
                if article.is_empty() {
                    (*name).to_owned()
                } else {
                    format!("{article} {name}")
                }
            })
            .collect();
        match names.split_last() {
            None => "nothing".to_owned(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        }
    }
}

// The compiled keywords beyond the subset `#[tool]` emits: references,
// unions and conditions applied in place, the object and array keywords
// that look at more than one key or item, and `format` as an assertion. A
// subschema without any of them has no [`Extra`], so the subset's path
// pays nothing for them.

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
    /// The alternative of each value (all but a `{"type": "null"}` one).
    pub branches: Vec<usize>,
}

impl Tag {
    /// The alternative whose tag `value` is.
    pub fn branch(&self, value: &Value) -> Option<usize> {
        self.values
            .iter()
            .position(|tag| super::equal::equal(tag, value))
            .map(|i| self.branches[i])
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
