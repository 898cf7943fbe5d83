//! The bus between the replicas on one Redis, over pub/sub: a client's
//! answer to a server's request (sampling, elicitation, roots), posted to
//! any replica, is published on its session's channel
//! (`<prefix>:bus:session:<id>`) and handed by every other replica that
//! holds the session to it, so the replica waiting for the answer has it;
//! a change to the tools on one replica is published on
//! `<prefix>:bus:tools`, and every other replica tells its own clients
//! with `notifications/tools/list_changed`; a log message a call sends,
//! which rmcp sends on the session's event stream (`GET`), is published
//! on its session's channel when that stream is not open on the replica
//! that runs the call, and the replica that holds it sends it there. A
//! replica that has no stream of the session open yet keeps its messages
//! for [`KEPT`] (at most [`RELAYED`] of them), and sends them when the
//! stream opens there, as rmcp does with its own.
//!
//! A replica skips what it published itself. The subscription is made
//! again whenever the connection is lost; what is published meanwhile is
//! lost (a publish that fails is a line on stderr, never an error to the
//! request).

#![allow(deprecated)] // logging, deprecated for protocol versions to come

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use futures_core::Stream;
use redis::AsyncCommands;
use rmcp::RoleServer;
use rmcp::model::{ClientJsonRpcMessage, LoggingMessageNotificationParam};
use rmcp::service::Peer;
use rmcp::transport::streamable_http_server::session::{SessionId, SessionManager};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::mpsc;

use crate::mcp::call::client_call::Relay;
use crate::mcp::http::sessions::CappedSessions;
use crate::mcp::http::streams::Streams;
use crate::mcp::server::live_tools::LiveTools;

/// How many log messages of one call wait to be published, at most.
const RELAYED: usize = 64;

/// How long a log message for a session whose stream is not open here
/// is kept, for the stream that may open here.
const KEPT: Duration = Duration::from_secs(10);

/// How long a log message from another replica may wait for the event
/// stream here to take it.
const SENDING: Duration = Duration::from_secs(1);

/// What one replica tells the others.
#[derive(Serialize, Deserialize)]
struct Post {
    /// The replica that published it.
    from: String,
    /// A client's answer, for the session the channel names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    answer: Option<Value>,
    /// A log message of a call in the session the channel names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    note: Option<LoggingMessageNotificationParam>,
}

/// This replica's end of the bus.
pub(crate) struct Bus {
    client: redis::Client,
    connection: super::connection::Connection,
    /// The channels, `<prefix>:bus:`.
    channel: String,
    /// This replica, random, so that it skips its own posts.
    replica: String,
    /// The sessions served here, by id, for the log messages of calls
    /// elsewhere.
    peers: Mutex<HashMap<String, Peer<RoleServer>>>,
    /// The event streams open here.
    streams: Arc<Streams>,
    /// The log messages for sessions whose stream is not open here (yet),
    /// by session, with when the first came.
    kept: Mutex<HashMap<String, (Instant, Vec<LoggingMessageNotificationParam>)>>,
}

impl std::fmt::Debug for Bus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bus")
            .field("channel", &self.channel)
            .field("replica", &self.replica)
            .finish_non_exhaustive()
    }
}

impl Bus {
    pub(super) fn new(
        client: redis::Client,
        connection: super::connection::Connection,
        prefix: &str,
        streams: Arc<Streams>,
    ) -> Bus {
        Bus {
            client,
            connection,
            channel: format!("{prefix}:bus:"),
            replica: replica_id(),
            peers: Mutex::default(),
            streams,
            kept: Mutex::default(),
        }
    }

    /// `session` is served here by `peer`.
    pub(crate) fn joined(&self, session: &str, peer: Peer<RoleServer>) {
        let mut peers = self.peers.lock().unwrap_or_else(PoisonError::into_inner);
        peers.retain(|_, peer| !peer.is_transport_closed());
        peers.insert(session.to_owned(), peer);
        drop(peers);
        // Its stream may have opened here before the session was served.
        if self.streams.holds(session) {
            self.stream_opened(session);
        }
    }

    /// What publishes each log message of a call in `session`, in order,
    /// from one task that ends with the call's notes; a message that finds
    /// [`RELAYED`] of them waiting is dropped.
    pub(crate) fn relay(self: &Arc<Self>, session: &str) -> Option<Relay> {
        if self.streams.holds(session) {
            return None;
        }
        let runtime = tokio::runtime::Handle::try_current().ok()?;
        let (bus, channel) = (
            Arc::clone(self),
            format!("{}session:{session}", self.channel),
        );
        let (notes, mut waiting) = mpsc::channel::<Post>(RELAYED);
        runtime.spawn(async move {
            while let Some(post) = waiting.recv().await {
                bus.publish(channel.clone(), &post).await;
            }
        });
        let replica = self.replica.clone();
        Some(Arc::new(move |note: &LoggingMessageNotificationParam| {
            let _ = notes.try_send(Post {
                from: replica.clone(),
                answer: None,
                note: Some(note.clone()),
            });
        }))
    }

    /// Publishes `answer`, a client's answer to a server's request in
    /// `session`, for the replica that waits for it.
    pub(crate) async fn answered(&self, session: &str, answer: &Value) {
        let post = Post {
            from: self.replica.clone(),
            answer: Some(answer.clone()),
            note: None,
        };
        self.publish(format!("{}session:{session}", self.channel), &post)
            .await;
    }

    /// Publishes that this replica's tools changed.
    pub(crate) async fn tools_changed(&self) {
        let post = Post {
            from: self.replica.clone(),
            answer: None,
            note: None,
        };
        self.publish(format!("{}tools", self.channel), &post).await;
    }

    async fn publish(&self, channel: String, post: &Post) {
        let Ok(payload) = serde_json::to_string(post) else {
            return;
        };
        let published: Result<i64, _> = match self.connection.get() {
            Ok(mut connection) => connection.publish(&channel, payload).await,
            Err(err) => Err(err),
        };
        if let Err(err) = published {
            eprintln!("toolsmith: could not tell the other replicas on {channel}: {err}");
        }
    }

    /// Listens for as long as it runs: hands each answer to the session here,
    /// sends each log message to the session's event stream when it is
    /// open here, and tells this replica's clients of each change to the
    /// tools.
    pub(crate) async fn listen(
        self: Arc<Self>,
        sessions: Arc<CappedSessions>,
        tools: Arc<LiveTools>,
    ) {
        let mut wait = Duration::from_millis(100);
        loop {
            if let Ok(mut pubsub) = self.client.get_async_pubsub().await
                && pubsub
                    .psubscribe(format!("{}*", self.channel))
                    .await
                    .is_ok()
            {
                wait = Duration::from_millis(100);
                let mut messages = pubsub.into_on_message();
                while let Some(message) =
                    std::future::poll_fn(|cx| Pin::new(&mut messages).poll_next(cx)).await
                {
                    let Some(name) = message.get_channel_name().strip_prefix(&self.channel) else {
                        continue;
                    };
                    let Ok(payload) = message.get_payload::<String>() else {
                        continue;
                    };
                    let Ok(post) = serde_json::from_str::<Post>(&payload) else {
                        continue;
                    };
                    if post.from == self.replica {
                        continue;
                    }
                    if name == "tools" {
                        tools.tell_clients();
                        continue;
                    }
                    let Some(session) = name.strip_prefix("session:") else {
                        continue;
                    };
                    if let Some(answer) = post.answer {
                        hand_on(&sessions, session, answer).await;
                    }
                    if let Some(note) = post.note {
                        self.send_here(session, note).await;
                    }
                }
            }
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(Duration::from_secs(2));
        }
    }
}

impl Bus {
    /// The session served here as `session`, when it is.
    fn peer(&self, session: &str) -> Option<Peer<RoleServer>> {
        self.peers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(session)
            .cloned()
    }

    /// Sends `note` to `session`'s event stream when it is open here, in
    /// the order the notes came (dropped when the stream takes none for
    /// [`SENDING`]); keeps it otherwise.
    async fn send_here(&self, session: &str, note: LoggingMessageNotificationParam) {
        let peer = self.peer(session).filter(|_| self.streams.holds(session));
        let Some(peer) = peer else {
            let now = Instant::now();
            let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
            kept.retain(|_, (since, _)| now.duration_since(*since) < KEPT);
            let (_, notes) = kept
                .entry(session.to_owned())
                .or_insert_with(|| (now, Vec::new()));
            if notes.len() < RELAYED {
                notes.push(note);
            }
            return;
        };
        let _ = tokio::time::timeout(SENDING, peer.notify_logging_message(note)).await;
    }

    /// `session`'s event stream opened here: the log messages kept for it
    /// are sent to it, in order; while the session is not served here yet,
    /// they are kept until it [joins](Bus::joined).
    pub(crate) fn stream_opened(&self, session: &str) {
        let Some(peer) = self.peer(session) else {
            return;
        };
        let kept = self
            .kept
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(session);
        let Some((since, notes)) = kept else {
            return;
        };
        if since.elapsed() >= KEPT {
            return;
        }
        tokio::spawn(async move {
            for note in notes {
                let _ = tokio::time::timeout(SENDING, peer.notify_logging_message(note)).await;
            }
        });
    }
}

/// A random name for this replica, 24 hex digits.
pub(crate) fn replica_id() -> String {
    let mut id = [0u8; 12];
    // Without randomness, the time and process tell replicas apart.
    if getrandom::fill(&mut id).is_err() {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos());
        id[..8].copy_from_slice(&(nanos as u64).to_le_bytes());
        id[8..].copy_from_slice(&std::process::id().to_le_bytes());
    }
    id.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Hands `answer` to `session`, when this replica holds it.
async fn hand_on(sessions: &CappedSessions, session: &str, answer: Value) {
    let Ok(answer) = serde_json::from_value::<ClientJsonRpcMessage>(answer) else {
        return;
    };
    let id = SessionId::from(session);
    if sessions.has_session(&id).await.unwrap_or(false) {
        let _ = sessions.accept_message(&id, answer).await;
    }
}

/// Whether `message` is a client's answer to a server's request: an id
/// and a result or an error, no method.
pub(crate) fn is_answer(message: &Value) -> bool {
    message.get("method").is_none()
        && message.get("id").is_some()
        && (message.get("result").is_some() || message.get("error").is_some())
}
