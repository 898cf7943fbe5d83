//! `input_required` rounds (MCP 2026-07-28, SEP-2322): a stateless client
//! cannot answer a request the server sends in the middle of a call, so a
//! tool's `ask`, `sample` and `roots` become the `inputRequests` of an
//! `input_required` result, and the client calls again with their answers
//! in `inputResponses`.
//!
//! The call then runs again from the start: each request the tool makes
//! is named (by the tool, `Call::ask_as`, or in order, `ask-1`), and a
//! request already answered resolves at once. The answers of earlier
//! rounds travel in `requestState`, sealed with a key only this server
//! holds and bound to the tool and its arguments, so a client cannot
//! change them: a `requestState` that fails the seal is `-32602`.

use std::collections::BTreeMap;
use std::future::{Future, poll_fn};
use std::pin::pin;
use std::sync::Mutex;
use std::task::Poll;

use rmcp::model::{
    ClientCapabilities, InputRequest, InputRequests, InputRequiredResult, InputResponses,
    ProtocolVersion, RequestStateCodec, SealOptions,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};
use serde_json::{Value, json};
use tokio::sync::Notify;
use toolsmith_runtime::CallHandle;

/// What a round's `requestState` carries: the answers the call has used.
pub(crate) type Answers = BTreeMap<String, Value>;

/// The seal of every round this server answers.
pub(crate) struct Rounds {
    codec: RequestStateCodec,
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
        }
    }

    /// Rounds sealed with `key` (at least
    /// [`MIN_KEY_LENGTH`](RequestStateCodec::MIN_KEY_LENGTH) bytes): a
    /// `requestState` is good on every server given the same key, as
    /// replicas sharing one Redis are.
    #[cfg(feature = "redis")]
    pub(crate) fn with_key(key: Vec<u8>) -> Option<Rounds> {
        (key.len() >= RequestStateCodec::MIN_KEY_LENGTH).then(|| Rounds {
            codec: RequestStateCodec::new_unchecked(key),
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
        let mut answers: Answers = match state {
            None => Answers::new(),
            Some(sealed) => self
                .codec
                .open_json_with(sealed, request.as_bytes())
                .map_err(|_| {
                    ErrorData::invalid_params(
                        "requestState is not one this server sealed for this request; call again without it",
                        None,
                    )
                })?,
        };
        answers.extend(responses.unwrap_or_default());
        Ok(Some(Round {
            request: request.to_owned(),
            capabilities: context.meta.client_capabilities().unwrap_or_default(),
            answers,
            may_become_task: false,
            gathered: Mutex::default(),
            wanted: Notify::new(),
        }))
    }

    /// The `input_required` result of a round that ended wanting input.
    pub(crate) fn result(&self, round: &Round) -> InputRequiredResult {
        let gathered = std::mem::take(&mut *round.lock());
        let state = self
            .codec
            .seal_json_with(
                &gathered.used,
                &SealOptions::new().associated_data(round.request.as_bytes()),
            )
            .unwrap_or_default();
        InputRequiredResult::new(Some(gathered.wanted), Some(state))
    }
}

/// One round of a call: the answers it has, and what it gathers.
pub(crate) struct Round {
    /// The request the state is bound to: method, name and arguments.
    request: String,
    capabilities: ClientCapabilities,
    answers: Answers,
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
    /// when there is none yet (or the answer does not `fit` the request),
    /// `request` noted for the round's result, to be asked again.
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
        if let Some(answer) = self.answers.get(&key).filter(|answer| fits(answer)) {
            gathered.used.insert(key, answer.clone());
            return Input::Answered(answer.clone());
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
