//! Procedural macros of toolsmith. Use them through the `toolsmith` crate,
//! whose documentation describes them.

mod ast;
mod attr;
mod check;
mod ctxt;
mod doc;
mod expand;
mod krate;
mod serde_attrs;

use proc_macro::TokenStream;
use syn::{DeriveInput, ItemFn, parse_macro_input};

/// Turns a function into a tool. See the `toolsmith` crate.
#[proc_macro_attribute]
pub fn tool(args: TokenStream, input: TokenStream) -> TokenStream {
    let item = parse_macro_input!(input as ItemFn);
    expand::tool(args.into(), item).into()
}

/// Gives a struct, a unit enum or a tagged enum a tool-argument schema. See
/// the `toolsmith` crate.
#[proc_macro_derive(ToolArg, attributes(arg, toolsmith))]
pub fn derive_tool_arg(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive_tool_arg(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Gives a type that a tool returns an output schema, read from serde's
/// serialization attributes. See the `toolsmith` crate.
#[proc_macro_derive(ToolOutput)]
pub fn derive_tool_output(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive_output(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Gives each field's type of an app-state struct `FromContext<Struct>`,
/// so a tool takes one part of a set's context. See the `toolsmith` crate.
#[proc_macro_derive(FromContext)]
pub fn derive_from_context(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive_from_context(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
