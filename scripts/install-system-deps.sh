#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when it is missing: Chromium for the
# browser tests and the PostgreSQL server for the database tests. Needs root (or sudo).
set -euo pipefail
missing=()
[[ -x "${CHROME_PATH:-/usr/bin/chromium}" ]] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
fc-list 2>/dev/null | grep -qi "dejavu" || missing+=(fonts-dejavu-core)
if ((${#missing[@]} == 0)); then exit 0; fi
echo "install-system-deps.sh: installing ${missing[*]}" >&2
sudo_cmd=()
[[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# Debian starts a default cluster on install; the tests use their own throwaway clusters.
if [[ " ${missing[*]} " == *" postgresql "* ]]; then
  "${sudo_cmd[@]}" service postgresql stop >/dev/null 2>&1 || true
fi
