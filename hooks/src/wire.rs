//! The machinery the hook inputs and the tool inputs are declared with: a
//! struct and its JSON Schema come from one table (`wire_struct!`), a set of
//! string values and its schema from another (`wire_values!`), so the
//! schema that validates a payload and the type it deserializes into cannot
//! drift apart.

use serde_json::{Map, Value, json};

/// A type as the wire carries it: the JSON Schema its values satisfy.
pub(crate) trait WireType {
    /// The schema of one value of the type.
    fn schema() -> Value;
}

impl WireType for String {
    fn schema() -> Value {
        json!({ "type": "string" })
    }
}

impl WireType for bool {
    fn schema() -> Value {
        json!({ "type": "boolean" })
    }
}

/// The SDK's `number`: any JSON number, fractions included.
impl WireType for f64 {
    fn schema() -> Value {
        json!({ "type": "number" })
    }
}

/// The SDK's `unknown`: any value at all.
impl WireType for Value {
    fn schema() -> Value {
        json!({})
    }
}

/// The SDK's `Record<string, unknown>`: an object of anything.
impl WireType for Map<String, Value> {
    fn schema() -> Value {
        json!({ "type": "object" })
    }
}

impl<T: WireType> WireType for Vec<T> {
    fn schema() -> Value {
        json!({ "type": "array", "items": T::schema() })
    }
}

/// An optional field that is present: `Some` of its value, even `null` (a
/// `serde_json::Value` field keeps it), so that reading and writing back
/// loses nothing. An absent field is `None` (`#[serde(default)]`).
pub(crate) fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// `schema` admitting `null` too (the SDK's `T | null`).
pub(crate) fn nullable(mut schema: Value) -> Value {
    if let Some(Value::String(name)) = schema.get("type") {
        let types = json!([name, "null"]);
        schema["type"] = types;
    }
    schema
}

/// An object schema under construction: its properties in order, the
/// required ones, no `additionalProperties` (unknown keys are kept, not
/// refused).
#[derive(Default)]
pub(crate) struct ObjectSchema {
    properties: Map<String, Value>,
    required: Vec<Value>,
}

impl ObjectSchema {
    /// A property that must be present.
    pub(crate) fn required(&mut self, name: &str, schema: Value, docs: &[&str]) {
        self.required.push(Value::String(name.to_owned()));
        self.optional(name, schema, docs);
    }

    /// A property that may be left out.
    pub(crate) fn optional(&mut self, name: &str, mut schema: Value, docs: &[&str]) {
        // Doc lines wrap sentences: joined by spaces, paragraphs kept.
        let mut text = String::new();
        for line in docs.iter().map(|line| line.trim()) {
            if line.is_empty() {
                text.push_str("\n\n");
            } else {
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push(' ');
                }
                text.push_str(line);
            }
        }
        let text = text.trim();
        if !text.is_empty() {
            if let Value::Object(map) = &mut schema {
                map.insert("description".to_owned(), Value::String(text.to_owned()));
            }
        }
        self.properties.insert(name.to_owned(), schema);
    }

    /// Makes the property `name`, already declared, required.
    pub(crate) fn require(&mut self, name: &str) {
        let name = Value::String(name.to_owned());
        if !self.required.contains(&name) {
            self.required.push(name);
        }
    }

    /// Every property of `other` (a schema this builder made), after these.
    pub(crate) fn extend(&mut self, other: &Value) {
        if let Some(Value::Object(properties)) = other.get("properties") {
            for (name, schema) in properties {
                self.properties.insert(name.clone(), schema.clone());
            }
        }
        if let Some(Value::Array(required)) = other.get("required") {
            for name in required {
                if !self.required.contains(name) {
                    self.required.push(name.clone());
                }
            }
        }
    }

    /// The schema: `{"type": "object", "properties": …, "required": […]}`.
    pub(crate) fn finish(self) -> Value {
        let mut schema = Map::new();
        schema.insert("type".to_owned(), json!("object"));
        schema.insert("properties".to_owned(), Value::Object(self.properties));
        if !self.required.is_empty() {
            schema.insert("required".to_owned(), Value::Array(self.required));
        }
        Value::Object(schema)
    }
}

/// Declares a struct of the wire and its schema from one list of fields.
///
/// ```text
/// wire_struct! {
///     /// Docs of the struct.
///     pub struct BashInput {
///         /// Docs, also the property's `description`.
///         required command: String,
///         optional timeout: f64,
///         optional disable_sandbox as "dangerouslyDisableSandbox": bool,
///         nullable custom_instructions: String,   // present, `T | null`
///     }
/// }
/// ```
///
/// A field's docs are its property's `description`, unless a
/// `#[description = "…"]` after them words it for the schema alone.
///
/// Every struct ends with `extra`: the keys the SDK does not declare, as
/// sent. Each has `new`, taking the required fields, except the hook
/// inputs (which a hook only reads). `pub struct Name: HookCommon [requires "agent_id"] { … }` embeds
/// the fields every hook input of the agent shares, in the struct named
/// after the colon (and makes some of them required). `pub struct
/// HookCommon: embedded { … }` declares such a struct: no `extra` (the
/// input it is embedded in keeps the unknown keys), no `new`.
macro_rules! wire_struct {
    // The wire name of a field: its `as "…"` or the field's own name.
    (@name $field:ident $wire:literal) => { $wire };
    (@name $field:ident) => { ::core::stringify!($field) };

    // A property's `description`: its `#[description = "…"]`, or its docs.
    (@description [$($doc:literal)*] []) => { &[$($doc),*] };
    (@description $docs:tt [$description:literal]) => { &[$description] };

    // One property of the schema.
    (@prop $b:ident required $field:ident [$($wire:literal)?] $ty:ty; $docs:tt $description:tt) => {
        $b.required(
            $crate::wire::wire_struct!(@name $field $($wire)?),
            <$ty as $crate::wire::WireType>::schema(),
            $crate::wire::wire_struct!(@description $docs $description),
        )
    };
    (@prop $b:ident optional $field:ident [$($wire:literal)?] $ty:ty; $docs:tt $description:tt) => {
        $b.optional(
            $crate::wire::wire_struct!(@name $field $($wire)?),
            <$ty as $crate::wire::WireType>::schema(),
            $crate::wire::wire_struct!(@description $docs $description),
        )
    };
    (@prop $b:ident nullable $field:ident [$($wire:literal)?] $ty:ty; $docs:tt $description:tt) => {
        $b.required(
            $crate::wire::wire_struct!(@name $field $($wire)?),
            $crate::wire::nullable(
                <$ty as $crate::wire::WireType>::schema(),
            ),
            $crate::wire::wire_struct!(@description $docs $description),
        )
    };

    // Fields, one at a time, into the struct's fields, the schema's list
    // and `new`'s parameters: what the field's kind adds, then the field.
    (@munch $head:tt $fields:tt $props:tt $ctor:tt;
        $(#[doc = $doc:literal])* $(#[description = $description:literal])?
        $kind:ident $field:ident $(as $wire:literal)? : $ty:ty $(, $($rest:tt)*)?
    ) => {
        $crate::wire::wire_struct!(@kind $kind $ty;
            $head $fields $props $ctor;
            [$($doc)*] [$($description)?] $kind $field [$($wire)?] $ty; $($($rest)*)?
        );
    };

    // What each kind of field adds: its serde attributes (and docs), its
    // type, and whether `new` takes it (`param`) or leaves it out (`none`).
    (@kind required $ty:ty; $($then:tt)*) => {
        $crate::wire::wire_struct!(@field [] $ty, param; $($then)*);
    };
    (@kind optional $ty:ty; $($then:tt)*) => {
        $crate::wire::wire_struct!(@field [
            #[serde(
                default,
                deserialize_with = "crate::wire::present",
                skip_serializing_if = "::core::option::Option::is_none"
            )]
        ] ::core::option::Option<$ty>, none; $($then)*);
    };
    (@kind nullable $ty:ty; $($then:tt)*) => {
        $crate::wire::wire_struct!(@field [
            #[doc = ""]
            #[doc = "Always sent; `None` when the agent sends `null`."]
            #[serde(default)]
        ] ::core::option::Option<$ty>, param; $($then)*);
    };

    (@field [$($attrs:tt)*] $field_ty:ty, $new:ident;
        $head:tt [$($fields:tt)*] [$($props:tt)*] [$($ctor:tt)*];
        [$($doc:literal)*] $description:tt $kind:ident $field:ident [$($wire:literal)?] $ty:ty;
        $($rest:tt)*
    ) => {
        $crate::wire::wire_struct!(@munch $head
            [$($fields)*
                $(#[doc = $doc])*
                $(#[serde(rename = $wire)])?
                $($attrs)*
                pub $field: $field_ty,
            ]
            [$($props)* ($kind $field [$($wire)?] $ty; [$($doc)*] $description)]
            [$($ctor)* ($new $field $field_ty)];
            $($rest)*
        );
    };

    // All fields read: the struct, and its schema.
    (@munch [[$($meta:tt)*] $name:ident [$($common:tt)*] [$($extra:ident)?]] [$($fields:tt)*]
        [$(($kind:ident $field:ident [$($wire:literal)?] $ty:ty; $docs:tt $description:tt))*]
        [$($ctor:tt)*];
    ) => {
        $($meta)*
        #[derive(Debug, Clone, PartialEq, ::serde::Serialize, ::serde::Deserialize)]
        #[non_exhaustive]
        pub struct $name {
            $($fields)*
            $(
                /// The keys the SDK does not declare (sent by a newer agent),
                /// as sent: kept, never an error.
                #[serde(flatten)]
                pub $extra: ::serde_json::Map<::std::string::String, ::serde_json::Value>,
            )?
        }

        impl $crate::wire::WireType for $name {
            fn schema() -> ::serde_json::Value {
                #[allow(unused_mut)]
                let mut b = $crate::wire::ObjectSchema::default();
                $crate::wire::wire_struct!(@common_schema b [$($common)*]);
                $($crate::wire::wire_struct!(
                    @prop b $kind $field [$($wire)?] $ty; $docs $description
                );)*
                $crate::wire::wire_struct!(@common_requires b [$($common)*]);
                b.finish()
            }
        }

        $crate::wire::wire_struct!(@new $name [$($common)*] [] []; $($ctor)*);
    };

    // `new`, from the required fields, for the structs a hook builds (the
    // inputs of tools); the hook inputs are only ever read.
    (@new $name:ident [common $common:ident $($req:literal)*] $params:tt $inits:tt; $($ctor:tt)*) => {};
    (@new $name:ident [embedded] $params:tt $inits:tt; $($ctor:tt)*) => {};
    (@new $name:ident [] [$($params:tt)*] [$($inits:tt)*]; (param $field:ident $ty:ty) $($rest:tt)*) => {
        $crate::wire::wire_struct!(@new $name []
            [$($params)* $field: impl ::core::convert::Into<$ty>,]
            [$($inits)* $field: $field.into(),];
            $($rest)*
        );
    };
    (@new $name:ident [] $params:tt [$($inits:tt)*]; (none $field:ident $ty:ty) $($rest:tt)*) => {
        $crate::wire::wire_struct!(@new $name [] $params
            [$($inits)* $field: ::core::option::Option::None,];
            $($rest)*
        );
    };
    (@new $name:ident [] [$($params:tt)*] [$($inits:tt)*];) => {
        impl $name {
            /// A value with these required fields, and none of the others.
            #[allow(clippy::new_without_default, clippy::too_many_arguments)]
            pub fn new($($params)*) -> $name {
                $name {
                    $($inits)*
                    extra: ::serde_json::Map::new(),
                }
            }
        }
    };

    (@common_schema $b:ident [$($none:ident)?]) => {};
    (@common_schema $b:ident [common $common:ident $($req:literal)*]) => {
        $b.extend(&<$common as $crate::wire::WireType>::schema())
    };
    (@common_requires $b:ident [$($none:ident)?]) => {};
    (@common_requires $b:ident [common $common:ident $($req:literal)*]) => {
        $($b.require($req);)*
    };

    // Entry points.
    ($(#[$meta:meta])* pub struct $name:ident: embedded { $($body:tt)* }) => {
        $crate::wire::wire_struct!(@munch [[$(#[$meta])*] $name [embedded] []] [] [] []; $($body)*);
    };
    ($(#[$meta:meta])* pub struct $name:ident: $common:ident $([requires $($req:literal),*])? { $($body:tt)* }) => {
        $crate::wire::wire_struct!(@munch [[$(#[$meta])*] $name [common $common $($($req)*)?] [extra]]
            [
                /// The fields every hook input carries.
                #[serde(flatten)]
                pub common: $common,
            ]
            [] []; $($body)*);
    };
    ($(#[$meta:meta])* pub struct $name:ident { $($body:tt)* }) => {
        $crate::wire::wire_struct!(@munch [[$(#[$meta])*] $name [] [extra]] [] [] []; $($body)*);
    };
}

/// Declares a set of string values of the wire, and its schema.
///
/// ```text
/// wire_values! {
///     /// Docs.
///     pub enum CompactTrigger: closed {
///         /// Docs.
///         Manual = "manual",
///         Auto = "auto",
///     }
/// }
/// ```
///
/// `closed`: the SDK's values are the contract; another value is refused
/// (the schema's `enum`). `open`: the set grows between releases; another
/// value is kept as `Other(String)` (the known values are the schema's
/// `examples`).
macro_rules! wire_values {
    // The two kinds of set differ in a value they do not know: `closed`
    // refuses it, `open` keeps it as `Other`.
    ($(#[$meta:meta])* pub enum $name:ident: closed {
        $($(#[doc = $doc:literal])* $variant:ident = $value:literal,)*
    }) => {
        $crate::wire::wire_values!(@enum [$(#[$meta])*] $name [] [] {
            /// The value named `value`; `None` for another one.
            fn read(value: &str) -> ::core::option::Option<Self> {
                $name::from_known(value)
            }
        } {
            ::serde_json::json!({ "type": "string", "enum": $name::VALUES })
        } $($(#[doc = $doc])* $variant = $value,)*);
    };
    ($(#[$meta:meta])* pub enum $name:ident: open {
        $($(#[doc = $doc:literal])* $variant:ident = $value:literal,)*
    }) => {
        $crate::wire::wire_values!(@enum [$(#[$meta])*] $name [
            /// A value this version does not know, as sent.
            Other(::std::string::String),
        ] [
            $name::Other(value) => value,
        ] {
            /// The value named `value`, an unknown one as `Other`.
            fn read(value: &str) -> ::core::option::Option<Self> {
                ::core::option::Option::Some(
                    $name::from_known(value).unwrap_or_else(|| $name::Other(value.to_owned())),
                )
            }
        } {
            ::serde_json::json!({ "type": "string", "examples": $name::VALUES })
        } $($(#[doc = $doc])* $variant = $value,)*);
    };

    (@enum [$($meta:tt)*] $name:ident [$($other:tt)*] [$($other_str:tt)*] { $($read:tt)* } { $schema:expr }
        $($(#[doc = $doc:literal])* $variant:ident = $value:literal,)*
    ) => {
        $($meta)*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum $name {
            $($(#[doc = $doc])* #[doc = ::core::concat!("`\"", $value, "\"`")] $variant,)*
            $($other)*
        }

        impl $name {
            /// The value as sent.
            pub fn as_str(&self) -> &str {
                match self {
                    $($name::$variant => $value,)*
                    $($other_str)*
                }
            }

            $($read)*
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> ::core::result::Result<Self, D::Error> {
                let value = <::std::borrow::Cow<'de, str> as ::serde::Deserialize>::deserialize(deserializer)?;
                $name::read(&value).ok_or_else(|| ::serde::de::Error::unknown_variant(&value, &$name::VALUES))
            }
        }

        $crate::wire::wire_values!(@impls $name { $schema } $($variant = $value)*);
    };

    (@impls $name:ident { $schema:expr } $($variant:ident = $value:literal)*) => {
        impl $name {
            /// The values the SDK names, as sent.
            pub const VALUES: [&'static str; $crate::wire::wire_values!(@count $($value)*)] = [$($value),*];

            /// The value named `value`, if it is one of [`VALUES`](Self::VALUES).
            fn from_known(value: &str) -> ::core::option::Option<Self> {
                match value {
                    $($value => ::core::option::Option::Some($name::$variant),)*
                    _ => ::core::option::Option::None,
                }
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl $crate::wire::WireType for $name {
            fn schema() -> ::serde_json::Value {
                $schema
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }
    };

    (@count) => { 0 };
    (@count $head:literal $($tail:literal)*) => { 1 + $crate::wire::wire_values!(@count $($tail)*) };
}

pub(crate) use {wire_struct, wire_values};

/// Adds `hook_event_name`, always `event`, to an event's schema: the first
/// property, and required; the schema's title is `title`.
pub(crate) fn name_event(schema: &mut Value, event: &str, title: String) {
    let Value::Object(map) = schema else { return };
    let mut properties = Map::new();
    properties.insert(
        "hook_event_name".to_owned(),
        json!({ "const": event, "description": "The event's name." }),
    );
    if let Some(Value::Object(rest)) = map.remove("properties") {
        properties.extend(rest);
    }
    map.insert("properties".to_owned(), Value::Object(properties));
    let required = map
        .entry("required")
        .or_insert_with(|| Value::Array(Vec::new()));
    if let Value::Array(names) = required {
        names.insert(0, json!("hook_event_name"));
    }
    let title = json!(title);
    let rest = std::mem::take(map);
    map.insert("title".to_owned(), title);
    map.extend(rest);
}
