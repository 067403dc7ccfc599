#!/usr/bin/env bash
# Browser tests on a private build and port, so several people (or helpers) can run them on one checkout at once:
#   bash scripts/e2e-private.sh <name> <port> [playwright args…]   e.g. bash scripts/e2e-private.sh h1 4201 units.spec.ts
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1 port=$2
shift 2
(cd apps/server && SERVER_OUT_DIR=".build-$name" node build.mjs)
npx vite build -c apps/web/vite.config.ts --outDir "../../.build-web-$name" --emptyOutDir --logLevel warn
QLCV_E2E_SERVER="apps/server/.build-$name/main.js" QLCV_E2E_WEB_DIST="$PWD/.build-web-$name" QLCV_E2E_PORT="$port" \
  QLCV_E2E_DATA_DIR="$(mktemp -d)" npx playwright test -c apps/web/playwright.config.ts --output "test-results/$name" "$@"
