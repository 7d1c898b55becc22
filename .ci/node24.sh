#!/usr/bin/env bash
# Runs `npm test`, the whole suite (type-check, lint, every test, browser, Lighthouse and production
# tests included), under Node 24 LTS, taken from the npm registry's `node` package: the project
# supports Node 20 and 24, and recommends 24 for production.
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

# better-sqlite3 is a native module built for the Node that installed it (20). For this run it is
# built against Node 24's own headers (npm's `nodedir` may point at Node 20's), kept beside that Node
# for the next run, and the Node 20 build is put back afterwards, whatever the outcome.
addon="node_modules/better-sqlite3/build/Release/better_sqlite3.node"
sqlite_version="$(node -p "require('better-sqlite3/package.json').version")"
built="$dir/better_sqlite3-$sqlite_version-$version.node"
node20_build="$(mktemp)"
cp "$addon" "$node20_build"
trap 'mkdir -p "$(dirname "$addon")" && mv -f "$node20_build" "$addon"' EXIT
if [ ! -f "$built" ]; then
  echo "node24: building better-sqlite3 $sqlite_version for Node $version (about 80 s)"
  headers="$dir/node_modules/node/node_modules/node-$(node -p 'process.platform + "-" + process.arch')"
  npm rebuild better-sqlite3 --nodedir="$headers" >/dev/null
  cp "$addon" "$built"
fi
cp "$built" "$addon"
echo "node24: Node and SQLite ready in $SECONDS s; npm test follows"
npm test
