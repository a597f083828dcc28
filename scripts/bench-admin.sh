#!/usr/bin/env bash
# The admin figures of `npm run bench`: the users page's answer with 100,000 users, and the
# 30-day report with 100 to 100,000 orders (scripts/bench/report.ts), on PGlite (with the
# server's WebAssembly flag) and, when PostgreSQL's server binaries are installed, on a
# throwaway PostgreSQL cluster.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node24.sh
run='node scripts/bench-admin-users.ts && node --liftoff-only scripts/bench/report.ts'
if ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  exec bash scripts/with-postgres.sh bash -c "export BENCH_DATABASE_URL=\$TEST_DATABASE_URL; $run"
fi
echo "bench-admin.sh: PostgreSQL not installed; measuring PGlite only" >&2
exec bash -c "$run"
