#!/usr/bin/env bash
# The production server the end-to-end tests run against: a fresh data directory each run.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-$PWD/.e2e-data}"
# E2E_KEEP_DATA=1: a restart of a server on its data (the live orders' reconnect test).
if [[ "${E2E_KEEP_DATA:-0}" != "1" ]]; then rm -rf "$DATA_DIR"; fi
export NODE_ENV=production
# A test run (below): the `.test` admins are proven by their password; pemilik-google@nyala.example
# only by Google, as a real address would be (docs/decisions/0050-accounts-are-who-they-say.md).
export ADMIN_EMAILS="${ADMIN_EMAILS:-admin@nyala.test,admin-akun@nyala.test,admin-matriks@nyala.test,admin-pengguna@nyala.test,admin-notif@nyala.test,admin-keluar@nyala.test,admin-ponsel@nyala.test,admin-a11y-390@nyala.test,admin-a11y-1280@nyala.test,admin-keamanan@nyala.test,admin-fuzz@nyala.test,admin-ponsel-tanpa-js@nyala.test,pemilik-staf@nyala.test,pemilik-perangkat@nyala.test,pemilik-pin@nyala.test,pemilik-google@nyala.example}"
# Every test browser comes from 127.0.0.1: per-address limits high enough for the whole suite
# (the per-account login limit keeps its default).
export RATE_LIMIT_REGISTER_ADDRESS="${RATE_LIMIT_REGISTER_ADDRESS:-10000}"
export RATE_LIMIT_LOGIN_ADDRESS="${RATE_LIMIT_LOGIN_ADDRESS:-10000}"
export RATE_LIMIT_CART_ADDRESS="${RATE_LIMIT_CART_ADDRESS:-100000}"
export RATE_LIMIT_CONTACT_ADDRESS="${RATE_LIMIT_CONTACT_ADDRESS:-10000}"
# A known captcha key: the tests without JavaScript read the login picture's digits with it
# (tests/support/captcha-picture.ts), as only the server could.
export ALTCHA_HMAC_KEY="${ALTCHA_HMAC_KEY:-kunci-captcha-uji-nyala}"
# Required in production (docs/decisions/0048): a real contact, as Apple's push service wants.
export VAPID_SUBJECT="${VAPID_SUBJECT:-mailto:pemilik@mienyala.co.id}"
# The promotions' clock (app/lib/clock.server.ts) on a Wednesday noon in the store's time zone,
# so the Monday discount never moves the suite's totals; a spec's own server may set another.
export NYALA_TEST_MODE="${NYALA_TEST_MODE:-1}"
export NYALA_TEST_CLOCK="${NYALA_TEST_CLOCK:-2026-11-25T04:00:00Z}"
exec bash scripts/serve.sh
