#!/usr/bin/env bash
# What a user's crate pays to build its own code on toolsmith's hosts: a
# scratch crate with six `#[tool]` functions taking `#[ctx] db: Arc<Db>`,
# served as an MCP server on stdio, an MCP server on Streamable HTTP and a
# command line (`McpServer<Arc<Db>>`, `HttpServer<Arc<Db>>`,
# `Cli<Arc<Db>>`), path-dependent on a toolsmith checkout, built from that
# checkout's lock file with a target directory of its own:
#
# 1. a clean `cargo build --release`;
# 2. one line appended to one tool body, and `cargo build --release` again,
#    the edit-compile loop of someone writing tools.
#
# Prints a Markdown table: wall time and CPU time (user + system, every
# process cargo ran) of each build, and the user crate's own compile time
# as `cargo build --timings` reports it.
#
#   bash benches/user_build.sh            # this checkout
#   bash benches/user_build.sh /tmp/base  # another checkout, to compare
#
# The scratch crate goes to `target/user-build/` of the checkout built.
# `EDITS=3` edits and rebuilds three times (a row each); `REUSE=1` keeps
# the scratch crate and its target directory from the last run and only
# edits, for more samples of the rebuild without another clean build.
# Run it on a quiet machine: wall time is what it measures (CPU time
# wanders less when the machine is shared).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
repo="$(cd "${1:-$root}" && pwd)"
work="$repo/target/user-build"
edits="${EDITS:-1}"
reuse="${REUSE:-0}"
if [[ $reuse == 1 && -d "$work/target" ]]; then
  reuse=1
else
  reuse=0
  rm -rf "$work"
fi
mkdir -p "$work/src"

if [[ $reuse == 0 ]]; then
cat >"$work/Cargo.toml" <<EOF
[package]
name = "user-build"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
toolsmith = { path = "$repo", features = ["mcp-http", "cli"] }
tokio = { version = "1", features = ["rt-multi-thread"] }

[workspace]
EOF
cp "$repo/Cargo.lock" "$work/Cargo.lock"

cat >"$work/src/main.rs" <<'EOF'
//! Six tools over one database, served on MCP stdio, MCP over HTTP, or as
//! a command line: `user-build stdio`, `user-build http`, `user-build <tool> ..`.

use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use toolsmith::cli::Cli;
use toolsmith::mcp::{HttpServer, McpServer, shutdown_signal};
use toolsmith::{ToolSet, tool, toolset};

/// The rows every tool reads or writes.
#[derive(Default)]
pub struct Db {
    rows: Mutex<Vec<String>>,
}

impl Db {
    fn rows(&self) -> std::sync::MutexGuard<'_, Vec<String>> {
        self.rows.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Adds a row and returns how many there are
#[tool]
pub async fn insert(#[ctx] db: Arc<Db>, #[arg(min_length = 1, max_length = 200)] text: String) -> u64 {
    let mut rows = db.rows();
    rows.push(text);
    // bench: edit here
    rows.len() as u64
}

/// Counts the rows
#[tool]
pub fn count(#[ctx] db: Arc<Db>) -> u64 {
    db.rows().len() as u64
}

/// The rows that contain a word
#[tool]
pub async fn find(
    #[ctx] db: Arc<Db>,
    #[arg(min_length = 1)] word: String,
    #[arg(min = 1, max = 50)] limit: Option<u32>,
) -> Vec<String> {
    let limit = limit.unwrap_or(10) as usize;
    db.rows().iter().filter(|row| row.contains(&word)).take(limit).cloned().collect()
}

/// Removes the rows equal to a text and returns how many went
#[tool]
pub fn remove(#[ctx] db: Arc<Db>, text: String) -> u64 {
    let mut rows = db.rows();
    let before = rows.len();
    rows.retain(|row| *row != text);
    (before - rows.len()) as u64
}

/// The row at an index
#[tool]
pub async fn get(#[ctx] db: Arc<Db>, index: u32) -> Result<String, String> {
    db.rows().get(index as usize).cloned().ok_or_else(|| format!("no row {index}"))
}

/// Removes every row and returns how many there were
#[tool]
pub fn clear(#[ctx] db: Arc<Db>) -> u64 {
    let mut rows = db.rows();
    let before = rows.len();
    rows.clear();
    before as u64
}

fn tools() -> ToolSet<Arc<Db>> {
    toolset![Insert, Count, Find, Remove, Get, Clear].expect("six valid tools")
}

fn main() -> ExitCode {
    let db = Arc::new(Db::default());
    match std::env::args().nth(1).as_deref() {
        Some("stdio") => serve(McpServer::with_context(tools(), db).serve_stdio()),
        Some("http") => serve(async move {
            let server: HttpServer<Arc<Db>> = McpServer::with_context(tools(), db)
                .bind_http("127.0.0.1:0")
                .await?;
            eprintln!("serving at {}", server.url());
            server.serve_with_shutdown(shutdown_signal()).await
        }),
        _ => Cli::<Arc<Db>>::with_context(tools(), db).name("user-build").run(),
    }
}

fn serve(serving: impl Future<Output = std::io::Result<()>>) -> ExitCode {
    let runtime = tokio::runtime::Runtime::new().expect("an async runtime");
    match runtime.block_on(serving) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("{err}");
            ExitCode::FAILURE
        }
    }
}
EOF
fi

# `build NAME`: a release build with timings; records wall and CPU seconds
# and the user crate's own compile time from the timings report.
declare -A wall cpu own
build() {
  local name=$1 times
  rm -rf "$work/target/cargo-timings"
  times="$(mktemp)"
  /usr/bin/time -f '%e %U %S' -o "$times" \
    cargo build --release --quiet --timings --manifest-path "$work/Cargo.toml" --target-dir "$work/target"
  read -r elapsed user system <"$times"
  rm -f "$times"
  wall[$name]=$(python3 -c "print(f'{$elapsed:.1f}')")
  cpu[$name]=$(python3 -c "print(f'{$user + $system:.1f}')")
  own[$name]=$(python3 - "$work/target/cargo-timings/cargo-timing.html" <<'PY'
import json, re, sys
html = open(sys.argv[1], encoding="utf-8").read()
units = json.loads(re.search(r"const UNIT_DATA = (\[.*?\]);\n", html, re.S).group(1))
print(f"{sum(u['duration'] for u in units if u['name'] == 'user-build'):.1f}")
PY
)
}

if [[ $reuse == 0 ]]; then
  build clean
fi
for edit in $(seq 1 "$edits"); do
  sed -i "s|    // bench: edit here|    // bench: edit here\n    let _ = std::hint::black_box(rows.len() + $edit);|" "$work/src/main.rs"
  grep -q "rows.len() + $edit" "$work/src/main.rs"
  build "edit$edit"
done

echo "toolsmith at $(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo "$repo")"
echo
echo "| build | wall | CPU (user + sys) | the user crate alone (cargo timings) |"
echo "|---|---:|---:|---:|"
if [[ $reuse == 0 ]]; then
  echo "| clean \`cargo build --release\` | ${wall[clean]} s | ${cpu[clean]} s | ${own[clean]} s |"
fi
for edit in $(seq 1 "$edits"); do
  echo "| one line added to a tool body, rebuilt | ${wall[edit$edit]} s | ${cpu[edit$edit]} s | ${own[edit$edit]} s |"
done
