#!/usr/bin/env bash
# Runs a TypeScript script of the project with Node 24 from any shell (the owner's commands:
# npm run backup, restore, import:users), whatever the machine's node is.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node24.sh
exec node "$@"
