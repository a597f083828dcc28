#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: initdb in a temporary folder, a server
# on a free loopback port, TEST_DATABASE_URL set for the command, everything removed afterwards.
# Needs Debian's `postgresql` package (scripts/install-system-deps.sh installs it).
#   bash scripts/with-postgres.sh npx vitest run tests/integration
set -euo pipefail

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [[ -z "$pg_bin" ]]; then
  echo "with-postgres.sh: PostgreSQL server binaries not found (apt-get install postgresql)" >&2
  exit 1
fi
port=${PGTEST_PORT:-$((20000 + RANDOM % 20000))}
dir=$(mktemp -d /tmp/nyala-pg-XXXXXX)

# initdb and postgres refuse to run as root: run them as the postgres user when we are root.
as_pg=()
if [[ $(id -u) -eq 0 ]]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

cleanup() {
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_pg[@]}" "$pg_bin/initdb" -D "$dir/data" -U nyala --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
# A random port may be taken (another test's server, an outgoing connection): try another.
for attempt in 1 2 3 4 5; do
  options="-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
  if "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "$options" start >/dev/null; then
    break
  fi
  if [[ $attempt -eq 5 || -n "${PGTEST_PORT:-}" ]]; then
    cat "$dir/server.log" >&2
    exit 1
  fi
  port=$((20000 + RANDOM % 20000))
done

export TEST_DATABASE_URL="postgres://nyala@127.0.0.1:$port/postgres"
# For tests that stop and start the database under a running app (tests/reliability/database-restart.test.ts).
export TEST_PG_CTL="${as_pg[*]} $pg_bin/pg_ctl -D $dir/data -l $dir/server.log -w -o '$options'"
echo "with-postgres.sh: PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on port $port" >&2
"$@"
