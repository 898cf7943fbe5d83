//! `#[derive(FromContext)]`: each field's type taken out of the struct, as
//! a tool's `#[ctx]` part of a set's context.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields};

/// `impl FromContext<Struct> for FieldType` for every named field.
pub fn derive(input: &DeriveInput) -> syn::Result<TokenStream> {
    let Data::Struct(data) = &input.data else {
        return Err(syn::Error::new_spanned(
            &input.ident,
            "`FromContext` derives on a struct with named fields, the app state tools take parts of",
        ));
    };
    let Fields::Named(fields) = &data.fields else {
        return Err(syn::Error::new(
            data.fields.span(),
            "`FromContext` derives on a struct with named fields, the app state tools take parts of",
        ));
    };
    if !input.generics.params.is_empty() {
        return Err(syn::Error::new_spanned(
            &input.generics,
            "`FromContext` derives on a struct without generic parameters; write `impl FromContext<..>` for each part by hand",
        ));
    }
    let ident = &input.ident;
    let mut seen: Vec<String> = Vec::new();
    let mut errors: Option<syn::Error> = None;
    let mut impls = TokenStream::new();
    for field in &fields.named {
        let ty = &field.ty;
        let shown = quote!(#ty).to_string();
        if seen.contains(&shown) {
            let error = syn::Error::new_spanned(
                ty,
                format!(
                    "two fields of `{ident}` have the type `{}`, so a tool taking `#[ctx]` of that type could get either; wrap one in a newtype, or write `impl FromContext<{ident}>` by hand",
                    shown.replace(' ', "")
                ),
            );
            match &mut errors {
                Some(all) => all.combine(error),
                None => errors = Some(error),
            }
            continue;
        }
        seen.push(shown);
        let member = &field.ident;
        impls.extend(quote_spanned! {ty.span()=>
            #[automatically_derived]
            impl ::toolsmith::FromContext<#ident> for #ty {
                fn from_context(ctx: #ident) -> Self {
                    ctx.#member
                }
            }
        });
    }
    match errors {
        Some(errors) => Err(errors),
        None => Ok(impls),
    }
}
