#!/usr/bin/env bash
# Start-up smoke test of the built app under a given Node binary (CI: Node 24, production's
# runtime): a fresh embedded database, ready probe, a page, an API call, a clean SIGTERM exit.
set -euo pipefail
cd "$(dirname "$0")/.."
NODE_BIN=${1:?usage: smoke-start.sh NODE_BINARY}
PORT=${SMOKE_PORT:-3199}
dir=$(mktemp -d)
trap 'kill -9 "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT
echo "Starting server.ts under $("$NODE_BIN" --version) on port $PORT"
NODE_ENV=production APP_ENV=development PORT=$PORT HOST=127.0.0.1 APP_URL="http://127.0.0.1:$PORT" \
  DATA_DIR="$dir" SEED_DEMO=auto LOG_LEVEL=warn "$NODE_BIN" --import tsx server.ts >"$dir.log" 2>&1 &
pid=$!
for _ in $(seq 1 240); do
  curl -sf "http://127.0.0.1:$PORT/api/health/ready" >/dev/null && break
  kill -0 "$pid" 2>/dev/null || { cat "$dir.log"; echo "server exited before it was ready"; exit 1; }
  sleep 0.5
done
curl -sf "http://127.0.0.1:$PORT/api/health/ready" >/dev/null || { cat "$dir.log"; echo "not ready in 120 s"; exit 1; }
curl -sf "http://127.0.0.1:$PORT/api/prefectures" | grep -q '東京都' || { echo "API answered wrongly"; exit 1; }
status=$(curl -s -o "$dir/lp.html" -w '%{http_code}' "http://127.0.0.1:$PORT/lp")
[ "$status" = 200 ] && grep -q 'OEMマッチ' "$dir/lp.html" || { cat "$dir.log"; echo "/lp answered $status"; exit 1; }
kill -TERM "$pid"
code=0; wait "$pid" || code=$?
rm -f "$dir.log"
[ "$code" = 0 ] || { echo "SIGTERM exit code $code"; exit 1; }
echo "smoke: ready, API and /lp answered, clean exit"
