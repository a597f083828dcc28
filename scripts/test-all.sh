#!/usr/bin/env bash
# Every check and every test: types, lint, unit and integration tests on PGlite and on a
# throwaway PostgreSQL server, then the end-to-end tests in Chromium against the production
# build. `npm test` runs this; so does .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node24.sh
bash scripts/install-system-deps.sh

step() { printf '\n== %s\n' "$*"; }

step "typecheck"
npm run --silent typecheck
step "lint"
npm run --silent lint
step "npm audit (production packages: no high or critical advisory)"
node scripts/audit.mjs
step "unit and integration tests (PGlite)"
npx vitest run
step "integration tests (PostgreSQL)"
bash scripts/with-postgres.sh npx vitest run tests/integration
step "production build"
npm run --silent build
step "reliability: SIGKILL mid-stream, two servers on one PostgreSQL"
bash scripts/with-postgres.sh npx vitest run --config vitest.reliability.config.ts
step "end-to-end tests, security suite included (Chromium)"
npx playwright test
