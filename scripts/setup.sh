#!/usr/bin/env bash
# Installs what the project needs, idempotently: client and server packages (npm); with --browser,
# Debian's Chromium and its headless shell for the browser tests; with --postgres, Debian's PostgreSQL for the server tests on it; with --nginx,
# Debian's nginx for the test of the shipped reverse-proxy config (deploy/nginx/).
# Safe to run on every `npm start` / `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."

stamp_ok() { # $1 = folder with package.json; installed when node_modules is newer than the lockfile
  [ -d "$1/node_modules" ] && [ "$1/node_modules/.package-lock.json" -nt "$1/package-lock.json" ] 2>/dev/null
}

# `npm ci` cannot be used: the lockfile lacks the optional native binaries of other platforms (esbuild, swc), which
# `npm install` resolves for this one. The root install also serves contract/ (its TypeBox), which the server imports.
if ! stamp_ok .; then
  echo "setup: installing client packages"
  npm install --no-audit --no-fund
fi
if ! stamp_ok server; then
  echo "setup: installing server packages"
  npm --prefix server install --no-audit --no-fund
fi

# Debian's package $1 for $2, through apt-get as root or with sudo.
apt_install() {
  echo "setup: installing Debian's $1 for $2"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$1" >/dev/null
}

if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  apt_install chromium "the browser tests"
fi
# The browser tests run in Chromium's headless shell (tests/e2e/harness.mjs), the install-prompt test in the full one.
if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium-headless-shell ]; then
  apt_install chromium-headless-shell "the browser tests"
fi
if [ "${1:-}" = "--postgres" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  apt_install postgresql "the server tests on PostgreSQL"
fi
if [ "${1:-}" = "--nginx" ] && [ ! -x /usr/sbin/nginx ]; then
  apt_install nginx "the reverse-proxy test"
fi
