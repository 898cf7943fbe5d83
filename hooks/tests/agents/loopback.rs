//! The loopback HTTP/1.1 server under every scripted model: it reads each
//! request (a `content-length` or chunked body), hands its path and body
//! to the model's answer function, and writes the reply, JSON or
//! server-sent events, then closes the connection. [`Script`] is the
//! other half every model shares: the turns still to play, and every
//! request body received, in order.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use serde_json::Value;

/// A request body is at most this large; a larger one is cut.
const MAX_BODY: usize = 64 << 20;

/// What the server writes back.
pub enum Reply {
    /// `200`, a JSON body.
    Json(Value),
    /// `200`, `text/event-stream`: one `event: <type>` / `data: <json>`
    /// pair per event, the name taken from its `type` (a `data:` line
    /// alone for an event without one).
    Events(Vec<Value>),
    /// `404`, no body.
    NotFound,
}

/// The turns a model still has to play, and the bodies it received.
pub struct Script<T> {
    state: Mutex<(Vec<T>, Vec<Value>)>,
}

impl<T> Script<T> {
    /// `turns`, played in order.
    pub fn new(mut turns: Vec<T>) -> Script<T> {
        turns.reverse();
        Script {
            state: Mutex::new((turns, Vec::new())),
        }
    }

    /// Records `request` and takes the next turn (`None` once the script
    /// is over).
    pub fn next(&self, request: Value) -> Option<T> {
        let mut state = self.state.lock().unwrap();
        state.1.push(request);
        state.0.pop()
    }

    /// The request bodies recorded, in order.
    pub fn requests(&self) -> Vec<Value> {
        self.state.lock().unwrap().1.clone()
    }
}

type Answer = dyn Fn(&str, &[u8]) -> Reply + Send + Sync;

/// The running server; stops when dropped.
pub struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    accept: Option<JoinHandle<()>>,
}

impl Server {
    /// Listens on a free loopback port; `answer` gets each request's path
    /// and body.
    pub fn start(answer: impl Fn(&str, &[u8]) -> Reply + Send + Sync + 'static) -> Server {
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
                        let _ = serve(stream, &*answer);
                    });
                }
            })
        };
        Server {
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

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accept loop so that it sees the flag.
        let _ = TcpStream::connect(self.addr);
        if let Some(accept) = self.accept.take() {
            let _ = accept.join();
        }
    }
}

/// One HTTP/1.1 exchange, then the connection is closed (an event stream
/// has no length: it ends with the connection).
fn serve(stream: TcpStream, answer: &Answer) -> std::io::Result<()> {
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
    let path = request_line.split(' ').nth(1).unwrap_or("");
    let mut out = stream;
    match answer(path, &body) {
        Reply::NotFound => out
            .write_all(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"),
        Reply::Json(body) => {
            let body = body.to_string();
            write!(
                out,
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            )
        }
        Reply::Events(events) => {
            out.write_all(
                b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\nconnection: close\r\n\r\n",
            )?;
            for event in events {
                // Gemini's stream names no events: its parser reads
                // `data:` lines alone.
                match event["type"].as_str() {
                    Some(name) => write!(out, "event: {name}\ndata: {event}\n\n")?,
                    None => write!(out, "data: {event}\n\n")?,
                }
            }
            out.flush()
        }
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
