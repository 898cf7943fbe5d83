//! What stands in for a tool or an argument type that failed a check, so
//! that code using it reports nothing more: the build has already failed,
//! and none of it ever runs.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use super::tool_type::names;
use crate::ast::ToolFn;

/// The tool type of a function that failed a check, so that code using it
/// reports nothing more. It is never run: the build has already failed.
pub(super) fn fallback_tool(tool: &ToolFn) -> TokenStream {
    let vis = &tool.item.vis;
    let (tool_ident, _) = names(tool);
    quote! {
        #[derive(::core::fmt::Debug, ::core::clone::Clone, ::core::marker::Copy, ::core::default::Default)]
        #vis struct #tool_ident;

        impl ::toolsmith::Tool for #tool_ident {
            type Args = ::toolsmith::__private::Unreachable;
            type Context = ();
            fn name(&self) -> &'static str { ::core::unreachable!() }
            fn description(&self) -> &'static str { ::core::unreachable!() }
            fn input_schema(&self) -> &'static ::toolsmith::__private::Value { ::core::unreachable!() }
            fn validator(&self) -> &'static ::toolsmith::Validator { ::core::unreachable!() }
            async fn call(
                &self,
                _: Self::Args,
                _: (),
            ) -> ::core::result::Result<::toolsmith::__private::Value, ::toolsmith::ToolError> {
                ::core::unreachable!()
            }
        }

        impl<__C> ::toolsmith::ToolWith<__C> for #tool_ident {
            fn context(_: __C) {}
        }
    }
}

/// The impl of a type that failed a check, so that code using it reports
/// nothing more. Never run: the build has already failed.
pub(super) fn fallback_arg(input: &DeriveInput) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        impl #impl_generics ::toolsmith::__private::Sealed for #ident #ty_generics #where_clause {}

        impl #impl_generics ::toolsmith::ToolArg for #ident #ty_generics #where_clause {
            const DEPTH: usize = 0;
            const __KIND: ::toolsmith::__private::ArgKind = ::toolsmith::__private::ArgKind::Object;
            fn schema() -> ::toolsmith::__private::Value {
                ::core::unreachable!()
            }
        }

        // As the derive gives a type that passes: a return type or an
        // output field of this type then reports nothing more.
        impl #impl_generics ::toolsmith::ToolOutput for #ident #ty_generics #where_clause {
            fn output_schema() -> ::toolsmith::__private::Value {
                ::core::unreachable!()
            }
        }
    }
}
