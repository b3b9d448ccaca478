import { createRoute, z } from "@hono/zod-openapi";
import { ownerProfile, sessionUser } from "@/modules/identity/identity.schema";
import * as identity from "@/modules/identity/identity.service";
import { db } from "@/server/db/client";
import { requireOwner, requireUser } from "../context";
import { bearer, errors, json, ownerBearer } from "../openapi";
import { newRouter } from "../router";

export function accountRoutes() {
  const r = newRouter();

  // GET /api/account/me – the session user of the token, without a new token
  r.openapi(
    createRoute({
      method: "get",
      path: "/account/me",
      tags: ["Account"],
      summary: "ログイン中のユーザー",
      security: bearer,
      responses: { 200: json(sessionUser, "セッションユーザー"), 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const actor = await requireUser(c);
      return c.json(await identity.sessionUserOf(db(), actor.userId, actor.activeCompanyId), 200);
    },
  );

  // GET /api/account/owner-me – the operator of the token
  r.openapi(
    createRoute({
      method: "get",
      path: "/account/owner-me",
      tags: ["Account"],
      summary: "ログイン中の運営者",
      security: ownerBearer,
      responses: {
        200: json(z.object({ owner: ownerProfile }), "運営者"),
        401: errors[401],
        403: errors[403],
      },
    }),
    async (c) => {
      const actor = await requireOwner(c);
      return c.json({ owner: { id: actor.ownerId, name: actor.name, email: actor.email } }, 200);
    },
  );

  return r;
}
