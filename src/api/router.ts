import { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { fieldErrorsOf, nulCharFields } from "@/lib/validation";
import { unauthenticated } from "@/server/http/errors";
import { type AppEnv, actorOf, requireOwner } from "./context";
import { StaticMatchRouter } from "./static-match-router";

const INVALID = "入力内容に誤りがあります。";

type Security = Array<Record<string, unknown>> | undefined;

/**
 * The caller check an operation's declared security asks for, run before its input is validated:
 * a signed-out caller gets 401 (the login prompt), never a 422 about a form it may not send.
 * Undefined when the operation is open to anyone (no security, or `{}` among its alternatives).
 */
export function authFirst(security: Security): MiddlewareHandler<AppEnv> | undefined {
  if (!security?.length) return undefined;
  const schemes = security.map((s) => Object.keys(s));
  if (schemes.some((keys) => keys.length === 0)) return undefined;
  const operatorOnly = schemes.every((keys) => keys.length === 1 && keys[0] === "OwnerBearer");
  return async (c, next) => {
    if (operatorOnly) await requireOwner(c);
    else if ((await actorOf(c)).kind === "anonymous") throw unauthenticated();
    await next();
  };
}

export function newRouter() {
  const router = new OpenAPIHono<AppEnv>({
    router: new StaticMatchRouter(),
    // Invalid input answers 422 with a Japanese message per field.
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(
          {
            error: {
              code: "VALIDATION_FAILED",
              message: INVALID,
              fields: fieldErrorsOf(result.error as never),
            },
          },
          422,
        );
      }
      // PostgreSQL text cannot hold NUL: refuse it here, for every input, rather than fail in the database.
      const fields = nulCharFields(result.data);
      if (fields) return c.json({ error: { code: "VALIDATION_FAILED", message: INVALID, fields } }, 422);
    },
  });
  // Every operation declaring a token gets its caller check ahead of its validators, by construction.
  const register = router.openapi;
  router.openapi = ((route, handler, hook) => {
    const check = authFirst(route.security);
    if (!check) return register(route, handler, hook);
    const own = route.middleware ? [route.middleware].flat() : [];
    return register({ ...route, middleware: [check, ...own] }, handler, hook);
  }) as typeof router.openapi;
  return router;
}
