//! serde's attributes, read by `serde_derive_internals` (serde's own parser)
//! and decided one by one: each attribute that changes what serde accepts is
//! modelled in the schema or refused here, so the schema a model sees and
//! the input serde takes stay the same set.
//!
//! | attribute | level | handling |
//! |---|---|---|
//! | `rename`, `rename(deserialize = ..)` | field, variant | modelled: the property or enum value name |
//! | `rename_all`, `rename_all(deserialize = ..)` | container | modelled: serde's own rules name every field / variant |
//! | `rename_all_fields`, variant `rename_all` | enum, variant | modelled: the names of a tagged variant's fields |
//! | `alias`, extra `rename(deserialize = ..)` | field, variant | repaired: accepted and reported as a repair, never advertised |
//! | `default`, `default = ".."` | container, field | modelled: not required, `"default"` in the schema when it serializes |
//! | `skip`, `skip_deserializing` | field, variant | modelled: not a property / not an enum value or alternative |
//! | `deny_unknown_fields` | struct, tagged enum | required (schema rule 1) |
//! | `transparent` | struct | modelled: the inner field's schema |
//! | `flatten` | field | compile error (schema rule 1) |
//! | `tag`, `tag` + `content` | enum | modelled: a `oneOf` of closed objects, the tag a required `const` (schema rule 3) |
//! | `untagged` | enum, variant | compile error (schema rule 3): a union without a tag |
//! | `tag` | struct | compile error: adds a key the schema does not list |
//! | `from`, `try_from` | container | compile error: another type's shape |
//! | `with`, `deserialize_with` | field, variant | compile error: a shape the schema cannot see |
//! | `other` | variant | compile error: accepts values the `enum` does not list |
//! | `borrow` | field, variant | compile error: arguments are owned |
//! | `remote` | container | compile error: derives for another type |
//! | `field_identifier`, `variant_identifier` | enum | compile error: an identifier, not a value |
//! | `rename(serialize = ..)`, `rename_all(serialize = ..)`, `skip_serializing`, `skip_serializing_if`, `serialize_with`, `into`, `getter` | any | ignored: serialization only, nothing the tool accepts changes |
//! | `bound` | any | ignored: generic types are refused, so no bound applies |
//! | `crate`, `expecting` | container | ignored: where serde lives and the words of serde's own errors |
//! | container `rename` | container | ignored: a type's name is not in its schema |
//!
//! Malformed serde attributes are serde's to report: when its parser finds
//! one, we report nothing of our own (see [`read`]).

use proc_macro2::Span;
use serde_derive_internals::ast::Container;
use serde_derive_internals::attr::TagType;
use serde_derive_internals::{Ctxt as SerdeCtxt, Derive};
use syn::{Attribute, DeriveInput};
use toolsmith_schema_rules::Rule;

use crate::attr::skip_value;
use crate::ctxt::Ctxt;

/// serde's reading of `input`, or `None` when serde itself finds the
/// attributes malformed (it reports them; we must not report them twice).
pub fn read(input: &DeriveInput) -> Option<Container<'_>> {
    read_for(input, Derive::Deserialize)
}

/// serde's reading of `input` for the derive `derive`, as [`read`].
pub fn read_for(input: &DeriveInput, derive: Derive) -> Option<Container<'_>> {
    let cx = SerdeCtxt::new();
    let container = Container::from_ast(
        &cx,
        input,
        derive,
        &syn::Ident::new("__private", Span::call_site()),
    );
    match cx.check() {
        Ok(()) => container,
        Err(_) => None,
    }
}

/// The span of the first `#[serde(key ..)]` among `attrs`, for errors on
/// the tokens the user wrote.
pub fn key_span(attrs: &[Attribute], key: &str) -> Option<Span> {
    let mut found = None;
    for attr in attrs.iter().filter(|attr| attr.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            if found.is_none() && meta.path.is_ident(key) {
                found = Some(
                    meta.path
                        .get_ident()
                        .map_or_else(Span::call_site, |i| i.span()),
                );
            }
            skip_value(&meta);
            Ok(())
        });
    }
    found
}

/// Refuses the attributes the schema cannot follow, on their tokens.
pub fn check_refused(cx: &mut Ctxt, serde: &Container) {
    let input = serde.original;
    let attrs = &serde.attrs;
    let container = &input.attrs;
    let mut refuse = |attrs: &[Attribute], key: &str, message: String| {
        let span = key_span(attrs, key).unwrap_or_else(|| input.ident.span());
        cx.error_at(span, message);
    };

    if attrs.type_from().is_some() || attrs.type_try_from().is_some() {
        let key = if attrs.type_from().is_some() {
            "from"
        } else {
            "try_from"
        };
        refuse(
            container,
            key,
            format!(
                "`#[serde({key} = \"..\")]` deserializes another type's shape, which the schema cannot follow; take that type as the argument and convert inside the function"
            ),
        );
    }
    if attrs.remote().is_some() {
        refuse(
            container,
            "remote",
            "`#[serde(remote = \"..\")]` derives for another type, which has no `ToolArg` schema of its own; wrap it in a struct of your own with named fields".to_owned(),
        );
    }
    for key in ["field_identifier", "variant_identifier"] {
        if key_span(container, key).is_some() {
            refuse(
                container,
                key,
                format!(
                    "`#[serde({key})]` makes the enum an identifier rather than a value; remove it and use an enum of unit variants"
                ),
            );
        }
    }
    match (attrs.tag(), &input.data) {
        (TagType::External, _) => {}
        (TagType::Internal { .. }, syn::Data::Struct(_)) => refuse(
            container,
            "tag",
            format!(
                "`#[serde(tag = \"..\")]` on a struct adds a key its schema does not list; remove it, or add the key as a field ({rule})",
                rule = Rule::ClosedObjects
            ),
        ),
        (TagType::Internal { .. } | TagType::Adjacent { .. }, _) => {}
        (TagType::None, _) => refuse(
            container,
            "untagged",
            format!(
                "`#[serde(untagged)]` makes a union without a tag, whose alternatives neither a model nor the validator can tell apart; tag it instead, `#[serde(tag = \"kind\")]`, so that each variant is an object with its own `kind` ({rule})",
                rule = Rule::TaggedUnions
            ),
        ),
    }

    let fields = serde.data.all_fields();
    for field in fields {
        let attrs = &field.original.attrs;
        refuse_own_shapes(
            attrs,
            " and give the field a type whose own `Deserialize` and `ToolArg` agree",
            &mut refuse,
        );
        if field.attrs.flatten() {
            refuse(
                attrs,
                "flatten",
                format!(
                    "`#[serde(flatten)]` merges keys the schema cannot close; nest the struct as a field instead ({rule})",
                    rule = Rule::ClosedObjects
                ),
            );
        }
    }

    if let serde_derive_internals::ast::Data::Enum(variants) = &serde.data {
        for variant in variants {
            let attrs = &variant.original.attrs;
            if variant.attrs.skip_deserializing() {
                continue;
            }
            if variant.attrs.other() {
                refuse(
                    attrs,
                    "other",
                    "`#[serde(other)]` accepts every value the `enum` does not list, so the schema would refuse what the function takes; remove it, or take a `String`".to_owned(),
                );
            }
            refuse_own_shapes(attrs, "", &mut refuse);
            if variant.attrs.untagged() {
                refuse(
                    attrs,
                    "untagged",
                    format!(
                        "`#[serde(untagged)]` on a variant makes it an alternative without a tag, which neither a model nor the validator can tell apart from the others; remove it, so that the variant is read by its name ({rule})",
                        rule = Rule::TaggedUnions
                    ),
                );
            }
        }
    }
}

/// Refuses, on a field or a variant, what deserializes a shape of its
/// own: `with` or `deserialize_with` (the fix ending with `fix`), and
/// `borrow`. (serde sets `deserialize_with` itself for a borrowed `Cow`;
/// that one is reported as `borrow`.)
fn refuse_own_shapes(
    attrs: &[Attribute],
    fix: &str,
    refuse: &mut impl FnMut(&[Attribute], &str, String),
) {
    if let Some(key) = ["with", "deserialize_with"]
        .into_iter()
        .find(|key| key_span(attrs, key).is_some())
    {
        refuse(
            attrs,
            key,
            format!(
                "`#[serde({key} = ..)]` deserializes a shape the schema cannot see; remove it{fix}"
            ),
        );
    }
    if key_span(attrs, "borrow").is_some() {
        refuse(
            attrs,
            "borrow",
            "`#[serde(borrow)]` borrows from the call's JSON, but tool arguments are deserialized into owned values; remove it and use an owned type".to_owned(),
        );
    }
}

/// The names serde reads besides `name`: aliases and extra
/// `rename(deserialize = ..)` names, with where they were written.
pub fn aliases<'a>(
    all: impl IntoIterator<Item = &'a serde_derive_internals::name::Name>,
    name: &str,
) -> Vec<(String, Span)> {
    all.into_iter()
        .filter(|alias| alias.value != name)
        .map(|alias| (alias.value.clone(), alias.span))
        .collect()
}
