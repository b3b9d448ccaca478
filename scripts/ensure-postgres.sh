#!/usr/bin/env bash
# The API tests also run on PostgreSQL (127.0.0.1:5432, database test). Start the
# machine's cluster if it is installed but stopped; exit 1 if none can be had.
set -uo pipefail
url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if pg_isready -d "$url" -q 2>/dev/null; then exit 0; fi
if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start 2>/dev/null || true
  for _ in $(seq 1 20); do pg_isready -d "$url" -q 2>/dev/null && exit 0; sleep 0.5; done
fi
exit 1
