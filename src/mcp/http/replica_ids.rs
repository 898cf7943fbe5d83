//! The ids of a replica's requests to a client, told apart from another
//! replica's. rmcp numbers a session's requests to its client (sampling,
//! elicitation, roots) from 0 on each replica, and the client's answer may
//! reach every replica that holds the session (replicas on one Redis hand
//! it on to each other). So each replica sends its ids as
//! `<replica>.<number>`, reads an answer to one of its own back as the
//! number rmcp waits for, and leaves an answer to another replica's to
//! that replica.

use std::sync::Arc;

use rmcp::RoleServer;
use rmcp::model::{JsonRpcMessage, NumberOrString, RequestId, ServerNotification};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;

/// A session's transport whose requests to the client carry this
/// replica's mark, when it has one.
pub(crate) struct ReplicaIds<T> {
    inner: T,
    replica: Option<Arc<str>>,
}

impl<T> ReplicaIds<T> {
    /// `inner`, its requests marked `replica` (none: left as they are).
    pub(crate) fn new(inner: T, replica: Option<Arc<str>>) -> Self {
        ReplicaIds { inner, replica }
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

impl<T> ReplicaIds<T> {
    /// `message` as rmcp waits for it; `None` for an answer to another
    /// replica's request.
    fn read(
        &self,
        mut message: RxJsonRpcMessage<RoleServer>,
    ) -> Option<RxJsonRpcMessage<RoleServer>> {
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

impl<T: Transport<RoleServer>> Transport<RoleServer> for ReplicaIds<T> {
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
