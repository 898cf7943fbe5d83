//! `#[tool]`: the function itself, its argument struct and its tool type,
//! the `Tool` impl that ties them together.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{FnArg, Ident, ItemFn, Type};

use super::asserts;
use super::fallback::fallback_tool;
use super::satisfies::{dedups, value_checks};
use super::schema::{default_expr, prop};
use super::tool_type::{names, tool_type};
use crate::ast::{Field, FieldDefault, ToolFn, unraw};
use crate::attr::{Annotations, Listing, TaskSupport};
use crate::check;
use crate::cli;
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
    cli::check(&mut cx, &tool);
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
    let item = &tool.item;
    let vis = &item.vis;
    let fn_ident = &item.sig.ident;
    let (tool_ident, args_ident) = names(tool);
    // From here on `tool_ident` is the struct's path (see `tool_type`).
    let (tool_item, tool_ident) = tool_type(tool, &tool_ident);
    let name = &tool.name;
    let description = tool.description.as_deref().unwrap_or_default();

    let fields = tool.params.iter().map(|field| {
        let member = &field.member;
        let ty = &field.ty;
        let rename = field.arg.rename.as_ref().map(|given| {
            let name = &given.value;
            quote!(#[serde(rename = #name)])
        });
        let default = serde_default(&args_ident, field);
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
    let props = tool.params.iter().map(prop);
    let (statics, checks) = value_checks(&tool.params, |_, field| {
        let member = &field.member;
        quote!(&self.#member)
    });
    let typed: TokenStream = tool.params.iter().map(asserts::typed_checks).collect();
    let dedups = dedups(&tool.params);
    let cli_checks = cli::typed_checks(tool);
    let cli = cli::expand(tool);

    let context = match &tool.ctx {
        Some(ty) => quote!(#ty),
        None => quote!(()),
    };
    let mut call_args = Vec::new();
    let mut params = tool.params.iter();
    for (index, input) in item.sig.inputs.iter().enumerate() {
        if Some(index) == tool.ctx_index {
            call_args.push(quote!(__ctx));
        } else if tool.call.as_ref().is_some_and(|(_, at)| *at == index) {
            call_args.push(quote!(__call));
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
    let await_ = item.sig.asyncness.map(|_| quote!(.await));
    let output = tool.output();
    let into_result = quote_spanned! {output.span()=>
        (&&&::toolsmith::__private::Returned(&__returned)).tool_result_kind().into_tool_result(__returned)
    };
    // A plain `fn` may block: hosts run it as a job on a thread that may.
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
    let annotations = annotations(&tool.annotations, &tool.listing);
    let task = tool.annotations.task.as_ref().map(|task| {
        let (runs, requires) = match task.value {
            TaskSupport::Never => (false, false),
            TaskSupport::Optional => (true, false),
            TaskSupport::Required => (true, true),
        };
        quote_spanned! {task.key.span()=>
            fn runs_as_task(&self) -> bool {
                #runs
            }
            fn requires_task(&self) -> bool {
                #requires
            }
        }
    });
    let input_first = tool.annotations.input_first.as_ref().map(|input_first| {
        let value = input_first.value;
        quote_spanned! {input_first.key.span()=>
            fn input_first(&self) -> bool {
                #value
            }
        }
    });
    let timeout = tool.timeout.map(|millis| {
        quote! {
            fn timeout(&self) -> ::core::option::Option<::core::time::Duration> {
                ::core::option::Option::Some(::core::time::Duration::from_millis(#millis))
            }
        }
    });
    let output_schema = (!contains_impl_trait(&output)).then(|| {
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
    });
    let tool_with = match &tool.ctx {
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
    };
    let args_doc = format!("The arguments of the [`{fn_ident}`] tool, deserialized from a call.");

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
            #annotations
            #task
            #input_first
            #cli
            #timeout
        }

        #tool_with

        ::toolsmith::__private::json_schema!(#args_ident, #tool_ident::__declared_schema().clone());
    }
}

/// `fn annotations`, when the attribute gives any hint, icon or `_meta`
/// entry.
fn annotations(given: &Annotations, listing: &Listing) -> Option<TokenStream> {
    let mut hints = Vec::new();
    if let Some(title) = &given.title {
        let value = &title.value;
        hints.push(quote!(.title(#value)));
    }
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
    (!hints.is_empty()).then(|| {
        quote! {
            fn annotations(&self) -> ::toolsmith::ToolAnnotations {
                ::toolsmith::ToolAnnotations::new() #(#hints)*
            }
        }
    })
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
