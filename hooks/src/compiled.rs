//! The JSON Schemas of this crate's own (hook inputs, hook outputs, tool
//! inputs), each compiled into a validator once, on first use.

use std::fmt::Display;
use std::sync::OnceLock;

use serde_json::Value;
use toolsmith_runtime::Validator;

/// A schema and the validator compiled from it.
pub(crate) struct Compiled {
    /// The schema, as the public `*schema*` functions hand it out.
    pub(crate) schema: Value,
    /// Its validator.
    pub(crate) validator: Validator,
}

impl Compiled {
    /// Compiles `schema`, the schema of `what`. The schemas are this
    /// crate's own and its unit tests compile each, so a failure is a bug
    /// here, never a caller's input.
    pub(crate) fn new(schema: Value, what: impl Display) -> Compiled {
        let validator = Validator::new(&schema)
            .unwrap_or_else(|err| panic!("the {what} schema does not compile: {err}"));
        Compiled { schema, validator }
    }
}

/// The compiled schema of `key`, one of `keys`: on first use, `cache` is
/// filled with one [`Compiled`] per key, in order, from `build` (`what`
/// names the kind of schema in a compile failure). `None` when `key` is
/// not one of `keys`.
pub(crate) fn compiled_for<K: Copy + PartialEq + Display>(
    cache: &'static OnceLock<Vec<Compiled>>,
    keys: &[K],
    key: K,
    what: &str,
    build: impl Fn(K) -> Value,
) -> Option<&'static Compiled> {
    let all = cache.get_or_init(|| {
        keys.iter()
            .map(|&k| Compiled::new(build(k), format_args!("{k} {what}")))
            .collect()
    });
    let index = keys.iter().position(|&k| k == key)?;
    all.get(index)
}
