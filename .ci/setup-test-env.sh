#!/usr/bin/env bash
# Installs the system packages the test suite uses, when they are missing.
set -euo pipefail
need=()
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}"
fi
