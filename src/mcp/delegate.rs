//! Everything but tools: a user's own rmcp [`ServerHandler`] (resources,
//! prompts, completions), behind one erased type so that the server stays
//! one type, compiled once.

#![allow(deprecated)] // resources/subscribe: legacy, still what clients send

use std::future::Future;
use std::pin::Pin;

use rmcp::model::{
    CompleteRequestParams, CompleteResult, GetPromptRequestParams, GetPromptResponse,
    ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ServerConfig, SubscribeRequestParams,
    SubscriptionFilter, UnsubscribeRequestParams,
};
use rmcp::service::{RequestContext, SubscriptionContext};
use rmcp::{ErrorData, RoleServer, ServerHandler};

type Answer<'a, T> = Pin<Box<dyn Future<Output = Result<T, ErrorData>> + Send + 'a>>;
type Context = RequestContext<RoleServer>;
type Page = Option<PaginatedRequestParams>;

/// The requests an [`McpServer`](super::McpServer) hands to the user's
/// handler: every one but `initialize`, tools and logging; at 2026-07-28,
/// `subscriptions/listen` too.
pub(crate) trait Delegate: Send + Sync + 'static {
    fn info(&self) -> ServerConfig;
    fn complete(&self, request: CompleteRequestParams, cx: Context) -> Answer<'_, CompleteResult>;
    fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        cx: Context,
    ) -> Answer<'_, GetPromptResponse>;
    fn list_prompts(&self, request: Page, cx: Context) -> Answer<'_, ListPromptsResult>;
    fn list_resources(&self, request: Page, cx: Context) -> Answer<'_, ListResourcesResult>;
    fn list_resource_templates(
        &self,
        request: Page,
        cx: Context,
    ) -> Answer<'_, ListResourceTemplatesResult>;
    fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        cx: Context,
    ) -> Answer<'_, ReadResourceResponse>;
    fn subscribe(&self, request: SubscribeRequestParams, cx: Context) -> Answer<'_, ()>;
    fn unsubscribe(&self, request: UnsubscribeRequestParams, cx: Context) -> Answer<'_, ()>;
    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter>;
    fn listen(&self, cx: SubscriptionContext) -> Answer<'_, ()>;
}

impl<H: ServerHandler> Delegate for H {
    fn info(&self) -> ServerConfig {
        self.get_info()
    }
    fn complete(&self, request: CompleteRequestParams, cx: Context) -> Answer<'_, CompleteResult> {
        Box::pin(ServerHandler::complete(self, request, cx))
    }
    fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        cx: Context,
    ) -> Answer<'_, GetPromptResponse> {
        Box::pin(ServerHandler::get_prompt(self, request, cx))
    }
    fn list_prompts(&self, request: Page, cx: Context) -> Answer<'_, ListPromptsResult> {
        Box::pin(ServerHandler::list_prompts(self, request, cx))
    }
    fn list_resources(&self, request: Page, cx: Context) -> Answer<'_, ListResourcesResult> {
        Box::pin(ServerHandler::list_resources(self, request, cx))
    }
    fn list_resource_templates(
        &self,
        request: Page,
        cx: Context,
    ) -> Answer<'_, ListResourceTemplatesResult> {
        Box::pin(ServerHandler::list_resource_templates(self, request, cx))
    }
    fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        cx: Context,
    ) -> Answer<'_, ReadResourceResponse> {
        Box::pin(ServerHandler::read_resource(self, request, cx))
    }
    fn subscribe(&self, request: SubscribeRequestParams, cx: Context) -> Answer<'_, ()> {
        Box::pin(ServerHandler::subscribe(self, request, cx))
    }
    fn unsubscribe(&self, request: UnsubscribeRequestParams, cx: Context) -> Answer<'_, ()> {
        Box::pin(ServerHandler::unsubscribe(self, request, cx))
    }
    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        ServerHandler::accepted_subscription_filter(self, requested)
    }
    fn listen(&self, cx: SubscriptionContext) -> Answer<'_, ()> {
        Box::pin(ServerHandler::listen(self, cx))
    }
}

/// The handler of a server given none: rmcp's defaults, which answer
/// `-32601 Method not found`.
pub(crate) struct NoHandler;

impl ServerHandler for NoHandler {}
