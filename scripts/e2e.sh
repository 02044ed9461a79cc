#!/usr/bin/env bash
# `npm run test:e2e`: builds the H5 app (production) and drives Debian's headless Chromium through the
# shopper journeys against the real reference server, on a phone-sized and a desktop-sized window.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
[ "${SKIP_BUILD:-}" = 1 ] || { npm run build:h5 --silent && npm run build:admin --silent; }
exec node scripts/test-run.mjs --only compile-server,e2e
