#!/usr/bin/env bash
# Prints what moved in the hook contract between the pinned Agent SDK and
# another release (the latest by default): each field, event or tool name
# whose declaration differs, as `path: before -> after`. Run it before
# bumping the pin; the drift test then says which of our types to change.
#
#   bash hooks/tests/sdk/moved.sh            # the pin against the latest
#   bash hooks/tests/sdk/moved.sh 0.3.340    # the pin against 0.3.340
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
pinned="$(node -p "require('$here/package.json').dependencies['@anthropic-ai/claude-agent-sdk']")"
typescript="$(node -p "require('$here/package.json').dependencies.typescript")"
other="${1:-$(npm view @anthropic-ai/claude-agent-sdk version)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for version in "$pinned" "$other"; do
  mkdir -p "$work/$version"
  (cd "$work/$version" &&
    npm install --no-save --omit=optional --ignore-scripts --no-audit --no-fund --loglevel=error \
      "@anthropic-ai/claude-agent-sdk@$version" "typescript@$typescript" >/dev/null &&
    node "$here/extract.mjs" node_modules > contract.json)
done
node - "$work/$pinned/contract.json" "$work/$other/contract.json" "$pinned" "$other" <<'JS'
const fs = require('node:fs');
const [before, after, from, to] = process.argv.slice(2);
const flat = (value, path, out) => {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flat(inner, `${path}/${key}`, out);
  } else {
    out.set(path, JSON.stringify(value));
  }
  return out;
};
const a = flat(JSON.parse(fs.readFileSync(before, 'utf8')), '', new Map());
const b = flat(JSON.parse(fs.readFileSync(after, 'utf8')), '', new Map());
const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
let moved = 0;
for (const path of paths) {
  if (a.get(path) !== b.get(path)) {
    console.log(`${path}: ${a.get(path) ?? '(absent)'} -> ${b.get(path) ?? '(absent)'}`);
    moved += 1;
  }
}
console.log(`${from} -> ${to}: ${moved} declaration${moved === 1 ? '' : 's'} moved`);
JS
