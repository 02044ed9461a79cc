#!/usr/bin/env bash
# `npm test`: everything CI checks, from a clean clone. Installs what it needs itself.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
bash scripts/setup.sh --postgres
bash scripts/setup.sh --nginx

echo "== types"
npx tsc -p tsconfig.json --noEmit
npm --prefix server run --silent typecheck
echo "== OpenAPI document: Redocly's recommended rules (redocly.yaml)"
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint --config redocly.yaml --format summary contract/openapi.json
echo "== import rules (.dependency-cruiser.cjs)"
npm run --silent check:imports
echo "== unit and component tests"
npx jest --ci
echo "== server contract tests (real server, fresh embedded database)"
npm --prefix server test
echo "== server contract tests on PostgreSQL (throw-away cluster)"
bash scripts/with-postgres.sh npm --prefix server test
echo "== builds: h5, weapp, alipay"
# The mini-programs call an absolute https API origin; the mini-program suite maps this test origin to its local server.
ISTORE_API_ORIGIN=https://shop.test npm run build:weapp --silent
echo "== WeChat's code-quality scan on dist/weapp (miniprogram-ci checkCodeQuality)"
node scripts/check-weapp-quality.mjs
ISTORE_API_ORIGIN=https://shop.test npm run build:alipay --silent
npm run build:h5 --silent
echo "== mini-programs: dist/weapp and dist/alipay run headlessly against the real server"
started=$SECONDS
npm run --silent test:miniprogram
echo "mini-program suite took $((SECONDS - started)) s"
if [ -f bench/check-budgets.mjs ]; then
  echo "== size budgets"
  node bench/check-budgets.mjs
fi
echo "== browser tests"
SKIP_BUILD=1 bash scripts/e2e.sh
