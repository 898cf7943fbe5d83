#!/usr/bin/env bash
# What depending on toolsmith costs a user's build, next to rmcp alone:
# a clean `cargo build --release` of a one-line crate on each, one after the
# other in one run, with its own target directory, offline from the same
# lock file. Prints a Markdown table: wall time, crates compiled, how many
# of them are compiled twice (for the compiler and for the program), and the
# ratio to rmcp alone (the server and stdio features toolsmith's `mcp`
# feature turns on) and to rmcp with its default features, its `#[tool]`
# macros among them, as a server written on rmcp alone builds it. Every
# host feature has its row: `mcp`, `mcp-http` (rmcp's Streamable HTTP
# server on hyper), `rig` (rig-core) and `cli`, and the `hooks` and
# `schemars` features, and a hook program on `toolsmith-hooks` alone (no
# `#[tool]` macros).
#
#   bash benches/build_cost.sh                 # every row
#   bash benches/build_cost.sh toolsmith "toolsmith + mcp"  # the rows named
#                                              # (the rmcp rows always run)
#
# Run it on a quiet machine: wall time is what it measures.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/target/build-cost"
rm -rf "$work"
mkdir -p "$work"
rmcp_version="$(cargo metadata --format-version 1 --manifest-path "$root/Cargo.toml" \
  | python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "rmcp"))')"

# name, dependency line, a use of it
cases=(
  "toolsmith|toolsmith = { path = \"$root\" }|toolsmith::sanitize_line(\"\");"
  "toolsmith + mcp|toolsmith = { path = \"$root\", features = [\"mcp\"] }|toolsmith::sanitize_line(\"\");"
  "toolsmith + cli|toolsmith = { path = \"$root\", features = [\"cli\"] }|toolsmith::sanitize_line(\"\");"
  "toolsmith + mcp + cli|toolsmith = { path = \"$root\", features = [\"mcp\", \"cli\"] }|toolsmith::sanitize_line(\"\");"
  "toolsmith + mcp-http|toolsmith = { path = \"$root\", features = [\"mcp-http\"] }|toolsmith::sanitize_line(\"\");"
  "toolsmith + rig|toolsmith = { path = \"$root\", features = [\"rig\"] }|toolsmith::sanitize_line(\"\");"
  "toolsmith + hooks|toolsmith = { path = \"$root\", features = [\"hooks\"] }|toolsmith::sanitize_line(\"\");"
  "toolsmith-hooks alone|toolsmith-hooks = { path = \"$root/hooks\" }|let _ = toolsmith_hooks::HookEvent::ALL;"
  "toolsmith + schemars|toolsmith = { path = \"$root\", features = [\"schemars\"] }|toolsmith::sanitize_line(\"\");"
  "rmcp alone|rmcp = { version = \"=$rmcp_version\", default-features = false, features = [\"server\", \"transport-io\"] }|let _ = rmcp::model::ErrorCode::PARSE_ERROR;"
  "rmcp with its macros|rmcp = { version = \"=$rmcp_version\", features = [\"transport-io\"] }|let _ = rmcp::model::ErrorCode::PARSE_ERROR;"
)

# The rows to build: those the arguments name, and the
# two rmcp rows the ratios need.
selected=()
for case in "${cases[@]}"; do
  IFS='|' read -r name _ _ <<<"$case"
  keep=$(( $# == 0 ))
  [[ $name == rmcp* ]] && keep=1
  for word in "$@"; do [[ $name == "$word" ]] && keep=1; done
  (( keep )) && selected+=("$case")
done

declare -A seconds crates twice
for case in "${selected[@]}"; do
  IFS='|' read -r name dependency use <<<"$case"
  dir="$work/$(echo "$name" | tr -c 'a-z0-9\n' '-')"
  mkdir -p "$dir/src"
  cat >"$dir/Cargo.toml" <<EOF
[package]
name = "build-cost"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
$dependency

[workspace]
EOF
  echo "fn main() { $use }" >"$dir/src/main.rs"
  cp "$root/Cargo.lock" "$dir/Cargo.lock"
  start=$(date +%s.%N)
  cargo build --release -v --manifest-path "$dir/Cargo.toml" --target-dir "$dir/target" \
    >"$dir/build.log" 2>&1 || { cat "$dir/build.log"; exit 1; }
  end=$(date +%s.%N)
  # A crate compiled twice is built once for the compiler (a proc macro's
  # dependency) and once for the program.
  twice[$name]=$(grep -o -- '--crate-name [a-z_0-9]*' "$dir/build.log" | sort | uniq -d | wc -l)
  seconds[$name]=$(python3 -c "print(f'{$end - $start:.1f}')")
  crates[$name]=$(cargo tree --manifest-path "$dir/Cargo.toml" -e normal,build --prefix none \
    | sed 's/ (\*)$//' | sort -u | wc -l)
done

base=${seconds["rmcp alone"]}
macros=${seconds["rmcp with its macros"]}
echo "| build | clean release time | crates | built twice | / rmcp alone | / rmcp with its macros |"
echo "|---|---:|---:|---:|---:|---:|"
for case in "${selected[@]}"; do
  IFS='|' read -r name _ _ <<<"$case"
  ratio=$(python3 -c "print(f'{${seconds[$name]} / $base:.2f}')")
  ratio_macros=$(python3 -c "print(f'{${seconds[$name]} / $macros:.2f}')")
  echo "| $name | ${seconds[$name]} s | ${crates[$name]} | ${twice[$name]} | ${ratio}× | ${ratio_macros}× |"
done
