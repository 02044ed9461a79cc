#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throw-away PostgreSQL cluster (Debian's packages, see
# setup.sh --postgres): initdb under a temp folder, started on a free loopback port, stopped and deleted on exit.
#   bash scripts/with-postgres.sh npm --prefix server test
set -euo pipefail
initdb=$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -1)
[ -n "$initdb" ] || { echo "with-postgres: no PostgreSQL (run scripts/setup.sh --postgres)" >&2; exit 1; }
bin=$(dirname "$initdb")
dir=$(mktemp -d /tmp/istore-pg.XXXXXX)
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_owner() { # initdb and postgres refuse to run as root
  if [ "$(id -u)" = 0 ]; then chown -R postgres "$dir"; runuser -u postgres -- "$@"; else "$@"; fi
}
stop() {
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
as_owner "$bin/initdb" -D "$dir/data" --auth=trust -U postgres >"$dir/initdb.log"
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
