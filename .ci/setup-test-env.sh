#!/usr/bin/env bash
# Installs the system packages the test suite uses, when they are missing.
set -euo pipefail
need=()
# The browser tests drive Debian's Chromium through playwright-core; no browser is ever downloaded.
# Most run on its headless shell; Web Push, notifications and Lighthouse on the full browser.
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
# The screenshots of the Japanese, Korean and Chinese pages need CJK glyphs (Noto Sans CJK).
[ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || need+=(fonts-noto-cjk)
# tests/production starts its own redis-server (a free port, no persistence) to share rate limits.
command -v redis-server >/dev/null || need+=(redis-server)
# tests/production/nginx-tier.test.ts runs the shipped deploy/nginx config in front of the cluster.
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx)
# The alerts' PostgreSQL store is tested against Debian's server, started by the tests in a data
# folder and on a port of their own (tests/helpers/postgres.ts), never the system's cluster.
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
# tests/docs/operations-recipes.test.ts runs docs/operations.md's jq lines on a log the server wrote.
command -v jq >/dev/null || need+=(jq)
# ... and its lines that delete someone's data in the SQLite file, with the sqlite3 shell.
command -v sqlite3 >/dev/null || need+=(sqlite3)
# tests/client/recipes.test.ts runs the status line's tmux recipe in Debian's tmux.
command -v tmux >/dev/null || need+=(tmux)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup-test-env: missing ${need[*]}; run this script as root to install them" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}"
fi
