#!/usr/bin/env bash
# The whole test suite: lint, types, unit, API (PGlite and PostgreSQL), system, build, e2e.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
mkdir -p test-reports
rm -f test-reports/summary-*.json

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Browser and fonts"
bash scripts/ensure-browser.sh

step "Lint (Biome)"
npx biome check .

step "Types (tsc --noEmit)"
npx tsc --noEmit

step "Unit tests"
npx vitest run --project unit --passWithNoTests --reporter=default --reporter=json --outputFile=test-reports/summary-unit.json

step "API tests on PGlite"
npx vitest run --project api --reporter=default --reporter=json --outputFile=test-reports/summary-api-pglite.json

step "API tests on PostgreSQL"
if bash scripts/ensure-postgres.sh; then
  DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" \
    npx vitest run --project api --reporter=default --reporter=json --outputFile=test-reports/summary-api-postgres.json
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL is not reachable at 127.0.0.1:5432; CI requires it." >&2
  exit 1
else
  echo "PostgreSQL is not reachable: skipped (set TEST_DATABASE_URL to run them)."
fi

step "Security tests on PGlite (npm run test:security)"
npx vitest run --project security --reporter=default --reporter=json --outputFile=test-reports/summary-security-pglite.json

step "Security tests on PostgreSQL (the fuzzing ran above, once is enough)"
if bash scripts/ensure-postgres.sh; then
  DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" \
    npx vitest run --project security --exclude tests/security/fuzz.test.ts --reporter=default --reporter=json --outputFile=test-reports/summary-security-postgres.json
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL is not reachable at 127.0.0.1:5432; CI requires it." >&2
  exit 1
fi

step "System tests (server process, lock, crash, SMTP)"
npx vitest run --project system --passWithNoTests --reporter=default --reporter=json --outputFile=test-reports/summary-system.json

step "Build"
npx next build

step "End-to-end tests (Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=test-reports/summary-e2e.json npx playwright test --reporter=list,json

node scripts/test-summary.mjs
