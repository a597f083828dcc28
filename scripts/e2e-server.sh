#!/usr/bin/env bash
# The production server the end-to-end tests run against: a fresh data directory each run.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-$PWD/.e2e-data}"
rm -rf "$DATA_DIR"
export NODE_ENV=production
export ADMIN_EMAILS="${ADMIN_EMAILS:-admin@nyala.test}"
exec node_modules/.bin/react-router-serve ./build/server/index.js
