#!/usr/bin/env bash
# Builds the production app, starts it on a fresh embedded database and prints page sizes,
# throughput, latency and memory (scripts/bench/run.mjs). Reports figures; asserts nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node24.sh
npm run --silent build >/dev/null
node scripts/bench/run.mjs "$@"
