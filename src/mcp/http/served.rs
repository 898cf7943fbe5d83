//! A session's transport as this replica serves it. Each message from
//! the client carries the session it came in ([`ServedSession`]), so the
//! handler knows its session whichever request it answers, even one no
//! HTTP request of that session reached here with (the `initialize` of a
//! session this replica opened).
//!
//! And the ids of this replica's requests to the client are told apart
//! from another replica's: rmcp numbers a session's requests to its client
//! (sampling, elicitation, roots) from 0 on each replica, and the client's
//! answer may reach every replica that holds the session (replicas on one
//! Redis hand it on to each other). So each replica sends its ids as
//! `<replica>.<number>`, reads an answer to one of its own back as the
//! number rmcp waits for, and leaves an answer to another replica's to
//! that replica.

use std::sync::Arc;

use rmcp::RoleServer;
use rmcp::model::{JsonRpcMessage, NumberOrString, RequestId, ServerNotification};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;

/// The session a message from the client came in, in its extensions.
#[derive(Debug, Clone)]
#[cfg_attr(
    not(feature = "redis"),
    allow(dead_code, reason = "read by the bus between replicas")
)]
pub(crate) struct ServedSession(pub(crate) Arc<str>);

/// A session's transport: the client's messages tagged with the session,
/// the requests to the client carrying this replica's mark, when it has
/// one.
pub(crate) struct Served<T> {
    inner: T,
    session: ServedSession,
    replica: Option<Arc<str>>,
}

impl<T> Served<T> {
    /// `inner`, the transport of `session`, its requests marked `replica`
    /// (none: left as they are).
    pub(crate) fn new(inner: T, session: &str, replica: Option<Arc<str>>) -> Self {
        Served {
            inner,
            session: ServedSession(session.into()),
            replica,
        }
    }
}

/// `id` as this replica sends it.
fn marked(replica: &str, id: &RequestId) -> RequestId {
    match id {
        NumberOrString::Number(n) => NumberOrString::String(format!("{replica}.{n}").into()),
        NumberOrString::String(_) => id.clone(),
    }
}

/// What an answer's `id` is to this replica.
#[derive(Debug, PartialEq)]
enum Answering {
    /// One of its requests: the id rmcp gave it.
    Ours(RequestId),
    /// Another replica's request.
    Theirs,
    /// No marked id: left as it is.
    Unmarked,
}

fn answering(replica: &str, id: &RequestId) -> Answering {
    let NumberOrString::String(id) = id else {
        return Answering::Unmarked;
    };
    let Some((mark, number)) = id.split_once('.') else {
        return Answering::Unmarked;
    };
    let Ok(number) = number.parse::<i64>() else {
        return Answering::Unmarked;
    };
    if mark == replica {
        Answering::Ours(NumberOrString::Number(number))
    } else {
        Answering::Theirs
    }
}

impl<T> Served<T> {
    /// `message` as rmcp waits for it, tagged with its session; `None` for
    /// an answer to another replica's request.
    fn read(
        &self,
        mut message: RxJsonRpcMessage<RoleServer>,
    ) -> Option<RxJsonRpcMessage<RoleServer>> {
        message.insert_extension(self.session.clone());
        let Some(replica) = self.replica.as_deref() else {
            return Some(message);
        };
        let id = match &mut message {
            JsonRpcMessage::Response(response) => &mut response.id,
            JsonRpcMessage::Error(error) => match &mut error.id {
                Some(id) => id,
                None => return Some(message),
            },
            JsonRpcMessage::Request(_) | JsonRpcMessage::Notification(_) => return Some(message),
        };
        match answering(replica, id) {
            Answering::Ours(number) => *id = number,
            Answering::Theirs => return None,
            Answering::Unmarked => {}
        }
        Some(message)
    }

    /// `message` with this replica's mark on its request's id, or on the
    /// id of the request it cancels.
    fn write(&self, mut message: TxJsonRpcMessage<RoleServer>) -> TxJsonRpcMessage<RoleServer> {
        let Some(replica) = self.replica.as_deref() else {
            return message;
        };
        match &mut message {
            JsonRpcMessage::Request(request) => request.id = marked(replica, &request.id),
            JsonRpcMessage::Notification(notification) => {
                if let ServerNotification::CancelledNotification(cancelled) =
                    &mut notification.notification
                    && let Some(id) = &mut cancelled.params.request_id
                {
                    *id = marked(replica, id);
                }
            }
            JsonRpcMessage::Response(_) | JsonRpcMessage::Error(_) => {}
        }
        message
    }
}

impl<T: Transport<RoleServer>> Transport<RoleServer> for Served<T> {
    type Error = T::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let item = self.write(item);
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            let message = self.inner.receive().await?;
            if let Some(message) = self.read(message) {
                return Some(message);
            }
        }
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_read_back_by_the_replica_that_asked_only() {
        let sent = marked("a1", &NumberOrString::Number(0));
        assert_eq!(sent, NumberOrString::String("a1.0".into()));
        assert_eq!(
            answering("a1", &sent),
            Answering::Ours(NumberOrString::Number(0))
        );
        assert_eq!(answering("b2", &sent), Answering::Theirs);
        for unmarked in [
            NumberOrString::Number(0),
            NumberOrString::String("0".into()),
            NumberOrString::String("a1.x".into()),
            NumberOrString::String("a1.".into()),
        ] {
            assert_eq!(
                answering("a1", &unmarked),
                Answering::Unmarked,
                "{unmarked:?}"
            );
        }
    }
}
