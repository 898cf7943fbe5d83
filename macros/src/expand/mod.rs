//! Code generation, one file per concept (as serde_derive's `de`): the
//! expansion of `#[tool]` and of each derive (`ToolArg`, `ToolOutput`,
//! `FromContext`), and the pieces they emit. The expansion stays thin: schemas and checks are built by plain
//! functions of the runtime, reached through `::toolsmith::__private`.

mod asserts;
mod cli;
mod context;
mod derive;
mod enum_;
mod fallback;
mod hints;
mod output;
mod satisfies;
mod schema;
mod struct_;
mod tokens;
mod tool;
mod tool_type;
mod transparent;
mod union;

pub use context::derive as derive_from_context;
pub use derive::derive as derive_tool_arg;
pub use output::derive as derive_output;
pub use tool::tool;

#[cfg(test)]
mod tests {
    use proc_macro2::TokenStream;
    use quote::quote;
    use syn::ItemFn;

    use super::{derive_tool_arg as derive, tool};

    /// Whether the expansion names `::toolsmith` anywhere, in a path or in
    /// serde's `crate = ".."`.
    fn names_default_crate(tokens: &TokenStream) -> bool {
        let text = tokens.to_string();
        text.contains(":: toolsmith ::") || text.contains("\"::toolsmith::")
    }

    #[test]
    fn every_path_of_a_tool_goes_through_the_given_crate() {
        let item: ItemFn = syn::parse_quote! {
            /// Adds.
            pub fn add(#[arg(min = 0, pattern = "x")] a: i64, b: Option<Vec<u8>>) -> i64 { a }
        };
        let plain = tool(TokenStream::new(), item.clone());
        assert!(names_default_crate(&plain));
        let renamed = tool(quote!(crate = "::agents::tools"), item);
        assert!(!names_default_crate(&renamed), "{renamed}");
        assert!(renamed.to_string().contains(":: agents :: tools :: Tool"));
    }

    #[test]
    fn every_path_of_a_failed_tool_goes_through_the_given_crate() {
        let item: ItemFn = syn::parse_quote! {
            pub fn undocumented(a: i64) -> i64 { a }
        };
        let expanded = tool(quote!(crate = "::agents::tools"), item);
        assert!(expanded.to_string().contains("compile_error"));
        assert!(!names_default_crate(&expanded), "{expanded}");
    }

    #[test]
    fn every_path_of_a_derive_goes_through_the_given_crate() {
        for input in [
            syn::parse_quote! {
                #[serde(deny_unknown_fields, default)]
                #[toolsmith(crate = "::agents::tools")]
                struct Point { #[arg(max = 9)] x: u8, #[serde(alias = "w")] y: Option<String> }
            },
            syn::parse_quote! {
                #[toolsmith(crate = "::agents::tools")]
                enum Unit { /// Metres.
                    M, Ft }
            },
            syn::parse_quote! {
                #[serde(transparent)]
                #[toolsmith(crate = "::agents::tools")]
                struct Email(#[arg(pattern = "@")] String);
            },
            syn::parse_quote! {
                #[toolsmith(crate = "::agents::tools")]
                struct Open { x: u8 }
            },
        ] {
            let expanded: TokenStream = derive(&input).unwrap();
            assert!(!names_default_crate(&expanded), "{expanded}");
        }
    }
}
