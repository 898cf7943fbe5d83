//! The fixture tools of the official MCP conformance suite
//! (`@modelcontextprotocol/conformance`), written as ordinary toolsmith
//! tools, served on standard input and output or over Streamable HTTP by
//! the command line's built-in `mcp` subcommand.
//!
//! ```text
//! cargo run --example conformance_server -- mcp                         # stdio
//! cargo run --example conformance_server -- mcp --http 127.0.0.1:0  # first stderr line: serving MCP at <url>
//! cargo run --example conformance_server -- mcp --http 127.0.0.1:0 --redis redis://127.0.0.1:6379
//! ```
//!
//! With `--redis URL` its tasks live in that Redis (or Valkey), so that
//! replicas behind a load balancer share them.
//!
//! Each tool is what the suite's scenario of the same name asks for; they
//! show rich results ([`Content`]: images, audio, embedded resources) and
//! the per-call [`Call`]: log messages, progress, sampling and typed
//! elicitation. Beside them, four tools the crate's own tests drive:
//! `wait_async` and `wait_blocking` wait until they are cancelled,
//! `cancelled_calls` counts the calls that saw it, and `ask_person` asks
//! for a bounded form. The tools of the suite's tasks scenarios are in
//! `task_fixtures/`. The suite's resources, prompts and completions are
//! rmcp's own, composed beside the tools.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use rmcp::model::{
    CompleteRequestParams, CompleteResult, GetPromptRequestParams, GetPromptResponse,
    GetPromptResult, ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult,
    PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult,
    ServerCapabilities, ServerConfig, SubscribeRequestParams, SubscriptionFilter,
    UnsubscribeRequestParams,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolsmith::{
    Answer, AskError, Call, Content, DynamicTool, LogLevel, ToolArg, ToolError, ToolSet, tool,
};

#[path = "task_fixtures/mod.rs"]
mod task_fixtures;

/// A 1×1 red PNG.
const RED_PIXEL: &[u8] = include_bytes!("assets/red_pixel.png");
/// A millisecond of 8 kHz silence, as WAV.
const SILENCE: &[u8] = include_bytes!("assets/silence.wav");

/// Returns a fixed text.
#[tool]
fn test_simple_text() -> &'static str {
    "This is a simple text response for testing."
}

/// Returns an image.
#[tool]
fn test_image_content() -> Content {
    Content::image(RED_PIXEL, "image/png")
}

/// Returns audio.
#[tool]
fn test_audio_content() -> Content {
    Content::audio(SILENCE, "audio/wav")
}

/// Returns an embedded resource.
#[tool]
fn test_embedded_resource() -> Content {
    Content::resource_text(
        "test://embedded-resource",
        "text/plain",
        "This is an embedded resource content.",
    )
}

/// Returns text, an image and an embedded resource.
#[tool]
fn test_multiple_content_types() -> Content {
    Content::text("Multiple content types test:")
        .and(Content::image(RED_PIXEL, "image/png"))
        .and(Content::resource_text(
            "test://mixed-content-resource",
            "application/json",
            r#"{"test":"data","value":123}"#,
        ))
}

/// Always fails, to show how a failure reaches the client.
#[tool]
fn test_error_handling() -> Result<String, String> {
    Err("This tool intentionally returns an error for testing".to_owned())
}

/// Logs three messages to the client while it runs.
#[tool]
async fn test_tool_with_logging(#[call] call: Call) -> &'static str {
    for message in [
        "Tool execution started",
        "Tool processing data",
        "Tool execution completed",
    ] {
        call.log(LogLevel::Info, message);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    "Logging test completed"
}

/// Reports progress at 0, 50 and 100 of 100.
#[tool]
async fn test_tool_with_progress(#[call] call: Call) -> &'static str {
    for done in [0.0, 50.0, 100.0] {
        call.progress(done, Some(100.0), &format!("Completed step {done} of 100"));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    "Progress test completed"
}

/// Asks the client's model to answer `prompt`.
///
/// # Arguments
///
/// * `prompt` - The prompt to send to the model
#[tool]
async fn test_sampling(prompt: String, #[call] call: Call) -> Result<String, ToolError> {
    let answer = call.sample(&prompt, 100).await?;
    Ok(format!("LLM response: {answer}"))
}

/// What `test_elicitation` asks the user for.
#[derive(Debug, Serialize, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct UserInfo {
    /// User's response
    username: String,
    /// User's email address
    email: String,
}

/// Asks the user for a name and an email address, showing `message`.
///
/// # Arguments
///
/// * `message` - The message to show the user
#[tool]
async fn test_elicitation(message: String, #[call] call: Call) -> Result<String, ToolError> {
    Ok(match call.ask::<UserInfo>(&message).await? {
        Answer::Accepted(info) => format!(
            "User response: action: accept, content: {}",
            serde_json::to_string(&info).map_err(ToolError::new)?
        ),
        Answer::Declined => "User response: action: decline".to_owned(),
        Answer::Cancelled => "User response: action: cancel".to_owned(),
    })
}

/// A status, for the form with defaults.
#[derive(Debug, Serialize, Deserialize, ToolArg)]
#[serde(rename_all = "lowercase")]
enum Status {
    Active,
    Inactive,
    Pending,
}

/// A form whose every field has a default, which the client shows
/// filled in: `#[serde(default)]` takes them from `Default`.
#[derive(Debug, Serialize, Deserialize, ToolArg)]
#[serde(default, deny_unknown_fields)]
struct Profile {
    /// User name
    name: String,
    /// User age
    age: u32,
    /// User score
    score: f64,
    /// User status
    status: Status,
    /// Verification status
    verified: bool,
}

impl Default for Profile {
    fn default() -> Self {
        Profile {
            name: "John Doe".to_owned(),
            age: 30,
            score: 95.5,
            status: Status::Active,
            verified: true,
        }
    }
}

/// What the user answered to a form: its action and content.
fn completed<T: Serialize>(answer: Answer<T>) -> Result<String, ToolError> {
    Ok(match answer {
        Answer::Accepted(content) => format!(
            "Elicitation completed: action=accept, content={}",
            serde_json::to_string(&content).map_err(ToolError::new)?
        ),
        Answer::Declined => "Elicitation completed: action=decline, content={}".to_owned(),
        Answer::Cancelled => "Elicitation completed: action=cancel, content={}".to_owned(),
    })
}

/// Asks for a profile whose every field has a default.
#[tool]
async fn test_elicitation_sep1034_defaults(#[call] call: Call) -> Result<String, ToolError> {
    completed(call.ask::<Profile>("Please review your profile").await?)
}

/// Values without titles.
#[derive(Debug, Serialize, Deserialize, ToolArg)]
#[serde(rename_all = "lowercase")]
enum Untitled {
    Option1,
    Option2,
    Option3,
}

/// Values with titles, shown as a `oneOf` (or `anyOf` in a list).
#[derive(Debug, Serialize, Deserialize, ToolArg)]
#[serde(rename_all = "lowercase")]
enum Titled {
    #[arg(title = "First Option")]
    Value1,
    #[arg(title = "Second Option")]
    Value2,
    #[arg(title = "Third Option")]
    Value3,
}

/// Values with titles, shown the legacy way (`enumNames`).
#[derive(Debug, Serialize, Deserialize, ToolArg)]
#[serde(rename_all = "lowercase")]
#[arg(enum_names)]
enum Legacy {
    #[arg(title = "Option One")]
    Opt1,
    #[arg(title = "Option Two")]
    Opt2,
    #[arg(title = "Option Three")]
    Opt3,
}

/// A form of every kind of enum: single and multiple choice, with and
/// without titles.
#[derive(Debug, Serialize, Deserialize, ToolArg)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Choices {
    /// Pick one
    untitled_single: Untitled,
    /// Pick one
    titled_single: Titled,
    /// Pick one
    legacy_enum: Legacy,
    /// Pick any
    untitled_multi: Vec<Untitled>,
    /// Pick any
    titled_multi: Vec<Titled>,
}

/// Asks for a choice of each kind.
#[tool]
async fn test_elicitation_sep1330_enums(#[call] call: Call) -> Result<String, ToolError> {
    completed(call.ask::<Choices>("Please choose").await?)
}

/// A name, asked for in a round.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Name {
    name: String,
}

/// A yes or no.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Confirm {
    ok: bool,
}

/// A colour.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Colour {
    color: String,
}

/// The name a form answered, or what happened instead.
fn name_of(answer: Answer<Name>) -> String {
    match answer {
        Answer::Accepted(Name { name }) => name,
        Answer::Declined => "(declined)".to_owned(),
        Answer::Cancelled => "(cancelled)".to_owned(),
    }
}

/// Greets the user by the name asked for (`user_name`).
#[tool]
async fn test_input_required_result_elicitation(#[call] call: Call) -> Result<String, ToolError> {
    let name = name_of(call.ask_as("user_name", "What is your name?").await?);
    Ok(format!("Hello, {name}!"))
}

/// Asks the client's model a question (`capital_question`).
#[tool]
async fn test_input_required_result_sampling(#[call] call: Call) -> Result<String, ToolError> {
    let answer = call
        .sample_as("capital_question", "What is the capital of France?", 100)
        .await?;
    Ok(format!("The model answered: {answer}"))
}

/// Names the client's roots (`client_roots`).
#[tool]
async fn test_input_required_result_list_roots(#[call] call: Call) -> Result<String, ToolError> {
    let roots = call.roots(Some("client_roots")).await?;
    let uris: Vec<&str> = roots.iter().map(|root| root.uri.as_str()).collect();
    Ok(format!("Roots: {}", uris.join(", ")))
}

/// Asks for a confirmation (`confirm`); the state the answer came back
/// with held its seal, or the call would not have got here.
#[tool]
async fn test_input_required_result_request_state(#[call] call: Call) -> Result<String, ToolError> {
    let ok = match call.ask_as::<Confirm>("confirm", "Please confirm").await? {
        Answer::Accepted(Confirm { ok }) => ok,
        _ => false,
    };
    Ok(format!("state-ok: confirmed {ok}"))
}

/// Asks the user, the model and the client's roots at once.
#[tool]
async fn test_input_required_result_multiple_inputs(
    #[call] call: Call,
) -> Result<String, ToolError> {
    let (name, greeting, roots) = tokio::join!(
        call.ask_as::<Name>("user_name", "What is your name?"),
        call.sample_as("greeting", "Generate a greeting", 50),
        call.roots(Some("client_roots")),
    );
    Ok(format!(
        "{} from {} ({} roots)",
        greeting?,
        name_of(name?),
        roots?.len()
    ))
}

/// Asks two questions, one round each (`step1`, then `step2`).
#[tool]
async fn test_input_required_result_multi_round(#[call] call: Call) -> Result<String, ToolError> {
    let name = name_of(call.ask_as("step1", "Step 1: What is your name?").await?);
    let color = match call
        .ask_as::<Colour>("step2", "Step 2: What is your favorite color?")
        .await?
    {
        Answer::Accepted(Colour { color }) => color,
        _ => "(none)".to_owned(),
    };
    Ok(format!("{name} likes {color}"))
}

/// Asks for a confirmation; a state changed on the way is refused.
#[tool]
async fn test_input_required_result_tampered_state(
    #[call] call: Call,
) -> Result<String, ToolError> {
    call.ask_as::<Confirm>("confirm", "Please confirm").await?;
    Ok("confirmed".to_owned())
}

/// Asks what the client can answer: the user where it can ask them, its
/// model where it can sample.
#[tool]
async fn test_input_required_result_capabilities(#[call] call: Call) -> Result<String, ToolError> {
    let name = match call.ask_as::<Name>("user_name", "What is your name?").await {
        Ok(answer) => name_of(answer),
        Err(AskError::Unavailable(_)) => "(no elicitation)".to_owned(),
        Err(err) => return Err(err.into()),
    };
    let greeting = call.sample_as("greeting", "Generate a greeting", 50).await;
    Ok(format!(
        "{name}: {}",
        greeting.unwrap_or_else(|err| err.to_string())
    ))
}

/// Samples the client's model, which a client that declared no sampling
/// is refused with `-32021`.
#[tool]
async fn test_missing_capability(#[call] call: Call) -> Result<String, ToolError> {
    call.sample("Say hello", 20).await
}

/// Asks the user for a name, in a round.
#[tool]
async fn test_streaming_elicitation(#[call] call: Call) -> Result<String, ToolError> {
    let name = name_of(call.ask("What is your name?").await?);
    Ok(format!("Hello, {name}!"))
}

/// Logs a message, which reaches a client at 2026-07-28 only when its
/// request names a log level.
#[tool]
fn test_logging_tool(#[call] call: Call) -> &'static str {
    call.log(LogLevel::Info, "test_logging_tool ran");
    "Logged"
}

/// How many cancelled calls `wait_async` and `wait_blocking` saw.
static ASYNC_DROPPED: AtomicUsize = AtomicUsize::new(0);
static BLOCKING_STOPPED: AtomicUsize = AtomicUsize::new(0);

/// Counts itself dropped when a cancelled call drops the future.
struct CountDrop;

impl Drop for CountDrop {
    fn drop(&mut self) {
        ASYNC_DROPPED.fetch_add(1, Ordering::SeqCst);
    }
}

/// Waits (at most a minute) until the call is cancelled; the future is
/// dropped then.
#[tool]
async fn wait_async(#[call] call: Call) -> &'static str {
    let _counted = CountDrop;
    call.progress(1.0, None, "waiting");
    tokio::time::sleep(Duration::from_secs(60)).await;
    std::mem::forget(_counted);
    "not cancelled"
}

/// Waits on its thread (at most a minute) until the call is cancelled.
#[tool]
fn wait_blocking(#[call] call: Call) -> &'static str {
    call.progress(1.0, None, "waiting");
    for _ in 0..6000 {
        if call.is_cancelled() {
            BLOCKING_STOPPED.fetch_add(1, Ordering::SeqCst);
            return "cancelled";
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    "not cancelled"
}

/// How many calls of `wait_async` were dropped and of `wait_blocking` stopped.
#[derive(Serialize, toolsmith::ToolOutput)]
struct Cancelled {
    async_dropped: usize,
    blocking_stopped: usize,
}

/// Counts the cancelled calls of `wait_async` and `wait_blocking`.
#[tool]
fn cancelled_calls() -> Cancelled {
    Cancelled {
        async_dropped: ASYNC_DROPPED.load(Ordering::SeqCst),
        blocking_stopped: BLOCKING_STOPPED.load(Ordering::SeqCst),
    }
}

/// What `ask_person` asks for.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Person {
    /// Your name
    #[arg(min_length = 1)]
    name: String,
    /// Your age in years
    #[arg(max = 150)]
    age: u8,
}

/// Asks the user for a name and an age.
#[tool]
async fn ask_person(#[call] call: Call) -> Result<String, ToolError> {
    Ok(match call.ask::<Person>("Who are you?").await? {
        Answer::Accepted(person) => format!("{} is {}", person.name, person.age),
        Answer::Declined => "declined".to_owned(),
        Answer::Cancelled => "cancelled".to_owned(),
    })
}

/// Says which region the call named, in its arguments and, over HTTP, in
/// its `Mcp-Param-Region` header, which must agree.
///
/// # Arguments
///
/// * `region` - where to act
#[tool]
fn test_header_param(#[arg(header = "Region")] region: String) -> String {
    format!("acting in {region}")
}

/// A tool whose schema uses JSON Schema 2020-12 beyond what `#[tool]`
/// derives (`$defs` with an `$anchor`, `allOf` of `anyOf`, `if`, `then`
/// and `else`), written by hand: the validator checks every call against
/// all of it.
fn json_schema_2020_12_tool() -> DynamicTool {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "$defs": {
            "address": {
                "$anchor": "addressDef",
                "type": "object",
                "properties": { "street": { "type": "string" }, "city": { "type": "string" } }
            }
        },
        "properties": {
            "name": { "type": "string" },
            "address": { "$ref": "#/$defs/address" },
            "contactMethod": { "type": "string", "enum": ["phone", "email"] },
            "phone": { "type": "string" },
            "email": { "type": "string" }
        },
        "allOf": [{ "anyOf": [{ "required": ["phone"] }, { "required": ["email"] }] }],
        "if": { "properties": { "contactMethod": { "const": "phone" } }, "required": ["contactMethod"] },
        "then": { "required": ["phone"] },
        "else": { "required": ["email"] },
        "additionalProperties": false
    });
    DynamicTool::new(
        "json_schema_2020_12_tool",
        "Tool with JSON Schema 2020-12 features",
        schema,
        |arguments: Value, ()| async move {
            let name = arguments["name"].as_str().unwrap_or("someone").to_owned();
            Ok(Value::from(format!("contact details of {name} taken")))
        },
    )
}

fn tools() -> Result<ToolSet, toolsmith::RegisterError> {
    let mut tools = ToolSet::new()
        // `protocol_error_job` panics, as the suite asks: say it quietly.
        .on_panic(|tool, _| eprintln!("{tool} panicked, as it does"));
    task_fixtures::register(&mut tools)?
        .register(TestSimpleText)?
        .register(TestImageContent)?
        .register(TestAudioContent)?
        .register(TestEmbeddedResource)?
        .register(TestMultipleContentTypes)?
        .register(TestErrorHandling)?
        .register(TestToolWithLogging)?
        .register(TestToolWithProgress)?
        .register(TestSampling)?
        .register(TestElicitation)?
        .register(TestElicitationSep1034Defaults)?
        .register(TestElicitationSep1330Enums)?
        .register(TestInputRequiredResultElicitation)?
        .register(TestInputRequiredResultSampling)?
        .register(TestInputRequiredResultListRoots)?
        .register(TestInputRequiredResultRequestState)?
        .register(TestInputRequiredResultMultipleInputs)?
        .register(TestInputRequiredResultMultiRound)?
        .register(TestInputRequiredResultTamperedState)?
        .register(TestInputRequiredResultCapabilities)?
        .register(TestMissingCapability)?
        .register(TestStreamingElicitation)?
        .register(TestLoggingTool)?
        .register(WaitAsync)?
        .register(WaitBlocking)?
        .register(CancelledCalls)?
        .register(AskPerson)?
        .register(TestHeaderParam)?
        .register_dynamic(json_schema_2020_12_tool())?;
    Ok(tools)
}

/// The suite's resources, prompts and completions, written with rmcp and
/// served beside the tools ([`McpServer::with_handler`]).
///
/// [`McpServer::with_handler`]: toolsmith::mcp::McpServer::with_handler
struct Fixtures;

/// An rmcp result, from the JSON the suite gives for it, marked complete
/// unless it says otherwise (`resultType`, which 2026-07-28 requires and
/// rmcp drops for older clients).
fn wire<T: DeserializeOwned>(mut value: Value) -> Result<T, ErrorData> {
    if let Value::Object(result) = &mut value {
        result
            .entry("resultType")
            .or_insert_with(|| Value::from("complete"));
    }
    serde_json::from_value(value).map_err(|err| ErrorData::internal_error(err.to_string(), None))
}

fn base64(data: &[u8]) -> String {
    // A `Content` carries bytes as MCP does: base64, read back here.
    let block = serde_json::to_value(Content::image(data, "")).unwrap_or_default();
    let blocks = Content::blocks_of(&block).unwrap_or_default();
    blocks[0]["data"].as_str().unwrap_or_default().to_owned()
}

#[allow(deprecated)] // resources/subscribe is legacy, and what the suite sends
impl ServerHandler for Fixtures {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_resources()
            .enable_resources_subscribe()
            .enable_prompts()
            .enable_completions()
            .build();
        ServerConfig::new(capabilities)
    }

    async fn list_resources(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        wire(json!({"resources": [
            {"uri": "test://static-text", "name": "static-text", "description": "A text resource", "mimeType": "text/plain"},
            {"uri": "test://static-binary", "name": "static-binary", "description": "A PNG", "mimeType": "image/png"},
            {"uri": "test://watched-resource", "name": "watched-resource", "description": "A resource to subscribe to", "mimeType": "text/plain"}
        ]}))
    }

    async fn list_resource_templates(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        wire(json!({"resourceTemplates": [
            {"uriTemplate": "test://template/{id}/data", "name": "template", "description": "Data by id", "mimeType": "application/json"}
        ]}))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let uri = request.uri.as_str();
        let contents = match uri {
            "test://static-text" => {
                json!({"uri": uri, "mimeType": "text/plain", "text": "This is the content of the static text resource."})
            }
            "test://static-binary" => {
                json!({"uri": uri, "mimeType": "image/png", "blob": base64(RED_PIXEL)})
            }
            "test://watched-resource" => {
                json!({"uri": uri, "mimeType": "text/plain", "text": "Watched."})
            }
            _ => match uri
                .strip_prefix("test://template/")
                .and_then(|rest| rest.strip_suffix("/data"))
            {
                Some(id) => json!({
                    "uri": uri,
                    "mimeType": "application/json",
                    "text": json!({"id": id, "templateTest": true, "data": format!("Data for ID: {id}")}).to_string()
                }),
                None => {
                    return Err(ErrorData::resource_not_found(
                        format!("no resource {uri}"),
                        Some(json!({ "uri": uri })),
                    ));
                }
            },
        };
        Ok(wire::<ReadResourceResult>(json!({"contents": [contents]}))?.into())
    }

    async fn subscribe(
        &self,
        _: SubscribeRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        Ok(())
    }

    async fn unsubscribe(
        &self,
        _: UnsubscribeRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        Ok(())
    }

    /// `subscriptions/listen`: whatever is asked of what is advertised
    /// (rmcp keeps to that); the resources never change.
    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        Some(requested.clone())
    }

    async fn list_prompts(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        wire(json!({"prompts": [
            {"name": "test_simple_prompt", "description": "A prompt without arguments"},
            {"name": "test_prompt_with_arguments", "description": "A prompt with two arguments", "arguments": [
                {"name": "arg1", "description": "First test argument", "required": true},
                {"name": "arg2", "description": "Second test argument", "required": true}
            ]},
            {"name": "test_prompt_with_embedded_resource", "description": "A prompt embedding a resource", "arguments": [
                {"name": "resourceUri", "description": "URI of the resource to embed", "required": true}
            ]},
            {"name": "test_prompt_with_image", "description": "A prompt with an image"},
            {"name": "test_input_required_result_prompt", "description": "A prompt that asks the user for its context first"}
        ]}))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let arg = |name: &str| {
            let value = request.arguments.as_ref().and_then(|args| args.get(name));
            value.and_then(Value::as_str).unwrap_or_default().to_owned()
        };
        let user = |content: Value| json!({"role": "user", "content": content});
        let text = |text: String| user(json!({"type": "text", "text": text}));
        let messages = match request.name.as_str() {
            "test_simple_prompt" => vec![text("This is a simple prompt for testing.".to_owned())],
            "test_prompt_with_arguments" => vec![text(format!(
                "Prompt with arguments: arg1='{}', arg2='{}'",
                arg("arg1"),
                arg("arg2")
            ))],
            "test_prompt_with_embedded_resource" => vec![
                user(json!({"type": "resource", "resource": {
                    "uri": arg("resourceUri"),
                    "mimeType": "text/plain",
                    "text": "Embedded resource content for testing."
                }})),
                text("Please process the embedded resource above.".to_owned()),
            ],
            "test_input_required_result_prompt" => {
                // Asked in a round: the prompt needs the user's context first.
                let answered = request
                    .input_responses
                    .as_ref()
                    .and_then(|responses| responses.get("user_context"))
                    .and_then(|answer| answer.pointer("/content/context"))
                    .and_then(Value::as_str);
                let Some(context) = answered else {
                    return Ok(GetPromptResponse::InputRequired(wire(json!({
                        "resultType": "input_required",
                        "inputRequests": {"user_context": {
                            "method": "elicitation/create",
                            "params": {
                                "mode": "form",
                                "message": "What context should the prompt use?",
                                "requestedSchema": {
                                    "type": "object",
                                    "properties": {"context": {"type": "string"}},
                                    "required": ["context"]
                                }
                            }
                        }}
                    }))?));
                };
                vec![text(format!("Answer with this context in mind: {context}"))]
            }
            "test_prompt_with_image" => vec![
                user(json!({"type": "image", "data": base64(RED_PIXEL), "mimeType": "image/png"})),
                text("Please analyze the image above.".to_owned()),
            ],
            other => {
                return Err(ErrorData::invalid_params(
                    format!("no prompt {other}"),
                    None,
                ));
            }
        };
        Ok(wire::<GetPromptResult>(json!({"messages": messages}))?.into())
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let typed = request.argument.value;
        let values: Vec<&str> = ["paris", "park", "party"]
            .into_iter()
            .filter(|value| value.starts_with(&typed))
            .collect();
        wire(json!({"completion": {"values": values, "total": values.len(), "hasMore": false}}))
    }
}

fn main() -> std::process::ExitCode {
    let tools = match tools() {
        Ok(tools) => tools,
        Err(e) => {
            eprintln!("{e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    toolsmith::cli::Cli::new(tools)
        .name("toolsmith-conformance")
        .mcp_server(|server| {
            let server = server.with_handler(Fixtures);
            match lease_store() {
                Ok(Some(store)) => server.with_task_store(store),
                Ok(None) => server,
                Err(e) => {
                    eprintln!("{e}");
                    std::process::exit(1)
                }
            }
        })
        .run()
}

/// With `TOOLSMITH_TASK_LEASE_MS=N` beside `mcp --redis URL`, the tasks
/// in that Redis with the runners' lease shortened to `N` ms (15 s by
/// default), for tests that kill a replica; `None` otherwise, and the
/// built-in `--redis` keeps them with the default limits. Made as the
/// server is, inside the command line's runtime.
fn lease_store() -> std::io::Result<Option<toolsmith::mcp::redis::RedisTaskStore>> {
    let Ok(lease) = std::env::var("TOOLSMITH_TASK_LEASE_MS") else {
        return Ok(None);
    };
    let mut args = std::env::args().skip_while(|arg| arg != "--redis");
    let Some(url) = args.nth(1) else {
        return Ok(None);
    };
    let lease = lease.parse().map_err(std::io::Error::other)?;
    let limits = toolsmith::mcp::tasks::TaskLimits::default().lease(Duration::from_millis(lease));
    toolsmith::mcp::redis::RedisTaskStore::new(&url, limits)
        .map(Some)
        .map_err(std::io::Error::other)
}
