//! Compiling a JSON Schema document into a [`Node`] tree, refusing every
//! malformed keyword value, every unresolvable reference, and every
//! keyword it does not know unless told to ignore them.
//!
//! The subset `#[tool]` emits compiles into [`Rules`] alone; the rest of
//! draft 2020-12 into [`Extra`] beside them, and the targets of `$ref` and
//! `$dynamicRef` into a [`Graph`] shared by every reference to them.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use serde_json::{Map, Number, Value};

use super::equal::ValueSet;
use super::graph::{Doc, Graph, Index, Location, at_pointer, base_at};
use super::node::{ArrayRules, Node, NumberRules, ObjectRules, Rules, StringRules, Types};
use super::node::{Condition, Contains, DynamicRef, Extra, Tag, Union};
use super::number;
use super::pattern::Pattern;
use super::uri;
use crate::error::SchemaError;
use crate::pointer::escape_into;

use super::graph::MAX_SCHEMA_DEPTH;

/// The base URI of a root document without `$id`.
const DEFAULT_BASE: &str = "urn:toolsmith:root";

/// The draft 2020-12 meta-schema: `$schema` naming it says nothing new.
const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

/// Keywords that only annotate: accepted, checked for shape, not enforced.
/// `x-mcp-header` is MCP's: the HTTP header a client copies the argument
/// into, which the transport compares, not the validator.
const ANNOTATIONS: [&str; 17] = [
    "$schema",
    "$comment",
    "title",
    "description",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "$defs",
    "$anchor",
    "$dynamicAnchor",
    "$vocabulary",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
    "x-mcp-header",
];

/// The validation vocabulary: ignored under a meta-schema without it.
const VALIDATION: [&str; 20] = [
    "type",
    "enum",
    "const",
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "maxContains",
    "minContains",
    "maxProperties",
    "minProperties",
    "required",
    "dependentRequired",
];

/// Fetches the schema document at an absolute URI (no fragment), for a
/// `$ref` outside the schema; `None` when there is none.
pub(crate) type Resolve<'r> = &'r dyn Fn(&str) -> Option<Value>;

/// What the caller chose (see [`ValidatorBuilder`](super::ValidatorBuilder)).
#[derive(Clone, Copy, Default)]
pub(crate) struct Options<'r> {
    pub resolver: Option<Resolve<'r>>,
    pub assert_formats: bool,
    pub ignore_unknown: bool,
}

/// A compiled schema: its root, the targets of its references, and the
/// keywords it ignored (by request).
pub(crate) struct Compiled {
    pub root: Node,
    pub graph: Graph,
    pub root_scope: u32,
    pub ignored: Vec<String>,
    /// Pointers to the subschemas whose strings a declared parser reads.
    pub parsed: Vec<String>,
}

pub(crate) fn compile(schema: &Value, options: Options<'_>) -> Result<Compiled, SchemaError> {
    let mut compiler = Compiler {
        options,
        docs: vec![Doc::Root(schema)],
        index: Index::default(),
        memo: HashMap::new(),
        nodes: Vec::new(),
        scopes: Vec::new(),
        pending: Vec::new(),
        dynamic_names: HashSet::new(),
        doc: 0,
        at: String::new(),
        base: String::new(),
        depth: 0,
        ignored: Vec::new(),
        parsed: Vec::new(),
        validation: true,
        assert_formats: options.assert_formats,
        in_place: Vec::new(),
    };
    let base = match schema.get("$id") {
        Some(Value::String(id)) => uri::split_fragment(&uri::resolve(DEFAULT_BASE, id))
            .0
            .to_owned(),
        _ => DEFAULT_BASE.to_owned(),
    };
    compiler.index.add(0, schema, DEFAULT_BASE);
    compiler.vocabulary(schema)?;
    compiler.base = DEFAULT_BASE.to_owned();
    let root = compiler.node(schema, "schema")?;
    compiler.drain()?;
    let root_scope = compiler.index.resource_id(&base);
    compiler.cycles()?;
    let Compiler {
        nodes,
        scopes,
        index,
        ignored,
        parsed,
        memo,
        ..
    } = compiler;
    let mut dynamic = HashMap::new();
    for (resource, name, location) in index.dynamic {
        if let Some(&target) = memo.get(&location) {
            dynamic.entry((resource, name)).or_insert(target);
        }
    }
    Ok(Compiled {
        root,
        graph: Graph {
            nodes: nodes
                .into_iter()
                .map(|node| node.unwrap_or(Node::Any))
                .collect(),
            scopes,
            dynamic,
        },
        root_scope,
        ignored,
        parsed,
    })
}

struct Compiler<'s, 'r> {
    options: Options<'r>,
    docs: Vec<Doc<'s>>,
    index: Index,
    /// Where each compiled target is → its index in `nodes`.
    memo: HashMap<Location, usize>,
    nodes: Vec<Option<Node>>,
    scopes: Vec<u32>,
    /// Targets reserved but not compiled yet.
    pending: Vec<(usize, Location)>,
    /// The anchor names `$dynamicRef` may look up at run time.
    dynamic_names: HashSet<String>,
    /// The document being compiled.
    doc: usize,
    /// Pointer to the subschema being compiled, in its document.
    at: String,
    /// The base URI in force.
    base: String,
    depth: usize,
    ignored: Vec<String>,
    /// Pointers to the subschemas with a declared format.
    parsed: Vec<String>,
    /// Whether the meta-schema has the validation vocabulary.
    validation: bool,
    assert_formats: bool,
    /// For each target, the targets it applies to the same value without
    /// descending into it (`$ref` inside `allOf`, ...): a cycle among them
    /// never ends.
    in_place: Vec<(usize, Vec<usize>)>,
}

impl<'s> Compiler<'s, '_> {
    fn error(&self, keyword: &str, reason: impl Into<String>) -> SchemaError {
        SchemaError::new(keyword, self.at.clone(), reason)
    }

    /// Reads the vocabularies of the meta-schema `$schema` names, where a
    /// resolver gives it: a meta-schema without the validation vocabulary
    /// turns its keywords into annotations; one with format-assertion
    /// makes `format` assert; an unknown vocabulary it requires is refused.
    fn vocabulary(&mut self, schema: &Value) -> Result<(), SchemaError> {
        let Some(Value::String(meta)) = schema.get("$schema") else {
            return Ok(());
        };
        let meta = uri::split_fragment(meta).0;
        if meta == DRAFT_2020_12 {
            return Ok(());
        }
        let Some(resolver) = self.options.resolver else {
            return Ok(());
        };
        let Some(document) = resolver(meta) else {
            return Ok(());
        };
        let Some(Value::Object(vocabularies)) = document.get("$vocabulary") else {
            return Ok(());
        };
        const KNOWN: [&str; 7] = [
            "core",
            "applicator",
            "unevaluated",
            "validation",
            "meta-data",
            "format-annotation",
            "content",
        ];
        let prefix = "https://json-schema.org/draft/2020-12/vocab/";
        self.validation = vocabularies.contains_key(&format!("{prefix}validation"));
        if vocabularies.contains_key(&format!("{prefix}format-assertion")) {
            self.assert_formats = true;
        }
        for (name, required) in vocabularies {
            let known = name
                .strip_prefix(prefix)
                .is_some_and(|rest| KNOWN.contains(&rest) || rest == "format-assertion");
            if !known && required == &Value::Bool(true) {
                return Err(self.error(
                    "$schema",
                    format!(
                        "requires the vocabulary {}, which is not supported",
                        crate::echo::quoted(name)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Compiles the subschema `schema`, reached through `keyword`.
    fn node(&mut self, schema: &Value, keyword: &str) -> Result<Node, SchemaError> {
        if self.depth >= MAX_SCHEMA_DEPTH {
            return Err(self.error(
                keyword,
                format!("subschemas nest deeper than {MAX_SCHEMA_DEPTH} levels"),
            ));
        }
        match schema {
            Value::Bool(true) => Ok(Node::Any),
            Value::Bool(false) => Ok(Node::Never),
            Value::Object(map) => {
                let base = self.base.clone();
                if let Some(Value::String(id)) = map.get("$id") {
                    self.base = uri::split_fragment(&uri::resolve(&base, id)).0.to_owned();
                }
                self.depth += 1;
                let rules = self.rules(map);
                self.depth -= 1;
                self.base = base;
                let rules = rules?;
                let asserts = rules.types.is_some()
                    || rules.enumeration.is_some()
                    || rules.constant.is_some()
                    || rules.string.is_some()
                    || rules.number.is_some()
                    || rules.object.is_some()
                    || rules.array.is_some()
                    || rules.extra.is_some();
                Ok(if asserts {
                    Node::Rules(Box::new(rules))
                } else {
                    Node::Any
                })
            }
            other => Err(self.error(
                keyword,
                format!(
                    "a schema must be an object or a boolean, got {}",
                    kind(other)
                ),
            )),
        }
    }

    /// Compiles `schema` found at `<current>/<keyword>[/<key>]`.
    fn child(
        &mut self,
        schema: &Value,
        keyword: &str,
        key: Option<&str>,
    ) -> Result<Node, SchemaError> {
        let len = self.at.len();
        self.at.push('/');
        escape_into(keyword, &mut self.at);
        if let Some(key) = key {
            self.at.push('/');
            escape_into(key, &mut self.at);
        }
        let node = self.node(schema, keyword);
        self.at.truncate(len);
        node
    }

    /// Compiles each subschema of an array keyword (`allOf`, `prefixItems`).
    fn children(&mut self, keyword: &str, value: &Value) -> Result<Vec<Node>, SchemaError> {
        let Value::Array(schemas) = value else {
            return Err(self.error(
                keyword,
                format!("must be an array of schemas, got {}", kind(value)),
            ));
        };
        if schemas.is_empty() && keyword != "prefixItems" {
            return Err(self.error(keyword, "must not be empty"));
        }
        let mut nodes = Vec::with_capacity(schemas.len());
        for (i, schema) in schemas.iter().enumerate() {
            nodes.push(self.child(schema, keyword, Some(&i.to_string()))?);
        }
        Ok(nodes)
    }

    /// Compiles each subschema of a map keyword (`properties`,
    /// `patternProperties`, `dependentSchemas`).
    fn named(&mut self, keyword: &str, value: &Value) -> Result<Vec<(String, Node)>, SchemaError> {
        let Value::Object(entries) = value else {
            return Err(self.error(keyword, format!("must be an object, got {}", kind(value))));
        };
        let mut compiled = Vec::with_capacity(entries.len());
        for (name, schema) in entries {
            compiled.push((name.clone(), self.child(schema, keyword, Some(name))?));
        }
        Ok(compiled)
    }

    /// The target a reference names, reserved for compiling if it is new.
    fn reference(&mut self, keyword: &str, reference: &str) -> Result<usize, SchemaError> {
        let location = self.locate(keyword, reference)?;
        if let Some(&index) = self.memo.get(&location) {
            return Ok(index);
        }
        let index = self.nodes.len();
        self.nodes.push(None);
        self.scopes.push(0);
        self.memo.insert(location.clone(), index);
        self.pending.push((index, location));
        Ok(index)
    }

    /// Where `reference`, read against the base in force, points.
    fn locate(&mut self, keyword: &str, reference: &str) -> Result<Location, SchemaError> {
        let absolute = uri::resolve(&self.base, reference);
        let (resource, fragment) = uri::split_fragment(&absolute);
        let unresolvable = |compiler: &Self| {
            compiler.error(
                keyword,
                format!("cannot resolve {}", crate::echo::quoted(reference)),
            )
        };
        if !self.index.resources.contains_key(resource) {
            let fetched = self
                .options
                .resolver
                .and_then(|resolver| resolver(resource));
            let Some(document) = fetched else {
                return Err(unresolvable(self));
            };
            let doc = self.docs.len();
            self.index.add(doc, &document, resource);
            self.docs.push(Doc::Remote(Rc::new(document)));
        }
        let Some(fragment) = uri::percent_decoded(fragment) else {
            return Err(unresolvable(self));
        };
        let location = if fragment.is_empty() || fragment.starts_with('/') {
            let (doc, pointer) = self.index.resources[resource].clone();
            (doc, format!("{pointer}{fragment}"))
        } else {
            match self.index.anchors.get(&format!("{resource}#{fragment}")) {
                Some(location) => location.clone(),
                None => return Err(unresolvable(self)),
            }
        };
        if at_pointer(self.docs[location.0].value(), &location.1).is_none() {
            return Err(unresolvable(self));
        }
        Ok(location)
    }

    /// Compiles every reserved target, and every `$dynamicAnchor` a
    /// `$dynamicRef` may reach, until none is left.
    fn drain(&mut self) -> Result<(), SchemaError> {
        loop {
            while let Some((index, (doc, pointer))) = self.pending.pop() {
                let document = self.docs[doc].clone();
                let value = document.value();
                let schema = at_pointer(value, &pointer).expect("located before reserved");
                let doc_base = self
                    .index
                    .resources
                    .iter()
                    .find(|(_, location)| location.0 == doc && location.1.is_empty())
                    .map(|(uri, _)| uri.clone())
                    .unwrap_or_else(|| DEFAULT_BASE.to_owned());
                let saved = (
                    self.doc,
                    std::mem::replace(&mut self.at, pointer.clone()),
                    std::mem::take(&mut self.base),
                    self.depth,
                );
                self.doc = doc;
                let inner = base_at(value, &pointer, &doc_base);
                // The node's own `$id` is applied again as it is compiled.
                self.base = match schema.get("$id") {
                    Some(_) if !pointer.is_empty() => {
                        let parent = pointer.rfind('/').map_or("", |i| &pointer[..i]);
                        base_at(value, parent, &doc_base)
                    }
                    Some(_) => doc_base.clone(),
                    None => inner.clone(),
                };
                self.depth = 0;
                self.scopes[index] = self.index.resource_id(&inner);
                let node = self.node(schema, "$ref");
                self.doc = saved.0;
                self.at = saved.1;
                self.base = saved.2;
                self.depth = saved.3;
                self.nodes[index] = Some(node?);
            }
            let wanted: Vec<Location> = self
                .index
                .dynamic
                .iter()
                .filter(|(_, name, location)| {
                    self.dynamic_names.contains(name) && !self.memo.contains_key(location)
                })
                .map(|(_, _, location)| location.clone())
                .collect();
            if wanted.is_empty() {
                return Ok(());
            }
            for location in wanted {
                let index = self.nodes.len();
                self.nodes.push(None);
                self.scopes.push(0);
                self.memo.insert(location.clone(), index);
                self.pending.push((index, location));
            }
        }
    }

    /// Refuses references that apply to the same value forever
    /// (`{"$ref": "#"}`): a cycle of targets each applied in place.
    fn cycles(&self) -> Result<(), SchemaError> {
        let edges: HashMap<usize, &Vec<usize>> =
            self.in_place.iter().map(|(from, to)| (*from, to)).collect();
        // 0: unseen, 1: on the path, 2: done.
        let mut state = vec![0u8; self.nodes.len()];
        for start in 0..self.nodes.len() {
            if state[start] != 0 {
                continue;
            }
            let mut stack = vec![(start, 0usize)];
            state[start] = 1;
            while let Some((node, next)) = stack.pop() {
                let targets = edges.get(&node).map_or(&[][..], |to| to.as_slice());
                if let Some(&target) = targets.get(next) {
                    stack.push((node, next + 1));
                    match state[target] {
                        0 => {
                            state[target] = 1;
                            stack.push((target, 0));
                        }
                        1 => {
                            return Err(SchemaError::new(
                                "$ref",
                                String::new(),
                                "references loop back to themselves without reaching into the value, so validation would never end",
                            ));
                        }
                        _ => {}
                    }
                } else {
                    state[node] = 2;
                }
            }
        }
        Ok(())
    }

    fn rules(&mut self, map: &Map<String, Value>) -> Result<Rules, SchemaError> {
        let mut rules = Rules::default();
        let mut extra = Extra::default();
        let mut declared = None;
        let mut condition: [Option<Node>; 3] = [None, None, None];
        let mut contains_bounds: (Option<u64>, Option<u64>) = (None, None);
        for (keyword, value) in map {
            let keyword = keyword.as_str();
            if !self.validation && VALIDATION.contains(&keyword) {
                continue;
            }
            match keyword {
                "type" => rules.types = Some(self.types(value)?),
                "enum" => match value {
                    Value::Array(values) => rules.enumeration = Some(ValueSet::new(values.clone())),
                    other => {
                        return Err(
                            self.error(keyword, format!("must be an array, got {}", kind(other)))
                        );
                    }
                },
                "const" => rules.constant = Some(value.clone()),
                "minLength" => string(&mut rules).min_length = Some(self.count(keyword, value)?),
                "maxLength" => string(&mut rules).max_length = Some(self.count(keyword, value)?),
                "pattern" => {
                    let Value::String(source) = value else {
                        return Err(
                            self.error(keyword, format!("must be a string, got {}", kind(value)))
                        );
                    };
                    let pattern =
                        Pattern::new(source).map_err(|reason| self.error(keyword, reason))?;
                    let string = string(&mut rules);
                    string.pattern_problem =
                        format!("must match pattern {}", crate::echo::quoted(source));
                    string.pattern = Some(pattern);
                }
                "minimum" => numeric(&mut rules).minimum = Some(self.number(keyword, value)?),
                "maximum" => numeric(&mut rules).maximum = Some(self.number(keyword, value)?),
                "exclusiveMinimum" => {
                    numeric(&mut rules).exclusive_minimum = Some(self.number(keyword, value)?)
                }
                "exclusiveMaximum" => {
                    numeric(&mut rules).exclusive_maximum = Some(self.number(keyword, value)?)
                }
                "multipleOf" => {
                    let step = self.number(keyword, value)?;
                    if number::compare(&step, &Number::from(0)).is_le() {
                        return Err(self.error(keyword, "must be greater than 0"));
                    }
                    numeric(&mut rules).multiple_of = Some(step);
                }
                "properties" => object(&mut rules).properties = self.named(keyword, value)?,
                "patternProperties" => {
                    let mut patterns = Vec::new();
                    for (source, node) in self.named(keyword, value)? {
                        let pattern = Pattern::new(&source).map_err(|reason| {
                            self.error(
                                keyword,
                                format!("pattern {}: {reason}", crate::echo::quoted(&source)),
                            )
                        })?;
                        patterns.push((pattern, node));
                    }
                    object(&mut rules).patterns = patterns;
                }
                "required" => object(&mut rules).required = self.names(keyword, value)?,
                "additionalProperties" => {
                    object(&mut rules).additional = Some(self.child(value, keyword, None)?)
                }
                "prefixItems" => array(&mut rules).prefix = self.children(keyword, value)?,
                "items" => {
                    if value.is_array() {
                        return Err(
                            self.error(keyword, "must be a schema; for a tuple, use prefixItems")
                        );
                    }
                    array(&mut rules).items = Some(self.child(value, keyword, None)?);
                }
                "minItems" => array(&mut rules).min_items = Some(self.count(keyword, value)?),
                "maxItems" => array(&mut rules).max_items = Some(self.count(keyword, value)?),
                "uniqueItems" => match value {
                    Value::Bool(unique) => array(&mut rules).unique = *unique,
                    other => {
                        return Err(
                            self.error(keyword, format!("must be a boolean, got {}", kind(other)))
                        );
                    }
                },
                "$ref" => {
                    let Value::String(reference) = value else {
                        return Err(
                            self.error(keyword, format!("must be a string, got {}", kind(value)))
                        );
                    };
                    extra.reference = Some(self.reference(keyword, reference)?);
                }
                "$dynamicRef" => {
                    let Value::String(reference) = value else {
                        return Err(
                            self.error(keyword, format!("must be a string, got {}", kind(value)))
                        );
                    };
                    let target = self.reference(keyword, reference)?;
                    let (_, fragment) = uri::split_fragment(reference);
                    // The bookend: the static target must itself have a
                    // `$dynamicAnchor` of the same name.
                    let location = self.locate(keyword, reference)?;
                    let anchored = !fragment.is_empty()
                        && !fragment.starts_with('/')
                        && self
                            .index
                            .dynamic
                            .iter()
                            .any(|(_, name, at)| name == fragment && *at == location);
                    let anchor = anchored.then(|| fragment.to_owned());
                    if let Some(name) = &anchor {
                        self.dynamic_names.insert(name.clone());
                    }
                    extra.dynamic = Some(DynamicRef { target, anchor });
                }
                "$id" => match value {
                    Value::String(_) => {
                        extra.resource = Some(self.index.resource_id(&self.base.clone()));
                    }
                    other => {
                        return Err(
                            self.error(keyword, format!("must be a string, got {}", kind(other)))
                        );
                    }
                },
                "allOf" => extra.all_of = self.children(keyword, value)?,
                "anyOf" => {
                    let branches = self.children(keyword, value)?;
                    extra.any_of = Some(Union {
                        tag: self.tag(value),
                        branches,
                    });
                }
                "oneOf" => {
                    let branches = self.children(keyword, value)?;
                    extra.one_of = Some(Union {
                        tag: self.tag(value),
                        branches,
                    });
                }
                "not" => extra.not = Some(self.child(value, keyword, None)?),
                "if" => condition[0] = Some(self.child(value, keyword, None)?),
                "then" => condition[1] = Some(self.child(value, keyword, None)?),
                "else" => condition[2] = Some(self.child(value, keyword, None)?),
                "dependentRequired" => {
                    let Value::Object(entries) = value else {
                        return Err(
                            self.error(keyword, format!("must be an object, got {}", kind(value)))
                        );
                    };
                    for (name, names) in entries {
                        let required = self.names(keyword, names)?;
                        extra.dependent_required.push((name.clone(), required));
                    }
                }
                "dependentSchemas" => extra.dependent_schemas = self.named(keyword, value)?,
                "propertyNames" => extra.property_names = Some(self.child(value, keyword, None)?),
                "minProperties" => extra.min_properties = Some(self.count(keyword, value)?),
                "maxProperties" => extra.max_properties = Some(self.count(keyword, value)?),
                "contains" => {
                    extra.contains = Some(Contains {
                        node: self.child(value, keyword, None)?,
                        min: 1,
                        max: None,
                    });
                }
                "minContains" => contains_bounds.0 = Some(self.count(keyword, value)?),
                "maxContains" => contains_bounds.1 = Some(self.count(keyword, value)?),
                "unevaluatedProperties" => {
                    extra.unevaluated_properties = Some(self.child(value, keyword, None)?)
                }
                "unevaluatedItems" => {
                    extra.unevaluated_items = Some(self.child(value, keyword, None)?)
                }
                "format" => {
                    let Value::String(name) = value else {
                        return Err(
                            self.error(keyword, format!("must be a string, got {}", kind(value)))
                        );
                    };
                    if self.assert_formats {
                        extra.format = super::format_assertion::Assertion::from_name(name);
                    }
                }
                "contentSchema" => {
                    // An annotation, compiled only to check it is a schema.
                    self.child(value, keyword, None)?;
                }
                super::alias::KEYWORD => declared = Some(value),
                super::integer::KEYWORD => {
                    let Value::String(name) = value else {
                        return Err(
                            self.error(keyword, format!("must be a string, got {}", kind(value)))
                        );
                    };
                    numeric(&mut rules).integer = Some(
                        super::integer::range(name)
                            .map_err(|reason| self.error(keyword, reason))?,
                    );
                }
                super::format::KEYWORD => {
                    let Value::String(name) = value else {
                        return Err(
                            self.error(keyword, format!("must be a string, got {}", kind(value)))
                        );
                    };
                    let format = super::format::Format::from_name(name)
                        .map_err(|reason| self.error(keyword, reason))?;
                    string(&mut rules).format = Some(format);
                    self.parsed.push(self.at.clone());
                }
                super::alias::VALUE_DOCS if value.is_string() => {}
                super::titles::KEYWORD if value.is_object() => {}
                super::titles::LEGACY if value.is_boolean() => {}
                _ if ANNOTATIONS.contains(&keyword) => self.annotation(keyword, value)?,
                _ if VALIDATION.contains(&keyword) => {}
                _ if self.options.ignore_unknown => {
                    let mut at = self.at.clone();
                    at.push('/');
                    escape_into(keyword, &mut at);
                    self.ignored.push(at);
                }
                _ => return Err(self.error(keyword, "is not a JSON Schema 2020-12 keyword")),
            }
        }
        if let Some(contains) = &mut extra.contains {
            contains.min = contains_bounds.0.unwrap_or(1);
            contains.max = contains_bounds.1;
        }
        if let [Some(test), then, otherwise] = condition {
            extra.condition = Some(Condition {
                test,
                then,
                otherwise,
            });
        }
        if let Some(object) = &mut rules.object {
            object.finish();
        }
        if let Some(values) = &rules.enumeration {
            rules.enum_problem = enum_problem(values.values());
        }
        if let Some(value) = declared {
            rules.declared = Some(Box::new(
                super::alias::compile(value, &rules)
                    .map_err(|reason| self.error(super::alias::KEYWORD, reason))?,
            ));
        }
        if extra.asserts() {
            self.record_in_place(&extra);
            rules.extra = Some(Box::new(extra));
        }
        Ok(rules)
    }

    /// Records, for the target being compiled, the targets its references
    /// reach at the same value (for [`cycles`](Self::cycles)).
    fn record_in_place(&mut self, extra: &Extra) {
        let Some(&from) = self.memo.get(&(self.doc, self.at.clone())) else {
            return;
        };
        let mut to = Vec::new();
        collect_in_place(extra, &mut to);
        if !to.is_empty() {
            self.in_place.push((from, to));
        }
    }

    /// The discriminator of a union: a property every alternative fixes
    /// to a string of its own with `const` (or a one-value `enum`), and
    /// requires. One alternative may be `{"type": "null"}` (the union of an
    /// `Option`), which fixes nothing.
    fn tag(&mut self, branches: &Value) -> Option<Tag> {
        let branches = branches.as_array()?;
        let is_null = |branch: &Value| {
            branch
                .as_object()
                .is_some_and(|m| m.len() == 1 && m.get("type") == Some(&Value::from("null")))
        };
        let mut fixed: Option<Vec<(String, Value)>> = None;
        let mut per_branch = Vec::with_capacity(branches.len());
        let mut indices = Vec::with_capacity(branches.len());
        let mut nulls = 0;
        for (index, branch) in branches.iter().enumerate() {
            if is_null(branch) {
                nulls += 1;
                continue;
            }
            indices.push(index);
            let branch = self.dereferenced(branch)?;
            let properties = branch.get("properties")?.as_object()?;
            let required = branch.get("required").and_then(Value::as_array);
            let tags: Vec<(String, Value)> = properties
                .iter()
                .filter_map(|(name, schema)| {
                    let value = match (schema.get("const"), schema.get("enum")) {
                        (Some(value), _) => value.clone(),
                        (None, Some(Value::Array(values))) if values.len() == 1 => {
                            values[0].clone()
                        }
                        _ => return None,
                    };
                    let is_required = required.is_some_and(|names| names.iter().any(|n| n == name));
                    (value.is_string() && is_required).then(|| (name.clone(), value))
                })
                .collect();
            fixed = Some(match fixed {
                None => tags.clone(),
                Some(before) => before
                    .into_iter()
                    .filter(|(name, _)| tags.iter().any(|(other, _)| other == name))
                    .collect(),
            });
            per_branch.push(tags);
        }
        let (property, _) = fixed?.into_iter().next()?;
        let values: Vec<Value> = per_branch
            .iter()
            .map(|tags| {
                tags.iter()
                    .find(|(name, _)| *name == property)
                    .map(|(_, v)| v.clone())
            })
            .collect::<Option<_>>()?;
        let distinct = values
            .iter()
            .enumerate()
            .all(|(i, value)| !values[..i].contains(value));
        (distinct && nulls <= 1).then_some(Tag {
            property,
            values,
            branches: indices,
        })
    }

    /// `schema` with a local `$ref` followed (for reading a tag).
    fn dereferenced(&mut self, schema: &Value) -> Option<Value> {
        match schema.get("$ref") {
            Some(Value::String(reference)) if schema.get("properties").is_none() => {
                let (doc, pointer) = self.locate("$ref", reference).ok()?;
                at_pointer(self.docs[doc].value(), &pointer).cloned()
            }
            _ => Some(schema.clone()),
        }
    }

    fn names(&self, keyword: &str, value: &Value) -> Result<Vec<String>, SchemaError> {
        let Value::Array(names) = value else {
            return Err(self.error(
                keyword,
                format!("must be an array of strings, got {}", kind(value)),
            ));
        };
        let mut required = Vec::with_capacity(names.len());
        for name in names {
            match name {
                Value::String(name) if !required.contains(name) => required.push(name.clone()),
                Value::String(_) => return Err(self.error(keyword, "must not repeat a name")),
                other => {
                    return Err(self.error(
                        keyword,
                        format!("must be an array of strings, got {} in it", kind(other)),
                    ));
                }
            }
        }
        Ok(required)
    }

    fn types(&self, value: &Value) -> Result<Types, SchemaError> {
        let name = |value: &Value| match value {
            Value::String(name) => Types::from_name(name).ok_or_else(|| {
                self.error(
                    "type",
                    format!("unknown type {}", crate::echo::quoted(name)),
                )
            }),
            other => Err(self.error(
                "type",
                format!(
                    "must be a type name or an array of them, got {}",
                    kind(other)
                ),
            )),
        };
        match value {
            Value::Array(names) => {
                let mut types = Types::empty();
                for each in names {
                    let one = name(each)?;
                    if types.contains(one) {
                        return Err(self.error("type", "must not repeat a type"));
                    }
                    types.insert(one);
                }
                Ok(types)
            }
            other => name(other),
        }
    }

    fn count(&self, keyword: &str, value: &Value) -> Result<u64, SchemaError> {
        match value {
            Value::Number(n) if number::is_integer(n) => n
                .as_u64()
                .or_else(|| n.as_f64().filter(|f| *f >= 0.0).map(|f| f as u64))
                .ok_or_else(|| self.error(keyword, "must be a non-negative integer")),
            other => Err(self.error(
                keyword,
                format!("must be a non-negative integer, got {}", kind(other)),
            )),
        }
    }

    fn number(&self, keyword: &str, value: &Value) -> Result<Number, SchemaError> {
        match value {
            Value::Number(n) => Ok(n.clone()),
            other => Err(self.error(keyword, format!("must be a number, got {}", kind(other)))),
        }
    }

    fn annotation(&self, keyword: &str, value: &Value) -> Result<(), SchemaError> {
        let ok = match keyword {
            "$schema" | "$comment" | "title" | "description" => value.is_string(),
            "examples" => value.is_array(),
            "$defs" | "$vocabulary" => value.is_object(),
            "$anchor" | "$dynamicAnchor" | "contentEncoding" | "contentMediaType"
            | "x-mcp-header" => value.is_string(),
            "deprecated" | "readOnly" | "writeOnly" => value.is_boolean(),
            _ => true,
        };
        if ok {
            Ok(())
        } else {
            Err(self.error(keyword, format!("has the wrong type: {}", kind(value))))
        }
    }
}

/// `must be one of -, _, .`: every value, strings bare (past
/// `shortlist::MAX_NAMED` of them, the rest counted).
fn enum_problem(values: &[Value]) -> String {
    let values_shown = values.iter().map(crate::echo::constant);
    let listed =
        crate::shortlist::shortlist(values_shown, values.len(), crate::shortlist::MAX_NAMED);
    format!("must be one of {listed}")
}

fn string(rules: &mut Rules) -> &mut StringRules {
    rules.string.get_or_insert_with(StringRules::default)
}

fn numeric(rules: &mut Rules) -> &mut NumberRules {
    rules.number.get_or_insert_with(NumberRules::default)
}

fn object(rules: &mut Rules) -> &mut ObjectRules {
    rules.object.get_or_insert_with(ObjectRules::default)
}

fn array(rules: &mut Rules) -> &mut ArrayRules {
    rules.array.get_or_insert_with(ArrayRules::default)
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The targets `extra` applies to the same value: its references, and
/// those of the subschemas it applies in place.
fn collect_in_place(extra: &Extra, out: &mut Vec<usize>) {
    out.extend(extra.reference);
    out.extend(extra.dynamic.as_ref().map(|dynamic| dynamic.target));
    let unions = [&extra.any_of, &extra.one_of];
    let branches = extra
        .all_of
        .iter()
        .chain(
            unions
                .into_iter()
                .flatten()
                .flat_map(|union| &union.branches),
        )
        .chain(&extra.not)
        .chain(
            extra
                .condition
                .iter()
                .flat_map(|c| std::iter::once(&c.test).chain(&c.then).chain(&c.otherwise)),
        )
        .chain(extra.dependent_schemas.iter().map(|(_, node)| node));
    for node in branches {
        if let Node::Rules(rules) = node
            && let Some(inner) = &rules.extra
        {
            collect_in_place(inner, out);
        }
    }
}
