import { createRoute } from "@hono/zod-openapi";
import { loginResult, registerInput } from "@/modules/identity/identity.schema";
import * as identity from "@/modules/identity/identity.service";
import { db } from "@/server/db/client";
import { clientInfo } from "../context";
import { body, json, publicErrors } from "../openapi";
import { newRouter } from "../router";

export function buyerRoutes() {
  const r = newRouter();

  // POST /api/buyer/register – registers a person and a buyer company, signed in
  r.openapi(
    createRoute({
      method: "post",
      path: "/buyer/register",
      tags: ["Buyer"],
      summary: "発注者の会員登録",
      security: [],
      request: body(registerInput),
      responses: { 201: json(loginResult, "登録してログインした状態"), ...publicErrors },
    }),
    async (c) => c.json(await identity.register(db(), "BUYER", c.req.valid("json"), clientInfo(c)), 201),
  );

  return r;
}
