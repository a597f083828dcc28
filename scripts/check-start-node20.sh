#!/usr/bin/env bash
# `npm start` from a shell whose node is the machine's own (Node 20 on these machines), as an
# owner types it: it must find or install Node 24 itself, answer the first page, and stop on
# SIGTERM. Run by .ci/run after the tests (the build must exist). Prints the time to first page.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${START_CHECK_PORT:-3470}"
data_dir="$(mktemp -d)"
log="$data_dir/start.log"
# The PATH without the Node 24 that scripts/node24.sh may have put first.
clean_path="$(printf '%s' "$PATH" | tr ':' '\n' | grep -v '/.tools/node24/' | paste -sd: -)"
echo "node on the clean PATH: $(PATH="$clean_path" node -v 2>/dev/null || echo none)"

started=$(date +%s%N)
PATH="$clean_path" PORT="$port" DATA_DIR="$data_dir/data" setsid npm start >"$log" 2>&1 &
pid=$!
stop() {
  kill -TERM -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
trap 'stop; rm -rf "$data_dir"' EXIT
until curl -sf -o /dev/null "http://127.0.0.1:$port/beranda"; do
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "npm start exited before answering:" >&2
    cat "$log" >&2
    exit 1
  fi
  if (($(date +%s%N) - started > 120 * 1000000000)); then
    echo "npm start did not answer within 120 s:" >&2
    cat "$log" >&2
    exit 1
  fi
  sleep 0.1
done
echo "npm start (Node 20 shell): first page after $((($(date +%s%N) - started) / 1000000)) ms"
curl -sf "http://127.0.0.1:$port/healthz"
echo
stop
if curl -s -o /dev/null "http://127.0.0.1:$port/healthz"; then
  echo "the server still answers after SIGTERM" >&2
  exit 1
fi
echo "stopped on SIGTERM"
