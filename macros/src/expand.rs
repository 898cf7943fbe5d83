//! Code generation. The expansion stays thin: schemas and checks are built by
//! plain functions of the runtime, reached through `::toolsmith::__private`.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{DeriveInput, FnArg, Ident, ItemFn, LitStr, Type};

use crate::ast::{Enum, Field, FieldDefault, Input, Struct, ToolFn, unraw};
use crate::attr::{Annotations, ArgAttrs, ContainerAttrs, Num};
use crate::case;
use crate::check;
use crate::ctxt::Ctxt;
use crate::doc;
use crate::krate;
use crate::serde_attrs;

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
    for field in &tool.params {
        check::check_pattern(&mut cx, field);
        check::check_bounds(&mut cx, field);
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

/// The tool type and the argument struct: `Search` and `SearchArgs` for
/// `fn search`, unless `#[tool(tool = "..", args = "..")]` names them.
fn names(tool: &ToolFn) -> (Ident, Ident) {
    let ident = &tool.item.sig.ident;
    let pascal = case::pascal(&unraw(ident));
    let given =
        |setting: &crate::attr::Setting<Ident>| setting.as_ref().map(|given| given.value.clone());
    (
        given(&tool.items.tool).unwrap_or_else(|| format_ident!("{}", pascal, span = ident.span())),
        given(&tool.items.args)
            .unwrap_or_else(|| format_ident!("{}Args", pascal, span = ident.span())),
    )
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
        // Every field has a doc, so that the struct is clean under
        // `#![deny(missing_docs)]`.
        let doc = field
            .description
            .clone()
            .unwrap_or_else(|| format!("The `{}` argument.", field.name));
        quote!(#[doc = #doc] #rename #vis #member: #ty)
    });

    // Each field shown when its type is `Debug`, `..` when it is not.
    let debug_fields = tool.params.iter().map(|field| {
        let member = &field.member;
        let name = unraw_member(member);
        quote!(.field(#name, (&&::toolsmith::__private::FieldDebug(&self.#member)).shown()))
    });
    let props = tool.params.iter().map(prop);
    let (statics, checks) = value_checks(&tool.params, &quote!(self));
    let typed: TokenStream = tool.params.iter().map(check::typed_checks).collect();
    let dedups = dedups(&tool.params);

    let context = match &tool.ctx {
        Some(ty) => quote!(#ty),
        None => quote!(()),
    };
    let mut call_args = Vec::new();
    let mut params = tool.params.iter();
    for (index, input) in item.sig.inputs.iter().enumerate() {
        if Some(index) == tool.ctx_index {
            call_args.push(quote!(__ctx));
        } else if let FnArg::Typed(_) = input {
            if let Some(field) = params.next() {
                let member = &field.member;
                call_args.push(quote!(__args.#member));
            }
        }
    }
    let ignore_ctx = tool.ctx.is_none().then(|| quote!(let () = __ctx;));
    let await_ = item.sig.asyncness.map(|_| quote!(.await));
    let output = tool.output();
    let into_result = quote_spanned! {output.span()=>
        (&__returned).tool_result_kind().into_tool_result(__returned)
    };
    // A plain `fn` may block: hosts run it as a job on a thread that may.
    let invocation = item.sig.asyncness.is_none().then(|| {
        quote! {
            fn invocation(&self, __args: #args_ident, __ctx: #context) -> ::toolsmith::Invocation<'_> {
                ::toolsmith::Invocation::Blocking(::std::boxed::Box::new(move || {
                    #ignore_ctx
                    let __returned = #fn_ident(#(#call_args),*);
                    #[allow(unused_imports)]
                    use ::toolsmith::__private::{ResultKind as _, ValueKind as _};
                    #into_result
                }))
            }
        }
    });
    let annotations = annotations(&tool.annotations);
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
            impl ::toolsmith::ToolWith<#ty> for #tool_ident {
                fn context(ctx: #ty) -> #ty {
                    ctx
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
                    let __returned = #fn_ident(#(#call_args),*) #await_;
                    #[allow(unused_imports)]
                    use ::toolsmith::__private::{ResultKind as _, ValueKind as _};
                    #into_result
                }
            }

            #invocation
            #annotations
        }

        #tool_with

        ::toolsmith::__private::json_schema!(#args_ident, #tool_ident::__declared_schema().clone());
    }
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
fn tool_type(tool: &ToolFn, tool_ident: &Ident) -> (TokenStream, TokenStream) {
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

/// `fn annotations`, when the attribute gives any hint.
fn annotations(given: &Annotations) -> Option<TokenStream> {
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
    (!hints.is_empty()).then(|| {
        quote! {
            fn annotations(&self) -> ::toolsmith::ToolAnnotations {
                ::toolsmith::ToolAnnotations::new() #(#hints)*
            }
        }
    })
}

/// The tool type of a function that failed a check, so that code using it
/// reports nothing more. It is never run: the build has already failed.
fn fallback_tool(tool: &ToolFn) -> TokenStream {
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

/// A field's Rust name, for `Debug`.
fn unraw_member(member: &syn::Member) -> String {
    match member {
        syn::Member::Named(ident) => unraw(ident),
        syn::Member::Unnamed(index) => index.index.to_string(),
    }
}

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

/// Whether a field's type drops values serde reads (see `ToolArg::__DEDUPS`).
fn dedups(fields: &[Field]) -> TokenStream {
    let each = fields.iter().map(|field| {
        let arg_trait = arg_trait(&field.ty);
        quote!(#arg_trait::__DEDUPS)
    });
    quote!(false #(|| #each)*)
}

/// `<T as ToolArg>`, spanned on the type so that a missing impl is reported
/// once, under the type.
fn arg_trait(ty: &Type) -> TokenStream {
    quote_spanned!(ty.span()=> <#ty as ::toolsmith::ToolArg>)
}

fn option_str(text: Option<&str>) -> TokenStream {
    match text {
        Some(text) => quote!(::core::option::Option::Some(#text)),
        None => quote!(::core::option::Option::None),
    }
}

fn option_usize(value: Option<u64>) -> TokenStream {
    match value {
        Some(value) => {
            let value = value as usize;
            quote!(::core::option::Option::Some(#value))
        }
        None => quote!(::core::option::Option::None),
    }
}

pub fn num(value: Num) -> TokenStream {
    match value {
        Num::Int(i) => quote!(::toolsmith::__private::Num::Int(#i)),
        Num::Float(f) => quote!(::toolsmith::__private::Num::Float(#f)),
    }
}

/// The schema of a field: its type's schema with the description and the
/// keywords of `#[arg(..)]`, and those of `items(..)` on its `items`.
fn field_schema(field: &Field, description: Option<&str>) -> TokenStream {
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
        let value = num(given.value);
        keywords.push(quote!(("minimum", #value.to_value())));
    }
    if let Some(given) = &arg.max {
        let value = num(given.value);
        keywords.push(quote!(("maximum", #value.to_value())));
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
    keywords
}

/// One entry of an object's `properties`.
fn prop(field: &Field) -> TokenStream {
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
    };
    Some(quote! {{
        #[allow(unused_imports)]
        use ::toolsmith::__private::{SerializeDefault as _, UnknownDefault as _};
        #value
    }})
}

/// `(alias, name)` pairs of the fields or variants, for `declare_aliases`.
fn alias_pairs<'a>(named: impl Iterator<Item = (&'a str, &'a [(String, Span)])>) -> TokenStream {
    let pairs = named.flat_map(|(name, aliases)| {
        aliases
            .iter()
            .map(move |(alias, _)| quote!((#alias, #name)))
    });
    quote!(&[#(#pairs),*])
}

/// The typed checks of `satisfies_schema`: the pattern statics, and one
/// boolean expression per constraint and per nested value.
fn value_checks(fields: &[Field], receiver: &TokenStream) -> (TokenStream, Vec<TokenStream>) {
    let mut statics = TokenStream::new();
    let mut checks = Vec::new();
    for (index, field) in fields.iter().enumerate() {
        let arg_trait = arg_trait(&field.ty);
        let member = &field.member;
        let value = quote!(&#receiver.#member);
        checks.push(quote!(#arg_trait::satisfies_schema(#value)));
        let arg = &field.arg;
        let text = quote!(#arg_trait::__text(#value));
        let number = quote!(#arg_trait::__number(#value));
        let pattern_static = format_ident!("__PATTERN_{}", index);
        checks.extend(constraint_checks(
            arg,
            &mut statics,
            &pattern_static,
            &text,
            &number,
        ));
        if arg.min_items.is_some() || arg.max_items.is_some() {
            let min = option_usize(arg.min_items.as_ref().map(|given| given.value));
            let max = option_usize(arg.max_items.as_ref().map(|given| given.value));
            checks.push(quote!(::toolsmith::__private::items_within(#arg_trait::__items(#value), #min, #max)));
        }
        if let Some(items) = &arg.items {
            let pattern_static = format_ident!("__ITEM_PATTERN_{}", index);
            let item_checks = constraint_checks(
                &items.value,
                &mut statics,
                &pattern_static,
                &quote!(__text),
                &quote!(__number),
            );
            checks.push(quote! {
                #arg_trait::__all_items(#value, &|__text, __number| true #(&& #item_checks)*)
            });
        }
    }
    (statics, checks)
}

/// The checks of one value's `pattern`, bounds and lengths, given the
/// expressions of its text (`Option<Cow<str>>`) and number (`Option<Num>`);
/// the pattern's static goes to `statics`.
fn constraint_checks(
    arg: &ArgAttrs,
    statics: &mut TokenStream,
    pattern_static: &Ident,
    text: &TokenStream,
    number: &TokenStream,
) -> Vec<TokenStream> {
    let mut checks = Vec::new();
    if let Some(given) = &arg.pattern {
        let source = &given.value;
        statics.extend(quote! {
            static #pattern_static: ::toolsmith::__private::Pattern =
                ::toolsmith::__private::Pattern::new(#source);
        });
        checks.push(quote!(#pattern_static.matches(::core::option::Option::as_deref(&#text))));
    }
    if let Some(given) = &arg.min {
        let bound = num(given.value);
        checks.push(quote!(::toolsmith::__private::at_least(#number, #bound)));
    }
    if let Some(given) = &arg.max {
        let bound = num(given.value);
        checks.push(quote!(::toolsmith::__private::at_most(#number, #bound)));
    }
    if arg.min_length.is_some() || arg.max_length.is_some() {
        let min = option_usize(arg.min_length.as_ref().map(|given| given.value));
        let max = option_usize(arg.max_length.as_ref().map(|given| given.value));
        checks.push(quote!(::toolsmith::__private::length_within(::core::option::Option::as_deref(&#text), #min, #max)));
    }
    checks
}

/// `#[derive(ToolArg)]`.
pub fn derive(input: &DeriveInput) -> syn::Result<TokenStream> {
    let mut cx = Ctxt::default();
    let container = ContainerAttrs::from_attrs(&mut cx, &input.attrs);
    let krate = container.krate.as_ref().map(|given| &given.value);
    Ok(krate::with_crate(derive_impls(cx, input)?, krate))
}

fn derive_impls(mut cx: Ctxt, input: &DeriveInput) -> syn::Result<TokenStream> {
    if let syn::Data::Union(data) = &input.data {
        return Err(syn::Error::new(
            data.union_token.span(),
            "a union cannot derive `ToolArg`; use a struct with named fields or an enum of unit variants",
        ));
    }
    // serde reports malformed serde attributes itself: add nothing to that.
    let Some(serde) = serde_attrs::read(input) else {
        let errors = cx.into_compile_errors();
        let fallback = fallback_arg(input);
        return Ok(quote!(#errors #fallback));
    };
    serde_attrs::check_refused(&mut cx, &serde);
    let parsed = Input::from_serde(&mut cx, serde)?;
    if !input.generics.params.is_empty() {
        cx.error(
            &input.generics,
            "a generic type cannot derive `ToolArg`: its schema is fixed at compile time; derive it on a concrete type",
        );
    }
    match &parsed {
        Input::Struct(item) => {
            check::check_named_fields(&mut cx, item);
            check::check_closed_objects(&mut cx, item);
            check::check_no_recursion(&mut cx, item);
            if !item.transparent && !item.newtype {
                check::check_property_names(&mut cx, &item.fields);
            }
            check::check_aliases(
                &mut cx,
                "properties",
                item.fields
                    .iter()
                    .map(|field| (field.name.as_str(), field.aliases.as_slice())),
            );
            for field in &item.fields {
                check::check_pattern(&mut cx, field);
                check::check_bounds(&mut cx, field);
            }
        }
        Input::Enum(item) => {
            check::check_no_unions(&mut cx, item);
            check::check_aliases(
                &mut cx,
                "values",
                item.variants
                    .iter()
                    .filter(|variant| !variant.skip)
                    .map(|variant| (variant.name.as_str(), variant.aliases.as_slice())),
            );
            for variant in &item.variants {
                for attr in variant
                    .variant
                    .attrs
                    .iter()
                    .filter(|attr| attr.path().is_ident("arg"))
                {
                    cx.error(
                        attr,
                        "`#[arg(..)]` applies to fields; an enum variant takes none",
                    );
                }
            }
        }
    }
    if !cx.is_empty() {
        let errors = cx.into_compile_errors();
        let fallback = fallback_arg(input);
        return Ok(quote!(#errors #fallback));
    }
    let output = output_from_arg(&input.ident);
    let json_schema = json_schema_from_arg(&input.ident);
    let expanded = match &parsed {
        Input::Struct(item) if item.transparent || item.newtype => expand_transparent(item),
        Input::Struct(item) => expand_struct(item),
        Input::Enum(item) => expand_enum(item),
    };
    Ok(quote!(#expanded #output #json_schema))
}

/// `ToolOutput` from the argument schema: what a type reads is what it
/// writes (serde's derives are symmetric for what the schema models).
fn output_from_arg(ident: &Ident) -> TokenStream {
    quote! {
        #[automatically_derived]
        impl ::toolsmith::ToolOutput for #ident {
            fn output_schema() -> ::toolsmith::__private::Value {
                <Self as ::toolsmith::ToolArg>::schema()
            }
        }
    }
}

/// `schemars::JsonSchema` from the argument schema, when the facade's
/// `schemars` feature is on (the facade's macro decides).
fn json_schema_from_arg(ident: &Ident) -> TokenStream {
    quote! {
        ::toolsmith::__private::json_schema!(#ident, <#ident as ::toolsmith::ToolArg>::schema());
    }
}

/// The impl of a type that failed a check, so that code using it reports
/// nothing more. Never run: the build has already failed.
fn fallback_arg(input: &DeriveInput) -> TokenStream {
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
    }
}

fn expand_struct(item: &Struct) -> TokenStream {
    let ident = &item.input.ident;
    let description = option_str(item.description.as_deref());
    let props = item.fields.iter().map(prop);
    let depths = item.fields.iter().map(|field| {
        let arg_trait = arg_trait(&field.ty);
        quote!(#arg_trait::DEPTH)
    });
    let (statics, checks) = value_checks(&item.fields, &quote!(self));
    let typed: TokenStream = item.fields.iter().map(check::typed_checks).collect();
    let dedups = dedups(&item.fields);
    let aliases = alias_pairs(
        item.fields
            .iter()
            .map(|field| (field.name.as_str(), field.aliases.as_slice())),
    );
    let depth_checks: TokenStream = item
        .fields
        .iter()
        .map(|field| check::depth_check(field, ident))
        .collect();
    quote! {
        #[automatically_derived]
        impl ::toolsmith::__private::Sealed for #ident {}

        #[automatically_derived]
        impl ::toolsmith::ToolArg for #ident {
            const DEPTH: usize = 1 + ::toolsmith::__private::max_depth(&[#(#depths),*]);
            const __KIND: ::toolsmith::__private::ArgKind = ::toolsmith::__private::ArgKind::Object;
            const __DEDUPS: bool = #dedups;

            fn schema() -> ::toolsmith::__private::Value {
                ::toolsmith::__private::declare_aliases(
                    ::toolsmith::__private::object(#description, ::std::vec![#(#props),*]),
                    #aliases,
                )
            }

            #[inline]
            fn satisfies_schema(&self) -> bool {
                #statics
                true #(&& #checks)*
            }
        }

        #typed
        #depth_checks
    }
}

fn expand_enum(item: &Enum) -> TokenStream {
    let ident = &item.input.ident;
    let read = || item.variants.iter().filter(|variant| !variant.skip);
    let documented: Vec<(&str, &str)> = read()
        .filter_map(|variant| Some((variant.name.as_str(), variant.description.as_deref()?)))
        .collect();
    let description =
        option_str(doc::enum_description(item.description.as_deref(), &documented).as_deref());
    let value_docs = option_str(doc::enum_description(None, &documented).as_deref());
    let values = read().map(|variant| LitStr::new(&variant.name, Span::call_site()));
    let aliases =
        alias_pairs(read().map(|variant| (variant.name.as_str(), variant.aliases.as_slice())));
    quote! {
        #[automatically_derived]
        impl ::toolsmith::__private::Sealed for #ident {}

        #[automatically_derived]
        impl ::toolsmith::ToolArg for #ident {
            const DEPTH: usize = 0;
            const __KIND: ::toolsmith::__private::ArgKind = ::toolsmith::__private::ArgKind::Enum;

            fn schema() -> ::toolsmith::__private::Value {
                ::toolsmith::__private::declare_aliases(
                    ::toolsmith::__private::enumeration(#description, &[#(#values),*], #value_docs),
                    #aliases,
                )
            }
        }
    }
}

/// `#[serde(transparent)]` and newtypes (`struct Email(String);`): serde
/// reads the struct as its one field, so the struct is that field's type,
/// with the struct's doc as description (else the field's) and the field's
/// `#[arg(..)]` constraints.
fn expand_transparent(item: &Struct) -> TokenStream {
    let ident = &item.input.ident;
    let Some(field) = item.fields.first() else {
        // serde reports a transparent struct without a field to read.
        return fallback_arg(item.input);
    };
    let arg_trait = arg_trait(&field.ty);
    let member = &field.member;
    let description = item.description.as_deref().or(field.description.as_deref());
    let schema = field_schema(field, description);
    let (statics, checks) = value_checks(std::slice::from_ref(field), &quote!(self));
    let typed = check::typed_checks(field);
    quote! {
        #[automatically_derived]
        impl ::toolsmith::__private::Sealed for #ident {}

        #[automatically_derived]
        impl ::toolsmith::ToolArg for #ident {
            const DEPTH: usize = #arg_trait::DEPTH;
            const NULLABLE: bool = #arg_trait::NULLABLE;
            const __KIND: ::toolsmith::__private::ArgKind = #arg_trait::__KIND;
            const __RANGE: ::core::option::Option<::toolsmith::__private::Range> = #arg_trait::__RANGE;
            const __DEDUPS: bool = #arg_trait::__DEDUPS;
            const __ITEM_KIND: ::core::option::Option<::toolsmith::__private::ArgKind> = #arg_trait::__ITEM_KIND;
            const __ITEM_RANGE: ::core::option::Option<::toolsmith::__private::Range> = #arg_trait::__ITEM_RANGE;

            fn schema() -> ::toolsmith::__private::Value {
                #schema
            }

            #[inline]
            fn satisfies_schema(&self) -> bool {
                #statics
                true #(&& #checks)*
            }

            fn __text(&self) -> ::core::option::Option<::toolsmith::__private::Cow<'_, str>> {
                #arg_trait::__text(&self.#member)
            }

            fn __number(&self) -> ::core::option::Option<::toolsmith::__private::Num> {
                #arg_trait::__number(&self.#member)
            }

            fn __items(&self) -> ::core::option::Option<usize> {
                #arg_trait::__items(&self.#member)
            }

            fn __all_items(
                &self,
                check: &::toolsmith::__private::ItemCheck,
            ) -> bool {
                #arg_trait::__all_items(&self.#member, check)
            }
        }

        #typed
    }
}

#[cfg(test)]
mod tests {
    use quote::quote;

    use super::*;

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
