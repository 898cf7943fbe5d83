//! The documents a schema is made of and the identifiers in them: `$id`,
//! `$anchor`, `$dynamicAnchor`, found once per document, so that `$ref`
//! and `$dynamicRef` resolve to a JSON pointer in a known document. A
//! document other than the root comes from the caller's resolver, once.

use std::collections::HashMap;
use std::rc::Rc;

use serde_json::Value;

use super::node::Node;
use super::uri;

/// Subschemas nest at most this deep; deeper is a schema error.
pub(crate) const MAX_SCHEMA_DEPTH: usize = 64;

/// The compiled targets of `$ref` and `$dynamicRef`, shared by every
/// subschema that points at them.
#[derive(Debug, Default)]
pub(crate) struct Graph {
    /// Each target, compiled once.
    pub nodes: Vec<Node>,
    /// The schema resource each target is in (entered when a reference
    /// is followed), as an index of `resources`.
    pub scopes: Vec<u32>,
    /// `(resource, name)` → the target a `$dynamicAnchor` of that name
    /// in that resource marks.
    pub dynamic: HashMap<(u32, String), usize>,
}

impl Graph {
    /// The target `$dynamicRef` with `anchor` reaches: the `$dynamicAnchor`
    /// of that name in the outermost resource of `scope` that has one.
    pub fn dynamic_target(&self, scope: &[u32], anchor: &str) -> Option<usize> {
        scope
            .iter()
            .find_map(|resource| self.dynamic.get(&(*resource, anchor.to_owned())).copied())
    }
}

/// Keywords whose value is one subschema.
pub(crate) const ONE_SCHEMA: [&str; 11] = [
    "additionalProperties",
    "items",
    "contains",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
];

/// Keywords whose value is an array of subschemas.
pub(crate) const SCHEMA_ARRAYS: [&str; 4] = ["allOf", "anyOf", "oneOf", "prefixItems"];

/// Keywords whose value maps names to subschemas.
pub(crate) const SCHEMA_MAPS: [&str; 4] = [
    "properties",
    "patternProperties",
    "$defs",
    "dependentSchemas",
];

/// A document the schema is made of: the root, or one a resolver gave.
#[derive(Debug, Clone)]
pub(crate) enum Doc<'s> {
    Root(&'s Value),
    Remote(Rc<Value>),
}

impl Doc<'_> {
    pub fn value(&self) -> &Value {
        match self {
            Doc::Root(value) => value,
            Doc::Remote(value) => value,
        }
    }
}

/// Where a subschema is: a document and a JSON pointer in it.
pub(crate) type Location = (usize, String);

/// Every identifier of every document loaded so far.
#[derive(Debug, Default)]
pub(crate) struct Index {
    /// Absolute URI (no fragment) of each schema resource → where it is.
    pub resources: HashMap<String, Location>,
    /// The resource ids, in the order found.
    pub resource_ids: HashMap<String, u32>,
    /// `uri#name` of each `$anchor` and `$dynamicAnchor` → where it is.
    pub anchors: HashMap<String, Location>,
    /// Each `$dynamicAnchor`: its resource, its name, where it is.
    pub dynamic: Vec<(u32, String, Location)>,
}

impl Index {
    /// The id of the resource at `uri`, made on first sight.
    pub fn resource_id(&mut self, uri: &str) -> u32 {
        let next = self.resource_ids.len() as u32;
        *self.resource_ids.entry(uri.to_owned()).or_insert(next)
    }

    /// Records the identifiers of document `doc`, whose own URI is `base`.
    pub fn add(&mut self, doc: usize, value: &Value, base: &str) {
        self.resources
            .entry(base.to_owned())
            .or_insert((doc, String::new()));
        self.resource_id(base);
        let mut pointer = String::new();
        self.walk(doc, value, base, &mut pointer, 0);
    }

    fn walk(&mut self, doc: usize, value: &Value, base: &str, pointer: &mut String, depth: usize) {
        // Deeper than the compiler goes: it refuses the schema there.
        if depth > MAX_SCHEMA_DEPTH {
            return;
        }
        let Value::Object(map) = value else { return };
        let mut own = base.to_owned();
        if let Some(Value::String(id)) = map.get("$id") {
            let resolved = uri::resolve(base, id);
            let (without, _) = uri::split_fragment(&resolved);
            own = without.to_owned();
            self.resources
                .entry(own.clone())
                .or_insert((doc, pointer.clone()));
            self.resource_id(&own);
        }
        if let Some(Value::String(name)) = map.get("$anchor") {
            self.anchors
                .insert(format!("{own}#{name}"), (doc, pointer.clone()));
        }
        if let Some(Value::String(name)) = map.get("$dynamicAnchor") {
            self.anchors
                .entry(format!("{own}#{name}"))
                .or_insert((doc, pointer.clone()));
            let resource = self.resource_id(&own);
            self.dynamic
                .push((resource, name.clone(), (doc, pointer.clone())));
        }
        let len = pointer.len();
        for (keyword, child) in map {
            let keyword = keyword.as_str();
            let push = |pointer: &mut String, token: &str| {
                pointer.push('/');
                crate::pointer::escape_into(token, pointer);
            };
            if ONE_SCHEMA.contains(&keyword) {
                push(pointer, keyword);
                self.walk(doc, child, &own, pointer, depth + 1);
                pointer.truncate(len);
            } else if SCHEMA_ARRAYS.contains(&keyword) {
                if let Value::Array(items) = child {
                    for (i, item) in items.iter().enumerate() {
                        push(pointer, keyword);
                        push(pointer, &i.to_string());
                        self.walk(doc, item, &own, pointer, depth + 1);
                        pointer.truncate(len);
                    }
                }
            } else if SCHEMA_MAPS.contains(&keyword)
                && let Value::Object(entries) = child
            {
                for (name, item) in entries {
                    push(pointer, keyword);
                    push(pointer, name);
                    self.walk(doc, item, &own, pointer, depth + 1);
                    pointer.truncate(len);
                }
            }
        }
    }
}

/// The value at RFC 6901 `pointer` in `value`.
pub(crate) fn at_pointer<'v>(value: &'v Value, pointer: &str) -> Option<&'v Value> {
    if pointer.is_empty() {
        return Some(value);
    }
    let rest = pointer.strip_prefix('/')?;
    let mut current = value;
    for token in rest.split('/') {
        let token = token.replace("~1", "/").replace("~0", "~");
        current = match current {
            Value::Object(map) => map.get(&token)?,
            Value::Array(items) => {
                if token.starts_with('+') || (token.len() > 1 && token.starts_with('0')) {
                    return None;
                }
                items.get(token.parse::<usize>().ok()?)?
            }
            _ => return None,
        };
    }
    Some(current)
}

/// The base URI in force at `pointer` of a document whose URI is `base`:
/// each `$id` on the way down, where the way goes through subschemas.
pub(crate) fn base_at(value: &Value, pointer: &str, base: &str) -> String {
    let mut base = base.to_owned();
    let mut current = value;
    let mut schema = true;
    let tokens: Vec<String> = match pointer.strip_prefix('/') {
        Some(rest) => rest
            .split('/')
            .map(|token| token.replace("~1", "/").replace("~0", "~"))
            .collect(),
        None => Vec::new(),
    };
    // Whether the next token picks a subschema out of a container.
    let mut container = false;
    for token in &tokens {
        if schema
            && let Value::Object(map) = current
            && let Some(Value::String(id)) = map.get("$id")
        {
            base = uri::split_fragment(&uri::resolve(&base, id)).0.to_owned();
        }
        let next = match current {
            Value::Object(map) => map.get(token),
            Value::Array(items) => token.parse::<usize>().ok().and_then(|i| items.get(i)),
            _ => None,
        };
        let Some(next) = next else { return base };
        if container {
            schema = true;
            container = false;
        } else if schema {
            let keyword = token.as_str();
            schema = ONE_SCHEMA.contains(&keyword);
            container = SCHEMA_ARRAYS.contains(&keyword) || SCHEMA_MAPS.contains(&keyword);
        } else {
            schema = false;
        }
        current = next;
    }
    if schema
        && let Value::Object(map) = current
        && let Some(Value::String(id)) = map.get("$id")
    {
        base = uri::split_fragment(&uri::resolve(&base, id)).0.to_owned();
    }
    base
}
