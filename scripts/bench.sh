#!/usr/bin/env bash
# Builds the production app, starts it on a fresh embedded database and prints page sizes,
# throughput, latency, memory and image sizes (scripts/bench/run.mjs; settings listed there).
# Reports figures and exits 0 even when targets are missed; non-zero only if it could not run.
# BENCH_SKIP_BUILD=1 measures the existing build/ (quick reruns).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node24.sh
if [ "${BENCH_SKIP_BUILD:-0}" != "1" ]; then
  npm run --silent build >/dev/null
fi
node scripts/bench/run.mjs "$@"
# Every storefront page's first-load JS against its 120 KB budget, flagging any with under 5 KB headroom (page-weights.mjs).
node scripts/bench/page-weights.mjs
# Printing: the board's first-load JS with the print code on demand, from build/ (scripts/bench/ticket-bundle.mjs).
node scripts/bench/ticket-bundle.mjs
# Compressed pages against a plain server sending the same bytes (ratio, 3 pairs).
node scripts/bench/compressed-pages.mjs
# Uncached /produk render time by menu size (6 to 1,000 dishes).
node scripts/bench/menu-render.mjs
# What an admin page costs on a nearly empty shop (server CPU and time).
node scripts/bench/admin-pages.mjs
# Mixed load: 200 connections on public pages, then with 10 logins per second.
node scripts/bench/mixed.mjs
# Live orders: 1,000 open order pages and a board on one server (scripts/bench/live.mjs).
node scripts/bench/live.mjs
# Uploaded photos: moved into the database, served from each server's copy (scripts/bench/photos.mjs).
node scripts/bench/photos.mjs
# Web Push: a new order's push to 50 admin devices on one server (scripts/bench/push.mjs).
node scripts/bench/push.mjs
# Checkout: 10 and 50 customers ordering at once, every order checked in the database, on PGlite
# and, when PostgreSQL's server binaries are installed, on a throwaway cluster (scripts/bench/checkout.mjs).
if ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  bash scripts/with-postgres.sh node scripts/bench/checkout.mjs
else
  node scripts/bench/checkout.mjs
fi
# Daily portions: 50 checkouts at once of an item with 10 portions across two servers on PostgreSQL
# (scripts/bench/portions.mjs; skipped without PostgreSQL).
if ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  bash scripts/with-postgres.sh node scripts/bench/portions.mjs
fi
# Abuse: slow bodies and stream floods against the connection budget (scripts/bench/abuse.mjs).
node scripts/bench/abuse.mjs
# Pricing a 30-line cart against 50 promo rules (no server needed).
node scripts/bench/pricing.ts
# The role check of a staff request: path → route → the access matrix (no server needed).
node scripts/bench/role-check.ts
# Lighthouse (mobile preset) with the machine's Chromium.
node scripts/bench/lighthouse.mjs
