#!/usr/bin/env bash
# What a server of 50 tools over MCP stdio weighs, on toolsmith and on rmcp:
# two generated crates, each with the same 50 tools (a text with a length
# bound, an optional bounded integer, a list of text), served on standard
# input and output, built with `cargo build --release` from the workspace's
# lock file, each in its own target directory. Prints the binaries' sizes
# (as built, and stripped) and their ratio; with `cargo bloat` installed
# (`cargo install cargo-bloat`), what each binary holds by crate.
#
#   bash benches/binary_size.sh            # sizes and ratio
#   BLOAT=1 bash benches/binary_size.sh    # and `cargo bloat --crates`
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/target/binary-size"
mkdir -p "$work"
rmcp_version="$(cargo metadata --format-version 1 --manifest-path "$root/Cargo.toml" \
  | python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "rmcp"))')"
tools=50

manifest() { # name, dependency lines
  cat <<TOML
[package]
name = "$1"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
$2
tokio = { version = "1", features = ["macros", "rt-multi-thread"] }
serde = { version = "1", features = ["derive"] }

[workspace]
TOML
}

# toolsmith: 50 `#[tool]` functions in one `ToolSet`, served by `McpServer`.
dir="$work/toolsmith"
mkdir -p "$dir/src"
manifest toolsmith-server "toolsmith = { path = \"$root\", features = [\"mcp\"] }" >"$dir/Cargo.toml"
{
  echo "use toolsmith::{ToolSet, tool, toolset};"
  for i in $(seq 1 $tools); do
    cat <<RS
/// Tool number $i: searches the notes
///
/// # Arguments
///
/// * \`query\` - Words to look for.
/// * \`limit\` - How many results, 10 if unset.
/// * \`tags\` - Tags every result carries.
#[tool]
fn tool_$i(#[arg(min_length = 1, max_length = 200)] query: String, #[arg(min = 1, max = 50)] limit: Option<u32>, tags: Vec<String>) -> String {
    format!("$i {query} {limit:?} {tags:?}")
}
RS
  done
  echo "#[tokio::main]"
  echo "async fn main() -> Result<(), Box<dyn std::error::Error>> {"
  echo "    let tools: ToolSet = toolset![$(seq -s, -f 'Tool%g' 1 $tools)]?;"
  echo "    toolsmith::mcp::McpServer::new(tools).serve_stdio().await?;"
  echo "    Ok(())"
  echo "}"
} >"$dir/src/main.rs"

# rmcp: the same 50 tools with its `#[tool_router]`, argument structs
# deriving `Deserialize` and `JsonSchema`.
dir="$work/rmcp"
mkdir -p "$dir/src"
manifest rmcp-server "rmcp = { version = \"=$rmcp_version\", features = [\"server\", \"macros\", \"transport-io\"] }
schemars = \"1\"" >"$dir/Cargo.toml"
{
  echo "use rmcp::handler::server::wrapper::Parameters;"
  echo "use rmcp::{ServiceExt, schemars::JsonSchema, tool, tool_router};"
  echo "use serde::Deserialize;"
  for i in $(seq 1 $tools); do
    cat <<RS
#[derive(Deserialize, JsonSchema)]
pub struct Args$i {
    /// Words to look for.
    #[schemars(length(min = 1, max = 200))]
    pub query: String,
    /// How many results, 10 if unset.
    #[schemars(range(min = 1, max = 50))]
    pub limit: Option<u32>,
    /// Tags every result carries.
    pub tags: Vec<String>,
}
RS
  done
  echo "#[derive(Clone)]"
  echo "pub struct Notes;"
  echo "#[tool_router(server_handler)]"
  echo "impl Notes {"
  for i in $(seq 1 $tools); do
    cat <<RS
    #[tool(description = "Tool number $i: searches the notes")]
    async fn tool_$i(&self, Parameters(a): Parameters<Args$i>) -> String {
        format!("$i {} {:?} {:?}", a.query, a.limit, a.tags)
    }
RS
  done
  echo "}"
  echo "#[tokio::main]"
  echo "async fn main() -> Result<(), Box<dyn std::error::Error>> {"
  echo "    Notes.serve(rmcp::transport::stdio()).await?.waiting().await?;"
  echo "    Ok(())"
  echo "}"
} >"$dir/src/main.rs"

declare -A size stripped
for name in toolsmith rmcp; do
  dir="$work/$name"
  cp "$root/Cargo.lock" "$dir/Cargo.lock"
  cargo build --release --quiet --manifest-path "$dir/Cargo.toml" --target-dir "$dir/target"
  bin="$dir/target/release/$name-server"
  size[$name]=$(stat -c %s "$bin")
  strip -o "$dir/stripped" "$bin"
  stripped[$name]=$(stat -c %s "$dir/stripped")
done
mb() { python3 -c "print(f'{$1 / 1e6:.2f} MB')"; }
ratio() { python3 -c "print(f'{$1 / $2:.2f}×')"; }
echo "| server of $tools tools over MCP stdio | release binary | stripped |"
echo "|---|---:|---:|"
for name in toolsmith rmcp; do
  echo "| $name | $(mb "${size[$name]}") | $(mb "${stripped[$name]}") |"
done
echo "| toolsmith / rmcp | $(ratio "${size[toolsmith]}" "${size[rmcp]}") | $(ratio "${stripped[toolsmith]}" "${stripped[rmcp]}") |"
# Where the bytes are: the file is more than its code. Tables of pointers
# (Unicode tables, vtables) sit in `.data.rel.ro` and cost a 24-byte
# relocation each in `.rela.dyn`; `.eh_frame` and `.gcc_except_table` grow
# with the number of functions, the symbol tables with their names.
echo
echo "| section (KB) | toolsmith | rmcp |"
echo "|---|---:|---:|"
python3 - "$work/toolsmith/target/release/toolsmith-server" "$work/rmcp/target/release/rmcp-server" <<'PY'
import subprocess, sys
def sections(path):
    out = subprocess.run(["readelf", "-S", "-W", path], capture_output=True, text=True).stdout
    sizes = {}
    for line in out.splitlines():
        if "]" not in line:
            continue
        fields = line.split("]", 1)[1].split()
        if len(fields) > 4 and fields[0].startswith("."):
            sizes[fields[0]] = int(fields[4], 16)
    return sizes
ours, theirs = sections(sys.argv[1]), sections(sys.argv[2])
rows = [".text", ".rodata", ".data.rel.ro", ".rela.dyn", ".eh_frame", ".eh_frame_hdr",
        ".gcc_except_table", ".symtab", ".strtab"]
for row in rows:
    print(f"| {row} | {ours.get(row, 0) / 1e3:.0f} | {theirs.get(row, 0) / 1e3:.0f} |")
PY
if [[ ${BLOAT:-} == 1 ]]; then
  for name in toolsmith rmcp; do
    dir="$work/$name"
    echo
    echo "## $name: by crate"
    cargo bloat --release --crates -n 30 --manifest-path "$dir/Cargo.toml" --target-dir "$dir/target" 2>/dev/null
    echo
    echo "## $name: by function"
    cargo bloat --release -n 30 --manifest-path "$dir/Cargo.toml" --target-dir "$dir/target" 2>/dev/null
  done
fi
