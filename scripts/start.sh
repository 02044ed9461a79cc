#!/usr/bin/env bash
# `npm start`: the whole store on one port — reference server, embedded database with the demo
# catalogue (seeded on first run) and the H5 app. PORT (default 8080), DATA_DIR, DATABASE_URL as in server/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

# Rebuild the H5 app when it is missing or older than its sources.
if [ ! -f dist/h5/index.html ] || [ -n "$(find src config package.json -newer dist/h5/index.html -print -quit)" ]; then
  echo "start: building the H5 app"
  npm run build:h5 --silent
fi

# The back office (/admin) likewise.
if [ ! -f dist/admin/index.html ] || [ -n "$(find admin contract/admin.ts package.json -newer dist/admin/index.html -print -quit)" ]; then
  echo "start: building the back office"
  npm run build:admin --silent
fi

export STATIC_DIR="$PWD/dist/h5"
export DATA_DIR="${DATA_DIR:-$PWD/data}"
export PORT="${PORT:-8080}"
echo "start: the store will be at http://127.0.0.1:${PORT}/"
cd server && exec npm start --silent
