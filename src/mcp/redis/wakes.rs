//! One subscription per store to every task's wake channel
//! (`PSUBSCRIBE <prefix>:wake:*`), handing each message to the runner of
//! that task in this process; made again whenever the connection is lost
//! (runners read their records every second meanwhile).

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use futures_core::Stream;
use tokio::sync::mpsc;

use crate::mcp::tasks::Wakes;

/// The runners of this process that listen, by task id.
type Runners = Arc<Mutex<HashMap<String, mpsc::Sender<()>>>>;

/// The subscription, made when a runner first listens (in a tokio
/// runtime), stopped when the store is dropped.
pub(super) struct Listener {
    runners: Runners,
    client: redis::Client,
    channel: String,
    task: OnceLock<tokio::task::JoinHandle<()>>,
}

impl Drop for Listener {
    fn drop(&mut self) {
        if let Some(task) = self.task.get() {
            task.abort();
        }
    }
}

impl Listener {
    /// Listens on the channels that start with `channel`, once asked.
    pub(super) fn new(client: redis::Client, channel: String) -> Listener {
        Listener {
            runners: Arc::default(),
            client,
            channel,
            task: OnceLock::new(),
        }
    }

    /// The wakes of task `id`.
    pub(super) fn wakes(&self, id: &str) -> Wakes {
        self.task.get_or_init(|| {
            let (client, channel) = (self.client.clone(), self.channel.clone());
            tokio::spawn(listen(client, channel, Arc::clone(&self.runners)))
        });
        let (wake, wakes) = mpsc::channel(1);
        let mut runners = self.runners.lock().unwrap_or_else(PoisonError::into_inner);
        runners.retain(|_, wake| !wake.is_closed());
        runners.insert(id.to_owned(), wake);
        Wakes::new(wakes)
    }
}

/// Subscribes, hands on each message, and subscribes again after a loss.
async fn listen(client: redis::Client, channel: String, runners: Runners) {
    let mut wait = Duration::from_millis(100);
    loop {
        if let Ok(mut pubsub) = client.get_async_pubsub().await
            && pubsub.psubscribe(format!("{channel}*")).await.is_ok()
        {
            wait = Duration::from_millis(100);
            let mut messages = pubsub.into_on_message();
            while let Some(message) =
                std::future::poll_fn(|cx| Pin::new(&mut messages).poll_next(cx)).await
            {
                let Some(id) = message.get_channel_name().strip_prefix(&channel) else {
                    continue;
                };
                let runners = runners.lock().unwrap_or_else(PoisonError::into_inner);
                if let Some(wake) = runners.get(id) {
                    let _ = wake.try_send(());
                }
            }
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(2));
    }
}
