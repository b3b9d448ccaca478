import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseTrustProxy } from "@/server/http/forwarded";

// The only reader of process.env. Validated once at boot; every bad value is named.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // Deployment stage, apart from NODE_ENV (which only picks Next's dev or built mode):
  // the demo runs a production build on a developer machine without secrets.
  APP_ENV: z.enum(["development", "production"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: z.url({ message: "APP_URL must be an absolute URL such as http://localhost:3000" }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  // Connections one process may open: processes × this + a few ≤ PostgreSQL's max_connections (docs/deploy.md).
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  // The change feed's LISTEN connection (decision 0025) when DATABASE_URL goes through a pooler in
  // transaction mode, which cannot hold a LISTEN: a direct address of the same database.
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_LISTEN_URL must start with postgres:// or postgresql://")
    .optional(),
  DATA_DIR: z.string().default("./data"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("OEMマッチ <no-reply@oem-match.local>"),
  OPERATOR_EMAIL: z.email().default("support@oem-match.local"),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default("auto"),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // The issuer printed on qualified invoices (適格請求書); set the real ones in production.
  INVOICE_ISSUER_NAME: z.string().default("OEMマッチ運営事務局（デモ）"),
  INVOICE_ISSUER_NUMBER: z
    .string()
    .regex(
      /^T\d{13}$/,
      "INVOICE_ISSUER_NUMBER must be T followed by 13 digits (適格請求書発行事業者登録番号)",
    )
    .default("T1234567890123"),
  INVOICE_ISSUER_ADDRESS: z.string().default("東京都千代田区丸の内1-1-1"),
  INVOICE_BANK_ACCOUNT: z.string().default("みずほ銀行 丸の内支店 普通 1234567 オーイーエムマッチ"),
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RATE_LIMIT: z.enum(["on", "off"]).default("on"),
  // The public pages' cache (src/server/http/page-cache.ts; production only). "off": every page
  // renders per request, as the benchmark's uncached rows measure.
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  // Bounds of the pages one process keeps, the least recently used going first (decision 0040:
  // a supplier page took ~100 kB kept, so the default fits 10,000 of them in the bytes bound).
  PAGE_CACHE_MAX_PAGES: z.coerce.number().int().min(0).max(1_000_000).default(12_000),
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(0).max(65_536).default(1024),
  // While the database cannot be reached, a kept page no change notice has touched is served
  // (X-Page-Cache: STALE) if it was rendered at most this long ago; 0: never.
  PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  // GET /metrics (Prometheus) answers only with this bearer token; unset: 404.
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  // On SIGTERM: how long requests in progress may run on before they are cut and the process exits.
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(25),
  // On SIGTERM, before that: readiness answers 503 while requests are still accepted and served
  // for this long, so that a balancer polling readiness takes the process out before it stops
  // accepting (longer than the balancer's check interval × fall count). Unset: 10 in production,
  // 0 in development (Ctrl-C stops at once).
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(600).optional(),
  // Behind a reverse proxy: how many proxy hops ("1") or which proxies ("10.0.0.0/8,127.0.0.1") may
  // tell the client's address and protocol (X-Forwarded-For / -Proto). Off: the socket's address.
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseTrustProxy(v);
      } catch (e) {
        ctx.addIssue({ code: "custom", message: `TRUST_PROXY: ${(e as Error).message}` });
        return z.NEVER;
      }
    }),
  // Development only: count each API request's SQL queries and their time (request log line and a
  // Server-Timing header); "sql" also logs the statements. LOG_LEVEL=debug turns the count on too.
  QUERY_LOG: z.enum(["0", "1", "sql"]).default("0"),
  EXTERNAL_LINKS_BASE: z.url().default("https://oem-match.notion.site"),
  // Test builds only (the Playwright journeys): "1" registers /api/test-hooks/* (move the app clock,
  // run the ticket refund job now; src/api/routes/test-hooks.ts). Refused with APP_ENV=production.
  TEST_HOOKS: z.enum(["0", "1"]).default("0"),
});

export type Env = z.infer<typeof schema> & { APP_URL: string; AUTH_SECRET: string; dataDir: string };

let cached: Env | undefined;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      "Invalid environment configuration:\n  - S3_BUCKET is set but S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not",
    );
  }
  if (env.TEST_HOOKS === "1" && env.APP_ENV === "production") {
    throw new Error(
      "Invalid environment configuration:\n  - TEST_HOOKS=1 is for test builds only and is refused when APP_ENV=production",
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    dataDir,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    AUTH_SECRET: env.AUTH_SECRET ?? devSecret(env.APP_ENV, dataDir),
  };
}

// Development keeps a generated secret in the data dir so sessions survive restarts.
function devSecret(appEnv: string, dataDir: string): string {
  if (appEnv === "production") {
    throw new Error(
      "Invalid environment configuration:\n  - AUTH_SECRET is required when APP_ENV=production (at least 32 characters)",
    );
  }
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

/** Tests swap the environment (e.g. another data dir) before anything reads it. */
export function setEnvForTests(next: Partial<Env>): void {
  cached = { ...env(), ...next };
}

/** Back to the process's own environment: the next test file in the same worker starts from it. */
export function resetEnvForTests(): void {
  cached = undefined;
}
