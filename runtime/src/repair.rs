//! Repairs: the classic mistakes models make that are safe to fix before
//! validation. A [`RepairPolicy`] says which run; each one made is a
//! [`Repair`], reported, of a [`RepairKind`].

use std::fmt;

/// Which repairs run before validation.
///
/// The default repairs camelCase, PascalCase and kebab-case keys, parses
/// JSON text sent where an object or array belongs, and suggests the
/// nearest key or value in error lines; it does not coerce types.
///
/// ```
/// # extern crate toolsmith_runtime as toolsmith;
/// use toolsmith::RepairPolicy;
///
/// let strict = RepairPolicy::none();
/// let lenient = RepairPolicy { coerce_types: true, ..RepairPolicy::default() };
/// assert!(!strict.case_variants && lenient.case_variants && lenient.coerce_types);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RepairPolicy {
    /// Accept a key in another case convention for the property it names
    /// (`dateTime`, `DateTime` or `date-time` for `date_time`; `min_score`
    /// or `MinScore` for `minScore`) in an object that refuses unknown keys,
    /// when that spelling is not itself a property, exactly one property
    /// folds to it, and no other spelling of it is present. (These case
    /// variants are repaired as [`RepairKind::Alias`]; the aliases a type
    /// declares with `#[serde(alias)]` are read under every policy.)
    pub case_variants: bool,
    /// Parse a string holding JSON where the schema expects an object or an
    /// array (and does not accept a string).
    pub json_strings: bool,
    /// Add "did you mean" to lines for a key or enum value one small edit
    /// away from exactly one expected one.
    pub suggestions: bool,
    /// Read `"5"` as 5 where a number is expected, `"true"`/`"false"` as
    /// booleans (off by default).
    pub coerce_types: bool,
}

impl RepairPolicy {
    /// No repair, no suggestion: the input is validated as sent.
    pub const fn none() -> Self {
        RepairPolicy {
            case_variants: false,
            json_strings: false,
            suggestions: false,
            coerce_types: false,
        }
    }

    /// Every repair, type coercion included.
    pub const fn all() -> Self {
        RepairPolicy {
            case_variants: true,
            json_strings: true,
            suggestions: true,
            coerce_types: true,
        }
    }

    /// Whether any repair changes the input (suggestions only change words).
    pub(crate) fn changes_input(&self) -> bool {
        self.case_variants || self.json_strings || self.coerce_types
    }
}

impl Default for RepairPolicy {
    fn default() -> Self {
        RepairPolicy {
            case_variants: true,
            json_strings: true,
            suggestions: true,
            coerce_types: false,
        }
    }
}

/// What kind of repair was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RepairKind {
    /// A key spelled in another case convention (a case variant) was read
    /// as the property it names.
    Alias,
    /// A string holding JSON was read as the object or array it holds.
    JsonString,
    /// A string was read as the number or boolean it spells.
    Coercion,
    /// A key the type declares as an alias (`#[serde(alias = "..")]`) was
    /// read as the property it stands for. Made under every policy: serde
    /// accepts the alias.
    SerdeAlias,
    /// An enum value the type declares as an alias was read as the value it
    /// stands for. Made under every policy.
    SerdeValueAlias,
}

/// One repair made to a call before validation.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Repair {
    /// RFC 6901 pointer to the object holding a renamed key, or to the
    /// repaired value.
    pub at: String,
    /// What was repaired.
    pub kind: RepairKind,
    /// What the model sent (a key, or a short description of the value).
    pub from: String,
    /// What it was read as.
    pub to: String,
}

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.at.is_empty() {
            String::new()
        } else {
            format!(" at {}", crate::pointer::display(&self.at))
        };
        match self.kind {
            RepairKind::Alias | RepairKind::SerdeAlias => {
                write!(f, "read key {}{at} as {}", self.from, self.to)
            }
            RepairKind::JsonString => write!(f, "read the string{at} as the {} it holds", self.to),
            RepairKind::Coercion | RepairKind::SerdeValueAlias => {
                write!(f, "read {}{at} as {}", self.from, self.to)
            }
        }
    }
}
