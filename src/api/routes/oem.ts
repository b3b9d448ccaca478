import { createRoute } from "@hono/zod-openapi";
import { loginResult, okResult, registerInput } from "@/modules/identity/identity.schema";
import * as identity from "@/modules/identity/identity.service";
import { db } from "@/server/db/client";
import { clientInfo } from "../context";
import { body, json, publicErrors } from "../openapi";
import { newRouter } from "../router";

export function oemRoutes() {
  const r = newRouter();

  // POST /api/oem/register – registers a person and a supplier company (free tier), signed in
  r.openapi(
    createRoute({
      method: "post",
      path: "/oem/register",
      tags: ["OEM"],
      summary: "OEMメーカーの会員登録",
      security: [],
      request: body(registerInput),
      responses: { 201: json(loginResult, "登録してログインした状態"), ...publicErrors },
    }),
    async (c) => c.json(await identity.register(db(), "SUPPLIER", c.req.valid("json"), clientInfo(c)), 201),
  );

  // POST /api/oem/register-check – validates a registration body without storing anything
  r.openapi(
    createRoute({
      method: "post",
      path: "/oem/register-check",
      tags: ["OEM"],
      summary: "登録内容の事前チェック（保存しません）",
      security: [],
      request: body(registerInput),
      responses: { 200: json(okResult, "問題ありません"), ...publicErrors },
    }),
    async (c) => {
      await identity.checkRegistration(db(), c.req.valid("json"), clientInfo(c));
      return c.json({ ok: true as const }, 200);
    },
  );

  return r;
}
