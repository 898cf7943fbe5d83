//! An example MCP server over Streamable HTTP on a free loopback port.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use super::example;

/// The example `name` serving `mcp --http 127.0.0.1:0 ARGS...` (the
/// command line's built-in subcommand), killed when dropped.
pub struct HttpExample {
    pub child: Child,
    /// Where it serves, as its first line on stderr says.
    pub url: String,
    stderr: mpsc::Receiver<String>,
}

impl HttpExample {
    /// Starts the example and reads the URL it serves at from its first
    /// line on stderr.
    pub fn start(name: &str, args: &[&str]) -> HttpExample {
        HttpExample::start_with_env(name, args, &[])
    }

    /// [`start`](Self::start), with `env` set in the server's environment.
    pub fn start_with_env(name: &str, args: &[&str], env: &[(&str, &str)]) -> HttpExample {
        let mut child = Command::new(example(name))
            .args(["mcp", "--http", "127.0.0.1:0"])
            .args(args)
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the example server starts");
        let (lines, stderr) = mpsc::channel();
        let pipe = child.stderr.take().expect("stderr is piped");
        thread::spawn(move || {
            for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                if lines.send(line).is_err() {
                    return;
                }
            }
        });
        let first = stderr
            .recv_timeout(Duration::from_secs(60))
            .expect("the server says where it serves");
        let url = first
            .strip_prefix("serving MCP at ")
            .unwrap_or_else(|| panic!("unexpected first line: {first}"))
            .to_owned();
        assert!(
            url.starts_with("http://127.0.0.1:") && url.ends_with("/mcp"),
            "{url}"
        );
        HttpExample { child, url, stderr }
    }

    /// What the server wrote on stderr after its first line, so far.
    pub fn log(&self) -> String {
        self.stderr.try_iter().collect::<Vec<_>>().join("\n")
    }
}

impl Drop for HttpExample {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
