import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { routePath } from "hono/route";
import { env } from "@/env";
import { newQueryStats, type QueryStats, queryLogMode, withQueryStats } from "@/server/db/query-stats";
import { isDatabaseUnavailable } from "@/server/db/unavailable";
import { AppError } from "@/server/http/errors";
import { logger } from "@/server/http/logger";
import { recordRequest } from "@/server/http/metrics";
import { HSTS } from "@/server/http/page-headers";
import { requestIdOf } from "@/server/http/request-id";
import { type AppEnv, clientInfo, nodeBindings, requestHeader } from "./context";
import { docsRoutes } from "./docs";
import { newRouter } from "./router";
import { accountRoutes } from "./routes/account";
import { attachmentRoutes } from "./routes/attachment";
import { authRoutes } from "./routes/auth";
import { billingRoutes } from "./routes/billing";
import { buyerRoutes } from "./routes/buyer";
import { companyNewsRoutes } from "./routes/company-news";
import { contactRoutes } from "./routes/contact";
import { dealRoutes } from "./routes/deals";
import { healthRoutes } from "./routes/health";
import { imageRoutes } from "./routes/image";
import { leadRoutes } from "./routes/leads";
import { oemRoutes } from "./routes/oem";
import { oemCapabilityRoutes } from "./routes/oem-capabilities";
import { oemCaseRoutes } from "./routes/oem-cases";
import { oemCompanyRoutes } from "./routes/oem-company";
import { oemInquiryRoutes } from "./routes/oem-inquiries";
import { oemMemberRoutes } from "./routes/oem-members";
import { orderRoutes } from "./routes/orders";
import { ownerRoutes } from "./routes/owner/index";
import { sharedRoutes } from "./routes/shared";
import { testHookRoutes } from "./routes/test-hooks";

function errorResponse(err: unknown, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    if (err.retryAfterSeconds) c.header("Retry-After", String(err.retryAfterSeconds));
    return c.json(
      { error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } },
      err.status as 400,
    );
  }
  if (err instanceof HTTPException || err instanceof SyntaxError) {
    const status = err instanceof HTTPException ? err.status : 400;
    if (status === 413) {
      return c.json(
        { error: { code: "PAYLOAD_TOO_LARGE", message: "送信されたデータが大きすぎます。" } },
        413,
      );
    }
    return c.json({ error: { code: "BAD_REQUEST", message: "リクエストの形式が正しくありません。" } }, 400);
  }
  if (isDatabaseUnavailable(err)) {
    // which failure (refused, timed out, a lost connection under a write): the driver's own error,
    // not Drizzle's wrapper (its message holds the statement's parameters)
    let cause = err as { code?: string; message?: string; cause?: unknown };
    while (cause.cause && typeof cause.cause === "object") cause = cause.cause as typeof cause;
    const { code, message } = cause;
    logger().warn({ code, message, requestId: c.get("requestId") }, "database unavailable: answered 503");
    c.header("Retry-After", "5");
    return c.json(
      {
        error: {
          code: "UNAVAILABLE",
          message: "ただいまサービスを利用できません。しばらくしてからもう一度お試しください。",
        },
      },
      503,
    );
  }
  logger().error({ err, requestId: c.get("requestId") }, "unhandled error");
  return c.json(
    {
      error: {
        code: "INTERNAL",
        message: "サーバーで問題が発生しました。時間をおいてもう一度お試しください。",
      },
    },
    500,
  );
}

/** The route pattern that answered (a label with few values); paths no route matched share one. */
function routeOf(c: Context<AppEnv>): string {
  const route = routePath(c, -1);
  return route.endsWith("*") ? "(unmatched)" : route;
}

/** The per-request query counter: off in production, on with QUERY_LOG or LOG_LEVEL=debug. */
export function createApp() {
  const app = newRouter().basePath("/api");
  const queryLog = queryLogMode();
  const https = env().APP_URL.startsWith("https:");

  // The headers every answer carries; a route's own Content-Security-Policy or Cache-Control wins.
  const fixedHeaders: Array<[string, string]> = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ...(https ? [["Strict-Transport-Security", HSTS] as [string, string]] : []),
  ];
  const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'";

  app.use("*", async (c, next) => {
    // nginx's $request_id when it comes from a trusted proxy, else our own (request-id.ts)
    const { incoming } = nodeBindings(c);
    const requestId = requestIdOf(
      incoming ? (incoming.socket.remoteAddress ?? "unknown") : undefined,
      requestHeader(c, "x-request-id"),
      env().TRUST_PROXY,
    );
    c.set("requestId", requestId);
    const started = performance.now();
    // Answers for a signed-in caller are private; routes that set their own policy (public images) keep it.
    const signedIn = Boolean(requestHeader(c, "authorization") || requestHeader(c, "cookie"));
    // Served by node-server (server.ts), the headers go on Node's response before the route runs:
    // its writeHead merges the route's own over them, and the route's answer keeps its plain
    // headers (reading c.res.headers after next() builds a Fetch Headers and rebuilds them all).
    const { outgoing } = nodeBindings(c);
    if (outgoing) {
      outgoing.setHeader("X-Request-Id", requestId);
      for (const [name, value] of fixedHeaders) outgoing.setHeader(name, value);
      outgoing.setHeader("Content-Security-Policy", DEFAULT_CSP);
      if (signedIn) outgoing.setHeader("Cache-Control", "no-store");
    }
    let queries: QueryStats | undefined;
    if (queryLog === "off") await next();
    else {
      queries = newQueryStats(queryLog);
      await withQueryStats(queries, () => next());
      c.res.headers.append(
        "Server-Timing",
        `db;dur=${queries.ms.toFixed(1)};desc="${queries.count} queries"`,
      );
    }
    if (!outgoing) {
      // app.request() (tests): on the response's own headers. c.header() after next() would
      // rebuild the response each call.
      const h = c.res.headers;
      h.set("X-Request-Id", requestId);
      for (const [name, value] of fixedHeaders) h.set(name, value);
      if (!h.has("Content-Security-Policy")) h.set("Content-Security-Policy", DEFAULT_CSP);
      if (signedIn && !h.has("Cache-Control")) h.set("Cache-Control", "no-store");
    }
    const ms = performance.now() - started;
    recordRequest(c.req.method, routeOf(c), c.res.status, ms / 1000);
    const log = logger();
    if (!log.isLevelEnabled("info")) return;
    const actor = c.get("actor");
    log.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(ms),
        ip: clientInfo(c).ip,
        ...(actor?.kind === "user" ? { userId: actor.userId } : {}),
        ...(actor?.kind === "owner" ? { ownerId: actor.ownerId } : {}),
        ...(queries
          ? {
              queries: queries.count,
              dbMs: Math.round(queries.ms * 10) / 10,
              ...(queries.statements ? { sql: queries.statements } : {}),
            }
          : {}),
      },
      "request",
    );
  });
  // JSON bodies are small; uploads set their own limit. GET and HEAD carry none: reading
  // c.req.raw to find out costs a full Request per call.
  const jsonBodyLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) =>
      c.json({ error: { code: "PAYLOAD_TOO_LARGE", message: "送信されたデータが大きすぎます。" } }, 413),
  });
  // Not async: a GET passes on next()'s own promise, without a frame of its own.
  app.use("*", (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    // Uploads set their own limit (the deal room's files: POST /api/deals/company/{companyId}/files).
    if (c.req.path.endsWith("/upload") || /^\/api\/deals\/company\/[^/]+\/files$/.test(c.req.path))
      return next();
    // A supplier's certificate document (issue 20): POST /api/oem/company/{companyId}/certifications.
    if (/^\/api\/oem\/company\/[^/]+\/certifications$/.test(c.req.path)) return next();
    return jsonBodyLimit(c, next);
  });

  app.openAPIRegistry.registerComponent("securitySchemes", "Bearer", {
    type: "http",
    scheme: "bearer",
    description: "会員（発注者・OEMメーカー）のトークン。POST /api/auth/login で取得します。",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "OwnerBearer", {
    type: "http",
    scheme: "bearer",
    description: "運営者のトークン。POST /api/auth/owner-login で取得します。",
  });

  app.route("/", healthRoutes());
  app.route("/", authRoutes());
  app.route("/", accountRoutes());
  app.route("/", buyerRoutes());
  app.route("/", oemRoutes());
  app.route("/", dealRoutes());
  app.route("/", orderRoutes());
  app.route("/", oemCompanyRoutes());
  app.route("/", oemCapabilityRoutes());
  app.route("/", oemCaseRoutes());
  app.route("/", oemMemberRoutes());
  app.route("/", oemInquiryRoutes());
  app.route("/", contactRoutes());
  app.route("/", billingRoutes());
  app.route("/", companyNewsRoutes());
  app.route("/", sharedRoutes());
  app.route("/", imageRoutes());
  app.route("/", attachmentRoutes());
  app.route("/", leadRoutes());
  app.route("/", ownerRoutes());
  // Test builds only (TEST_HOOKS=1): not in the OpenAPI document; without the flag, 404.
  if (env().TEST_HOOKS === "1") app.route("/", testHookRoutes());

  // The document is generated once per app: it only changes with the code.
  let openApiDocument: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  app.get("/openapi.json", (c) => {
    openApiDocument ??= app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "OEMマッチ API",
        version: "1.0.0",
        description:
          "発注者とOEMメーカーをつなぐマッチングサービスのAPI。エラーは { error: { code, message, fields } } で返ります。",
        // The API is not open source; `identifier` (SPDX) is OpenAPI 3.1, missing from the library's type.
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" } as { name: string },
      },
      // Paths carry /api, so the server is the origin that served this document.
      servers: [{ url: "/", description: "このドキュメントを配信しているサーバー" }],
    });
    return c.json(openApiDocument);
  });
  app.route("/", docsRoutes());

  app.notFound((c) => c.json({ error: { code: "NOT_FOUND", message: "APIが見つかりません。" } }, 404));
  app.onError(errorResponse);
  return app;
}

export type App = ReturnType<typeof createApp>;
