//! A typed model of what the macros read, built from syn, keeping the tokens
//! the user wrote for error spans.

use proc_macro2::{Span, TokenStream};
use syn::spanned::Spanned;
use syn::{DeriveInput, FnArg, Ident, ItemFn, LitStr, Member, Pat, ReturnType, Type};

use serde_derive_internals::ast::{
    Container as SerdeContainer, Data as SerdeData, Field as SerdeField, Style,
};
use serde_derive_internals::attr::{Default as SerdeDefault, TagType};

use crate::attr::{Annotations, ArgAttrs, ItemNames, Listing, Setting, ToolAttrs, ValueAttrs};
use crate::ctxt::Ctxt;
use crate::doc::{self, Doc, FnDoc};
use crate::serde_attrs;

/// A property of an object schema: a tool parameter or a struct field.
pub struct Field {
    /// The Rust name (parameter or field), or the index of a newtype's field.
    pub member: Member,
    pub ty: Type,
    pub arg: ArgAttrs,
    /// The property name after renames.
    pub name: String,
    /// Where the name was written: the rename literal, else the Rust name.
    pub name_span: Span,
    pub description: Option<String>,
    /// How serde fills the field in when its key is absent.
    pub default: FieldDefault,
    /// Other names serde reads for the property (`alias`), never advertised.
    pub aliases: Vec<(String, Span)>,
}

/// Where the value of an absent key comes from.
pub enum FieldDefault {
    /// Nowhere: the key is required unless the type admits `null`.
    None,
    /// `#[serde(default)]` on the field: the type's `Default`.
    Type,
    /// `#[serde(default = "path")]` on the field.
    Path(syn::ExprPath),
    /// `#[serde(default)]` on the struct: the field of `Self::default()`.
    Container,
    /// `#[serde(default = "path")]` on the struct: the field of `path()`.
    ContainerPath(syn::ExprPath),
    /// `#[arg(default = <expr>)]` on a parameter.
    Expr(syn::Expr),
}

impl Field {
    /// Whether an absent key is filled in by serde.
    pub fn has_default(&self) -> bool {
        !matches!(self.default, FieldDefault::None)
    }
}

/// `#[tool] fn ..`.
pub struct ToolFn {
    pub item: ItemFn,
    pub name: String,
    pub name_span: Span,
    pub description: Option<String>,
    /// The explicit attribute or the doc comment, for rule 8's span.
    pub description_span: Span,
    pub params: Vec<Field>,
    /// Names listed under `# Arguments`, with the doc's span.
    pub documented: Vec<String>,
    pub doc_span: Option<Span>,
    /// The context parameter's type, `#[ctx]`.
    pub ctx: Option<Type>,
    /// Whether the context parameter comes before others, by position.
    pub ctx_index: Option<usize>,
    /// The call parameter's type and position, `#[call]`.
    pub call: Option<(Type, usize)>,
    /// `tool = ".."`, `args = ".."`, `crate = ".."`.
    pub items: ItemNames,
    /// `title`, `read_only`, ..: the hints for hosts.
    pub annotations: Annotations,
    /// `icon`, `meta`: what MCP lists beside the hints.
    pub listing: Listing,
    /// `cli_name = ".."`: the tool's command on the command line.
    pub cli_name: Setting<LitStr>,
    /// `timeout = ".."`, in milliseconds.
    pub timeout: Option<u64>,
    /// `scopes = [..]`: the OAuth scopes a caller must hold.
    pub scopes: Vec<String>,
    /// The caller parameter's type and position, `#[ctx] caller: Caller`.
    pub caller: Option<(Type, usize)>,
}

impl ToolFn {
    /// Reads the function; strips `#[arg]`, `#[ctx]` and doc comments from
    /// its parameters, which must not reach the compiler.
    pub fn from_syn(cx: &mut Ctxt, args: TokenStream, item: &mut ItemFn) -> ToolFn {
        let attrs = ToolAttrs::from_tokens(cx, args);
        let doc = Doc::from_attrs(&item.attrs);
        let fn_doc = FnDoc::parse(&doc.text);

        let mut params = Vec::new();
        let mut ctx = None;
        let mut ctx_index = None;
        let mut call = None;
        let mut caller = None;
        for (index, input) in item.sig.inputs.iter_mut().enumerate() {
            let FnArg::Typed(typed) = input else { continue };
            let is_ctx = typed.attrs.iter().any(|attr| attr.path().is_ident("ctx"));
            let is_call = typed.attrs.iter().any(|attr| attr.path().is_ident("call"));
            let mut arg = ArgAttrs::from_attrs(cx, &typed.attrs);
            let serde_default = param_serde_default(cx, &typed.attrs);
            let own_doc = Doc::from_attrs(&typed.attrs).description();
            for attr in typed
                .attrs
                .iter()
                .filter(|attr| attr.path().is_ident("ctx") || attr.path().is_ident("call"))
            {
                if !matches!(attr.meta, syn::Meta::Path(_)) {
                    let which = if attr.path().is_ident("ctx") {
                        "ctx"
                    } else {
                        "call"
                    };
                    cx.error(attr, format!("`#[{which}]` takes no arguments"));
                }
            }
            typed.attrs.retain(|attr| {
                !attr.path().is_ident("arg")
                    && !attr.path().is_ident("ctx")
                    && !attr.path().is_ident("call")
                    && !attr.path().is_ident("serde")
                    && !doc::is_doc(attr)
            });
            // #[call] call: toolsmith::Call
            if is_call {
                if is_ctx {
                    cx.error(
                        &typed.pat,
                        "a parameter is either `#[ctx]` or `#[call]`, not both",
                    );
                }
                if !arg.is_empty() || serde_default.is_some() {
                    cx.error(
                        &typed.pat,
                        "the call parameter is not part of the schema and takes no `#[arg(..)]`",
                    );
                }
                if call.is_some() {
                    cx.error(&typed.pat, "a tool takes at most one `#[call]` parameter");
                }
                call = Some(((*typed.ty).clone(), index));
                continue;
            }
            // #[ctx] caller: toolsmith::Caller, beside the set's context
            if is_ctx && is_caller_type(&typed.ty) {
                if !arg.is_empty() || serde_default.is_some() {
                    cx.error(
                        &typed.pat,
                        "the caller parameter is not part of the schema and takes no `#[arg(..)]`",
                    );
                }
                if caller.is_some() {
                    cx.error(
                        &typed.pat,
                        "a tool takes at most one `#[ctx]` of type `Caller`",
                    );
                }
                caller = Some(((*typed.ty).clone(), index));
                continue;
            }
            if is_ctx {
                if !arg.is_empty() || serde_default.is_some() {
                    cx.error(
                        &typed.pat,
                        "the context parameter is not part of the schema and takes no `#[arg(..)]`",
                    );
                }
                if ctx.is_some() {
                    cx.error(&typed.pat, "a tool takes at most one `#[ctx]` parameter");
                }
                ctx = Some((*typed.ty).clone());
                ctx_index = Some(index);
                continue;
            }
            let Pat::Ident(pat) = &*typed.pat else {
                // Reported by check::check_signature.
                continue;
            };
            let member = pat.ident.clone();
            let rust_name = unraw(&member);
            let documented = fn_doc
                .arguments
                .iter()
                .find(|(name, _)| *name == rust_name)
                .map(|(_, text)| text.clone())
                .filter(|text| !text.is_empty());
            // `#[arg(description)]`, else the parameter's `///`, else its
            // `# Arguments` entry.
            let description = arg
                .description
                .as_ref()
                .map(|given| given.value.value())
                .or(own_doc)
                .or(documented);
            let (name, name_span) = match &arg.rename {
                Some(given) => (given.value.value(), given.value.span()),
                None => (rust_name, member.span()),
            };
            let default = match (arg.default.take(), serde_default) {
                (Some(given), Some((_, span))) => {
                    cx.error_at(
                        span,
                        "the parameter already has `#[arg(default = ..)]`; keep one default",
                    );
                    arg.default = Some(given);
                    FieldDefault::None
                }
                (Some(given), None) => {
                    let expr = given.value.clone();
                    arg.default = Some(given);
                    FieldDefault::Expr(expr)
                }
                (None, Some((default, _))) => default,
                (None, None) => FieldDefault::None,
            };
            params.push(Field {
                member: Member::Named(member),
                ty: (*typed.ty).clone(),
                arg,
                name,
                name_span,
                description,
                default,
                aliases: Vec::new(),
            });
        }

        let name = attrs
            .name
            .as_ref()
            .map_or_else(|| unraw(&item.sig.ident), |given| given.value.value());
        let name_span = attrs
            .name
            .as_ref()
            .map_or(item.sig.ident.span(), |given| given.value.span());
        let description = match &attrs.description {
            Some(given) => Some(given.value.value()),
            None => (!fn_doc.description.is_empty()).then(|| fn_doc.description.clone()),
        };
        let description_span = match &attrs.description {
            Some(given) => given.value.span(),
            None => doc.span.unwrap_or_else(|| item.sig.ident.span()),
        };
        ToolFn {
            item: item.clone(),
            name,
            name_span,
            description,
            description_span,
            params,
            documented: fn_doc.arguments.into_iter().map(|(name, _)| name).collect(),
            doc_span: doc.span,
            ctx,
            ctx_index,
            call,
            items: attrs.items,
            annotations: attrs.annotations,
            listing: attrs.listing,
            cli_name: attrs.cli_name,
            timeout: attrs.timeout.map(|given| given.value),
            scopes: attrs.scopes.map_or_else(Vec::new, |given| {
                given.value.iter().map(LitStr::value).collect()
            }),
            caller,
        }
    }

    /// The declared return type, `()` when there is none.
    pub fn output(&self) -> Type {
        match &self.item.sig.output {
            ReturnType::Default => syn::parse_quote!(()),
            ReturnType::Type(_, ty) => (**ty).clone(),
        }
    }
}

/// `#[derive(ToolArg)]` input.
pub enum Input<'a> {
    Struct(Struct<'a>),
    Enum(Enum<'a>),
}

pub struct Struct<'a> {
    pub input: &'a DeriveInput,
    pub description: Option<String>,
    /// The fields serde reads, in order (skipped ones are left out).
    pub fields: Vec<Field>,
    pub deny_unknown_fields: bool,
    /// Tuple or unit struct.
    pub unnamed: bool,
    /// `#[serde(transparent)]`: the struct is read as its one field, the
    /// only entry of `fields`.
    pub transparent: bool,
    /// A tuple struct of one field, which serde reads as that field (JSON
    /// has no newtype wrapper), the only entry of `fields`.
    pub newtype: bool,
}

pub struct Enum<'a> {
    pub input: &'a DeriveInput,
    pub description: Option<String>,
    pub variants: Vec<Variant<'a>>,
    /// How serde tells the variants apart in JSON.
    pub tagging: Tagging,
    pub deny_unknown_fields: bool,
    /// `#[arg(enum_names)]`: a form states the titles as `enumNames`.
    pub enum_names: bool,
}

/// serde's representation of an enum.
pub enum Tagging {
    /// No `tag`: a unit variant is its name, a data variant an object
    /// keyed by its name.
    External,
    /// `#[serde(tag = "kind")]`: the fields beside the tag.
    Internal { tag: String },
    /// `#[serde(tag = "kind", content = "data")]`: the fields under the
    /// content key.
    Adjacent { tag: String, content: String },
    /// `#[serde(untagged)]`.
    Untagged,
}

impl Enum<'_> {
    /// Whether the enum is a tagged union (internally or adjacently
    /// tagged), which `ToolArg` models as a `oneOf`.
    pub fn is_tagged(&self) -> bool {
        matches!(
            self.tagging,
            Tagging::Internal { .. } | Tagging::Adjacent { .. }
        )
    }

    /// The variants serde reads.
    pub fn read(&self) -> impl Iterator<Item = &Variant<'_>> + Clone {
        self.variants.iter().filter(|variant| !variant.skip)
    }
}

pub struct Variant<'a> {
    pub variant: &'a syn::Variant,
    /// The value serde reads, after `rename` and `rename_all`.
    pub name: String,
    /// `#[serde(skip)]`, `#[serde(skip_deserializing)]`: not a value.
    pub skip: bool,
    /// Other values serde reads for this variant.
    pub aliases: Vec<(String, Span)>,
    /// The variant's doc comment, on one line.
    pub description: Option<String>,
    /// Unit, struct, newtype or tuple variant.
    pub style: Style,
    /// The fields serde reads, for a struct variant.
    pub fields: Vec<Field>,
    /// `#[arg(title = "..")]`: what a form shows for the value.
    pub title: Option<String>,
}

impl<'a> Input<'a> {
    /// The typed model of `serde`'s reading of the input: names, defaults
    /// and aliases as serde decides them.
    pub fn from_serde(cx: &mut Ctxt, serde: SerdeContainer<'a>) -> syn::Result<Input<'a>> {
        let input = serde.original;
        let description = Doc::from_attrs(&input.attrs).description();
        match serde.data {
            SerdeData::Struct(style, fields) => {
                let unnamed = !matches!(style, Style::Struct);
                let newtype = matches!(style, Style::Newtype);
                let transparent = serde.attrs.transparent();
                let container_default = serde.attrs.default();
                let fields = fields
                    .iter()
                    .filter(|field| !field.attrs.skip_deserializing())
                    .filter(|field| !transparent || field.attrs.transparent())
                    .filter(|_| transparent || newtype || !unnamed)
                    .map(|field| Field::from_serde(cx, field, container_default))
                    .collect();
                Ok(Input::Struct(Struct {
                    input,
                    description,
                    fields,
                    deny_unknown_fields: serde.attrs.deny_unknown_fields(),
                    unnamed,
                    transparent,
                    newtype,
                }))
            }
            SerdeData::Enum(variants) => {
                let variants = variants
                    .iter()
                    .map(|variant| {
                        let name = variant.attrs.name().deserialize_name().value.clone();
                        let fields = match variant.style {
                            Style::Struct => variant
                                .fields
                                .iter()
                                .filter(|field| !field.attrs.skip_deserializing())
                                .map(|field| Field::from_serde(cx, field, &SerdeDefault::None))
                                .collect(),
                            _ => Vec::new(),
                        };
                        Variant {
                            style: variant.style,
                            fields,
                            variant: variant.original,
                            aliases: serde_attrs::aliases(variant.attrs.aliases(), &name),
                            name,
                            skip: variant.attrs.skip_deserializing(),
                            description: Doc::from_attrs(&variant.original.attrs)
                                .description()
                                .map(|text| doc::one_line(&text)),
                            title: ValueAttrs::from_attrs(cx, &variant.original.attrs, false)
                                .title
                                .map(|given| given.value.value()),
                        }
                    })
                    .collect();
                let tagging = match serde.attrs.tag() {
                    TagType::External => Tagging::External,
                    TagType::Internal { tag } => Tagging::Internal { tag: tag.clone() },
                    TagType::Adjacent { tag, content } => Tagging::Adjacent {
                        tag: tag.clone(),
                        content: content.clone(),
                    },
                    TagType::None => Tagging::Untagged,
                };
                let enum_names = ValueAttrs::from_attrs(cx, &input.attrs, true)
                    .enum_names
                    .is_some_and(|given| given.value);
                Ok(Input::Enum(Enum {
                    input,
                    description,
                    variants,
                    tagging,
                    deny_unknown_fields: serde.attrs.deny_unknown_fields(),
                    enum_names,
                }))
            }
        }
    }
}

impl Field {
    fn from_serde(cx: &mut Ctxt, field: &SerdeField, container_default: &SerdeDefault) -> Field {
        let arg = ArgAttrs::from_attrs(cx, &field.original.attrs);
        if let Some(given) = &arg.header {
            cx.error(
                &given.key,
                "`header` applies to a tool's own parameters, not to the fields of a `ToolArg` type; put it on a parameter of the tool",
            );
        }
        if let Some(given) = &arg.default {
            cx.error(
                &given.key,
                "on a struct field, give the default with serde's `#[serde(default = \"path\")]`, which the schema follows",
            );
        }
        if let Some(key) = arg.cli.first_key() {
            cx.error(
                key,
                format_args!("`{key}` is a command-line hint for a tool's parameters; a struct field is set with its flag (`--point.x`): remove it"),
            );
        }
        let serde_name = field.attrs.name().deserialize_name();
        let (name, name_span) = match &arg.rename {
            Some(given) => {
                cx.error(
                    &given.key,
                    "on a struct field, rename with serde's `#[serde(rename = \"..\")]`, which the schema follows",
                );
                (given.value.value(), given.value.span())
            }
            None => (serde_name.value.clone(), serde_name.span),
        };
        let description = arg
            .description
            .as_ref()
            .map(|given| given.value.value())
            .or_else(|| Doc::from_attrs(&field.original.attrs).description());
        let default = match (field.attrs.default(), container_default) {
            (SerdeDefault::Default, _) => FieldDefault::Type,
            (SerdeDefault::Path(path), _) => FieldDefault::Path(path.clone()),
            (SerdeDefault::None, SerdeDefault::Default) => FieldDefault::Container,
            (SerdeDefault::None, SerdeDefault::Path(path)) => {
                FieldDefault::ContainerPath(path.clone())
            }
            (SerdeDefault::None, SerdeDefault::None) => FieldDefault::None,
        };
        Field {
            aliases: serde_attrs::aliases(field.attrs.aliases(), &serde_name.value),
            member: field.member.clone(),
            ty: field.ty.clone(),
            arg,
            name,
            name_span,
            description,
            default,
        }
    }
}

/// `#[serde(default)]` or `#[serde(default = "path")]` on a parameter,
/// with the span of `default`. serde reads no other key on a parameter:
/// the argument struct is ours, and `#[arg(..)]` names and describes.
fn param_serde_default(cx: &mut Ctxt, attrs: &[syn::Attribute]) -> Option<(FieldDefault, Span)> {
    let mut found = None;
    for attr in attrs.iter().filter(|attr| attr.path().is_ident("serde")) {
        let result = attr.parse_nested_meta(|meta| {
            if !meta.path.is_ident("default") {
                let path = &meta.path;
                let shown = quote::quote!(#path).to_string().replace(' ', "");
                cx.error(
                    path,
                    format_args!(
                        "serde attribute `{shown}` is not read on a parameter; a parameter takes `#[serde(default)]`, `#[serde(default = \"path\")]` and `#[arg(..)]`"
                    ),
                );
                crate::attr::skip_value(&meta);
                return Ok(());
            }
            let span = meta.path.span();
            // #[serde(default)], #[serde(default = "default_limit")]
            let default = if meta.input.peek(syn::Token![=]) {
                let lit: syn::LitStr = meta.value()?.parse()?;
                FieldDefault::Path(lit.parse()?)
            } else {
                FieldDefault::Type
            };
            if found.is_some() {
                cx.error_at(span, "duplicate serde attribute `default`");
            } else {
                found = Some((default, span));
            }
            Ok(())
        });
        if let Err(err) = result {
            cx.push(err);
        }
    }
    found
}

/// `r#type` → `type`.
pub fn unraw(ident: &Ident) -> String {
    let name = ident.to_string();
    name.strip_prefix("r#").map(str::to_owned).unwrap_or(name)
}

/// Whether a `#[ctx]` parameter's type is the caller (`Caller`,
/// `toolsmith::Caller`, any path whose last segment is `Caller` without
/// arguments), which the call gives rather than the set's context.
fn is_caller_type(ty: &Type) -> bool {
    match ty {
        Type::Path(path) if path.qself.is_none() => path
            .path
            .segments
            .last()
            .is_some_and(|last| last.ident == "Caller" && last.arguments.is_none()),
        Type::Paren(inner) => is_caller_type(&inner.elem),
        Type::Group(inner) => is_caller_type(&inner.elem),
        _ => false,
    }
}
