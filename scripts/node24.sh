#!/usr/bin/env bash
# Prints the path of a Node 24 LTS binary, installing it from the npm registry's `node` package
# into node_modules/.cache/node24 when missing (production runs Node 24; the machines have 20).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=node_modules/.cache/node24
bin="$dir/node_modules/node/bin/node"
if ! [ -x "$bin" ] || ! "$bin" --version 2>/dev/null | grep -q '^v24\.'; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --no-package-lock node@24 >&2
fi
[ -x "$bin" ] || bin="$dir/node_modules/.bin/node"
"$bin" --version >&2
realpath "$bin"
