//! The tool's `ToolHints`, from `#[tool(..)]`: MCP's annotations, icons
//! and `_meta`, tasks, the command-line hints, the timeout and the scopes, as one
//! `static` behind `Tool::hints`. Built by `const` builders, so it costs
//! nothing at run time; icons and `_meta` values are built once, on the
//! first read.

use proc_macro2::TokenStream;
use quote::quote;
use syn::Ident;

use super::cli;
use crate::ast::ToolFn;
use crate::attr::{Annotations, Listing, TaskSupport};

/// `fn hints`, when the attribute gives any hint.
pub fn hints(tool: &ToolFn) -> Option<TokenStream> {
    let given = &tool.annotations;
    let (annotations, built_once) = annotations(given, &tool.listing);
    let mut setters = Vec::new();
    if let Some(task) = &given.task {
        let support = match task.value {
            TaskSupport::Never => quote!(Forbidden),
            TaskSupport::Optional => quote!(Optional),
            TaskSupport::Required => quote!(Required),
        };
        setters.push(quote!(.task(::toolsmith::TaskSupport::#support)));
    }
    if let Some(input_first) = &given.input_first {
        let value = input_first.value;
        setters.push(quote!(.input_first(#value)));
    }
    let cli = cli::hints(tool).map(|cli| {
        setters.push(quote!(.cli(__CLI)));
        quote!(const __CLI: ::toolsmith::CliHints = #cli;)
    });
    if let Some(millis) = tool.timeout {
        setters.push(quote!(.timeout(::core::time::Duration::from_millis(#millis))));
    }
    if !tool.scopes.is_empty() {
        let scopes = &tool.scopes;
        setters.push(quote!(.scopes(&[#(#scopes),*])));
    }
    if annotations.is_none() && setters.is_empty() {
        return None;
    }
    let annotations = annotations.unwrap_or_else(|| quote!(::toolsmith::ToolAnnotations::new()));
    let hints = quote!(::toolsmith::ToolHints::annotated(#annotations) #(#setters)*);
    let body = if built_once {
        quote! {
            static __HINTS: ::toolsmith::__private::OnceLock<::toolsmith::ToolHints> =
                ::toolsmith::__private::OnceLock::new();
            __HINTS.get_or_init(|| #hints)
        }
    } else {
        quote! {
            static __HINTS: ::toolsmith::ToolHints = #hints;
            &__HINTS
        }
    };
    Some(quote! {
        fn hints(&self) -> &'static ::toolsmith::ToolHints {
            #cli
            #body
        }
    })
}

/// The `ToolAnnotations` the attribute gives, if any, and whether they
/// must be built at run time (icons and `_meta` values allocate).
fn annotations(given: &Annotations, listing: &Listing) -> (Option<TokenStream>, bool) {
    let mut hints = Vec::new();
    for (method, setting) in [
        ("read_only", &given.read_only),
        ("destructive", &given.destructive),
        ("idempotent", &given.idempotent),
        ("open_world", &given.open_world),
    ] {
        if let Some(setting) = setting {
            let method = Ident::new(method, setting.key.span());
            let value = setting.value;
            hints.push(quote!(.#method(#value)));
        }
    }
    let built_once = !listing.icons.is_empty() || !listing.meta.is_empty();
    for icon in &listing.icons {
        let src = &icon.src;
        let mime = match (&icon.mime, icon.short) {
            (Some(mime), _) => Some(mime),
            (None, true) => listing.icon_mime.as_ref().map(|given| &given.value),
            (None, false) => None,
        };
        let mime = mime.map(|mime| quote!(.mime_type(#mime)));
        let sizes = icon.sizes.as_ref().map(|sizes| {
            let sizes = sizes.value();
            let sizes = sizes.split_whitespace();
            quote!(.sizes([#(#sizes),*]))
        });
        hints.push(quote!(.icon(::toolsmith::ToolIcon::new(#src) #mime #sizes)));
    }
    for entry in &listing.meta {
        let key = &entry.key;
        let value = &entry.value;
        let value = if entry.negative {
            quote!(-#value)
        } else {
            quote!(#value)
        };
        hints.push(quote!(.meta(#key, ::toolsmith::__private::Value::from(#value))));
    }
    let start = match &given.title {
        Some(title) => {
            let value = &title.value;
            quote!(::toolsmith::ToolAnnotations::titled(#value))
        }
        None if hints.is_empty() => return (None, false),
        None => quote!(::toolsmith::ToolAnnotations::new()),
    };
    (Some(quote!(#start #(#hints)*)), built_once)
}
