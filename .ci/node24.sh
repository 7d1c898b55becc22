#!/usr/bin/env bash
# Runs the whole suite again (type-check, lint, every test, production tests included) under
# Node 24 LTS, taken from the npm registry's `node` package: the project supports Node 20 and 24.
# Child processes (ava workers, tsx, PM2 and its workers) find this node first on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${NODE24_DIR:-${TMPDIR:-/tmp}/reset-tracker-node24}"
if [ ! -x "$dir/node_modules/node/bin/node" ]; then
  mkdir -p "$dir"
  npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$dir" node@24 >/dev/null
fi
export PATH="$dir/node_modules/node/bin:$PATH"
version="$(node --version)"
case "$version" in
  v24.*) echo "node24: running the suite under Node $version" ;;
  *) echo "node24: expected Node 24, got $version" >&2; exit 1 ;;
esac
npm test
