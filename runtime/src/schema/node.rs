//! The compiled form of a schema: a tree of nodes, one per subschema.

use serde_json::{Number, Value};

use std::collections::HashMap;

use super::equal::ValueSet;
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
    pub extra: Option<Box<super::applicator::Extra>>,
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
