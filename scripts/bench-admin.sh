#!/usr/bin/env bash
# The admin figure of `npm run bench`: the users page's answer with 100,000 users, on PGlite and,
# when PostgreSQL's server binaries are installed, on a throwaway PostgreSQL cluster.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node24.sh
if ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  exec bash scripts/with-postgres.sh bash -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL node scripts/bench-admin-users.ts'
fi
echo "bench-admin.sh: PostgreSQL not installed; measuring PGlite only" >&2
exec node scripts/bench-admin-users.ts
