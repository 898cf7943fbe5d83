//! Newline-delimited JSON-RPC on a byte stream (MCP's stdio transport),
//! where every line gets an answer.
//!
//! rmcp's own stdio transport drops a line it cannot parse, and one over its
//! size cap, without a word, and the client waits forever for an answer.
//! This one reads the lines itself: a line that is not JSON is answered
//! `-32700 Parse error` with the reason, one that is JSON but no JSON-RPC
//! message `-32600 Invalid Request`, and a line over the cap `-32600` too,
//! without ever holding more than the cap of it in memory. Each error
//! carries the request's `id` when it can be read from the line, `null`
//! otherwise.

use std::io;

use rmcp::RoleServer;
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use super::call_fields::{INVALID_PARAMS, mistyped_call};
use super::recover_id::recover_id;

/// How much of a line over the cap is kept, to find its `id`.
const KEPT_PREFIX: usize = 64 * 1024;

/// Outgoing lines queued for the writer before senders wait.
const QUEUE: usize = 64;

/// A byte stream the server reads its requests from.
pub(crate) type Input = Box<dyn AsyncRead + Send + Unpin>;
/// A byte stream the server writes its answers to.
pub(crate) type Output = Box<dyn AsyncWrite + Send + Unpin>;

/// JSON-RPC's code for a line that is not JSON.
pub(crate) const PARSE_ERROR: i64 = -32700;
/// JSON-RPC's code for JSON that is not a valid message.
pub(crate) const INVALID_REQUEST: i64 = -32600;

/// The MCP server side of a newline-delimited stream: reads requests from
/// one stream, writes answers to another, each in a task of its own, so that reading
/// and parsing a large line never holds up the answers going out.
pub(crate) struct LineTransport {
    incoming: mpsc::Receiver<RxJsonRpcMessage<RoleServer>>,
    out: Option<mpsc::Sender<Vec<u8>>>,
    reader: JoinHandle<()>,
    writer: Option<JoinHandle<io::Result<()>>>,
}

impl LineTransport {
    /// Reads lines of at most `max_line` bytes from `read`; writes to
    /// `write`.
    pub(crate) fn new(read: Input, write: Output, max_line: usize) -> Self {
        let (out, queue) = mpsc::channel(QUEUE);
        let (deliver, incoming) = mpsc::channel(QUEUE);
        let reader = Reader {
            read: BufReader::new(read),
            line: Vec::new(),
            max_line,
            oversized: None,
            out: out.clone(),
            deliver,
        };
        LineTransport {
            incoming,
            out: Some(out),
            reader: tokio::spawn(reader.run()),
            writer: Some(tokio::spawn(write_lines(write, queue))),
        }
    }
}

/// Reads the lines, answers those that are no message, delivers the rest.
struct Reader {
    read: BufReader<Input>,
    line: Vec<u8>,
    max_line: usize,
    /// Inside a line over the cap: the bytes kept to find its `id`.
    oversized: Option<Vec<u8>>,
    out: mpsc::Sender<Vec<u8>>,
    deliver: mpsc::Sender<RxJsonRpcMessage<RoleServer>>,
}

/// Writes each queued line, flushing whenever the queue runs empty.
async fn write_lines(mut write: Output, mut queue: mpsc::Receiver<Vec<u8>>) -> io::Result<()> {
    while let Some(line) = queue.recv().await {
        write.write_all(&line).await?;
        if queue.is_empty() {
            write.flush().await?;
        }
    }
    write.flush().await
}

/// What one read from the stream came to.
enum Read {
    /// A whole line is in `self.line` (newline stripped).
    Line,
    /// A line over the cap ended; the bytes kept from its start.
    Oversized(Vec<u8>),
    Eof,
}

impl Reader {
    /// Until the end of input: each line delivered or answered.
    async fn run(mut self) {
        loop {
            match self.read_line().await {
                Ok(Read::Line) => {
                    if let Some(message) = self.message().await
                        && self.deliver.send(message).await.is_err()
                    {
                        return;
                    }
                }
                Ok(Read::Oversized(kept)) => {
                    let id = recover_id(&kept);
                    let message = format!(
                        "Invalid Request: the message is larger than the limit of {} bytes",
                        self.max_line
                    );
                    self.answer_error(id, INVALID_REQUEST, message).await;
                }
                Ok(Read::Eof) => return,
                Err(err) => {
                    eprintln!("mcp: cannot read the next message: {err}");
                    return;
                }
            }
        }
    }

    /// Reads up to the next newline, never buffering more than the cap.
    async fn read_line(&mut self) -> io::Result<Read> {
        loop {
            let available = self.read.fill_buf().await?;
            if available.is_empty() {
                // A last line without a newline still counts.
                if let Some(kept) = self.oversized.take() {
                    return Ok(Read::Oversized(kept));
                }
                return Ok(if self.line.is_empty() {
                    Read::Eof
                } else {
                    Read::Line
                });
            }
            let newline = available.iter().position(|&b| b == b'\n');
            let chunk = &available[..newline.unwrap_or(available.len())];
            let used = newline.map_or(chunk.len(), |i| i + 1);
            if let Some(kept) = &mut self.oversized {
                let room = KEPT_PREFIX.saturating_sub(kept.len());
                kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
            } else if self.line.len() + chunk.len() > self.max_line {
                let mut kept = std::mem::take(&mut self.line);
                kept.truncate(KEPT_PREFIX);
                let room = KEPT_PREFIX.saturating_sub(kept.len());
                kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
                self.line = Vec::new();
                self.oversized = Some(kept);
            } else {
                self.line.extend_from_slice(chunk);
            }
            self.read.consume(used);
            if newline.is_some() {
                return Ok(match self.oversized.take() {
                    Some(kept) => Read::Oversized(kept),
                    None => Read::Line,
                });
            }
        }
    }

    /// Sends a JSON-RPC error answer.
    async fn answer_error(&mut self, id: Option<Value>, code: i64, message: String) {
        let reply = json!({
            "jsonrpc": "2.0",
            "id": id.unwrap_or(Value::Null),
            "error": { "code": code, "message": message },
        });
        let mut line = reply.to_string().into_bytes();
        line.push(b'\n');
        // A closed writer means the connection is gone: nothing to answer.
        let _ = self.out.send(line).await;
    }

    /// The message on one whole line, or the error answer queued for it.
    async fn message(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        let line = std::mem::take(&mut self.line);
        let text = trim_line(&line);
        if text.iter().all(u8::is_ascii_whitespace) {
            self.line = reuse(line);
            return None;
        }
        let parsed = match parse_json(text) {
            Ok(value) => value,
            Err(reason) => {
                let id = recover_id(text);
                self.line = reuse(line);
                self.answer_error(id, PARSE_ERROR, format!("Parse error: {reason}"))
                    .await;
                return None;
            }
        };
        self.line = reuse(line);
        let id = parsed.get("id").and_then(request_id);
        let notification = parsed.get("id").is_none() && parsed.get("method").is_some();
        if let Some(line) = mistyped_call(&parsed) {
            self.answer_error(id, INVALID_PARAMS, line).await;
            return None;
        }
        let reason = invalid_request_reason(&parsed);
        match serde_json::from_value::<RxJsonRpcMessage<RoleServer>>(parsed) {
            Ok(message) => Some(message),
            // A notification is never answered, not even when malformed.
            Err(_) if notification => None,
            Err(_) => {
                let message = format!("Invalid Request: {reason}");
                self.answer_error(id, INVALID_REQUEST, message).await;
                None
            }
        }
    }
}

/// Clears a line buffer for the next line, keeping a modest allocation.
fn reuse(mut line: Vec<u8>) -> Vec<u8> {
    line.clear();
    if line.capacity() > KEPT_PREFIX {
        line.shrink_to(KEPT_PREFIX);
    }
    line
}

/// The line without a trailing `\r` or a leading byte-order mark.
fn trim_line(line: &[u8]) -> &[u8] {
    strip_bom(line.strip_suffix(b"\r").unwrap_or(line))
}

/// A message without its leading UTF-8 byte-order mark, if it has one:
/// RFC 8259 lets a parser ignore it, and a client on Windows may write
/// one; stdio and HTTP both do.
pub(crate) fn strip_bom(message: &[u8]) -> &[u8] {
    message.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(message)
}

/// Parses one line as JSON, or says why it is not JSON (`duplicate key
/// "name" at line 1 column 40; send each key once`), with the parser every
/// host shares. A message nests its arguments three levels down
/// (`params.arguments`), so the line may nest that much deeper than the
/// arguments' own limit, which the tool set then states in its line.
pub(crate) fn parse_json(line: &[u8]) -> Result<Value, String> {
    let limits = toolsmith_runtime::JsonLimits {
        max_depth: toolsmith_runtime::JsonLimits::DEFAULT_MAX_DEPTH + 3,
        ..Default::default()
    };
    toolsmith_runtime::parse_json_text(line, &limits).map_err(|err| {
        // "Parse error: " already says it is not valid JSON.
        let reason = err.to_string();
        match reason.strip_prefix("not valid JSON: ") {
            Some(rest) => rest.to_owned(),
            None => reason,
        }
    })
}

/// Why valid JSON is not a JSON-RPC message, in a few words.
pub(crate) fn invalid_request_reason(value: &Value) -> String {
    let Some(object) = value.as_object() else {
        return "a message is one JSON object per line (no batches)".into();
    };
    if object.get("jsonrpc") != Some(&json!("2.0")) {
        return "\"jsonrpc\" must be \"2.0\"".into();
    }
    if object.get("id").is_some_and(|id| !is_request_id(id)) {
        return format!(
            "\"id\" must be a string or an integer from {} to {}",
            i64::MIN,
            i64::MAX
        );
    }
    match object.get("method") {
        Some(Value::String(_)) => "the params do not fit the method".into(),
        Some(_) => "\"method\" must be a string".into(),
        None if object.contains_key("result") || object.contains_key("error") => {
            "not a response to a request of ours".into()
        }
        None => "a request needs a \"method\"".into(),
    }
}

/// Whether `id` is one the server can answer under: a string, or an
/// integer of 64 signed bits (what MCP's request ids are read as).
fn is_request_id(id: &Value) -> bool {
    id.is_string() || id.is_i64()
}

/// The `id` an error answers under: the request's own when it is a string
/// or an integer (an integer past 64 signed bits too, so that the client
/// waiting on it is told why), `None` otherwise.
pub(crate) fn request_id(id: &Value) -> Option<Value> {
    (id.is_string() || id.is_i64() || id.is_u64()).then(|| id.clone())
}

impl Transport<RoleServer> for LineTransport {
    type Error = io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), io::Error>> + Send + 'static {
        let out = self.out.clone();
        let line = serde_json::to_vec(&item).map(|mut line| {
            line.push(b'\n');
            line
        });
        async move {
            let line = line.map_err(io::Error::other)?;
            let closed = || io::Error::new(io::ErrorKind::BrokenPipe, "the transport is closed");
            out.ok_or_else(closed)?
                .send(line)
                .await
                .map_err(|_| closed())
        }
    }

    /// Cancel-safe, as rmcp needs: a message waits in the channel.
    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        self.incoming.recv().await
    }

    async fn close(&mut self) -> Result<(), io::Error> {
        // The reader holds a way to the writer: stop it, then let the
        // writer finish what is queued.
        self.reader.abort();
        drop(self.out.take());
        match self.writer.take() {
            Some(writer) => writer.await.map_err(io::Error::other)?,
            None => Ok(()),
        }
    }
}
