#!/usr/bin/env bash
# Rolling upgrade (docs/deploy.md "Upgrades and migrations"): switch to a release built beside the running one, then
# restart the server processes one at a time, each only once the one before answers /ready on its own port.
#
#   deploy/upgrade.sh /srv/istore/releases/2026-12-02 8080 8081
#
# The new release folder is a checkout that has had `bash scripts/setup.sh` and `npm run build:h5` (its own dist/h5);
# the running processes are not touched by that. This script:
#   1. gives each of the two releases' dist/h5 the other's files it lacks (cp -n: nothing is overwritten, index.html
#      stays each release's own), so a page of either release finds its scripts and styles whichever process answers;
#   2. points $ISTORE_ROOT/current at the new release in one step (a symlink renamed over the old one);
#   3. restarts each port's process with $ISTORE_RESTART (default: systemctl restart istore@PORT; the unit starts
#      $ISTORE_ROOT/current/server) and waits for its /ready to answer 200 before the next. A process that does not get
#      ready in $ISTORE_READY_TIMEOUT seconds (120) stops the upgrade with exit 1: the others still run the old release,
#      and nginx keeps sending them the traffic. Before the next port it waits $ISTORE_SETTLE_SECONDS (11): nginx
#      counted the restarted process's refused connections against it and sends it nothing for `fail_timeout` (10 s);
#      restarting the next one sooner would leave nginx no process to send to (502 "no live upstreams").
# A stopping process drains (SHUTDOWN_DRAIN_MS, /ready 503) and answers what it has; nginx sends what meets its closed
# port to the next process (proxy_next_upstream error), so no request fails (server/tests/rolling-upgrade.test.ts).
set -euo pipefail

root=${ISTORE_ROOT:-/srv/istore}
restart=${ISTORE_RESTART:-systemctl restart istore@}
timeout=${ISTORE_READY_TIMEOUT:-120}
host=${ISTORE_HOST:-127.0.0.1}
settle=${ISTORE_SETTLE_SECONDS:-11}

[ $# -ge 2 ] || { echo "usage: deploy/upgrade.sh NEW_RELEASE_DIR PORT [PORT...]" >&2; exit 2; }
new=$(cd "$1" && pwd -P)
shift
[ -f "$new/server/src/index.ts" ] || { echo "upgrade: $new is not a release (no server/src/index.ts)" >&2; exit 1; }
[ -f "$new/dist/h5/index.html" ] || { echo "upgrade: $new has no dist/h5/index.html: run npm run build:h5 in it first" >&2; exit 1; }

if [ -L "$root/current" ]; then
  old=$(cd "$root/current" && pwd -P)
  if [ "$old" != "$new" ] && [ -d "$old/dist/h5" ]; then
    cp -Rn "$old/dist/h5/." "$new/dist/h5/"
    cp -Rn "$new/dist/h5/." "$old/dist/h5/"
  fi
fi
ln -sfn "$new" "$root/current.next"
mv -T "$root/current.next" "$root/current"
echo "upgrade: $root/current -> $new"

start=$(date +%s)
first=1
for port in "$@"; do
  [ "$first" = 1 ] || sleep "$settle"
  first=0
  t0=$(date +%s)
  $restart"$port"
  deadline=$((t0 + timeout))
  until curl -fsS -o /dev/null "http://$host:$port/api/istore/client/ready" 2>/dev/null; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
      echo "upgrade: the process on port $port is not ready after ${timeout}s; stopped here (look at its log)" >&2
      exit 1
    fi
    sleep 0.5
  done
  echo "upgrade: port $port ready after $(( $(date +%s) - t0 ))s"
done
echo "upgrade: done in $(( $(date +%s) - start ))s"
