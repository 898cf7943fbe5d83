//! A `redis-server` (Debian's package, installed when missing) on a
//! free loopback port, with no persistence, killed when dropped; stopped
//! and started again on the same port for the tests of a lost Redis.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A Redis the test started.
pub struct RedisServer {
    child: Option<Child>,
    pub port: u16,
}

impl RedisServer {
    /// Starts one on a free port and waits until it answers `PING`.
    pub fn start() -> RedisServer {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let mut server = RedisServer { child: None, port };
        server.restart();
        server
    }

    /// `redis://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Kills it (`SIGKILL`): what it held is gone.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it (again) on its port, and waits until it answers.
    pub fn restart(&mut self) {
        self.stop();
        let child = Command::new(super::debian::program("redis-server", "redis-server"))
            .args(["--bind", "127.0.0.1", "--port", &self.port.to_string()])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server runs");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(20);
        while self.command("PING").as_deref() != Some("+PONG") {
            assert!(Instant::now() < deadline, "redis-server never answered");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends one inline command; the first line of its answer.
    pub fn command(&self, command: &str) -> Option<String> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).ok()?;
        stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
        stream.write_all(format!("{command}\r\n").as_bytes()).ok()?;
        let mut answer = Vec::new();
        let mut byte = [0u8; 1];
        while stream.read(&mut byte).ok()? == 1 {
            if byte[0] == b'\n' {
                break;
            }
            answer.push(byte[0]);
        }
        Some(String::from_utf8_lossy(&answer).trim_end().to_owned())
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.stop();
    }
}
