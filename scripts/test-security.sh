#!/usr/bin/env bash
# The security suite of issue #6 in one command (`npm run test:security`). `npm test` runs every
# part of it too, within its own steps.
# - npm audit of the production packages (scripts/audit.mjs);
# - sessions: fixation, logout and deleted users invalidated on the server, cookie flags
#   (tests/integration/accounts/session.test.ts, on PGlite and on PostgreSQL);
# - input edges (issue #20): redirect targets, one-line message fields, the order total cap,
#   the login limits and known devices, the signing secret, the cross-site check behind proxies
#   (unit tests, and integration tests on PGlite and on PostgreSQL);
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
integration=(
  tests/integration/accounts/session.test.ts
  tests/integration/accounts/login-redirect.test.ts
  tests/integration/accounts/rate-limit.test.ts
  tests/integration/accounts/server-secret.test.ts
  tests/integration/checkout/order-limits.test.ts
)
step "sessions and input edges (unit; integration on PGlite, then PostgreSQL)"
npx vitest run app/lib/redirect.test.ts app/lib/csrf.server.test.ts app/lib/single-line.test.ts \
  app/features/checkout/order-message.test.ts "${integration[@]}"
bash scripts/with-postgres.sh npx vitest run "${integration[@]}"
step "production build"
npm run --silent build
step "login and registration limits across two servers on one PostgreSQL"
bash scripts/with-postgres.sh npx vitest run --config vitest.reliability.config.ts tests/reliability/shared-limits.test.ts
step "routes, secrets, fuzzing, headers (Chromium)"
npx playwright test tests/e2e/security- tests/e2e/admin-access tests/e2e/auth-security tests/e2e/page-cache
