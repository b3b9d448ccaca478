#!/usr/bin/env bash
# The whole test suite: lint, types, unit, API and security (PGlite and PostgreSQL), system, build,
# end-to-end. Suites that do not share a database run side by side: the machines have two cores
# and one vitest run uses one worker (cores - 1), one Playwright run one browser.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
mkdir -p test-reports
rm -f test-reports/summary-*.json
PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
started=$SECONDS

step() { printf '\n\033[1m== %s\033[0m  (%s since the start)\n' "$*" "$(elapsed)"; }
elapsed() { printf '%dm%02ds' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)); }

# together NAME CMD [NAME CMD ...]: runs the commands at once, each output line prefixed with its
# name; fails when any of them fails.
together() {
  local pids=() names=() status=0 i
  while [ $# -gt 0 ]; do
    names+=("$1")
    (set -o pipefail; bash -c "$2" 2>&1 | sed -u "s/^/[$1] /") &
    pids+=($!)
    shift 2
  done
  for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then
      echo "[${names[$i]}] failed" >&2
      status=1
    fi
  done
  return $status
}

vitest_run() { # PROJECT REPORT [ARGS…]
  local project=$1 report=$2
  shift 2
  echo "npx vitest run --project $project --reporter=default --reporter=json --outputFile=test-reports/summary-$report.json $*"
}

step "Browser and fonts"
bash scripts/ensure-browser.sh

step "PostgreSQL"
if bash scripts/ensure-postgres.sh; then
  HAVE_PG=1
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL is not reachable at 127.0.0.1:5432; CI requires it." >&2
  exit 1
else
  HAVE_PG=0
  echo "PostgreSQL is not reachable: its suites are skipped (set TEST_DATABASE_URL to run them)."
fi

step "Node 24 LTS (production's runtime) from the npm registry's node package"
NODE24=$(bash scripts/node24.sh)

step "Lint (Biome, Redocly on the OpenAPI document) and types (tsc --noEmit)"
together lint "npm run lint" types "npx tsc --noEmit"

step "Unit and component tests, side by side"
# one vitest worker each (cores - 1): together they use both cores (103 s + 80 s one after the other)
together unit "$(vitest_run unit unit --passWithNoTests)" component "$(vitest_run component component --passWithNoTests)"

step "API tests on PGlite (Node $(node --version)) and on PostgreSQL (Node 24)"
if [ "$HAVE_PG" = 1 ]; then
  # the floor (these machines' Node 20) and production's Node 24 each run the whole API suite
  together pglite "$(vitest_run api api-pglite)" \
    postgres "DATABASE_URL=$PG_URL $NODE24 $(vitest_run api api-postgres | sed 's/^npx vitest/node_modules\/vitest\/vitest.mjs/')"
else
  eval "$(vitest_run api api-pglite)"
fi

step "Security tests on PGlite (with the fuzzing) and on PostgreSQL (npm run test:security)"
if [ "$HAVE_PG" = 1 ]; then
  # Two files run once, which also evens the two runs out: the fuzzing on PGlite (on PostgreSQL too
  # it would add minutes and find nothing new), the enumeration timings (80 s of password hashing,
  # the same code path on either database) on PostgreSQL.
  together pglite "$(vitest_run security security-pglite --exclude tests/security/enumeration-timing.test.ts)" \
    postgres "DATABASE_URL=$PG_URL $(vitest_run security security-postgres --exclude tests/security/fuzz.test.ts)"
else
  eval "$(vitest_run security security-pglite)"
fi

step "System tests (server process, lock, crash, SMTP; alone: they time restarts)"
npx vitest run --project system --passWithNoTests --reporter=default --reporter=json --outputFile=test-reports/summary-system.json

step "Build"
npx next build

step "Start-up smoke test under Node 24"
bash scripts/smoke-start.sh "$NODE24"

step "End-to-end tests (Chromium), two shards, each with its own server and database"
# The spec files split by their last measured time (scripts/e2e-shards.mjs, tests/e2e/durations.json).
shard() { # N: shard N of 2 on port 310N with data/e2e-N; its own artifacts folder (a run empties it)
  echo "E2E_WITHOUT_POSTGRES=$((1 - HAVE_PG)) E2E_PORT=$((3100 + $1)) E2E_DATA_DIR=data/e2e-$1 PLAYWRIGHT_JSON_OUTPUT_NAME=test-reports/summary-e2e-$1.json npx playwright test $(node scripts/e2e-shards.mjs "$1" 2 | tr '\n' ' ') --output=test-results/shard-$1 --reporter=list,json"
}
together e2e-1 "$(shard 1)" e2e-2 "$(shard 2)"

step "Done"
# Next run's shards follow this run's times (commit tests/e2e/durations.json when they moved).
node scripts/e2e-shards.mjs --update test-reports/summary-e2e-1.json test-reports/summary-e2e-2.json || true
node scripts/test-summary.mjs
