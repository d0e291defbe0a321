#!/usr/bin/env bash
# Installs (if needed) and starts a local Redis server for the scale-out e2e tests on 127.0.0.1:6379
# (no password, not persisted). Debian/Ubuntu, run as root. Like scripts/postgres-test-server.sh.
set -euo pipefail

if ! command -v redis-server >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  redis-server --bind 127.0.0.1 --port 6379 --save '' --appendonly no --daemonize yes \
    --logfile /tmp/redis-test-server.log
fi

for _ in $(seq 1 30); do
  redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break
  sleep 1
done
redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null
echo "Redis $(redis-server --version | sed -E 's/.*v=([^ ]+).*/\1/') ready: redis://127.0.0.1:6379"
