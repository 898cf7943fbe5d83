//! A scripted model on loopback, speaking the Anthropic Messages API the
//! agent streams from: each `POST /v1/messages` is answered with the next
//! [`Turn`] of the script as server-sent events (`message_start`, a
//! `content_block_start`/`_delta`/`_stop` per block, `message_delta`,
//! `message_stop`), and every request body is recorded for the test to read
//! what the agent sent the model.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use serde_json::{Value, json};

/// A request body is at most this large; a larger one is refused.
const MAX_BODY: usize = 64 << 20;

/// What the model answers one request with.
#[derive(Debug, Clone)]
pub enum Turn {
    /// Tool calls: `(id, tool name, input)` each, stop reason `tool_use`.
    Tools(Vec<(&'static str, &'static str, Value)>),
    /// A text answer, stop reason `end_turn`.
    Text(&'static str),
}

impl Turn {
    /// One `Bash` call of `command`, with the id `id`.
    pub fn bash(id: &'static str, command: &str) -> Turn {
        Turn::Tools(vec![(
            id,
            "Bash",
            json!({ "command": command, "description": "run it" }),
        )])
    }
}

/// The answer once the script is over.
const SCRIPT_OVER: &str = "(the scripted model has nothing more to say)";

#[derive(Default)]
struct State {
    script: Vec<Turn>,
    requests: Vec<Value>,
}

/// The running model; stops when dropped.
pub struct Model {
    server: Loopback,
    state: Arc<Mutex<State>>,
}

impl Model {
    /// Listens on a free loopback port and answers with `script`, in order.
    pub fn start(script: Vec<Turn>) -> Model {
        let mut script = script;
        script.reverse();
        let state = Arc::new(Mutex::new(State {
            script,
            requests: Vec::new(),
        }));
        let server = {
            let state = state.clone();
            Loopback::start(move |path, body, out| serve(path, body, out, &state))
        };
        Model { server, state }
    }

    /// `http://127.0.0.1:PORT`, for `ANTHROPIC_BASE_URL`.
    pub fn base_url(&self) -> String {
        self.server.base_url()
    }

    /// The bodies of the `/v1/messages` requests received, in order.
    pub fn requests(&self) -> Vec<Value> {
        self.state.lock().unwrap().requests.clone()
    }
}

/// What a [`Loopback`] server does with each request: its path and body,
/// and the stream to write the whole response on.
type Answer = dyn Fn(&str, &[u8], &mut TcpStream) -> std::io::Result<()> + Send + Sync;

/// An HTTP/1.1 server on a free loopback port, one thread per connection,
/// one exchange per connection; stops when dropped. The models of every
/// agent's API answer through it.
pub struct Loopback {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    accept: Option<JoinHandle<()>>,
}

impl Loopback {
    /// Listens, and hands each request to `answer`.
    pub fn start(
        answer: impl Fn(&str, &[u8], &mut TcpStream) -> std::io::Result<()> + Send + Sync + 'static,
    ) -> Loopback {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let addr = listener.local_addr().unwrap();
        let answer: Arc<Answer> = Arc::new(answer);
        let stop = Arc::new(AtomicBool::new(false));
        let accept = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                for stream in listener.incoming() {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let Ok(stream) = stream else { continue };
                    let answer = answer.clone();
                    std::thread::spawn(move || {
                        let _ = exchange(stream, &*answer);
                    });
                }
            })
        };
        Loopback {
            addr,
            stop,
            accept: Some(accept),
        }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for Loopback {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accept loop so that it sees the flag.
        let _ = TcpStream::connect(self.addr);
        if let Some(accept) = self.accept.take() {
            let _ = accept.join();
        }
    }
}

/// One HTTP/1.1 exchange: the request read, then answered; the connection
/// is closed after it.
fn exchange(stream: TcpStream, answer: &Answer) -> std::io::Result<()> {
    let (path, body) = read_request(&stream)?;
    let mut out = stream;
    answer(&path, &body, &mut out)
}

/// A request's path and body (at most [`MAX_BODY`] bytes, by length or
/// chunked).
fn read_request(stream: &TcpStream) -> std::io::Result<(String, Vec<u8>)> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    let mut content_length = 0usize;
    let mut chunked = false;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line == "\r\n" || line == "\n" {
            break;
        }
        let (name, value) = line.split_once(':').unwrap_or((&line, ""));
        let value = value.trim();
        if name.eq_ignore_ascii_case("content-length") {
            content_length = value.parse().unwrap_or(0);
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            chunked = value.eq_ignore_ascii_case("chunked");
        }
    }
    let body = if chunked {
        read_chunked(&mut reader)?
    } else {
        let mut body = vec![0; content_length.min(MAX_BODY)];
        reader.read_exact(&mut body)?;
        body
    };
    let path = request_line.split(' ').nth(1).unwrap_or("").to_owned();
    Ok((path, body))
}

/// A Messages API request, answered with the script's next turn (the
/// response has no length: it ends with the connection).
fn serve(
    path: &str,
    body: &[u8],
    out: &mut TcpStream,
    state: &Mutex<State>,
) -> std::io::Result<()> {
    if !path.starts_with("/v1/messages") {
        return not_found(out);
    }
    if path.starts_with("/v1/messages/count_tokens") {
        return respond_json(out, &json!({ "input_tokens": 1 }));
    }
    let request: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let turn = {
        let mut state = state.lock().unwrap();
        state.requests.push(request.clone());
        state.script.pop()
    };
    let turn = turn.unwrap_or(Turn::Text(SCRIPT_OVER));
    let model = request["model"].as_str().unwrap_or("scripted").to_owned();
    if request["stream"] == true {
        respond_stream(out, &model, &turn)
    } else {
        respond_json(out, &message(&model, &turn))
    }
}

fn read_chunked(reader: &mut impl BufRead) -> std::io::Result<Vec<u8>> {
    let mut body = Vec::new();
    loop {
        let mut size = String::new();
        reader.read_line(&mut size)?;
        let size =
            usize::from_str_radix(size.trim().split(';').next().unwrap_or(""), 16).unwrap_or(0);
        if size == 0 || body.len() + size > MAX_BODY {
            let mut end = String::new();
            reader.read_line(&mut end)?;
            return Ok(body);
        }
        let start = body.len();
        body.resize(start + size, 0);
        reader.read_exact(&mut body[start..])?;
        let mut crlf = String::new();
        reader.read_line(&mut crlf)?;
    }
}

/// A 404 with no body.
pub fn not_found(out: &mut TcpStream) -> std::io::Result<()> {
    out.write_all(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
}

/// A 200 with `body` as JSON.
pub fn respond_json(out: &mut TcpStream, body: &Value) -> std::io::Result<()> {
    let body = body.to_string();
    write!(
        out,
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// The content blocks of `turn`, complete.
fn blocks(turn: &Turn) -> Vec<Value> {
    match turn {
        Turn::Text(text) => vec![json!({ "type": "text", "text": text })],
        Turn::Tools(calls) => calls
            .iter()
            .map(|(id, name, input)| {
                json!({ "type": "tool_use", "id": id, "name": name, "input": input })
            })
            .collect(),
    }
}

fn stop_reason(turn: &Turn) -> &'static str {
    match turn {
        Turn::Text(_) => "end_turn",
        Turn::Tools(_) => "tool_use",
    }
}

fn message(model: &str, turn: &Turn) -> Value {
    json!({
        "id": "msg_scripted",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": blocks(turn),
        "stop_reason": stop_reason(turn),
        "stop_sequence": null,
        "usage": { "input_tokens": 1, "output_tokens": 1 }
    })
}

fn respond_stream(out: &mut TcpStream, model: &str, turn: &Turn) -> std::io::Result<()> {
    let mut events = vec![json!({
        "type": "message_start",
        "message": {
            "id": "msg_scripted", "type": "message", "role": "assistant", "model": model,
            "content": [], "stop_reason": null, "stop_sequence": null,
            "usage": { "input_tokens": 1, "output_tokens": 1 }
        }
    })];
    for (index, block) in blocks(turn).into_iter().enumerate() {
        let (start, delta) = match block["type"].as_str() {
            Some("text") => (
                json!({ "type": "text", "text": "" }),
                json!({ "type": "text_delta", "text": block["text"] }),
            ),
            _ => (
                json!({ "type": "tool_use", "id": block["id"], "name": block["name"], "input": {} }),
                json!({ "type": "input_json_delta", "partial_json": block["input"].to_string() }),
            ),
        };
        events
            .push(json!({ "type": "content_block_start", "index": index, "content_block": start }));
        events.push(json!({ "type": "content_block_delta", "index": index, "delta": delta }));
        events.push(json!({ "type": "content_block_stop", "index": index }));
    }
    events.push(json!({
        "type": "message_delta",
        "delta": { "stop_reason": stop_reason(turn), "stop_sequence": null },
        "usage": { "output_tokens": 1 }
    }));
    events.push(json!({ "type": "message_stop" }));
    start_events(out)?;
    for event in events {
        write!(
            out,
            "event: {}\ndata: {event}\n\n",
            event["type"].as_str().unwrap()
        )?;
    }
    out.flush()
}

/// The head of a 200 answering with server-sent events, which end with
/// the connection.
pub fn start_events(out: &mut TcpStream) -> std::io::Result<()> {
    out.write_all(
        b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\nconnection: close\r\n\r\n",
    )
}
