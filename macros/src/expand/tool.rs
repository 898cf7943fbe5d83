//! `#[tool]`: the function itself, its argument struct and its tool type,
//! the `Tool` impl that ties them together.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{FnArg, Ident, ItemFn, Type};

use super::fallback::fallback_tool;
use super::satisfies::{dedups, value_checks};
use super::schema::{default_expr, prop};
use super::tool_type::{names, tool_type};
use super::{asserts, cli, hints};
use crate::ast::{Field, FieldDefault, ToolFn, unraw};
use crate::check;
use crate::ctxt::Ctxt;
use crate::krate;

/// `#[tool]`: the function itself (helper attributes stripped), its
/// `XArgs` struct and its `X` tool type. On error, the function and the
/// tool type still come out, beside the errors, so nothing else fails.
pub fn tool(args: TokenStream, mut item: ItemFn) -> TokenStream {
    let mut cx = Ctxt::default();
    check::check_signature(&mut cx, &item);
    let tool = ToolFn::from_syn(&mut cx, args, &mut item);
    check::check_tool_name(&mut cx, &tool.name, tool.name_span);
    check::check_description(&mut cx, &tool);
    check::check_documented_arguments(&mut cx, &tool);
    check::check_property_names(&mut cx, &tool.params);
    check::check_headers(&mut cx, &tool.params);
    check::check_cli_hints(&mut cx, &tool);
    for field in &tool.params {
        check::check_pattern(&mut cx, field);
        check::check_bounds(&mut cx, field);
        check::check_literal_default(&mut cx, field);
    }
    let krate = tool.items.krate.as_ref().map(|given| &given.value);
    if !cx.is_empty() {
        let errors = cx.into_compile_errors();
        // A method's expansion stays inside its `impl`, where no type can go.
        let has_receiver = matches!(item.sig.inputs.first(), Some(FnArg::Receiver(_)));
        let fallback = (!has_receiver).then(|| fallback_tool(&tool));
        let generated = krate::with_crate(quote!(#errors #fallback), krate);
        return quote! {
            #item
            #generated
        };
    }
    let generated = krate::with_crate(expand_tool(&tool), krate);
    quote! {
        #item
        #generated
    }
}

/// The items `#[tool]` adds beside the function.
fn expand_tool(tool: &ToolFn) -> TokenStream {
    let (tool_ident, args_ident) = names(tool);
    // From here on `tool_ident` is the struct's path (see `tool_type`).
    let (tool_item, tool_ident) = tool_type(tool, &tool_ident);
    let args = args_struct(tool, &args_ident);
    let typed: TokenStream = tool.params.iter().map(asserts::typed_checks).collect();
    let cli_checks = cli::typed_checks(tool);
    let props = tool.params.iter().map(prop);
    let tool_impl = tool_impl(tool, &tool_ident, &args_ident);
    let tool_with = tool_with(tool, &tool_ident);
    quote! {
        #args
        #typed
        #cli_checks

        #tool_item

        impl #tool_ident {
            /// The input schema with the aliases serde reads, for the validator.
            fn __declared_schema() -> &'static ::toolsmith::__private::Value {
                static __SCHEMA: ::toolsmith::__private::OnceLock<::toolsmith::__private::Value> =
                    ::toolsmith::__private::OnceLock::new();
                __SCHEMA.get_or_init(|| {
                    ::toolsmith::__private::object(
                        ::core::option::Option::None,
                        ::std::vec![#(#props),*],
                    )
                })
            }
        }

        #tool_impl
        #tool_with

        ::toolsmith::__private::json_schema!(#args_ident, #tool_ident::__declared_schema().clone());
    }
}

/// The `XArgs` struct serde fills in from a call: its fields, the
/// functions of their defaults, its `Debug` and its `ToolArgs` impl.
fn args_struct(tool: &ToolFn, args_ident: &Ident) -> TokenStream {
    let vis = &tool.item.vis;
    let fields = tool.params.iter().map(|field| {
        let member = &field.member;
        let ty = &field.ty;
        let rename = field.arg.rename.as_ref().map(|given| {
            let name = &given.value;
            quote!(#[serde(rename = #name)])
        });
        let default = serde_default(args_ident, field);
        // Every field has a doc, so that the struct is clean under
        // `#![deny(missing_docs)]`.
        let doc = field
            .description
            .clone()
            .unwrap_or_else(|| format!("The `{}` argument.", field.name));
        quote!(#[doc = #doc] #rename #default #vis #member: #ty)
    });
    // Each field shown when its type is `Debug`, `..` when it is not.
    let debug_fields = tool.params.iter().map(|field| {
        let member = &field.member;
        let name = unraw_member(member);
        quote!(.field(#name, (&&::toolsmith::__private::FieldDebug(&self.#member)).shown()))
    });
    let default_fns = tool.params.iter().filter_map(|field| {
        let FieldDefault::Expr(expr) = &field.default else {
            return None;
        };
        let ident = default_fn(field);
        let ty = &field.ty;
        let value = default_expr(expr);
        Some(quote! {
            #[doc(hidden)]
            fn #ident() -> #ty {
                #value
            }
        })
    });
    let (statics, checks) = value_checks(&tool.params, |_, field| {
        let member = &field.member;
        quote!(&self.#member)
    });
    let dedups = dedups(&tool.params);
    let args_doc = format!(
        "The arguments of the [`{}`] tool, deserialized from a call.",
        tool.item.sig.ident
    );
    quote! {
        #[doc = #args_doc]
        #[derive(::toolsmith::__private::serde::Deserialize)]
        #[serde(crate = "::toolsmith::__private::serde", deny_unknown_fields)]
        #vis struct #args_ident {
            #(#fields,)*
        }

        impl #args_ident {
            #(#default_fns)*
        }

        #[automatically_derived]
        impl ::core::fmt::Debug for #args_ident {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                #[allow(unused_imports)]
                use ::toolsmith::__private::{ShowDebug as _, ShowOpaque as _};
                f.debug_struct(::core::stringify!(#args_ident))
                    #(#debug_fields)*
                    .finish()
            }
        }

        #[automatically_derived]
        impl ::toolsmith::ToolArgs for #args_ident {
            const __DEDUPS: bool = #dedups;

            #[inline]
            fn satisfies_schema(&self) -> bool {
                #statics
                true #(&& #checks)*
            }
        }
    }
}

/// `impl Tool`: the name, description, schemas and validator, the call,
/// and the hints.
fn tool_impl(tool: &ToolFn, tool_ident: &TokenStream, args_ident: &Ident) -> TokenStream {
    let name = &tool.name;
    let description = tool.description.as_deref().unwrap_or_default();
    let context = match &tool.ctx {
        Some(ty) => quote!(#ty),
        None => quote!(()),
    };
    let output_schema = output_schema(tool);
    let call = call(tool, args_ident, &context);
    let hints = hints::hints(tool);
    quote! {
        #[automatically_derived]
        impl ::toolsmith::Tool for #tool_ident {
            type Args = #args_ident;
            type Context = #context;

            fn name(&self) -> &'static str {
                #name
            }

            fn description(&self) -> &'static str {
                #description
            }

            fn input_schema(&self) -> &'static ::toolsmith::__private::Value {
                static __SCHEMA: ::toolsmith::__private::OnceLock<::toolsmith::__private::Value> =
                    ::toolsmith::__private::OnceLock::new();
                __SCHEMA.get_or_init(|| ::toolsmith::__private::advertised(Self::__declared_schema().clone()))
            }

            #output_schema

            fn validator(&self) -> &'static ::toolsmith::Validator {
                static __VALIDATOR: ::toolsmith::__private::OnceLock<::toolsmith::Validator> =
                    ::toolsmith::__private::OnceLock::new();
                ::toolsmith::__private::validator(&__VALIDATOR, Self::__declared_schema())
            }

            #call
            #hints
        }
    }
}

/// `fn call`, and for a plain `fn`, which may block, `fn invocation`: a
/// job hosts run on a thread that may.
fn call(tool: &ToolFn, args_ident: &Ident, context: &TokenStream) -> TokenStream {
    let item = &tool.item;
    let fn_ident = &item.sig.ident;
    let mut call_args = Vec::new();
    let mut params = tool.params.iter();
    for (index, input) in item.sig.inputs.iter().enumerate() {
        if Some(index) == tool.ctx_index {
            call_args.push(quote!(__ctx));
        } else if tool.call.as_ref().is_some_and(|(_, at)| *at == index) {
            call_args.push(quote!(__call));
        } else if tool.caller.as_ref().is_some_and(|(_, at)| *at == index) {
            call_args.push(quote!(__caller));
        } else if let FnArg::Typed(_) = input {
            if let Some(field) = params.next() {
                let member = &field.member;
                call_args.push(quote!(__args.#member));
            }
        }
    }
    let ignore_ctx = tool.ctx.is_none().then(|| quote!(let () = __ctx;));
    // The call the set runs this one in, read where the function runs.
    let take_call = tool.call.as_ref().map(|(ty, _)| {
        quote_spanned! {ty.span()=>
            let __call: #ty = ::toolsmith::Call::current();
        }
    });
    // Who made the call, read from it where the function runs.
    let take_caller = tool.caller.as_ref().map(|(ty, _)| {
        quote_spanned! {ty.span()=>
            let __caller: #ty = ::toolsmith::Call::current().caller();
        }
    });
    let take_call = quote!(#take_call #take_caller);
    let await_ = item.sig.asyncness.map(|_| quote!(.await));
    let output = tool.output();
    let into_result = quote_spanned! {output.span()=>
        (&&&::toolsmith::__private::Returned(&__returned)).tool_result_kind().into_tool_result(__returned)
    };
    let invocation = item.sig.asyncness.is_none().then(|| {
        quote! {
            fn invocation(&self, __args: #args_ident, __ctx: #context) -> ::toolsmith::Invocation<'_> {
                ::toolsmith::Invocation::Blocking(::std::boxed::Box::new(move || {
                    #ignore_ctx
                    #take_call
                    let __returned = #fn_ident(#(#call_args),*);
                    #[allow(unused_imports)]
                    use ::toolsmith::__private::{ErrorKind as _, ResultKind as _, ValueKind as _};
                    #into_result
                }))
            }
        }
    });
    quote! {
        fn call(
            &self,
            __args: #args_ident,
            __ctx: #context,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<::toolsmith::__private::Value, ::toolsmith::ToolError>,
        > + ::core::marker::Send {
            async move {
                #ignore_ctx
                #take_call
                let __returned = #fn_ident(#(#call_args),*) #await_;
                #[allow(unused_imports)]
                use ::toolsmith::__private::{ErrorKind as _, ResultKind as _, ValueKind as _};
                #into_result
            }
        }

        #invocation
    }
}

/// `fn output_schema`, unless the function returns an opaque type.
fn output_schema(tool: &ToolFn) -> Option<TokenStream> {
    let output = tool.output();
    (!contains_impl_trait(&output)).then(|| {
        quote! {
            fn output_schema(&self) -> ::core::option::Option<&'static ::toolsmith::__private::Value> {
                #[allow(unused_imports)]
                use ::toolsmith::__private::{OutputOfResult as _, OutputOfValue as _, OutputUnknown as _};
                static __OUTPUT: ::toolsmith::__private::OnceLock<::core::option::Option<::toolsmith::__private::Value>> =
                    ::toolsmith::__private::OnceLock::new();
                __OUTPUT
                    .get_or_init(|| {
                        (&&&::toolsmith::__private::Output::<#output>::new())
                            .output_schema()
                            .map(::toolsmith::__private::advertised)
                    })
                    .as_ref()
            }
        }
    })
}

/// `impl ToolWith<C>`: for every `C` when the function takes no context,
/// and for each `C` its `#[ctx]` type is taken from otherwise.
fn tool_with(tool: &ToolFn, tool_ident: &TokenStream) -> TokenStream {
    match &tool.ctx {
        Some(ty) => quote! {
            #[automatically_derived]
            impl<__C> ::toolsmith::ToolWith<__C> for #tool_ident
            where
                #ty: ::toolsmith::FromContext<__C>,
            {
                fn context(ctx: __C) -> #ty {
                    <#ty as ::toolsmith::FromContext<__C>>::from_context(ctx)
                }
            }
        },
        None => quote! {
            #[automatically_derived]
            impl<__C> ::toolsmith::ToolWith<__C> for #tool_ident {
                fn context(_: __C) {}
            }
        },
    }
}

/// The `#[serde(default ..)]` of a parameter's field, which fills in an
/// absent key with the value the schema states.
fn serde_default(args_ident: &Ident, field: &Field) -> Option<TokenStream> {
    match &field.default {
        FieldDefault::None => None,
        FieldDefault::Type => Some(quote!(#[serde(default)])),
        FieldDefault::Path(path) => {
            let path = quote!(#path).to_string().replace(' ', "");
            Some(quote!(#[serde(default = #path)]))
        }
        FieldDefault::Expr(_) => {
            let path = format!("{args_ident}::{}", default_fn(field));
            Some(quote!(#[serde(default = #path)]))
        }
        // A parameter has no container.
        FieldDefault::Container | FieldDefault::ContainerPath(_) => None,
    }
}

/// The function of the argument struct that makes a parameter's
/// `#[arg(default = ..)]`.
fn default_fn(field: &Field) -> Ident {
    Ident::new(
        &format!("__default_{}", unraw_member(&field.member)),
        proc_macro2::Span::call_site(),
    )
}

/// A field's Rust name, for `Debug`.
fn unraw_member(member: &syn::Member) -> String {
    match member {
        syn::Member::Named(ident) => unraw(ident),
        syn::Member::Unnamed(index) => index.index.to_string(),
    }
}

/// Whether `ty` names an `impl Trait` anywhere: an opaque type has no
/// output schema.
fn contains_impl_trait(ty: &Type) -> bool {
    use syn::visit::Visit;
    struct Finder(bool);
    impl<'ast> Visit<'ast> for Finder {
        fn visit_type_impl_trait(&mut self, _: &'ast syn::TypeImplTrait) {
            self.0 = true;
        }
    }
    let mut finder = Finder(false);
    finder.visit_type(ty);
    finder.0
}
