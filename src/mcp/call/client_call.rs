//! A tool's call on MCP: its progress and log messages become
//! notifications to the client (progress only when the request carried a
//! `progressToken`), `ask` an `elicitation/create` request and `sample` a
//! `sampling/createMessage` request, each where the client declared it can.
//! A client at 2026-07-28 is asked in rounds instead (see
//! [`input_required`](super::input_required)); an earlier client of a
//! stateless HTTP server cannot be asked at all, and the line says so.
//!
//! Notifications are queued by the tool (a plain `fn` on the blocking pool
//! included) and sent, in order, by the request's own task, so that on
//! Streamable HTTP they travel with the request; the queue is drained
//! before the answer goes, and closed after it.

#![allow(deprecated)] // sampling and logging, deprecated for protocol versions to come

use std::future::{Future, poll_fn};
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::task::Poll;

use rmcp::RoleServer;
use rmcp::model::{
    ClientResult, CreateMessageRequest, CreateMessageRequestParams, ElicitRequest,
    ElicitRequestParams, ElicitResult, ElicitationAction, LoggingLevel,
    LoggingMessageNotificationParam, ProgressNotificationParam, ProgressToken, SamplingMessage,
    ServerRequest,
};
use rmcp::service::{Peer, RequestContext};
use serde_json::Value;
use tokio::sync::mpsc;
use toolsmith_runtime::{Call, CallHost, Caller, HostFuture, LogLevel, Progress, Reply, Root};

use super::input_required::{self, Input, Round};

/// How many notifications wait for the request's task at most; a tool that
/// reports faster than the client reads loses the surplus (progress only
/// rises, so a later report says more than a lost one).
const QUEUE: usize = 256;

/// A notification queued by the tool.
enum Note {
    Progress(ProgressNotificationParam),
    Log(LoggingMessageNotificationParam),
}

/// The least severe level of log message the client wants, as
/// `logging/setLevel` last said (`debug`, everything, until it does).
#[derive(Default)]
pub(crate) struct LogFloor(AtomicU8);

impl LogFloor {
    pub(crate) fn set(&self, level: LoggingLevel) {
        self.0.store(rank(level), Ordering::Relaxed);
    }

    /// The floor of one request of a client asked in rounds: the level
    /// its `_meta` names, or nothing at all when it names none.
    fn of_request(level: Option<LoggingLevel>) -> LogFloor {
        LogFloor(AtomicU8::new(level.map_or(u8::MAX, rank)))
    }

    fn admits(&self, level: LoggingLevel) -> bool {
        rank(level) >= self.0.load(Ordering::Relaxed)
    }
}

/// Severity as a number, `debug` lowest.
fn rank(level: LoggingLevel) -> u8 {
    match level {
        LoggingLevel::Debug => 0,
        LoggingLevel::Info => 1,
        LoggingLevel::Notice => 2,
        LoggingLevel::Warning => 3,
        LoggingLevel::Error => 4,
        LoggingLevel::Critical => 5,
        LoggingLevel::Alert => 6,
        _ => 7,
    }
}

/// What a tool's `ask` is answered when the client cannot ask the user.
const NO_ELICITATION: &str = "the client cannot ask the user (it declared no elicitation)";
/// What a tool's `sample` is answered when the client cannot sample.
const NO_SAMPLING: &str = "the client cannot sample its model (it declared no sampling)";
/// What a tool's `roots` is answered when the client has no roots.
const NO_ROOTS: &str = "the client lists no roots (it declared no roots)";

/// What a tool's `ask`, `sample` or `roots` is answered on a stateless
/// HTTP server by a client of a protocol version before 2026-07-28: no
/// session carries a request to it mid-call, whatever it declared.
fn stateless_refusal(asking: &str, version: &str) -> String {
    format!(
        "this server runs stateless: it cannot {asking} a {version} client mid-call; \
         serve with sessions (HttpOptions::stateless(false)), or call from a client of \
         protocol 2026-07-28 or later"
    )
}

/// Whether the request `context` serves came to a stateless HTTP server.
fn is_stateless(context: &RequestContext<RoleServer>) -> bool {
    #[cfg(feature = "mcp-http")]
    {
        context
            .extensions
            .get::<hyper::http::request::Parts>()
            .is_some_and(|parts| {
                parts
                    .extensions
                    .get::<crate::mcp::transport::Stateless>()
                    .is_some()
            })
    }
    #[cfg(not(feature = "mcp-http"))]
    {
        let _ = context;
        false
    }
}

/// The call's host on MCP.
struct ClientCall {
    peer: Peer<RoleServer>,
    /// Served by a stateless HTTP server: the client is never asked
    /// mid-call.
    stateless: bool,
    token: Option<ProgressToken>,
    floor: Arc<LogFloor>,
    notes: mpsc::Sender<Note>,
    /// The round the call is, for a client asked in rounds.
    round: Option<Arc<Round>>,
    /// Who made the call.
    caller: Caller,
}

/// A [`Call`] for the request `context` serves, and the queue of its
/// notifications, for [`forwarding`].
pub(crate) fn for_request(
    context: &RequestContext<RoleServer>,
    floor: &Arc<LogFloor>,
    round: Option<Arc<Round>>,
) -> (Call, Notes) {
    let (host, notes) = host_for_request(context, floor, round);
    (Call::new(host), notes)
}

/// The host of [`for_request`]'s call, for a host that wraps it.
pub(crate) fn host_for_request(
    context: &RequestContext<RoleServer>,
    floor: &Arc<LogFloor>,
    round: Option<Arc<Round>>,
) -> (Arc<dyn CallHost>, Notes) {
    let (notes, queue) = mpsc::channel(QUEUE);
    // A client asked in rounds sets no level for the server: each request
    // says which messages it wants.
    let floor = match round {
        Some(_) => Arc::new(LogFloor::of_request(context.meta.log_level())),
        None => Arc::clone(floor),
    };
    let host = ClientCall {
        peer: context.peer.clone(),
        stateless: is_stateless(context),
        token: context.meta.get_progress_token(),
        floor,
        notes,
        round,
        caller: crate::mcp::server::caller::caller_of(context),
    };
    let notes = Notes {
        peer: context.peer.clone(),
        queue,
        relay: None,
    };
    (Arc::new(host), notes)
}

/// The notifications a call queued, waiting to be sent.
pub(crate) struct Notes {
    peer: Peer<RoleServer>,
    queue: mpsc::Receiver<Note>,
    relay: Option<Relay>,
}

/// Hands a log message on to whichever replica holds the session's event
/// stream, where it is sent when it is not here.
pub(crate) type Relay = Arc<dyn Fn(&LoggingMessageNotificationParam) + Send + Sync>;

impl Notes {
    /// The same notes, their log messages handed to `relay` as well.
    #[cfg(all(feature = "redis", feature = "mcp-http"))]
    pub(crate) fn relayed(self, relay: Option<Relay>) -> Notes {
        Notes { relay, ..self }
    }
}

/// Runs `answer` while sending the call's notifications, in order; once
/// `answer` is ready, sends what is still queued, closes the queue, and
/// resolves to the answer.
pub(crate) async fn forwarding<T>(answer: impl Future<Output = T>, notes: Notes) -> T {
    let Notes {
        peer,
        mut queue,
        relay,
    } = notes;
    let mut answer = pin!(answer);
    let mut answered = None;
    let mut sending: Option<Pin<Box<dyn Future<Output = ()> + Send>>> = None;
    poll_fn(|cx| {
        if answered.is_none()
            && let Poll::Ready(value) = answer.as_mut().poll(cx)
        {
            answered = Some(value);
            queue.close();
        }
        loop {
            if let Some(send) = &mut sending {
                if send.as_mut().poll(cx).is_pending() {
                    return Poll::Pending;
                }
                sending = None;
            }
            match queue.poll_recv(cx) {
                Poll::Ready(Some(note)) => {
                    if let (Note::Log(params), Some(relay)) = (&note, &relay) {
                        relay(params);
                    }
                    sending = Some(send(peer.clone(), note));
                }
                Poll::Ready(None) => {
                    return match answered.take() {
                        Some(value) => Poll::Ready(value),
                        None => Poll::Pending,
                    };
                }
                Poll::Pending => return Poll::Pending,
            }
        }
    })
    .await
}

/// Sends one notification; a client gone is no one's concern here.
fn send(peer: Peer<RoleServer>, note: Note) -> Pin<Box<dyn Future<Output = ()> + Send>> {
    Box::pin(async move {
        let _ = match note {
            Note::Progress(params) => peer.notify_progress(params).await,
            Note::Log(params) => peer.notify_logging_message(params).await,
        };
    })
}

impl ClientCall {
    /// The refusal of a stateless server, when this call is served by one.
    fn refused_stateless(&self, asking: &str) -> Option<String> {
        if !self.stateless {
            return None;
        }
        let version = self
            .peer
            .peer_info()
            .map(|info| info.protocol_version.to_string())
            .unwrap_or_else(|| "2025-03-26".to_owned());
        Some(stateless_refusal(asking, &version))
    }
}

impl CallHost for ClientCall {
    fn name(&self) -> &'static str {
        "mcp"
    }

    fn caller(&self) -> Caller {
        self.caller.clone()
    }

    fn progress(&self, progress: &Progress) {
        let Some(token) = &self.token else { return };
        let mut params = ProgressNotificationParam::new(token.clone(), progress.done);
        params.total = progress.total;
        params.message = progress.message.clone();
        let _ = self.notes.try_send(Note::Progress(params));
    }

    fn log(&self, level: LogLevel, message: &str) {
        let level = level_of(level);
        if !self.floor.admits(level) {
            return;
        }
        let params = LoggingMessageNotificationParam::new(level, Value::from(message));
        let _ = self.notes.try_send(Note::Log(params));
    }

    fn ask(&self, message: &str, schema: &Value) -> HostFuture<Result<Reply, String>> {
        if let Some(refused) = self.refused_stateless("ask") {
            return Box::pin(std::future::ready(Err(refused)));
        }
        let peer = self.peer.clone();
        let message = message.to_owned();
        let schema = schema.clone();
        Box::pin(async move {
            let can = peer
                .peer_info()
                .is_some_and(|info| info.capabilities.elicitation.is_some());
            if !can {
                return Err(NO_ELICITATION.to_owned());
            }
            let request = ServerRequest::ElicitRequest(form_request(message, schema)?);
            match peer.send_request(request).await {
                Ok(ClientResult::ElicitResult(result)) => Ok(match result.action {
                    ElicitationAction::Accept => {
                        Reply::Accepted(result.content.unwrap_or(Value::Null))
                    }
                    ElicitationAction::Decline => Reply::Declined,
                    _ => Reply::Cancelled,
                }),
                Ok(_) => Err("the client answered the question with something else".to_owned()),
                Err(err) => Err(format!("asking the user failed: {err}")),
            }
        })
    }

    fn ask_as(
        &self,
        key: Option<&str>,
        message: &str,
        schema: &Value,
    ) -> HostFuture<Result<Reply, String>> {
        let Some(round) = &self.round else {
            return self.ask(message, schema);
        };
        if round.capabilities().elicitation.is_none() {
            round.lacks("elicitation");
            return Box::pin(std::future::ready(Err(NO_ELICITATION.to_owned())));
        }
        let request = input_required::elicitation(message, schema);
        // An answer that does not fill in the form is asked again.
        let form = toolsmith_runtime::Validator::new(schema).ok();
        let fills_form = move |answer: &Value| match reply(answer.clone()) {
            Ok(Reply::Accepted(content)) => form
                .as_ref()
                .is_none_or(|form| form.validate(&content).is_ok()),
            Ok(_) => true,
            Err(_) => false,
        };
        in_round_checked(round, "ask", key, request, reply, fills_form)
    }

    fn sample_as(
        &self,
        key: Option<&str>,
        prompt: &str,
        max_tokens: u32,
    ) -> HostFuture<Result<String, String>> {
        let Some(round) = &self.round else {
            return self.sample(prompt, max_tokens);
        };
        if round.capabilities().sampling.is_none() {
            round.lacks("sampling");
            return Box::pin(std::future::ready(Err(NO_SAMPLING.to_owned())));
        }
        let request = input_required::sampling(prompt, max_tokens);
        in_round(round, "sample", key, request, sampled)
    }

    fn roots(&self, key: Option<&str>) -> HostFuture<Result<Vec<Root>, String>> {
        if let Some(round) = &self.round {
            if round.capabilities().roots.is_none() {
                round.lacks("roots");
                return Box::pin(std::future::ready(Err(NO_ROOTS.to_owned())));
            }
            return in_round(round, "roots", key, input_required::roots(), listed_roots);
        }
        if let Some(refused) = self.refused_stateless("list the roots of") {
            return Box::pin(std::future::ready(Err(refused)));
        }
        let peer = self.peer.clone();
        Box::pin(async move {
            let can = peer
                .peer_info()
                .is_some_and(|info| info.capabilities.roots.is_some());
            if !can {
                return Err(NO_ROOTS.to_owned());
            }
            let request = ServerRequest::ListRootsRequest(Default::default());
            match peer.send_request(request).await {
                Ok(ClientResult::ListRootsResult(result)) => Ok(result
                    .roots
                    .into_iter()
                    .map(|root| Root::new(root.uri, root.name))
                    .collect()),
                Ok(_) => {
                    Err("the client answered the roots request with something else".to_owned())
                }
                Err(err) => Err(format!("listing the client's roots failed: {err}")),
            }
        })
    }

    fn become_task(&self) -> HostFuture<()> {
        match &self.round {
            Some(round) if round.may_become_task() => {
                round.become_task();
                Box::pin(std::future::pending())
            }
            _ => Box::pin(std::future::ready(())),
        }
    }

    fn sample(&self, prompt: &str, max_tokens: u32) -> HostFuture<Result<String, String>> {
        if let Some(refused) = self.refused_stateless("sample the model of") {
            return Box::pin(std::future::ready(Err(refused)));
        }
        let peer = self.peer.clone();
        let prompt = prompt.to_owned();
        Box::pin(async move {
            let can = peer
                .peer_info()
                .is_some_and(|info| info.capabilities.sampling.is_some());
            if !can {
                return Err(NO_SAMPLING.to_owned());
            }
            let params = CreateMessageRequestParams::new(
                vec![SamplingMessage::user_text(prompt)],
                max_tokens,
            );
            let request = ServerRequest::CreateMessageRequest(CreateMessageRequest::new(params));
            match peer.send_request(request).await {
                Ok(ClientResult::CreateMessageResult(result)) => Ok(texts(
                    &serde_json::to_value(&result.message.content).unwrap_or_default(),
                )),
                Ok(_) => {
                    Err("the client answered the sampling request with something else".to_owned())
                }
                Err(err) => Err(format!("sampling the client's model failed: {err}")),
            }
        })
    }
}

/// A request of a round: its answer read by `read`, or, until the client
/// answers with something `read` takes, a future that never resolves (the
/// round ends first, asking again).
fn in_round<T: Send + 'static>(
    round: &Round,
    kind: &'static str,
    key: Option<&str>,
    request: Value,
    read: impl Fn(Value) -> Result<T, String>,
) -> HostFuture<Result<T, String>> {
    let fits = |answer: &Value| read(answer.clone()).is_ok();
    in_round_checked(round, kind, key, request, &read, fits)
}

/// [`in_round`], an answer fitting the request when `fits` says so.
fn in_round_checked<T: Send + 'static>(
    round: &Round,
    kind: &'static str,
    key: Option<&str>,
    request: Value,
    read: impl Fn(Value) -> Result<T, String>,
    fits: impl FnOnce(&Value) -> bool,
) -> HostFuture<Result<T, String>> {
    match round.input(kind, key, request, fits) {
        Input::Answered(answer) => Box::pin(std::future::ready(read(answer))),
        Input::Wanted => Box::pin(std::future::pending()),
    }
}

/// An `elicitation/create` request of a form: `schema` (a `requestedSchema`
/// the call has made), showing `message`.
pub(super) fn form_request(message: String, schema: Value) -> Result<ElicitRequest, String> {
    let requested_schema =
        serde_json::from_value(schema).map_err(|err| format!("the form cannot be asked: {err}"))?;
    Ok(ElicitRequest::new(
        ElicitRequestParams::FormElicitationParams {
            meta: None,
            message,
            requested_schema,
        },
    ))
}

/// An `elicitation/create` answer.
pub(super) fn reply(answer: Value) -> Result<Reply, String> {
    let result: ElicitResult = serde_json::from_value(answer)
        .map_err(|_| "the client answered the question with something else".to_owned())?;
    Ok(match result.action {
        ElicitationAction::Accept => Reply::Accepted(result.content.unwrap_or(Value::Null)),
        ElicitationAction::Decline => Reply::Declined,
        _ => Reply::Cancelled,
    })
}

/// A `sampling/createMessage` answer's text.
pub(super) fn sampled(answer: Value) -> Result<String, String> {
    match answer.get("content") {
        Some(content) if answer.get("role").is_some() => Ok(texts(content)),
        _ => Err("the client answered the sampling request with something else".to_owned()),
    }
}

/// A `roots/list` answer's roots.
pub(super) fn listed_roots(answer: Value) -> Result<Vec<Root>, String> {
    let refused = || "the client answered the roots request with something else".to_owned();
    let roots = answer
        .get("roots")
        .and_then(Value::as_array)
        .ok_or_else(refused)?;
    roots
        .iter()
        .map(|root| {
            let uri = root
                .get("uri")
                .and_then(Value::as_str)
                .ok_or_else(refused)?;
            let name = root.get("name").and_then(Value::as_str).map(str::to_owned);
            Ok(Root::new(uri, name))
        })
        .collect()
}

/// The text blocks of a sampled message, joined.
fn texts(content: &Value) -> String {
    let blocks = match content {
        Value::Array(blocks) => blocks.iter().collect(),
        block => vec![block],
    };
    blocks
        .into_iter()
        .filter_map(|block| block.get("text").and_then(Value::as_str))
        .collect::<Vec<_>>()
        .join("\n")
}

fn level_of(level: LogLevel) -> LoggingLevel {
    match level {
        LogLevel::Debug => LoggingLevel::Debug,
        LogLevel::Info => LoggingLevel::Info,
        LogLevel::Notice => LoggingLevel::Notice,
        LogLevel::Warning => LoggingLevel::Warning,
        LogLevel::Error => LoggingLevel::Error,
        LogLevel::Critical => LoggingLevel::Critical,
        LogLevel::Alert => LoggingLevel::Alert,
        _ => LoggingLevel::Emergency,
    }
}
