#!/usr/bin/env bash
# `npm run build`: the app (react-router build), its text files precompressed (.br/.gz beside
# them: scripts/precompress.mjs), the server process (server/, compiled to JavaScript:
# tsconfig.server.json), then the embedded database's template: a data
# directory created, migrated and seeded once here, which the server copies on its first start
# instead of running initdb (a fresh start answers in about a second instead of several;
# docs/decisions/0015-one-server-process.md). The template goes into ${BUILD_DIR:-build}.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node24.sh
npx react-router build
node scripts/precompress.mjs "${BUILD_DIR:-build}/client"
npx tsc -p tsconfig.server.json --outDir "${BUILD_DIR:-build}/server-process"
template="${BUILD_DIR:-build}/embedded-template"
rm -rf "$template" "$template".preparing-*
node --liftoff-only database/prepare-embedded.ts "$template.preparing-$$"
mv "$template.preparing-$$" "$template"
echo "embedded database template: $template ($(du -sh "$template" | cut -f1))"
