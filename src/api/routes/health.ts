import { z } from "@hono/zod-openapi";
import { db } from "@/server/db/client";
import { checkDatabase, type DatabaseCheck } from "@/server/db/readiness";
import { isShuttingDown } from "@/server/http/lifecycle";
import { publicRoute } from "../define-route";
import { errorEnvelope, json } from "../openapi";
import { newRouter } from "../router";

// Probes for the load balancer and the orchestrator: no authentication, nothing written.

const RETRY_AFTER_SECONDS = 5;

const liveResult = z.object({ status: z.literal("ok") });
const readyResult = z.object({ status: z.literal("ready") });
const notReady = errorEnvelope.extend({
  checks: z.object({
    database: z.enum(["ok", "unreachable", "timeout", "migrations-pending", "error", "skipped"]),
    shuttingDown: z.boolean(),
  }),
});

export function healthRoutes() {
  const r = newRouter();

  // GET /api/health/live – the process is up and answering
  r.openapi(
    publicRoute({
      method: "get",
      path: "/health/live",
      operationId: "getLiveness",
      tags: ["Health"],
      summary: "死活監視（プロセスが応答しているか）",
      responses: { 200: json(liveResult, "応答しています") },
    }),
    (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ status: "ok" as const }, 200);
    },
  );

  // GET /api/health/ready – the database answers within 1 s, migrations are applied, not shutting down
  r.openapi(
    publicRoute({
      method: "get",
      path: "/health/ready",
      operationId: "getReadiness",
      tags: ["Health"],
      summary: "受け入れ可能か（データベース接続・マイグレーション・停止中でないこと）",
      responses: {
        200: json(readyResult, "リクエストを受け付けられます"),
        503: json(notReady, "現在は受け付けられません（Retry-After 付き）"),
      },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const shuttingDown = isShuttingDown();
      const database: DatabaseCheck | "skipped" = shuttingDown ? "skipped" : await checkDatabase(db());
      if (!shuttingDown && database === "ok") return c.json({ status: "ready" as const }, 200);
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      const message = shuttingDown
        ? "このサーバーは停止処理中です。"
        : "ただいまサービスを利用できません。しばらくしてからもう一度お試しください。";
      return c.json({ error: { code: "UNAVAILABLE", message }, checks: { database, shuttingDown } }, 503);
    },
  );

  return r;
}
