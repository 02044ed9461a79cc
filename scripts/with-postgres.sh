#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throw-away PostgreSQL cluster (Debian's packages, see
# setup.sh --postgres): initdb under a temp folder, started on a free loopback port, stopped and deleted on exit.
#   bash scripts/with-postgres.sh npm --prefix server test
set -euo pipefail
initdb=$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -1)
[ -n "$initdb" ] || { echo "with-postgres: no PostgreSQL (run scripts/setup.sh --postgres)" >&2; exit 1; }
bin=$(dirname "$initdb")
dir=$(mktemp -d "${TMPDIR:-/tmp}/istore-pg.XXXXXX")
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_owner() { # initdb and postgres refuse to run as root
  if [ "$(id -u)" = 0 ]; then chown -R postgres "$dir"; runuser -u postgres -- "$@"; else "$@"; fi
}
# The server's CPU (its own and its ended backends'), which the caller's `time` cannot see: the cluster is a daemon.
# scripts/test-run.mjs asks for it with TEST_EXTRA_CPU (a file to add seconds to).
record_cpu() {
  [ -n "${TEST_EXTRA_CPU:-}" ] && [ -f "$dir/data/postmaster.pid" ] || return 0
  local pid ticks
  pid=$(head -1 "$dir/data/postmaster.pid")
  ticks=$(awk '{print $14 + $15 + $16 + $17}' "/proc/$pid/stat" 2>/dev/null) || return 0
  echo "$ticks $(getconf CLK_TCK)" | awk '{printf "%.1f\n", $1 / $2}' >> "$TEST_EXTRA_CPU"
}
stop() {
  record_cpu
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
as_owner "$bin/initdb" -D "$dir/data" --auth=trust -U postgres >"$dir/initdb.log"
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
# A loaded test machine (both cores busy with the suite) can take seconds to finish a connection's start: the servers
# under test wait longer for one than production's 5 s (server/README.md, PG_CONNECT_TIMEOUT_MS).
DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" PG_CONNECT_TIMEOUT_MS="${PG_CONNECT_TIMEOUT_MS:-30000}" "$@"
