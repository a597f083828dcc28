#!/usr/bin/env bash
# `npm start`: the production server (scripts/serve.sh), started again within seconds when it
# dies unexpectedly (a crash, out of memory, SIGKILL). It is not restarted when it stopped on
# request (exit 0, or 130 after SIGINT) or when another process is in the way (exit 3: the data
# directory is locked by another server, or the port is taken). Each restart waits a little
# longer while the server keeps dying within a minute of its start (1, 2, 4 … 30 s). /healthz
# reports the restarts (NYALA_RESTARTS). SIGTERM, SIGINT and SIGHUP stop the server gracefully
# and then this script. A bash loop rather than a second Node process: a few MB, not 40.
# deploy/nyala.service runs it under systemd, which restarts this script too.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/node24.sh || exit 1

restarts=0
delay=1
stopping=0
child=""

stop() {
  stopping=1
  if [[ -n "$child" ]]; then kill -TERM "$child" 2>/dev/null; fi
}
trap stop TERM INT HUP

while :; do
  started=$SECONDS
  NYALA_RESTARTS=$restarts bash scripts/serve.sh &
  child=$!
  # `wait` returns early when a trapped signal arrives: wait again until the server has ended.
  wait "$child"
  code=$?
  while kill -0 "$child" 2>/dev/null; do
    wait "$child"
    code=$?
  done
  child=""
  if ((stopping)); then exit "$code"; fi
  case "$code" in
    0 | 130 | 3) exit "$code" ;;
  esac
  if ((SECONDS - started >= 60)); then delay=1; fi
  restarts=$((restarts + 1))
  echo "Server berhenti tiba-tiba (kode $code); dinyalakan lagi dalam $delay detik (ke-$restarts)." >&2
  sleep "$delay" &
  wait $! || true
  if ((stopping)); then exit 0; fi
  delay=$((delay * 2 > 30 ? 30 : delay * 2))
done
