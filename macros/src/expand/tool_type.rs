//! The unit struct that is a tool: its name, the module it is defined in,
//! and the path the other generated items name it by.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use serde_derive_internals::attr::RenameRule;
use syn::Ident;

use crate::ast::{ToolFn, unraw};
use crate::attr::Setting;

/// The tool type and the argument struct: `Search` and `SearchArgs` for
/// `fn search`, unless `#[tool(tool = "..", args = "..")]` names them.
pub(super) fn names(tool: &ToolFn) -> (Ident, Ident) {
    let ident = &tool.item.sig.ident;
    // serde's own `rename_all = "PascalCase"`: `get_weather` is `GetWeather`.
    let pascal = RenameRule::PascalCase.apply_to_field(&unraw(ident));
    let given = |setting: &Setting<Ident>| setting.as_ref().map(|given| given.value.clone());
    (
        given(&tool.items.tool).unwrap_or_else(|| format_ident!("{}", pascal, span = ident.span())),
        given(&tool.items.args)
            .unwrap_or_else(|| format_ident!("{}Args", pascal, span = ident.span())),
    )
}

/// The unit struct that is the tool, and the path the other generated items
/// name it by.
///
/// The struct is defined in a module of its own and brought in with a glob
/// import, which any item of the same name beside the function shadows
/// without a word. The generated impls name the struct by its module's
/// path, so they never touch the other item; a check on the plain name then
/// reports the clash as one error that says how to rename (rather than
/// rustc's "defined multiple times" followed by errors from the derives).
/// Only the tool moves: the argument struct names the parameter types,
/// which a module inside a function body could not see.
pub(super) fn tool_type(tool: &ToolFn, tool_ident: &Ident) -> (TokenStream, TokenStream) {
    let item = &tool.item;
    let vis = &item.vis;
    let fn_ident = &item.sig.ident;
    let name = &tool.name;
    let module = format_ident!("__toolsmith_tool_{}", unraw(fn_ident));
    let tool_doc =
        format!("The [`{fn_ident}`](super::{fn_ident}) function as a tool named `{name}`.");
    let inner_vis = inner_visibility(vis);
    // `pub(self)` is no visibility at all (and clippy says so on the import).
    let is_self = matches!(vis, syn::Visibility::Restricted(r) if r.path.is_ident("self"));
    let vis = (!is_self).then_some(vis);
    let path = quote!(#module::#tool_ident);
    let item = quote_spanned! {fn_ident.span()=>
        #[doc(hidden)]
        mod #module {
            #[doc = #tool_doc]
            #[derive(::core::fmt::Debug, ::core::clone::Clone, ::core::marker::Copy, ::core::default::Default)]
            #inner_vis struct #tool_ident;
        }
        #[doc(inline)]
        #vis use #module::*;

        #[automatically_derived]
        #[diagnostic::do_not_recommend]
        impl ::toolsmith::__private::GeneratedTool for #path {}

        const _: () = {
            fn generated<T: ::toolsmith::__private::GeneratedTool>() {}
            let _ = generated::<#tool_ident>;
        };
    };
    (item, path)
}

/// The visibility of an item one module further in that reaches as far as
/// `vis` does from here.
fn inner_visibility(vis: &syn::Visibility) -> TokenStream {
    match vis {
        syn::Visibility::Inherited => quote!(pub(super)),
        syn::Visibility::Restricted(restricted) => {
            let path = &restricted.path;
            if path.is_ident("self") {
                quote!(pub(super))
            } else if path.is_ident("crate") {
                quote!(pub(crate))
            } else if path.segments.first().is_some_and(|s| s.ident == "crate") {
                quote!(pub(in #path))
            } else {
                // `super`, `super::super`: one more `super` in front. (A
                // visibility names an ancestor, so `self` comes alone.)
                quote!(pub(in super::#path))
            }
        }
        syn::Visibility::Public(_) => quote!(pub),
    }
}

#[cfg(test)]
mod tests {
    use serde_derive_internals::attr::RenameRule;

    #[test]
    fn pascal_case_of_snake_names() {
        let pascal = |name| RenameRule::PascalCase.apply_to_field(name);
        assert_eq!(pascal("get_weather"), "GetWeather");
        assert_eq!(pascal("_private_tool"), "PrivateTool");
        assert_eq!(pascal("ping"), "Ping");
    }
}
