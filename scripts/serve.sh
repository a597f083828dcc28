#!/usr/bin/env bash
# Starts the production server (server/main.ts, compiled by `npm run build`) on the build in
# ${BUILD_DIR:-build}, once: no restart after a crash (`npm start` = scripts/start.sh adds that).
# Puts Node 24 on the PATH first, so it works from a shell whose node is older.
# On the embedded database (no DATABASE_URL) it runs Node with the memory settings of
# docs/decisions/0002-embedded-database-memory.md: PGlite's WebAssembly stays on V8's baseline
# compiler (no optimising tier-up, whose compile spikes reach 1 GB) and the JavaScript heap is
# kept small; --expose-gc lets the server collect the read buffers of large request bodies early
# (server/request-body.ts). NODE_SERVER_FLAGS replaces those flags; an empty value turns them off.
# glibc keeps one malloc arena there: other threads' arenas held ~30 MB after a flood (decision 0046).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node24.sh
export NODE_ENV="${NODE_ENV:-production}"
if [[ -z "${DATABASE_URL:-}" ]]; then
  default_flags="--liftoff-only --max-semi-space-size=4 --max-old-space-size=128 --expose-gc"
  export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-1}"
else
  default_flags=""
fi
flags="${NODE_SERVER_FLAGS-$default_flags}"
# shellcheck disable=SC2086 # the flags are a list of words
exec node $flags "./${BUILD_DIR:-build}/server-process/server/main.js"
