//! The answers a Gemini CLI hook can give, one builder per event, each
//! writing only what Gemini CLI honours on that event: its hook runner
//! reads every answer as the same `HookOutput`, but each call site reads
//! only some of the fields (a `decision` on `BeforeToolSelection`, or
//! `additionalContext` on `BeforeTool`, is read by nobody), so those are
//! not methods here. The JSON is the event's `<Event>Output` of
//! `@google/gemini-cli-core`; a test type-checks every builder's output
//! against those declarations with `tsc`.

use serde::Serialize;
use serde_json::{Map, Value, json};

use super::GeminiEvent;
use crate::output::{JsonOutput, json_builders};

/// An answer to Gemini CLI, built by [`GeminiOutput::before_tool`] and the
/// other builders, or [`GeminiOutput::empty`].
///
/// ```
/// use toolsmith_hooks::gemini::GeminiOutput;
///
/// let answer: GeminiOutput = GeminiOutput::before_tool().deny("use `trash` instead").into();
/// assert_eq!(answer.to_string(), r#"{"decision":"deny","reason":"use `trash` instead"}"#);
/// ```
pub type GeminiOutput = JsonOutput<GeminiEvent>;

/// How the model may call tools after a `BeforeToolSelection` answer
/// (`toolConfig.mode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum GeminiToolMode {
    /// The model chooses whether to call a tool.
    Auto,
    /// The model must call one of the allowed tools.
    Any,
    /// The model calls no tool.
    None,
}

/// The tools the model may call (`BeforeToolSelection`'s `toolConfig`).
/// Gemini CLI takes the union of every hook's answer: a hook can allow
/// tools, and `NONE` from any hook wins.
///
/// ```
/// use toolsmith_hooks::gemini::{GeminiOutput, GeminiToolConfig, GeminiToolMode};
///
/// let answer: GeminiOutput = GeminiOutput::before_tool_selection()
///     .tool_config(GeminiToolConfig::new(GeminiToolMode::Any).allowed(["read_file"]))
///     .into();
/// assert_eq!(
///     answer.to_string(),
///     r#"{"hookSpecificOutput":{"hookEventName":"BeforeToolSelection","toolConfig":{"mode":"ANY","allowedFunctionNames":["read_file"]}}}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GeminiToolConfig {
    mode: GeminiToolMode,
    #[serde(skip_serializing_if = "Option::is_none")]
    allowed_function_names: Option<Vec<String>>,
}

impl GeminiToolConfig {
    /// The mode, with every tool allowed.
    pub fn new(mode: GeminiToolMode) -> GeminiToolConfig {
        GeminiToolConfig {
            mode,
            allowed_function_names: None,
        }
    }

    /// Only the tools `names` (`allowedFunctionNames`).
    pub fn allowed<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> Self {
        self.allowed_function_names = Some(names.into_iter().map(Into::into).collect());
        self
    }
}

/// A model answer in Gemini CLI's model-neutral shape (`LLMResponse`): the
/// answer a `BeforeModel` hook gives in the model's place, or the one an
/// `AfterModel` hook puts in place of the model's.
///
/// ```
/// use toolsmith_hooks::gemini::GeminiLlmResponse;
///
/// assert_eq!(
///     serde_json::to_string(&GeminiLlmResponse::text("done")).unwrap(),
///     r#"{"candidates":[{"content":{"role":"model","parts":["done"]},"finishReason":"STOP"}]}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GeminiLlmResponse {
    candidates: Vec<Candidate>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
struct Candidate {
    content: CandidateContent,
    finish_reason: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
struct CandidateContent {
    role: &'static str,
    parts: Vec<String>,
}

impl GeminiLlmResponse {
    /// An answer of `text`, finished (`finishReason: "STOP"`).
    pub fn text(text: impl Into<String>) -> GeminiLlmResponse {
        GeminiLlmResponse {
            candidates: vec![Candidate {
                content: CandidateContent {
                    role: "model",
                    parts: vec![text.into()],
                },
                finish_reason: "STOP",
            }],
        }
    }
}

/// Who wrote a message of a [`GeminiLlmRequest`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GeminiRole {
    /// The user (and tool results).
    User,
    /// The model.
    Model,
    /// The system.
    System,
}

/// What a `BeforeModel` hook changes in the request (`llm_request`, in
/// Gemini CLI's model-neutral shape): the model, the text of the
/// messages, the generation settings. Fields left unset keep the
/// request's own; messages replace the text of the request's messages in
/// order, keeping their tool calls and results.
///
/// ```
/// use toolsmith_hooks::gemini::{GeminiLlmRequest, GeminiOutput};
///
/// let answer: GeminiOutput = GeminiOutput::before_model()
///     .llm_request(GeminiLlmRequest::new().model("gemini-2.5-flash").temperature(0.0))
///     .into();
/// assert_eq!(
///     answer.to_string(),
///     r#"{"hookSpecificOutput":{"hookEventName":"BeforeModel","llm_request":{"model":"gemini-2.5-flash","config":{"temperature":0.0}}}}"#
/// );
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct GeminiLlmRequest {
    #[serde(skip_serializing_if = "Option::is_none")]
    model: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    messages: Option<Vec<GeminiMessage>>,
    #[serde(skip_serializing_if = "Map::is_empty")]
    config: Map<String, Value>,
}

/// One message of a [`GeminiLlmRequest`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GeminiMessage {
    role: GeminiRole,
    content: String,
}

impl GeminiMessage {
    /// A message of `role` holding `content`.
    pub fn new(role: GeminiRole, content: impl Into<String>) -> GeminiMessage {
        GeminiMessage {
            role,
            content: content.into(),
        }
    }
}

impl GeminiLlmRequest {
    /// No change yet.
    pub fn new() -> GeminiLlmRequest {
        GeminiLlmRequest::default()
    }

    /// Sends the request to `model` instead.
    pub fn model(mut self, model: impl Into<String>) -> Self {
        self.model = Some(model.into());
        self
    }

    /// The text of the messages, in order.
    pub fn messages(mut self, messages: impl IntoIterator<Item = GeminiMessage>) -> Self {
        self.messages = Some(messages.into_iter().collect());
        self
    }

    /// The sampling temperature.
    pub fn temperature(mut self, temperature: f64) -> Self {
        self.config
            .insert("temperature".to_owned(), json!(temperature));
        self
    }

    /// The most tokens the answer may have.
    pub fn max_output_tokens(mut self, tokens: u32) -> Self {
        self.config
            .insert("maxOutputTokens".to_owned(), json!(tokens));
        self
    }
}

/// `value` as JSON: the types above serialize to objects only.
fn to_value(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or_else(|_| Value::Object(Map::new()))
}

json_builders! {
    GeminiEvent {
        /// Keeps the system message out of the debug log
        /// (`suppressOutput`).
        pub fn suppress_output(mut self) -> Self {
            self.json.insert("suppressOutput".to_owned(), Value::Bool(true));
            self
        }

        #[allow(dead_code)]
        fn decide(&mut self, decision: &str, reason: String) {
            self.json.insert("decision".to_owned(), json!(decision));
            self.json.insert("reason".to_owned(), Value::String(reason));
        }
    }
    /// `BeforeTool`: deny the call, ask the user, rewrite its arguments.
    GeminiBeforeToolOutput, before_tool, BeforeTool;
    /// `AfterTool`: hide the result from the model, add context, call
    /// another tool.
    GeminiAfterToolOutput, after_tool, AfterTool;
    /// `BeforeAgent`: refuse the prompt, or add context to it.
    GeminiBeforeAgentOutput, before_agent, BeforeAgent;
    /// `Notification`: a message for the user.
    GeminiNotificationOutput, notification, Notification;
    /// `AfterAgent`: keep the agent working, clear its context.
    GeminiAfterAgentOutput, after_agent, AfterAgent;
    /// `SessionStart`: context for the model's first prompt.
    GeminiSessionStartOutput, session_start, SessionStart;
    /// `SessionEnd`: a message for the user.
    GeminiSessionEndOutput, session_end, SessionEnd;
    /// `PreCompress`: a message for the user.
    GeminiPreCompressOutput, pre_compress, PreCompress;
    /// `BeforeModel`: block the request, answer in the model's place,
    /// rewrite the request.
    GeminiBeforeModelOutput, before_model, BeforeModel;
    /// `AfterModel`: block the answer, or put another in its place.
    GeminiAfterModelOutput, after_model, AfterModel;
    /// `BeforeToolSelection`: narrow the tools the model may call.
    GeminiBeforeToolSelectionOutput, before_tool_selection, BeforeToolSelection;
}

macro_rules! stops {
    ($($builder:ident,)*) => {
        $(
            impl $builder {
                /// Stops the agent entirely (`continue: false`), with
                /// `reason` (`stopReason`); it takes precedence over any
                /// decision.
                pub fn stop_processing(mut self, reason: impl Into<String>) -> Self {
                    self.json.insert("continue".to_owned(), Value::Bool(false));
                    self.json.insert("stopReason".to_owned(), Value::String(reason.into()));
                    self
                }
            }
        )*
    };
}

stops! {
    GeminiBeforeToolOutput,
    GeminiAfterToolOutput,
    GeminiBeforeAgentOutput,
    GeminiAfterAgentOutput,
    GeminiBeforeModelOutput,
    GeminiAfterModelOutput,
}

macro_rules! blocks {
    ($($builder:ident: $what:literal;)*) => {
        $(
            impl $builder {
                #[doc = ::core::concat!("Blocks (`decision: \"block\"`, `reason`): ", $what)]
                pub fn block(mut self, reason: impl Into<String>) -> Self {
                    self.decide("block", reason.into());
                    self
                }
            }
        )*
    };
}

blocks! {
    GeminiAfterToolOutput: "the model reads `Tool result blocked: REASON` in place of the tool's result.";
    GeminiBeforeAgentOutput: "the prompt never reaches the model; the user reads `reason`.";
    GeminiAfterAgentOutput: "the agent goes on, with `reason` as its next prompt.";
    GeminiBeforeModelOutput: "the request is not sent; the turn ends with `reason`.";
    GeminiAfterModelOutput: "the answer is dropped; the turn ends with `reason`.";
}

macro_rules! adds_context {
    ($($builder:ident: $where:literal;)*) => {
        $(
            impl $builder {
                #[doc = ::core::concat!("Text for the model (`additionalContext`), ", $where, ", inside `<hook_context>`; `<` and `>` in it are escaped.")]
                pub fn additional_context(mut self, context: impl Into<String>) -> Self {
                    self.specific()
                        .insert("additionalContext".to_owned(), Value::String(context.into()));
                    self
                }
            }
        )*
    };
}

adds_context! {
    GeminiAfterToolOutput: "after the tool's result";
    GeminiBeforeAgentOutput: "beside the prompt";
    GeminiSessionStartOutput: "before the first prompt";
}

impl GeminiBeforeToolOutput {
    /// Refuses the call; the model reads `Tool execution blocked: REASON`
    /// as its result (`decision: "deny"`, `reason`).
    pub fn deny(mut self, reason: impl Into<String>) -> Self {
        self.decide("deny", reason.into());
        self
    }

    /// Asks the user to confirm the call, even where the approval mode
    /// would run it (`decision: "ask"`); the system message is shown with
    /// the question.
    pub fn ask(mut self) -> Self {
        self.json.insert("decision".to_owned(), json!("ask"));
        self.json.shift_remove("reason");
        self
    }

    /// Runs the tool with `arguments` in place of the model's
    /// (`hookSpecificOutput.tool_input`); Gemini CLI validates them as the
    /// tool's and tells the model, after the result, that a hook changed
    /// them.
    pub fn tool_input(mut self, arguments: Map<String, Value>) -> Self {
        self.specific()
            .insert("tool_input".to_owned(), Value::Object(arguments));
        self
    }
}

impl GeminiAfterToolOutput {
    /// Calls the tool `name` with `args` right after this one; its result
    /// replaces this tool's (`tailToolCallRequest`).
    pub fn tail_tool_call(mut self, name: impl Into<String>, args: Map<String, Value>) -> Self {
        self.specific().insert(
            "tailToolCallRequest".to_owned(),
            json!({ "name": name.into(), "args": args }),
        );
        self
    }
}

impl GeminiAfterAgentOutput {
    /// Clears the conversation, with a block or a stop (`clearContext`).
    pub fn clear_context(mut self) -> Self {
        self.specific()
            .insert("clearContext".to_owned(), Value::Bool(true));
        self
    }
}

impl GeminiBeforeModelOutput {
    /// Answers in the model's place: the request is not sent, and
    /// `response` is the model's answer (`decision: "deny"`, `reason`,
    /// `llm_response`).
    pub fn respond(mut self, reason: impl Into<String>, response: GeminiLlmResponse) -> Self {
        self.decide("deny", reason.into());
        self.specific()
            .insert("llm_response".to_owned(), to_value(&response));
        self
    }

    /// Changes the request before it is sent (`llm_request`).
    pub fn llm_request(mut self, request: GeminiLlmRequest) -> Self {
        self.specific()
            .insert("llm_request".to_owned(), to_value(&request));
        self
    }
}

impl GeminiAfterModelOutput {
    /// Puts `response` in place of the model's answer (`llm_response`).
    pub fn llm_response(mut self, response: GeminiLlmResponse) -> Self {
        self.specific()
            .insert("llm_response".to_owned(), to_value(&response));
        self
    }
}

impl GeminiBeforeToolSelectionOutput {
    /// The tools the model may call (`toolConfig`).
    pub fn tool_config(mut self, config: GeminiToolConfig) -> Self {
        self.specific()
            .insert("toolConfig".to_owned(), to_value(&config));
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_denial_is_the_json_gemini_reads() {
        let out: GeminiOutput = GeminiOutput::before_tool()
            .deny("no")
            .system_message("denied rm")
            .into();
        assert_eq!(
            out.to_string(),
            r#"{"decision":"deny","reason":"no","systemMessage":"denied rm"}"#
        );
        assert_eq!(out.event(), Some(GeminiEvent::BeforeTool));
        let out: GeminiOutput = GeminiOutput::before_tool().deny("no").ask().into();
        assert_eq!(out.to_string(), r#"{"decision":"ask"}"#);
    }
}
