//! The path of the `toolsmith` crate in generated code.
//!
//! The expansion is written against `::toolsmith`, the name a user's crate
//! gives its dependency. A crate that re-exports toolsmith under another
//! path says so with `#[tool(crate = "..")]` or `#[toolsmith(crate = "..")]`
//! (as serde's and schemars' `crate` attributes do); then every path the
//! expansion starts with `::toolsmith` starts with that path instead, and
//! so does the serde path of the generated argument struct.

use proc_macro2::{Group, Spacing, TokenStream, TokenTree};
use quote::ToTokens;

/// The crate every generated path starts with.
const DEFAULT: &str = "toolsmith";

/// `tokens` with every leading `::toolsmith` replaced by `path`, or
/// `tokens` unchanged when no path was given.
pub fn with_crate(tokens: TokenStream, path: Option<&syn::Path>) -> TokenStream {
    match path {
        Some(path) => replace(
            tokens,
            path,
            &path.to_token_stream().to_string().replace(' ', ""),
        ),
        None => tokens,
    }
}

fn replace(tokens: TokenStream, path: &syn::Path, shown: &str) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = TokenStream::new();
    let mut index = 0;
    while index < tokens.len() {
        // `::` `toolsmith`, not preceded by a name (`a::toolsmith` stays).
        let leading = match &tokens[index..] {
            [
                TokenTree::Punct(a),
                TokenTree::Punct(b),
                TokenTree::Ident(name),
                ..,
            ] => {
                a.as_char() == ':'
                    && a.spacing() == Spacing::Joint
                    && b.as_char() == ':'
                    && name == DEFAULT
                    && !index
                        .checked_sub(1)
                        .is_some_and(|i| continues_path(&tokens[i]))
            }
            _ => false,
        };
        if leading {
            out.extend(path.to_token_stream());
            index += 3;
            continue;
        }
        match &tokens[index] {
            TokenTree::Group(group) => {
                let mut replaced =
                    Group::new(group.delimiter(), replace(group.stream(), path, shown));
                replaced.set_span(group.span());
                out.extend([TokenTree::Group(replaced)]);
            }
            TokenTree::Literal(literal) => {
                out.extend([serde_path(literal, shown).unwrap_or_else(|| literal.clone().into())]);
            }
            other => out.extend([other.clone()]),
        }
        index += 1;
    }
    out
}

/// Whether `::` after `token` continues a path (`a::toolsmith`,
/// `crate::toolsmith`) rather than starting one (`impl ::toolsmith::Tool`).
fn continues_path(token: &TokenTree) -> bool {
    let TokenTree::Ident(ident) = token else {
        return false;
    };
    // Keywords do not parse as an `Ident`; these four are path segments.
    ["crate", "self", "super", "Self"]
        .iter()
        .any(|segment| ident == segment)
        || syn::parse2::<proc_macro2::Ident>(token.clone().into()).is_ok()
}

/// `"::toolsmith::.."`, the serde path in `#[serde(crate = "..")]`.
fn serde_path(literal: &proc_macro2::Literal, shown: &str) -> Option<TokenTree> {
    let text = syn::parse_str::<syn::LitStr>(&literal.to_string())
        .ok()?
        .value();
    let rest = text.strip_prefix("::")?.strip_prefix(DEFAULT)?;
    rest.starts_with("::").then(|| {
        let mut replaced = proc_macro2::Literal::string(&format!("{shown}{rest}"));
        replaced.set_span(literal.span());
        TokenTree::Literal(replaced)
    })
}

#[cfg(test)]
mod tests {
    use quote::quote;

    use super::*;

    fn rewritten(tokens: TokenStream, path: &str) -> String {
        let path: syn::Path = syn::parse_str(path).unwrap();
        with_crate(tokens, Some(&path)).to_string()
    }

    #[test]
    fn leading_paths_take_the_given_crate() {
        let tokens = quote! {
            impl ::toolsmith::Tool for X {
                fn f() -> ::toolsmith::__private::Value { ::core::unreachable!() }
            }
        };
        assert_eq!(
            rewritten(tokens, "crate::reexported::toolsmith"),
            quote! {
                impl crate::reexported::toolsmith::Tool for X {
                    fn f() -> crate::reexported::toolsmith::__private::Value { ::core::unreachable!() }
                }
            }
            .to_string()
        );
    }

    #[test]
    fn the_serde_path_takes_the_given_crate() {
        let tokens = quote!(#[serde(crate = "::toolsmith::__private::serde", deny_unknown_fields)]);
        assert_eq!(
            rewritten(tokens, "::agents::toolsmith"),
            quote!(#[serde(crate = "::agents::toolsmith::__private::serde", deny_unknown_fields)])
                .to_string()
        );
    }

    #[test]
    fn other_paths_stay() {
        let tokens = quote!(a::toolsmith::X; crate::toolsmith::W; ::toolsmith_other::Y; "toolsmith::Z"; "::toolsmith");
        assert_eq!(
            rewritten(tokens.clone(), "::agents::toolsmith"),
            tokens.to_string()
        );
    }

    #[test]
    fn without_a_path_nothing_changes() {
        let tokens = quote!(::toolsmith::Tool);
        assert_eq!(
            with_crate(tokens.clone(), None).to_string(),
            tokens.to_string()
        );
    }
}
