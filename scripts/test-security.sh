#!/usr/bin/env bash
# The security suite of issue #6 in one command (`npm run test:security`). `npm test` runs every
# part of it too, within its own steps.
# - npm audit of the production packages (scripts/audit.mjs);
# - sessions: fixation, logout and deleted users invalidated on the server, cookie flags
#   (tests/integration/session.test.ts, on PGlite and on PostgreSQL);
# - brute force: the login and registration limits across two production servers sharing one
#   PostgreSQL database (tests/reliability/shared-limits.test.ts);
# - in Chromium against the production build: every route × role, secrets in every crawled page,
#   500 fuzzed inputs per action and intent, headers and cross-site POSTs, cookie flags.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node24.sh

step() { printf '\n== %s\n' "$*"; }

step "npm audit (production packages: no high or critical advisory)"
node scripts/audit.mjs
step "sessions (PGlite, then PostgreSQL)"
npx vitest run tests/integration/session.test.ts
bash scripts/with-postgres.sh npx vitest run tests/integration/session.test.ts
step "production build"
npm run --silent build
step "login and registration limits across two servers on one PostgreSQL"
bash scripts/with-postgres.sh npx vitest run --config vitest.reliability.config.ts tests/reliability/shared-limits.test.ts
step "routes, secrets, fuzzing, headers (Chromium)"
npx playwright test tests/e2e/security- tests/e2e/admin-access tests/e2e/auth-security tests/e2e/page-cache
