//! `input_required` rounds (MCP 2026-07-28, SEP-2322): a stateless client
//! cannot answer a request the server sends in the middle of a call, so a
//! tool's `ask`, `sample` and `roots` become the `inputRequests` of an
//! `input_required` result, and the client calls again with their answers
//! in `inputResponses`.
//!
//! The call then runs again from the start: each request the tool makes
//! is named (by the tool, `Call::ask_as`, or in order, `ask-1`), and a
//! request already answered resolves at once. The answers of earlier
//! rounds travel in `requestState`: integrity-protected (an HMAC with a
//! key only this server holds), not encrypted (it is base64url JSON anyone
//! can read), bound to the caller (the authenticated principal, else the
//! session; a server with neither binds it to no one), the tool and its
//! arguments, good for [`ROUND_TTL`], and
//! single-use once it carries an answer. A `requestState` that fails any
//! of that is `-32602`, and so are `inputResponses` that would replace an
//! answer it holds or answer a request the last round did not make. An
//! answer that does not fit its request is asked again, at most
//! [`MAX_ASKS`] times in all; the last one reaches the tool, which fails
//! with the line that says why.

use std::collections::{BTreeMap, HashMap};
use std::future::{Future, poll_fn};
use std::hash::{BuildHasher, RandomState};
use std::pin::pin;
use std::sync::Mutex;
use std::task::Poll;
use std::time::{Duration, Instant};

use rmcp::model::{
    ClientCapabilities, InputRequest, InputRequests, InputRequiredResult, InputResponses,
    ProtocolVersion, RequestStateCodec, RequestStateError, SealOptions,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::Notify;
use toolsmith_runtime::{CallHandle, CallerKind};

/// What a round's `requestState` carries: the answers the call has used.
pub(crate) type Answers = BTreeMap<String, Value>;

/// How long a `requestState` holds by default: a user has this long to
/// answer a round.
pub(crate) const ROUND_TTL: Duration = Duration::from_secs(600);

/// How many times one request is asked while its answers do not fit it.
pub(crate) const MAX_ASKS: u32 = 3;

/// The most spent states remembered at once; past it, the oldest is
/// forgotten (it expires soonest).
const MAX_SPENT: usize = 1 << 16;

/// What a `requestState` holds.
#[derive(Default, Serialize, Deserialize)]
struct Sealed {
    /// The answers the call used, by the keys of their requests.
    answers: Answers,
    /// The keys of the requests the round made: what `inputResponses` may
    /// answer.
    asked: Vec<String>,
    /// How many answers of each request did not fit it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    misfits: BTreeMap<String, u32>,
}

/// The seal of every round this server answers.
pub(crate) struct Rounds {
    codec: RequestStateCodec,
    ttl: Duration,
    /// States that carried an answer and were opened, until they expire:
    /// each opens once.
    spent: Mutex<Spent>,
}

/// The states already opened, by a keyed hash of their text.
struct Spent {
    hasher: RandomState,
    until: HashMap<u64, Instant>,
}

impl Spent {
    /// Marks `state` spent until `until`; `false` when it already was.
    fn spend(&mut self, state: &str, until: Instant) -> bool {
        let now = Instant::now();
        if self.until.len() >= MAX_SPENT {
            self.until.retain(|_, at| *at > now);
        }
        if self.until.len() >= MAX_SPENT
            && let Some(oldest) = self
                .until
                .iter()
                .min_by_key(|(_, at)| **at)
                .map(|(k, _)| *k)
        {
            self.until.remove(&oldest);
        }
        let key = self.hasher.hash_one(state);
        match self.until.get(&key) {
            Some(at) if *at > now => false,
            _ => {
                self.until.insert(key, until);
                true
            }
        }
    }
}

/// `-32602` with `message`.
fn refused(message: impl Into<String>) -> ErrorData {
    ErrorData::invalid_params(message.into(), None)
}

impl Rounds {
    /// Rounds sealed with a fresh random key: a `requestState` is good on
    /// the server that made it, until it stops.
    pub(crate) fn new() -> Rounds {
        let mut key = [0u8; RequestStateCodec::MIN_KEY_LENGTH];
        if getrandom::fill(&mut key).is_err() {
            // No system randomness: a key from std's per-process seeds.
            use std::hash::{BuildHasher, RandomState};
            for (i, chunk) in key.chunks_mut(8).enumerate() {
                chunk.copy_from_slice(&RandomState::new().hash_one(i).to_le_bytes());
            }
        }
        Rounds {
            // The key is as long as the codec asks.
            codec: RequestStateCodec::new_unchecked(key.to_vec()),
            ttl: ROUND_TTL,
            spent: Mutex::new(Spent {
                hasher: RandomState::new(),
                until: HashMap::new(),
            }),
        }
    }

    /// These rounds with states good for `ttl`.
    pub(crate) fn with_ttl(mut self, ttl: Duration) -> Rounds {
        self.ttl = ttl;
        self
    }

    /// How long a state holds.
    #[cfg(all(feature = "redis", feature = "mcp-http"))]
    pub(crate) fn ttl(&self) -> Duration {
        self.ttl
    }

    /// Rounds sealed with `key` (at least
    /// [`MIN_KEY_LENGTH`](RequestStateCodec::MIN_KEY_LENGTH) bytes): a
    /// `requestState` is good on every server given the same key, as
    /// replicas sharing one Redis are.
    #[cfg(all(feature = "redis", feature = "mcp-http"))]
    pub(crate) fn with_key(key: Vec<u8>) -> Option<Rounds> {
        (key.len() >= RequestStateCodec::MIN_KEY_LENGTH).then(|| Rounds {
            codec: RequestStateCodec::new_unchecked(key),
            ..Rounds::new()
        })
    }

    /// The round a request is, when its client speaks in rounds
    /// (2026-07-28 or later): the answers of earlier rounds (from a
    /// `requestState` that holds its seal) and of this one. `None` for an
    /// older client, which is asked in the middle of the call.
    pub(crate) fn open(
        &self,
        context: &RequestContext<RoleServer>,
        request: &str,
        responses: Option<InputResponses>,
        state: Option<&str>,
    ) -> Result<Option<Round>, ErrorData> {
        let version = context.meta.protocol_version().or_else(|| {
            let info = context.peer.peer_info()?;
            Some(info.protocol_version.clone())
        });
        if version.is_none_or(|v| v.as_str() < ProtocolVersion::V_2026_07_28.as_str()) {
            return Ok(None);
        }
        // The state is the caller's: another caller's does not open. A
        // connection is no caller to bind to: a client may call each
        // round on a new one.
        let caller = crate::mcp::server::caller::caller_of(context);
        let caller = match caller.kind() {
            CallerKind::Connection => String::new(),
            _ => caller.principal(),
        };
        let request = json!([caller, request]).to_string();
        let sealed: Sealed = match state {
            None => Sealed::default(),
            Some(state) => self.unseal(state, &request)?,
        };
        let mut answers = sealed.answers;
        for (key, answer) in responses.unwrap_or_default() {
            if answers.contains_key(&key) {
                return Err(refused(format!(
                    "inputResponses answers {key:?}, which requestState already holds the answer to; \
                     send only the answers to the last round's inputRequests"
                )));
            }
            if !sealed.asked.contains(&key) {
                return Err(refused(format!(
                    "inputResponses answers {key:?}, which the last round did not ask; \
                     send only the answers to its inputRequests, with its requestState"
                )));
            }
            answers.insert(key, answer);
        }
        Ok(Some(Round {
            request,
            capabilities: context.meta.client_capabilities().unwrap_or_default(),
            answers,
            misfits: sealed.misfits,
            may_become_task: false,
            gathered: Mutex::default(),
            wanted: Notify::new(),
        }))
    }

    /// What `state` holds, when this server sealed it for `request` and
    /// it has neither expired nor, carrying an answer, been used.
    fn unseal(&self, state: &str, request: &str) -> Result<Sealed, ErrorData> {
        let sealed: Sealed = match self.codec.open_json_with(state, request.as_bytes()) {
            Ok(sealed) => sealed,
            Err(RequestStateError::Expired) => {
                return Err(refused(format!(
                    "requestState has expired (a round holds for {} s); call again without it",
                    self.ttl.as_secs()
                )));
            }
            Err(_) => {
                return Err(refused(
                    "requestState is not one this server sealed for this request; call again without it",
                ));
            }
        };
        if !sealed.answers.is_empty() {
            let until = Instant::now() + self.ttl;
            let mut spent = self.spent.lock().unwrap_or_else(|p| p.into_inner());
            if !spent.spend(state, until) {
                return Err(refused(
                    "requestState has been used already (a state that carries answers holds for one call); call again without it",
                ));
            }
        }
        Ok(sealed)
    }

    /// The `input_required` result of a round that ended wanting input.
    pub(crate) fn result(&self, round: &Round) -> InputRequiredResult {
        let gathered = std::mem::take(&mut *round.lock());
        let sealed = Sealed {
            answers: gathered.used,
            asked: gathered.wanted.keys().cloned().collect(),
            misfits: gathered.misfits,
        };
        let options = SealOptions::new()
            .associated_data(round.request.as_bytes())
            .ttl(self.ttl);
        let state = self
            .codec
            .seal_json_with(&sealed, &options)
            .unwrap_or_default();
        InputRequiredResult::new(Some(gathered.wanted), Some(state))
    }
}

/// One round of a call: the answers it has, and what it gathers.
pub(crate) struct Round {
    /// The request the state is bound to: the caller, the method, name and
    /// arguments.
    request: String,
    capabilities: ClientCapabilities,
    answers: Answers,
    /// How many answers of each request did not fit it, in earlier rounds.
    misfits: BTreeMap<String, u32>,
    /// The call is a task's first rounds: `Call::become_task` ends them.
    may_become_task: bool,
    gathered: Mutex<Gathered>,
    wanted: Notify,
}

#[derive(Default)]
struct Gathered {
    /// How many requests of each kind the call has made, for their names.
    made: BTreeMap<&'static str, usize>,
    /// The answers the call used, for the next round's state.
    used: Answers,
    /// How many answers of each request did not fit it, this round's
    /// included.
    misfits: BTreeMap<String, u32>,
    /// The requests still unanswered.
    wanted: InputRequests,
    /// The capabilities the call needed and the client did not declare.
    lacking: serde_json::Map<String, Value>,
    /// The call asked to become a task.
    task: bool,
}

/// What a request of a round gets.
pub(crate) enum Input {
    /// The client's answer, from this round or an earlier one.
    Answered(Value),
    /// Not answered yet: the round ends with it among its `inputRequests`.
    Wanted,
}

impl Round {
    fn lock(&self) -> std::sync::MutexGuard<'_, Gathered> {
        self.gathered
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The capabilities the client declared in this request's `_meta`.
    pub(crate) fn capabilities(&self) -> &ClientCapabilities {
        &self.capabilities
    }

    /// The answer to the request named `key` (or the next of `kind`), or,
    /// when there is none yet (or the answer does not `fit` the request,
    /// fewer than [`MAX_ASKS`] times), `request` noted for the round's
    /// result, to be asked again.
    pub(crate) fn input(
        &self,
        kind: &'static str,
        key: Option<&str>,
        request: Value,
        fits: impl FnOnce(&Value) -> bool,
    ) -> Input {
        let mut gathered = self.lock();
        let made = gathered.made.entry(kind).or_default();
        *made += 1;
        let key = key.map_or_else(|| format!("{kind}-{made}"), str::to_owned);
        if let Some(answer) = self.answers.get(&key) {
            let misfits = self.misfits.get(&key).copied().unwrap_or(0);
            // The last answer allowed reaches the tool even when it does
            // not fit: the tool fails with the line that says why.
            if fits(answer) || misfits + 1 >= MAX_ASKS {
                gathered.used.insert(key, answer.clone());
                return Input::Answered(answer.clone());
            }
            gathered.misfits.insert(key.clone(), misfits + 1);
        }
        match serde_json::from_value::<InputRequest>(request) {
            Ok(request) => {
                gathered.wanted.insert(key, request);
            }
            // Our own requests always read back; nothing to ask otherwise.
            Err(_) => return Input::Wanted,
        }
        drop(gathered);
        self.wanted.notify_one();
        Input::Wanted
    }

    /// The round as the first of a task's: the call's `become_task` ends
    /// it, and its answer is the task.
    pub(crate) fn before_task(mut self) -> Round {
        self.may_become_task = true;
        self
    }

    /// Whether the call's `become_task` ends the round.
    pub(crate) fn may_become_task(&self) -> bool {
        self.may_become_task
    }

    /// Notes that the call asked to become a task: the round ends with it.
    pub(crate) fn become_task(&self) {
        self.lock().task = true;
        self.wanted.notify_one();
    }

    /// The answers the call used, for the task it runs on in.
    pub(crate) fn answers_used(&self) -> Answers {
        std::mem::take(&mut self.lock().used)
    }

    /// Notes that the call needed `capability` (`sampling`, ..), which the
    /// client did not declare.
    pub(crate) fn lacks(&self, capability: &str) {
        let mut gathered = self.lock();
        gathered.lacking.insert(capability.to_owned(), json!({}));
    }

    /// `-32021`, naming what the call needed, for a call that failed after
    /// needing a capability the client did not declare; `None` otherwise.
    pub(crate) fn refusal(&self) -> Option<ErrorData> {
        let lacking = self.lock().lacking.clone();
        if lacking.is_empty() {
            return None;
        }
        let required = serde_json::from_value(Value::Object(lacking)).unwrap_or_default();
        Some(ErrorData::missing_required_client_capability(required))
    }
}

/// An `elicitation/create` request.
pub(crate) fn elicitation(message: &str, schema: &Value) -> Value {
    json!({"method": "elicitation/create", "params": {"mode": "form", "message": message, "requestedSchema": schema}})
}

/// A `sampling/createMessage` request.
pub(crate) fn sampling(prompt: &str, max_tokens: u32) -> Value {
    json!({"method": "sampling/createMessage", "params": {
        "messages": [{"role": "user", "content": {"type": "text", "text": prompt}}],
        "maxTokens": max_tokens
    }})
}

/// A `roots/list` request.
pub(crate) fn roots() -> Value {
    json!({"method": "roots/list", "params": {}})
}

/// How a call in rounds ends.
pub(crate) enum Ended<T> {
    /// It answered.
    Answered(T),
    /// It made a request the client has not answered: the call is
    /// cancelled and dropped, and the round's result says what it wants.
    Wanting,
    /// It asked to become a task, having all it asked for: the call is
    /// cancelled and dropped, to run again in the task.
    BecomingTask,
}

/// Runs `answer` until it is ready or, once a poll leaves it waiting on a
/// request of `round` (every request a `join!` makes together is in by
/// then) or on becoming a task, cancels its call and ends so.
pub(crate) async fn until_wanting<T>(
    answer: impl Future<Output = T>,
    round: &Round,
    handle: CallHandle,
) -> Ended<T> {
    let mut answer = pin!(answer);
    let mut wanted = pin!(round.wanted.notified());
    poll_fn(|cx| {
        if let Poll::Ready(value) = answer.as_mut().poll(cx) {
            return Poll::Ready(Ended::Answered(value));
        }
        // A plain `fn` asks from its own thread: wake when it does.
        while wanted.as_mut().poll(cx).is_ready() {
            wanted.set(round.wanted.notified());
        }
        let (wants, task) = {
            let gathered = round.lock();
            (!gathered.wanted.is_empty(), gathered.task)
        };
        if wants || task {
            handle.cancel();
            return Poll::Ready(if wants {
                Ended::Wanting
            } else {
                Ended::BecomingTask
            });
        }
        Poll::Pending
    })
    .await
}
