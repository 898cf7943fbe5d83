//! The schema a field adds to its object: its type's schema with the
//! description, the keywords of `#[arg(..)]`, a default, and the aliases
//! serde reads.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::tokens::{arg_trait, json_number, option_str};
use crate::ast::{Field, FieldDefault};
use crate::attr::ArgAttrs;

/// The schema of a field: its type's schema with the description and the
/// keywords of `#[arg(..)]`, and those of `items(..)` on its `items`.
pub(super) fn field_schema(field: &Field, description: Option<&str>) -> TokenStream {
    let arg_trait = arg_trait(&field.ty);
    let description = option_str(description);
    let keywords = constraint_keywords(&field.arg);
    let schema = quote! {
        ::toolsmith::__private::property(
            #arg_trait::schema(),
            #description,
            ::std::vec![#(#keywords),*],
        )
    };
    match &field.arg.items {
        Some(items) => {
            let keywords = constraint_keywords(&items.value);
            quote!(::toolsmith::__private::with_items(#schema, ::std::vec![#(#keywords),*]))
        }
        None => schema,
    }
}

/// The keywords of `#[arg(..)]` constraints, as `(&str, Value)`.
fn constraint_keywords(arg: &ArgAttrs) -> Vec<TokenStream> {
    let mut keywords = Vec::new();
    if let Some(given) = &arg.min {
        let value = json_number(given.value);
        keywords.push(quote!(("minimum", #value)));
    }
    if let Some(given) = &arg.max {
        let value = json_number(given.value);
        keywords.push(quote!(("maximum", #value)));
    }
    for (keyword, given) in [
        ("minLength", &arg.min_length),
        ("maxLength", &arg.max_length),
        ("minItems", &arg.min_items),
        ("maxItems", &arg.max_items),
    ] {
        if let Some(given) = given {
            let value = given.value;
            keywords.push(quote!((#keyword, ::toolsmith::__private::Value::from(#value))));
        }
    }
    if let Some(given) = &arg.pattern {
        let value = &given.value;
        keywords.push(quote!(("pattern", ::toolsmith::__private::Value::from(#value))));
    }
    if let Some(given) = &arg.header {
        let value = &given.value;
        keywords.push(quote!(("x-mcp-header", ::toolsmith::__private::Value::from(#value))));
    }
    keywords
}

/// One entry of an object's `properties`.
pub(super) fn prop(field: &Field) -> TokenStream {
    let arg_trait = arg_trait(&field.ty);
    let name = &field.name;
    let required = if field.has_default() {
        quote!(false)
    } else {
        quote!(!#arg_trait::NULLABLE)
    };
    let schema = field_schema(field, field.description.as_deref());
    let schema = match default_value(field) {
        Some(default) => quote!(::toolsmith::__private::with_default(#schema, #default)),
        None => schema,
    };
    quote! {
        ::toolsmith::__private::Prop {
            name: #name,
            schema: #schema,
            required: #required,
        }
    }
}

/// The `"default"` of a property serde fills in, as an expression of type
/// `Option<Value>`: the value serialized, when the type is `Serialize`
/// (chosen by autoref, see `DefaultValue`), computed when the schema is
/// built. The function a `default = ".."` names is called with the tokens
/// the user wrote, so a wrong path is one error, serde's.
fn default_value(field: &Field) -> Option<TokenStream> {
    let ty = &field.ty;
    let member = &field.member;
    let chooser = quote!((&&::toolsmith::__private::DefaultValue::<#ty>::new()));
    let value = match &field.default {
        FieldDefault::None => return None,
        FieldDefault::Type => quote!(#chooser.type_default()),
        FieldDefault::Path(path) => quote!(#chooser.made_default(|| #path())),
        FieldDefault::Container => quote! {
            #chooser.made_default(|| <Self as ::core::default::Default>::default().#member)
        },
        FieldDefault::ContainerPath(path) => quote!(#chooser.made_default(|| #path().#member)),
        FieldDefault::Expr(expr) => {
            let value = default_expr(expr);
            quote!(#chooser.made_default(|| #value))
        }
    };
    Some(quote! {{
        #[allow(unused_imports)]
        use ::toolsmith::__private::{SerializeDefault as _, SerializeMade as _, UnknownDefault as _};
        #value
    }})
}

/// The value of `#[arg(default = <expr>)]`: the expression as written,
/// but a string literal is converted with `From`, so that `default = "en"`
/// fills a `String` (or a `PathBuf`, a `Box<str>`).
pub(super) fn default_expr(expr: &syn::Expr) -> TokenStream {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(_),
            ..
        }) => quote_spanned!(expr.span()=> ::core::convert::From::from(#expr)),
        _ => quote!(#expr),
    }
}

/// `(alias, name)` pairs of the fields or variants, for `declare_aliases`.
pub(super) fn alias_pairs<'a>(
    named: impl Iterator<Item = (&'a str, &'a [(String, Span)])>,
) -> TokenStream {
    let pairs = named.flat_map(|(name, aliases)| {
        aliases
            .iter()
            .map(move |(alias, _)| quote!((#alias, #name)))
    });
    quote!(&[#(#pairs),*])
}
