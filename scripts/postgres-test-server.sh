#!/usr/bin/env bash
# Installs (if needed) and starts a local PostgreSQL server for the e2e suite, with a role and
# database `arbiter` (password `arbiter`) on 127.0.0.1:5432. Debian/Ubuntu, run as root.
set -euo pipefail

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | grep -q "^${version} main"; then
  pg_createcluster "$version" main >/dev/null
fi
pg_ctlcluster "$version" main start 2>/dev/null || true

for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p 5432 && break
  sleep 1
done
pg_isready -h 127.0.0.1 -p 5432

su postgres -c "psql -q -v ON_ERROR_STOP=1" <<'SQL'
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'arbiter') THEN
    CREATE ROLE arbiter LOGIN PASSWORD 'arbiter';
  END IF;
END $$;
SELECT 'CREATE DATABASE arbiter OWNER arbiter' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'arbiter')\gexec
SQL
echo "PostgreSQL ${version} ready: postgres://arbiter:arbiter@127.0.0.1:5432/arbiter"
