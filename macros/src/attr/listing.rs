//! `#[tool(icon = "..", icon(..), meta(..))]`: what MCP lists of a tool
//! beside its hints, its `icons` and its `_meta`.

use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::{Expr, ExprLit, ExprUnary, Ident, Lit, LitStr, UnOp};

use super::{Setting, key_of, set, skip_value, string, unknown};
use crate::ctxt::Ctxt;

/// The tool's icons and `_meta` entries, as MCP lists them.
#[derive(Default)]
pub struct Listing {
    pub icons: Vec<IconAttr>,
    /// `icon_mime = ".."`: the MIME type of the `icon = ".."` icon.
    pub icon_mime: Setting<LitStr>,
    pub meta: Vec<MetaEntry>,
}

/// One icon: `icon = "src"` or `icon(src = "..", mime = "..", sizes = "..")`.
pub struct IconAttr {
    pub key: Ident,
    pub src: LitStr,
    pub mime: Option<LitStr>,
    /// Space-separated, as HTML's `sizes`: `"48x48 96x96"`.
    pub sizes: Option<LitStr>,
    /// Given as `icon = ".."`, which `icon_mime` completes.
    pub short: bool,
}

/// One `_meta` entry: `key = value`, the key an identifier or a string.
pub struct MetaEntry {
    pub key: String,
    pub value: Lit,
    pub negative: bool,
}

impl Listing {
    /// Reads `icon`, `icon_mime` or `meta`; `None` for another key.
    pub(super) fn parse_one(
        &mut self,
        cx: &mut Ctxt,
        meta: &ParseNestedMeta,
        key: &Ident,
    ) -> Option<()> {
        if meta.path.is_ident("icon") && meta.input.peek(syn::token::Paren) {
            // #[tool(icon(src = "https://example.com/a.svg", mime = "image/svg+xml", sizes = "any"))]
            self.icon_list(cx, meta, key);
        } else if meta.path.is_ident("icon") {
            // #[tool(icon = "https://example.com/icon.png")]
            if let Some((src, _)) = string(cx, meta, key, "icon = \"https://example.com/icon.png\"")
            {
                self.icons.push(IconAttr {
                    key: key.clone(),
                    src,
                    mime: None,
                    sizes: None,
                    short: true,
                });
            }
        } else if meta.path.is_ident("icon_mime") {
            // #[tool(icon_mime = "image/png")]
            let value = string(cx, meta, key, "icon_mime = \"image/png\"");
            set(cx, "tool", &mut self.icon_mime, key.clone(), value);
        } else if meta.path.is_ident("meta") {
            // #[tool(meta(team = "docs", "com.example/tier" = 2))]
            self.meta_entries(cx, meta, key);
        } else {
            return None;
        }
        Some(())
    }

    fn icon_list(&mut self, cx: &mut Ctxt, meta: &ParseNestedMeta, key: &Ident) {
        let (mut src, mut mime, mut sizes): (Setting<LitStr>, Setting<LitStr>, Setting<LitStr>) =
            (None, None, None);
        let result = meta.parse_nested_meta(|inner| {
            let inner_key = key_of(&inner);
            let slot = match inner_key.to_string().as_str() {
                "src" => &mut src,
                "mime" => &mut mime,
                "sizes" => &mut sizes,
                _ => {
                    unknown(cx, &inner, "icon", "src, mime, sizes");
                    return Ok(());
                }
            };
            let value = string(
                cx,
                &inner,
                &inner_key,
                "src = \"https://example.com/icon.png\"",
            );
            set(cx, "icon", slot, inner_key, value);
            Ok(())
        });
        if let Err(err) = result {
            cx.push(err);
        }
        match src {
            Some(src) => self.icons.push(IconAttr {
                key: key.clone(),
                src: src.value,
                mime: mime.map(|given| given.value),
                sizes: sizes.map(|given| given.value),
                short: false,
            }),
            None => cx.error(
                key,
                "an icon needs its `src`: `icon(src = \"https://example.com/icon.png\", mime = \"image/png\")`",
            ),
        }
    }

    fn meta_entries(&mut self, cx: &mut Ctxt, meta: &ParseNestedMeta, key: &Ident) {
        let example = "meta(team = \"docs\", \"com.example/tier\" = 2)";
        if !meta.input.peek(syn::token::Paren) {
            cx.error(
                key,
                format_args!("`meta` takes a list of entries: `{example}`"),
            );
            skip_value(meta);
            return;
        }
        let group = match meta.input.parse::<proc_macro2::Group>() {
            Ok(group) => group,
            Err(err) => return cx.push(err),
        };
        let entry = |input: syn::parse::ParseStream| {
            let (name, span) = if input.peek(LitStr) {
                let lit: LitStr = input.parse()?;
                (lit.value(), lit.span())
            } else {
                let ident: Ident = input.call(syn::ext::IdentExt::parse_any)?;
                (ident.to_string(), ident.span())
            };
            input.parse::<syn::Token![=]>()?;
            Ok((name, span, input.parse::<Expr>()?))
        };
        let entries = syn::parse::Parser::parse2(
            |input: syn::parse::ParseStream| {
                syn::punctuated::Punctuated::<(String, Span, Expr), syn::Token![,]>::parse_terminated_with(input, entry)
            },
            group.stream(),
        );
        let entries = match entries {
            Ok(entries) => entries,
            Err(err) => return cx.push(err),
        };
        for (name, span, value) in entries {
            if self.meta.iter().any(|entry| entry.key == name) {
                cx.error_at(span, format_args!("duplicate meta entry `{name}`"));
                continue;
            }
            if let Err(reason) = meta_key(&name) {
                cx.error_at(span, format_args!("meta key `{name}` {reason}"));
                continue;
            }
            let (value, negative) = match value {
                Expr::Lit(ExprLit { lit, .. })
                    if !matches!(
                        lit,
                        Lit::Int(_) | Lit::Float(_) | Lit::Str(_) | Lit::Bool(_)
                    ) =>
                {
                    cx.error(&lit, "a meta value is a string, number or boolean literal");
                    continue;
                }
                Expr::Lit(ExprLit { lit, .. }) => (lit, false),
                Expr::Unary(ExprUnary {
                    op: UnOp::Neg(_),
                    expr,
                    ..
                }) if matches!(
                    &*expr,
                    Expr::Lit(ExprLit {
                        lit: Lit::Int(_) | Lit::Float(_),
                        ..
                    })
                ) =>
                {
                    let Expr::Lit(ExprLit { lit, .. }) = *expr else {
                        continue;
                    };
                    (lit, true)
                }
                other => {
                    cx.error(
                        &other,
                        "a meta value is a string, number or boolean literal",
                    );
                    continue;
                }
            };
            self.meta.push(MetaEntry {
                key: name,
                value,
                negative,
            });
        }
    }

    /// `icon_mime` names the type of the `icon = ".."` icon, so it needs one.
    pub(super) fn check(&self, cx: &mut Ctxt) {
        if let Some(mime) = &self.icon_mime
            && !self.icons.iter().any(|icon| icon.short)
        {
            cx.error(
                &mime.key,
                "`icon_mime` is the MIME type of `icon = \"..\"`, which is missing; add the icon or write `icon(src = \"..\", mime = \"..\")`",
            );
        }
        let second = self.icons.iter().filter(|icon| icon.short).nth(1);
        if let (Some(second), Some(_)) = (second, &self.icon_mime) {
            cx.error(
                &second.key,
                "`icon_mime` names one icon's type; give each icon its own with `icon(src = \"..\", mime = \"..\")`",
            );
        }
    }
}

/// Whether `key` is a `_meta` key as MCP writes them: an optional prefix of
/// dot-separated labels ending in `/`, then a name of letters, digits, `-`,
/// `_` and `.` that starts and ends with a letter or digit.
fn meta_key(key: &str) -> Result<(), &'static str> {
    let (prefix, name) = match key.rsplit_once('/') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, key),
    };
    let edges_ok = |text: &str| {
        text.starts_with(|c: char| c.is_ascii_alphanumeric())
            && text.ends_with(|c: char| c.is_ascii_alphanumeric())
    };
    if !edges_ok(name)
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
    {
        return Err(
            "must be letters, digits, `-`, `_` or `.`, starting and ending with a letter or digit, after an optional `prefix/`",
        );
    }
    if let Some(prefix) = prefix {
        let labels_ok = prefix.split('.').all(|label| {
            label.starts_with(|c: char| c.is_ascii_alphabetic())
                && edges_ok(label)
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        });
        if !labels_ok {
            return Err("has a prefix that is not dot-separated labels (`com.example/`)");
        }
        // `mcp.dev/`, `io.modelcontextprotocol/`: a label `mcp` or
        // `modelcontextprotocol` marks a prefix MCP keeps for itself.
        let reserved = prefix
            .split('.')
            .any(|label| matches!(label, "modelcontextprotocol" | "mcp"));
        if reserved {
            return Err(
                "has a prefix MCP reserves for itself; use one of your own (`com.example/`)",
            );
        }
    }
    Ok(())
}
