//! The events of 2025-era sessions' streams, kept in Redis so that a
//! client whose event stream was cut resumes it with `Last-Event-ID` on
//! any replica: rmcp's [`EventStore`].
//!
//! Each event a replica sends on a stream is first added to the Redis
//! stream `<prefix>:events:<stream>`, and its id is the stream's name and
//! the id Redis gave it: `<stream>#<id>`. A resume replays the events
//! that followed, then follows the stream as any replica adds to it: the
//! stream of a request until its answer, the session's own stream (`GET`)
//! until the client leaves it.
//!
//! Kept: the last [`KEPT_EVENTS`] events of a stream, for
//! [`REQUEST_KEPT_FOR`] after its last on a request's stream and
//! [`SESSION_KEPT_FOR`] on a session's own. A Redis out of reach costs resumption only: the event
//! is sent all the same, with an id that resumes from the events added
//! after the resume, and a line on stderr says so.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use rmcp::model::ServerJsonRpcMessage;
use rmcp::transport::streamable_http_server::session::{
    EventId, EventStore, EventStoreError, EventStream, ServerSseMessage,
};
use tokio::sync::mpsc;

use super::connection::Connection;
use crate::mcp::http::sessions::{COMMON_STREAM, event_stream};

/// How many events of one stream are kept, at most (Redis trims past it).
const KEPT_EVENTS: usize = 256;

/// How long a request's stream is kept after its last event: as long as
/// rmcp keeps one in memory.
const REQUEST_KEPT_FOR: Duration = Duration::from_secs(60);

/// How long a session's own stream is kept after its last event.
const SESSION_KEPT_FOR: Duration = Duration::from_secs(10 * 60);

/// How often a followed stream is read for what other replicas added.
const FOLLOW_EVERY: Duration = Duration::from_millis(100);

/// How many events one read returns, at most.
const READ_AT_ONCE: usize = 64;

/// The id of an event that Redis did not keep: a resume from it follows
/// the stream from its last event then.
const NOT_KEPT: &str = "unkept";

/// The events of every replica's streams, under `<prefix>:events:`.
#[derive(Clone)]
pub(crate) struct RedisEvents {
    connection: Connection,
    prefix: Arc<str>,
}

/// One event as Redis returns it: its id and its fields, name then value.
type Entry = (String, Vec<String>);

impl RedisEvents {
    pub(super) fn new(connection: Connection, prefix: &str) -> RedisEvents {
        RedisEvents {
            connection,
            prefix: prefix.into(),
        }
    }

    fn key(&self, stream: &str) -> String {
        format!("{}:events:{stream}", self.prefix)
    }

    /// Adds `event` to `stream`; the id Redis gave it.
    async fn add(&self, stream: &str, event: &ServerSseMessage) -> Result<String, EventStoreError> {
        let key = self.key(stream);
        let mut add = redis::cmd("XADD");
        add.arg(&key)
            .arg("MAXLEN")
            .arg("~")
            .arg(KEPT_EVENTS)
            .arg("*");
        match &event.message {
            Some(message) => add.arg("message").arg(serde_json::to_string(message)?),
            None => add.arg("message").arg(""),
        };
        if let Some(retry) = event.retry {
            add.arg("retry").arg(millis(retry));
        }
        let mut pipe = redis::pipe();
        pipe.add_command(add)
            .pexpire(
                &key,
                i64::try_from(millis(kept_for(stream))).unwrap_or(i64::MAX),
            )
            .ignore();
        let (id,): (String,) = self.connection.query(&pipe).await?;
        Ok(id)
    }

    /// The events of `key` after `from` (`-` for all).
    async fn after(&self, key: &str, from: &str) -> Result<Vec<Entry>, redis::RedisError> {
        let start = if from == "-" {
            from.to_owned()
        } else {
            format!("({from}")
        };
        let mut read = redis::cmd("XRANGE");
        read.arg(key)
            .arg(start)
            .arg("+")
            .arg("COUNT")
            .arg(READ_AT_ONCE);
        let mut pipe = redis::pipe();
        pipe.add_command(read);
        let (entries,): (Vec<Entry>,) = self.connection.query(&pipe).await?;
        Ok(entries)
    }

    /// Whether Redis keeps `key` at all.
    async fn kept(&self, key: &str) -> Result<bool, redis::RedisError> {
        let (kept,): (bool,) = self.connection.query(redis::pipe().exists(key)).await?;
        Ok(kept)
    }

    /// The id of `key`'s last event, `-` when it has none.
    async fn last(&self, key: &str) -> Result<String, redis::RedisError> {
        let mut read = redis::cmd("XREVRANGE");
        read.arg(key).arg("+").arg("-").arg("COUNT").arg(1);
        let mut pipe = redis::pipe();
        pipe.add_command(read);
        let (last,): (Vec<Entry>,) = self.connection.query(&pipe).await?;
        Ok(last
            .into_iter()
            .next()
            .map_or_else(|| "-".to_owned(), |(id, _)| id))
    }
}

/// How long `stream`'s events are kept after its last.
fn kept_for(stream: &str) -> Duration {
    if stream.ends_with(COMMON_STREAM) {
        SESSION_KEPT_FOR
    } else {
        REQUEST_KEPT_FOR
    }
}

/// Milliseconds, as Redis takes them.
fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// The event `entry` of `stream`, as it was sent.
fn event_of(stream: &str, (id, fields): Entry) -> ServerSseMessage {
    let mut event = ServerSseMessage::retry(Duration::ZERO);
    event.retry = None;
    event.event_id = Some(format!("{stream}#{id}"));
    for pair in fields.chunks_exact(2) {
        match pair[0].as_str() {
            "message" => {
                event.message = serde_json::from_str::<ServerJsonRpcMessage>(&pair[1])
                    .ok()
                    .map(Arc::new);
            }
            "retry" => event.retry = pair[1].parse().ok().map(Duration::from_millis),
            _ => {}
        }
    }
    event
}

/// Whether `event` answers the request whose stream it is on, and so
/// ends that stream.
fn answers(event: &ServerSseMessage) -> bool {
    matches!(
        event.message.as_deref(),
        Some(ServerJsonRpcMessage::Response(_) | ServerJsonRpcMessage::Error(_))
    )
}

/// `from` as a Redis stream id to read after, checked.
fn redis_id(from: &str) -> Option<&str> {
    let (ms, seq) = from.split_once('-')?;
    let digits = |part: &str| {
        !part.is_empty() && part.len() <= 20 && part.bytes().all(|b| b.is_ascii_digit())
    };
    (digits(ms) && digits(seq)).then_some(from)
}

/// Why a `Last-Event-ID` was not resumed.
fn refused(why: &str) -> EventStoreError {
    why.into()
}

/// Sends the events of `key` after `from` on `sent`, as other replicas add
/// them, until the client leaves or (for a request's stream) the answer is
/// sent.
async fn follow(
    events: RedisEvents,
    stream: String,
    key: String,
    mut from: String,
    sent: mpsc::Sender<ServerSseMessage>,
) {
    let ends_with_answer = !stream.ends_with(COMMON_STREAM);
    let mut failing = false;
    loop {
        match events.after(&key, &from).await {
            Ok(entries) => {
                failing = false;
                let read = entries.len();
                for entry in entries {
                    from.clone_from(&entry.0);
                    let event = event_of(&stream, entry);
                    let last = ends_with_answer && answers(&event);
                    if sent.send(event).await.is_err() || last {
                        return;
                    }
                }
                if read == READ_AT_ONCE {
                    continue;
                }
            }
            Err(err) => {
                if !failing {
                    eprintln!(
                        "toolsmith: the event log did not answer: {err}; a resumed stream \
                         waits for it"
                    );
                }
                failing = true;
            }
        }
        tokio::select! {
            () = sent.closed() => return,
            () = tokio::time::sleep(FOLLOW_EVERY) => {}
        }
    }
}

/// A stream of what arrives on `received`.
struct Received(mpsc::Receiver<ServerSseMessage>);

impl futures_core::Stream for Received {
    type Item = ServerSseMessage;

    fn poll_next(
        mut self: Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<ServerSseMessage>> {
        self.0.poll_recv(cx)
    }
}

/// What each method of the store returns, as rmcp's trait has it.
type Answer<'a, T> = Pin<Box<dyn Future<Output = Result<T, EventStoreError>> + Send + 'a>>;

impl EventStore for RedisEvents {
    fn store_event<'life0, 'life1, 'life2, 'async_trait>(
        &'life0 self,
        stream_id: &'life1 str,
        event: &'life2 ServerSseMessage,
    ) -> Answer<'async_trait, EventId>
    where
        'life0: 'async_trait,
        'life1: 'async_trait,
        'life2: 'async_trait,
        Self: 'async_trait,
    {
        Box::pin(async move {
            let id = match self.add(stream_id, event).await {
                Ok(id) => id,
                Err(err) => {
                    eprintln!(
                        "toolsmith: the event log did not answer: {err}; the event is sent, \
                         and a client that resumes after it misses what was sent meanwhile"
                    );
                    NOT_KEPT.to_owned()
                }
            };
            Ok(format!("{stream_id}#{id}"))
        })
    }

    fn replay_events_after<'life0, 'life1, 'async_trait>(
        &'life0 self,
        last_event_id: &'life1 str,
    ) -> Answer<'async_trait, EventStream>
    where
        'life0: 'async_trait,
        'life1: 'async_trait,
        Self: 'async_trait,
    {
        Box::pin(async move {
            let stream = event_stream(last_event_id)
                .ok_or_else(|| refused("Last-Event-ID is no event id of this server"))?;
            let from = &last_event_id[stream.len() + 1..];
            let key = self.key(stream);
            let from = if from == NOT_KEPT {
                self.last(&key).await?
            } else {
                redis_id(from)
                    .ok_or_else(|| refused("Last-Event-ID is no event id of this server"))?
                    .to_owned()
            };
            // A request's stream no longer kept is over: say so now, rather
            // than follow it for events that never come.
            if !stream.ends_with(COMMON_STREAM) && !self.kept(&key).await? {
                return Err(refused("the events of this stream are no longer kept"));
            }
            let (sent, received) = mpsc::channel(READ_AT_ONCE);
            let following = follow(self.clone(), stream.to_owned(), key, from, sent);
            tokio::spawn(following);
            Ok(Box::pin(Received(received)) as EventStream)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_redis_stream_ids_are_read_after() {
        assert_eq!(redis_id("1733250000000-0"), Some("1733250000000-0"));
        for hostile in ["", "-", "1-", "-1", "1-2-3", "+", "1 -2", "(1-0", "1-0\r\n"] {
            assert_eq!(redis_id(hostile), None, "{hostile:?}");
        }
        assert_eq!(redis_id(&format!("{}-0", "9".repeat(21))), None);
    }

    #[test]
    fn an_answer_ends_a_request_stream_and_a_notification_does_not() {
        let answer: ServerJsonRpcMessage =
            serde_json::from_str(r#"{"jsonrpc":"2.0","id":2,"result":{}}"#).unwrap();
        let note: ServerJsonRpcMessage = serde_json::from_str(
            r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}"#,
        )
        .unwrap();
        let event = ServerSseMessage::from_message;
        assert!(answers(&event(answer)));
        assert!(!answers(&event(note)));
    }

    #[test]
    fn an_entry_reads_back_as_the_event_sent() {
        let entry = (
            "5-1".to_owned(),
            vec![
                "message".to_owned(),
                r#"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#.to_owned(),
                "retry".to_owned(),
                "3000".to_owned(),
            ],
        );
        let event = event_of("s:common", entry);
        assert_eq!(event.event_id.as_deref(), Some("s:common#5-1"));
        assert_eq!(event.retry, Some(Duration::from_secs(3)));
        assert_eq!(
            serde_json::to_string(event.message.as_deref().unwrap()).unwrap(),
            r#"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#
        );
    }
}
