import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

// End-to-end tests drive Debian's Chromium against the built app on a fresh embedded
// database with demo data, sending email to an SMTP sink the tests read (tests/e2e/support).
// `npm run build` must have run first (scripts/test-all.sh does).
const PORT = Number(process.env.E2E_PORT ?? 3100);
// Separate runs on one machine (developers in parallel) take their own port and data dir.
const DATA_DIR = process.env.E2E_DATA_DIR ?? "data/e2e";
const MAIL_DIR = `${DATA_DIR}-mail`;
process.env.E2E_MAIL_DIR = MAIL_DIR;

// Debian's chromium-headless-shell: the same Blink, V8 and network stack as /usr/bin/chromium
// without the browser's window and GPU layers. /usr/bin/chromium is a wrapper that adds Debian's
// default flags, among them --enable-gpu-rasterization, which headless draws through SwiftShader
// (a GPU emulated on the CPU): the GPU process alone took about a fifth of a core per shard.
// scripts/ensure-browser.sh installs both; Lighthouse measures in the full browser.
const BROWSER = existsSync("/usr/bin/chromium-headless-shell")
  ? "/usr/bin/chromium-headless-shell"
  : "/usr/bin/chromium";

// Specs that start their own servers on PostgreSQL; scripts/test-all.sh sets E2E_WITHOUT_POSTGRES=1
// only off CI on a machine without PostgreSQL (the PostgreSQL suites are left out there too).
const POSTGRES_SPECS = /page-cache-processes\.spec\.ts/;

export default defineConfig({
  testDir: "tests/e2e",
  testIgnore: process.env.E2E_WITHOUT_POSTGRES === "1" ? POSTGRES_SPECS : undefined,
  fullyParallel: false,
  workers: 1,
  // No retry: a test that fails once is a failure to fix, on CI as well.
  retries: 0,
  timeout: 60_000,
  // Two shards run side by side on two cores, each with a server and a browser (load ~11). Pages
  // that fetch their own data after hydration (the scripts start after the first paint) showed it
  // 6–8 s after their load on this machine on 2026-11-26, once past 10 s: waits allow 20 s.
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? BROWSER,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1440, height: 900 } } },
    {
      name: "mobile",
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      // The two-process spec: two servers and HTTP only, no page width to check, so the desktop
      // project alone runs it.
      testIgnore: POSTGRES_SPECS,
    },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && npx tsx tests/e2e/support/serve.ts`,
    url: `http://127.0.0.1:${PORT}/api/prefectures`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR,
      APP_URL: `http://127.0.0.1:${PORT}`,
      RATE_LIMIT: "off",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      E2E_MAIL_DIR: MAIL_DIR,
      // the test-only clock and job hooks (src/api/routes/test-hooks.ts): never set outside tests
      TEST_HOOKS: "1",
    },
  },
});
