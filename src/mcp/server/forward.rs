//! The rmcp [`ServerHandler`](rmcp::ServerHandler) requests that pass
//! through unchanged, each written once, in the two lists below, and the
//! one macro that writes them out in each place they pass:
//!
//! - an [`McpServer`](crate::mcp::McpServer) of any context hands every
//!   request to its one [`Server`](super::Server) (both lists);
//! - the server's own handler is written from the first list, each method
//!   handed to the server's own answer of that name (`handler.rs`,
//!   `call_tool.rs`);
//! - the server hands resources, prompts, completions and subscriptions to
//!   the user's handler, behind the erased [`Delegate`](super::delegate)
//!   (the second list), which the same entries declare and implement for
//!   any handler.
//!
//! An entry `request name(Params) -> Out;` is a request answered
//! `Result<Out, ErrorData>` with a `RequestContext<RoleServer>`; any other
//! entry is written as its method, without `&self`.

use std::future::Future;
use std::pin::Pin;

/// The answer of a request handed to the user's handler, boxed so that
/// the handler stays one type.
pub(crate) type Boxed<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// The requests the server answers itself: `initialize`'s info, tools,
/// logging, tasks, and a `tools/call` rmcp cannot read. `$mode` as for
/// [`methods!`].
macro_rules! answered_requests {
    ($($mode:tt)*) => {
        $crate::mcp::server::forward::methods! { [$($mode)*]
            fn get_info() -> ::rmcp::model::ServerConfig;
            fn get_tool(name: &str) -> Option<::rmcp::model::Tool>;
            request initialize(::rmcp::model::InitializeRequestParams)
                -> ::rmcp::model::InitializeResult;
            async fn on_initialized(
                context: ::rmcp::service::NotificationContext<::rmcp::RoleServer>
            ) -> ();
            request list_tools(Option<::rmcp::model::PaginatedRequestParams>)
                -> ::rmcp::model::ListToolsResult;
            request call_tool(::rmcp::model::CallToolRequestParams)
                -> ::rmcp::model::CallToolResponse;
            request on_custom_request(::rmcp::model::CustomRequest) -> ::rmcp::model::CustomResult;
            request get_task(::rmcp::model::GetTaskParams) -> ::rmcp::model::GetTaskResult;
            request update_task(::rmcp::model::UpdateTaskParams) -> ();
            request cancel_task(::rmcp::model::CancelTaskParams) -> ();
            #[allow(deprecated)] // logging: deprecated for protocol versions to come
            request set_level(::rmcp::model::SetLevelRequestParams) -> ();
        }
    };
}

/// The requests the user's own handler answers
/// ([`McpServer::with_handler`](crate::mcp::McpServer::with_handler)):
/// completions, prompts, resources and, at 2026-07-28,
/// `subscriptions/listen`. `$mode` as for [`methods!`].
macro_rules! delegated_requests {
    ($($mode:tt)*) => {
        $crate::mcp::server::forward::methods! { [$($mode)*]
            request complete(::rmcp::model::CompleteRequestParams)
                -> ::rmcp::model::CompleteResult;
            request get_prompt(::rmcp::model::GetPromptRequestParams)
                -> ::rmcp::model::GetPromptResponse;
            request list_prompts(Option<::rmcp::model::PaginatedRequestParams>)
                -> ::rmcp::model::ListPromptsResult;
            request list_resources(Option<::rmcp::model::PaginatedRequestParams>)
                -> ::rmcp::model::ListResourcesResult;
            request list_resource_templates(Option<::rmcp::model::PaginatedRequestParams>)
                -> ::rmcp::model::ListResourceTemplatesResult;
            request read_resource(::rmcp::model::ReadResourceRequestParams)
                -> ::rmcp::model::ReadResourceResponse;
            #[allow(deprecated)] // resources/subscribe: legacy, still what clients send
            request subscribe(::rmcp::model::SubscribeRequestParams) -> ();
            #[allow(deprecated)]
            request unsubscribe(::rmcp::model::UnsubscribeRequestParams) -> ();
            fn accepted_subscription_filter(
                requested: &::rmcp::model::SubscriptionFilter
            ) -> Option<::rmcp::model::SubscriptionFilter>;
            async fn listen(
                context: ::rmcp::service::SubscriptionContext
            ) -> Result<(), ::rmcp::ErrorData>;
        }
    };
}

/// Writes out a list of entries, one method each, as `[$mode]` says,
/// for a `ServerHandler` impl: `[forward field]` hands each call to
/// `self.field`'s method of the name (a `ServerHandler`'s, or the
/// [`Delegate`](super::Delegate)'s); `[inherent]` to the type's own
/// method of the name (an async one's future boxed), so that a method the
/// list names and the type lacks would call itself (`unconditional_recursion`
/// for one that is not async), and one the type has that no list names is
/// dead code.
/// For a trait's declaration, `[declare]` answers with a [`Boxed`]
/// future; `[boxed]` implements that for any `ServerHandler`.
macro_rules! methods {
    ([$($mode:tt)*]) => {};
    (
        [$($mode:tt)*] $(#[$m:meta])* request $name:ident($request:ty) -> $out:ty;
        $($rest:tt)*
    ) => {
        $crate::mcp::server::forward::method! { [$($mode)*] $(#[$m])* async fn $name(
            request: $request,
            context: ::rmcp::service::RequestContext<::rmcp::RoleServer>
        ) -> ::std::result::Result<$out, ::rmcp::ErrorData> }
        $crate::mcp::server::forward::methods! { [$($mode)*] $($rest)* }
    };
    (
        [$($mode:tt)*] $(#[$m:meta])* async fn $name:ident($($arg:ident: $ty:ty),*) -> $out:ty;
        $($rest:tt)*
    ) => {
        $crate::mcp::server::forward::method! {
            [$($mode)*] $(#[$m])* async fn $name($($arg: $ty),*) -> $out
        }
        $crate::mcp::server::forward::methods! { [$($mode)*] $($rest)* }
    };
    (
        [$($mode:tt)*] $(#[$m:meta])* fn $name:ident($($arg:ident: $ty:ty),*) -> $out:ty;
        $($rest:tt)*
    ) => {
        $crate::mcp::server::forward::method! {
            [$($mode)*] $(#[$m])* fn $name($($arg: $ty),*) -> $out
        }
        $crate::mcp::server::forward::methods! { [$($mode)*] $($rest)* }
    };
}

/// One entry of [`methods!`], written out.
macro_rules! method {
    ([inherent] $(#[$m:meta])* async fn $name:ident($($arg:ident: $ty:ty),*) -> $out:ty) => {
        $(#[$m])*
        async fn $name(&self, $($arg: $ty),*) -> $out {
            // Boxed, so that rmcp's request loop, which holds every
            // answer's future, holds a pointer, and each answer is
            // compiled once however often rmcp instantiates the loop.
            let answer: $crate::mcp::server::forward::Boxed<'_, $out> =
                ::std::boxed::Box::pin(Self::$name(self, $($arg),*));
            answer.await
        }
    };
    ([inherent] $(#[$m:meta])* fn $name:ident($($arg:ident: $ty:ty),*) -> $out:ty) => {
        $(#[$m])*
        fn $name(&self, $($arg: $ty),*) -> $out {
            Self::$name(self, $($arg),*)
        }
    };
    ([forward $to:ident] $(#[$m:meta])* async fn $name:ident($($arg:ident: $ty:ty),*) -> $out:ty) => {
        $(#[$m])*
        async fn $name(&self, $($arg: $ty),*) -> $out {
            self.$to.$name($($arg),*).await
        }
    };
    ([forward $to:ident] $(#[$m:meta])* fn $name:ident($($arg:ident: $ty:ty),*) -> $out:ty) => {
        $(#[$m])*
        fn $name(&self, $($arg: $ty),*) -> $out {
            self.$to.$name($($arg),*)
        }
    };
    ([declare] $(#[$m:meta])* async fn $name:ident($($arg:ident: $ty:ty),*) -> $out:ty) => {
        $(#[$m])*
        fn $name(&self, $($arg: $ty),*) -> $crate::mcp::server::forward::Boxed<'_, $out>;
    };
    ([declare] $(#[$m:meta])* fn $name:ident($($arg:ident: $ty:ty),*) -> $out:ty) => {
        $(#[$m])*
        fn $name(&self, $($arg: $ty),*) -> $out;
    };
    ([boxed] $(#[$m:meta])* async fn $name:ident($($arg:ident: $ty:ty),*) -> $out:ty) => {
        $(#[$m])*
        fn $name(&self, $($arg: $ty),*) -> $crate::mcp::server::forward::Boxed<'_, $out> {
            ::std::boxed::Box::pin(::rmcp::ServerHandler::$name(self, $($arg),*))
        }
    };
    ([boxed] $(#[$m:meta])* fn $name:ident($($arg:ident: $ty:ty),*) -> $out:ty) => {
        $(#[$m])*
        fn $name(&self, $($arg: $ty),*) -> $out {
            ::rmcp::ServerHandler::$name(self, $($arg),*)
        }
    };
}

pub(crate) use {answered_requests, delegated_requests, method, methods};
