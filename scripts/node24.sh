# Puts Node 24 on the PATH when the machine's node is older.
# Source it (`. scripts/node24.sh`); it is idempotent and prints nothing when Node 24 is already there.
# Node 24 comes from the npm registry (package `node@24`, which ships the binary), the only
# registry these machines reach, and is kept in .tools/ inside the project.
nyala_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
nyala_node_bin="$nyala_root/.tools/node24/node_modules/node/bin"
nyala_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(nyala_major)" -lt 24 ]; then
  if [ ! -x "$nyala_node_bin/node" ]; then
    echo "node24.sh: installing Node 24 from the npm registry into .tools/node24" >&2
    mkdir -p "$nyala_root/.tools/node24"
    npm install --silent --no-save --no-package-lock --prefix "$nyala_root/.tools/node24" node@24.21.0 >&2
  fi
  export PATH="$nyala_node_bin:$PATH"
  if [ "$(nyala_major)" -lt 24 ]; then
    echo "node24.sh: could not put Node 24 on the PATH" >&2
    return 1 2>/dev/null || exit 1
  fi
fi
unset nyala_root nyala_node_bin
unset -f nyala_major
