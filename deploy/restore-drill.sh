#!/usr/bin/env bash
# Restore drill (docs/deploy.md "PostgreSQL": backups and the restore drill): restore a backup beside the live shop, start one server
# on it on a port of its own with the servers' own environment, check it, stop it, and remove what the drill made.
#
#   deploy/restore-drill.sh /backups/istore-20261202T0300Z.dump    # PostgreSQL (pg_dump --format=custom)
#   deploy/restore-drill.sh /backups/istore-20261202T0300Z.tgz     # the embedded database (DATA_DIR's pgdata, tar czf)
#
# Settings (environment): ISTORE_ENV_FILE, the servers' environment file (/etc/istore.env: production refuses to start
# without its credentials and PUBLIC_URL); ISTORE_SERVER, the release's server folder (/srv/istore/current/server);
# DRILL_PORT (9090). On PostgreSQL the drill database is "<the live database's name>_drill" on the same server, created
# by DRILL_ADMIN_URL (a role that may create databases; default the environment file's DATABASE_URL) and owned by the
# servers' role; it is dropped at the end, as is the embedded drill's folder. The live database is only read by pg_dump
# before; the drill never connects to it. Exit 0 when the restored shop answered /ready and its orders were counted.
set -euo pipefail

backup=${1:?usage: deploy/restore-drill.sh BACKUP.dump|BACKUP.tgz}
[ -f "$backup" ] || { echo "drill: no backup at $backup" >&2; exit 1; }
backup=$(cd "$(dirname "$backup")" && pwd -P)/$(basename "$backup")
env_file=${ISTORE_ENV_FILE:-/etc/istore.env}
server=${ISTORE_SERVER:-/srv/istore/current/server}
port=${DRILL_PORT:-9090}
[ -f "$env_file" ] || { echo "drill: no environment file at $env_file (ISTORE_ENV_FILE)" >&2; exit 1; }
[ -f "$server/src/index.ts" ] || { echo "drill: no server at $server (ISTORE_SERVER)" >&2; exit 1; }
set -a
# shellcheck disable=SC1090
. "$env_file"
set +a

work=$(mktemp -d "${TMPDIR:-/tmp}/istore-drill.XXXXXX")
echo "drill: working in $work (the server's DATA_DIR and log; removed at the end)"
pid=
drop=
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill "$pid"; wait "$pid" || true; fi
  if [ -n "$drop" ]; then psql -q "$admin" -c "DROP DATABASE IF EXISTS \"$drop\" WITH (FORCE)" >/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

case "$backup" in
  *.dump)
    [ -n "${DATABASE_URL:-}" ] || { echo "drill: a .dump is a PostgreSQL backup, and $env_file sets no DATABASE_URL" >&2; exit 1; }
    admin=${DRILL_ADMIN_URL:-$DATABASE_URL}
    # The drill database: the live one's name + _drill, on the same server, as the servers' role.
    read -r drill_db drill_url role < <(node -e '
      const u = new URL(process.argv[1]); const name = decodeURIComponent(u.pathname.slice(1)) + "_drill";
      const role = decodeURIComponent(u.username) || process.env.USER; u.pathname = "/" + name;
      console.log(name, u.toString(), role);' "$DATABASE_URL")
    psql -q -v ON_ERROR_STOP=1 "$admin" -c "DROP DATABASE IF EXISTS \"$drill_db\" WITH (FORCE)" -c "CREATE DATABASE \"$drill_db\" OWNER \"$role\""
    drop=$drill_db
    pg_restore --no-owner --exit-on-error --dbname="$drill_url" "$backup"
    export DATABASE_URL=$drill_url
    echo "drill: $backup restored into $drill_db"
    ;;
  *.tgz|*.tar.gz)
    mkdir -p "$work/data"
    tar xzf "$backup" -C "$work/data"
    [ -d "$work/data/pgdata" ] || { echo "drill: $backup holds no pgdata folder (tar czf … -C \"\$DATA_DIR\" pgdata uploads)" >&2; exit 1; }
    export DATABASE_URL=
    echo "drill: $backup unpacked into $work/data"
    ;;
  *) echo "drill: $backup is neither a pg_dump custom file (.dump) nor an embedded database's .tgz" >&2; exit 1 ;;
esac

# The servers' own environment on the drill's database and port; mail kept in a folder of its own (a restored queue
# must not be sent again: no SMTP_URL, so it is written as files under the drill's DATA_DIR); no drain wait at the stop.
data_dir=$work/data
mkdir -p "$data_dir"
started=$(date +%s)
(cd "$server" && PORT=$port HOST=127.0.0.1 SMTP_URL= DATA_DIR=$data_dir SHUTDOWN_DRAIN_MS=0 \
  exec node --import tsx src/index.ts >"$work/server.log" 2>&1) &
pid=$!                                        # the server itself (exec): the kill below stops it, not a shell or npm
until curl -fsS "http://127.0.0.1:$port/api/istore/client/ready" 2>/dev/null; do
  if ! kill -0 "$pid" 2>/dev/null; then
    echo; echo "drill: the server stopped at start; its log:" >&2; cat "$work/server.log" >&2; pid=; exit 1
  fi
  if [ $(( $(date +%s) - started )) -ge "${DRILL_READY_TIMEOUT:-180}" ]; then
    echo; echo "drill: not ready after ${DRILL_READY_TIMEOUT:-180}s; its log:" >&2; cat "$work/server.log" >&2; exit 1
  fi
  sleep 1
done
echo; echo "drill: the restored shop answered /ready after $(( $(date +%s) - started ))s"   # {"ok":true}: every migration applied
kill "$pid"; wait "$pid" || true; pid=
# What the backup holds, to compare with the live shop at the time of the dump (the database is closed again first:
# the embedded one is one process's).
(cd "$server" && DATA_DIR=$data_dir node --import tsx -e '(async () => {
  const { openDb } = await import("./src/db/index.ts");
  const db = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR });
  const { rows: [{ n, latest }] } = await db.query("SELECT count(*)::int AS n, max(created_at) AS latest FROM orders");
  console.log(`drill: ${n} orders, the latest placed ${latest ? new Date(latest).toISOString() : "never"}`);
  await db.close();
})().catch((e) => { console.error(`drill: counting the orders failed: ${e.message}`); process.exit(1); })')
echo "drill: done; the drill's database and folder are removed"
