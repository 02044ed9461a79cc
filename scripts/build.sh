#!/usr/bin/env bash
# Builds one Taro target. Builds share webpack's cache and dist/, so concurrent ones queue on a lock.
set -euo pipefail
cd "$(dirname "$0")/.."
target="$1"
exec flock /tmp/istore-build-"$(id -u)".lock npx taro build --type "$target"
