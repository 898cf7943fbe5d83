//! A typed model of what the macros read, built from syn, keeping the tokens
//! the user wrote for error spans.

use proc_macro2::{Span, TokenStream};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, FnArg, Ident, ItemFn, LitStr, Pat, ReturnType, Type};

use crate::attr::{Annotations, ArgAttrs, SerdeContainer, SerdeMember, ToolAttrs};
use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use crate::doc::{Doc, FnDoc};

/// A property of an object schema: a tool parameter or a struct field.
pub struct Field {
    /// The Rust name (parameter or field).
    pub member: Ident,
    pub ty: Type,
    pub arg: ArgAttrs,
    /// The property name after renames.
    pub name: String,
    /// Where the name was written: the rename literal, else the Rust name.
    pub name_span: Span,
    pub description: Option<String>,
    /// `#[serde(default)]`: optional whatever the type.
    pub has_default: bool,
    /// `#[serde(flatten)]`, refused by rule 1.
    pub flatten: Option<Ident>,
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
    /// `title`, `read_only`, ..: the hints for hosts.
    pub annotations: Annotations,
}

impl ToolFn {
    /// Reads the function; strips `#[arg]` and `#[ctx]` from its parameters,
    /// which must not reach the compiler.
    pub fn from_syn(cx: &mut Ctxt, args: TokenStream, item: &mut ItemFn) -> ToolFn {
        let attrs = ToolAttrs::from_tokens(cx, args);
        let doc = Doc::from_attrs(&item.attrs);
        let fn_doc = FnDoc::parse(&doc.text);

        let mut params = Vec::new();
        let mut ctx = None;
        let mut ctx_index = None;
        for (index, input) in item.sig.inputs.iter_mut().enumerate() {
            let FnArg::Typed(typed) = input else { continue };
            let is_ctx = typed.attrs.iter().any(|attr| attr.path().is_ident("ctx"));
            let arg = ArgAttrs::from_attrs(cx, &typed.attrs);
            for attr in typed
                .attrs
                .iter()
                .filter(|attr| attr.path().is_ident("ctx"))
            {
                if !matches!(attr.meta, syn::Meta::Path(_)) {
                    cx.error(attr, "`#[ctx]` takes no arguments");
                }
            }
            typed
                .attrs
                .retain(|attr| !attr.path().is_ident("arg") && !attr.path().is_ident("ctx"));
            if is_ctx {
                if !arg.is_empty() {
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
            let description = arg
                .description
                .as_ref()
                .map(|given| given.value.value())
                .or(documented);
            let (name, name_span) = match &arg.rename {
                Some(given) => (given.value.value(), given.value.span()),
                None => (rust_name, member.span()),
            };
            params.push(Field {
                member,
                ty: (*typed.ty).clone(),
                arg,
                name,
                name_span,
                description,
                has_default: false,
                flatten: None,
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
            annotations: attrs.annotations,
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
    pub fields: Vec<Field>,
    pub serde: SerdeContainer,
    /// Tuple or unit struct.
    pub unnamed: bool,
}

pub struct Enum<'a> {
    pub input: &'a DeriveInput,
    pub description: Option<String>,
    pub variants: Vec<Variant<'a>>,
    pub serde: SerdeContainer,
}

pub struct Variant<'a> {
    pub variant: &'a syn::Variant,
    pub name: String,
    pub skip: bool,
}

impl<'a> Input<'a> {
    pub fn from_syn(cx: &mut Ctxt, input: &'a DeriveInput) -> syn::Result<Input<'a>> {
        let serde = SerdeContainer::from_attrs(&input.attrs);
        let description = Doc::from_attrs(&input.attrs).description();
        let rule = rename_rule(cx, serde.rename_all.as_ref());
        match &input.data {
            Data::Struct(data) => {
                let unnamed = !matches!(data.fields, syn::Fields::Named(_));
                let fields = data
                    .fields
                    .iter()
                    .filter_map(|field| Field::from_struct_field(cx, field, rule))
                    .collect();
                Ok(Input::Struct(Struct {
                    input,
                    description,
                    fields,
                    serde,
                    unnamed,
                }))
            }
            Data::Enum(data) => {
                let variants = data
                    .variants
                    .iter()
                    .map(|variant| {
                        let serde = SerdeMember::from_attrs(&variant.attrs);
                        let name = match (&serde.rename, rule) {
                            (Some(rename), _) => rename.value(),
                            (None, Some(rule)) => rule.apply_to_variant(&unraw(&variant.ident)),
                            (None, None) => unraw(&variant.ident),
                        };
                        Variant {
                            variant,
                            name,
                            skip: serde.skip,
                        }
                    })
                    .collect();
                Ok(Input::Enum(Enum {
                    input,
                    description,
                    variants,
                    serde,
                }))
            }
            Data::Union(data) => Err(syn::Error::new(
                data.union_token.span(),
                "a union cannot derive `ToolArg`; use a struct with named fields or an enum of unit variants",
            )),
        }
    }
}

impl Field {
    fn from_struct_field(
        cx: &mut Ctxt,
        field: &syn::Field,
        rule: Option<RenameRule>,
    ) -> Option<Field> {
        let member = field.ident.clone()?;
        let serde = SerdeMember::from_attrs(&field.attrs);
        let arg = ArgAttrs::from_attrs(cx, &field.attrs);
        if serde.skip {
            return None;
        }
        let rust_name = unraw(&member);
        let (name, name_span) = match (&arg.rename, &serde.rename) {
            (Some(given), _) => {
                cx.error(
                    &given.key,
                    "on a struct field, rename with serde's `#[serde(rename = \"..\")]`, which the schema follows",
                );
                (given.value.value(), given.value.span())
            }
            (None, Some(rename)) => (rename.value(), rename.span()),
            (None, None) => match rule {
                Some(rule) => (rule.apply_to_field(&rust_name), member.span()),
                None => (rust_name, member.span()),
            },
        };
        let description = arg
            .description
            .as_ref()
            .map(|given| given.value.value())
            .or_else(|| Doc::from_attrs(&field.attrs).description());
        Some(Field {
            member,
            ty: field.ty.clone(),
            arg,
            name,
            name_span,
            description,
            has_default: serde.default,
            flatten: serde.flatten,
        })
    }
}

fn rename_rule(cx: &mut Ctxt, lit: Option<&LitStr>) -> Option<RenameRule> {
    let lit = lit?;
    let rule = RenameRule::from_str(&lit.value());
    if rule.is_none() {
        cx.error(lit, "unknown `rename_all` rule");
    }
    rule
}

/// `r#type` → `type`.
pub fn unraw(ident: &Ident) -> String {
    let name = ident.to_string();
    name.strip_prefix("r#").map(str::to_owned).unwrap_or(name)
}
