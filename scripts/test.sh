#!/usr/bin/env bash
# `npm test`: everything CI checks, from a clean clone. Installs what it needs itself, then runs the stages side by side
# and prints where the time went (scripts/test-run.mjs; `npm run test:times` also writes bench/test-times.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
bash scripts/setup.sh --postgres
bash scripts/setup.sh --nginx
exec node scripts/test-run.mjs "$@"
