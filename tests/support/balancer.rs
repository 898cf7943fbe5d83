//! nginx (Debian's package, installed when missing) on a free loopback
//! port, round robin over the replicas it is given, with no stickiness and
//! no buffering (event streams pass as they come); stopped when dropped.

use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// nginx as a balancer, and where it listens.
pub struct Balancer {
    child: Child,
    dir: PathBuf,
    pub url: String,
}

impl Balancer {
    /// Round robin over the servers at `replicas` (`127.0.0.1:PORT`), its
    /// files under `dir`.
    pub fn start(replicas: &[String], dir: PathBuf) -> Balancer {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let d = dir.display();
        let upstream: String = replicas
            .iter()
            .map(|replica| format!("    server {replica} max_fails=1 fail_timeout=30s;\n"))
            .collect();
        let config = format!(
            "daemon off;
worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {d}/body;
  proxy_temp_path {d}/proxy;
  fastcgi_temp_path {d}/fastcgi;
  uwsgi_temp_path {d}/uwsgi;
  scgi_temp_path {d}/scgi;
  upstream replicas {{
{upstream}  }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://replicas;
      proxy_http_version 1.1;
      proxy_set_header Connection \"\";
      proxy_set_header Host $http_host;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_cache off;
      proxy_read_timeout 600s;
      proxy_next_upstream error timeout;
    }}
  }}
}}
"
        );
        let file = dir.join("nginx.conf");
        std::fs::write(&file, config).unwrap();
        let child = Command::new(super::debian::program("nginx", "nginx"))
            .args(["-e", &format!("{d}/error.log"), "-c"])
            .arg(&file)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nginx runs");
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "nginx never listened");
            std::thread::sleep(Duration::from_millis(20));
        }
        Balancer {
            child,
            dir,
            url: format!("http://127.0.0.1:{port}/mcp"),
        }
    }

    /// nginx's error log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("error.log")).unwrap_or_default()
    }
}

impl Drop for Balancer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
