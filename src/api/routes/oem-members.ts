import { z } from "@hono/zod-openapi";
import { paginated } from "@/lib/pagination";
import { uuidParam } from "@/lib/validation";
import { invitationView } from "@/modules/accounts/account.schema";
import { loginResult, okResult } from "@/modules/identity/identity.schema";
import {
  invitationCheckInput,
  invitationRegisterInput,
  invitedMember,
  inviteInput,
  member,
  membersQuery,
  roleUpdateInput,
} from "@/modules/members/member.schema";
import * as members from "@/modules/members/member.service";
import { db } from "@/server/db/client";
import { clientInfo } from "../context";
import { companyRoute, publicRoute, scopeOf } from "../define-route";
import { body, errors, json, publicErrors, userErrors } from "../openapi";
import { newRouter } from "../router";

// Members (ADMIN only) and the invitee's side of an invitation. {userId} is a member's user id,
// or for the invitation calls the id of the pending invitation (it has no user yet).
const companyParam = z.object({ companyId: uuidParam });
const userParam = companyParam.extend({ userId: z.uuid("メンバーが見つかりませんでした") });
const scoped = { 404: errors[404], 409: errors[409], ...userErrors };

export function oemMemberRoutes() {
  const r = newRouter();

  // GET /api/oem/company/{companyId}/users – members and pending invitations (ADMIN)
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/oem/company/{companyId}/users",
        operationId: "listMembers",
        tags: ["OEM members"],
        summary: "メンバー一覧（招待中を含む・管理者）",
        request: { params: companyParam, query: membersQuery },
        responses: { 200: json(paginated(member), "メンバー一覧"), ...scoped },
      },
      { type: "SUPPLIER", admin: true },
    ),
    async (c) => c.json(await members.listMembers(await scopeOf(c), db(), c.req.valid("query")), 200),
  );

  // POST /api/oem/company/{companyId}/user/invitation – invite a colleague by email (ADMIN)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/oem/company/{companyId}/user/invitation",
        operationId: "inviteMember",
        tags: ["OEM members"],
        summary: "メンバーの招待（管理者）",
        request: { params: companyParam, ...body(inviteInput) },
        responses: { 201: json(invitedMember, "招待しました"), 429: errors[429], ...scoped },
      },
      { type: "SUPPLIER", admin: true },
    ),
    async (c) => c.json(await members.invite(await scopeOf(c), db(), c.req.valid("json")), 201),
  );

  // POST /api/oem/company/{companyId}/user/{userId}/invitation/resent – send the invitation again (ADMIN)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/oem/company/{companyId}/user/{userId}/invitation/resent",
        operationId: "resendInvitation",
        tags: ["OEM members"],
        summary: "招待の再送（新しいリンク・7日間有効）",
        request: { params: userParam },
        responses: { 200: json(invitedMember, "再送しました"), 429: errors[429], ...scoped },
      },
      { type: "SUPPLIER", admin: true },
    ),
    async (c) => {
      const { userId } = c.req.valid("param");
      return c.json(await members.resendInvitation(await scopeOf(c), db(), userId), 200);
    },
  );

  // DELETE /api/oem/company/{companyId}/user/{userId}/invitation/cancel – cancel a pending invitation (ADMIN)
  r.openapi(
    companyRoute(
      {
        method: "delete",
        path: "/oem/company/{companyId}/user/{userId}/invitation/cancel",
        operationId: "cancelInvitation",
        tags: ["OEM members"],
        summary: "招待の取り消し",
        request: { params: userParam },
        responses: { 200: json(okResult, "取り消しました"), ...scoped },
      },
      { type: "SUPPLIER", admin: true },
    ),
    async (c) => {
      const { userId } = c.req.valid("param");
      await members.cancelInvitation(await scopeOf(c), db(), userId);
      return c.json({ ok: true as const, message: "招待を取り消しました。" }, 200);
    },
  );

  // PATCH /api/oem/company/{companyId}/user/{userId}/role/update – change a member's role (ADMIN)
  r.openapi(
    companyRoute(
      {
        method: "patch",
        path: "/oem/company/{companyId}/user/{userId}/role/update",
        operationId: "updateMemberRole",
        tags: ["OEM members"],
        summary: "メンバーの権限変更（管理者が1人以上必要）",
        request: { params: userParam, ...body(roleUpdateInput) },
        responses: { 200: json(okResult, "変更しました"), ...scoped },
      },
      { type: "SUPPLIER", admin: true },
    ),
    async (c) => {
      const { userId } = c.req.valid("param");
      await members.changeRole(await scopeOf(c), db(), userId, c.req.valid("json").role);
      return c.json({ ok: true as const, message: "権限を変更しました。" }, 200);
    },
  );

  // DELETE /api/oem/company/{companyId}/user/{userId}/delete – remove a member (ADMIN)
  r.openapi(
    companyRoute(
      {
        method: "delete",
        path: "/oem/company/{companyId}/user/{userId}/delete",
        operationId: "removeMember",
        tags: ["OEM members"],
        summary: "メンバーの削除",
        request: { params: userParam },
        responses: { 200: json(okResult, "削除しました"), ...scoped },
      },
      { type: "SUPPLIER", admin: true },
    ),
    async (c) => {
      const { userId } = c.req.valid("param");
      await members.removeMember(await scopeOf(c), db(), userId);
      return c.json({ ok: true as const, message: "メンバーを削除しました。" }, 200);
    },
  );

  // POST /api/oem/company/{companyId}/invitation/check – the invitee checks the link
  r.openapi(
    publicRoute({
      method: "post",
      path: "/oem/company/{companyId}/invitation/check",
      operationId: "checkInvitation",
      tags: ["OEM members"],
      summary: "招待リンクの確認",
      request: { params: companyParam, ...body(invitationCheckInput) },
      responses: {
        200: json(invitationView, "招待内容"),
        404: errors[404],
        409: errors[409],
        ...publicErrors,
      },
    }),
    async (c) =>
      c.json(
        await members.checkInvitation(
          db(),
          c.req.valid("param").companyId,
          c.req.valid("json").token,
          clientInfo(c),
        ),
        200,
      ),
  );

  // POST /api/oem/company/{companyId}/invitation/dry-run/register – validate joining, store nothing
  r.openapi(
    publicRoute({
      method: "post",
      path: "/oem/company/{companyId}/invitation/dry-run/register",
      operationId: "checkInvitationRegistration",
      tags: ["OEM members"],
      summary: "招待からの登録内容の事前チェック（保存しません）",
      request: { params: companyParam, ...body(invitationRegisterInput) },
      responses: {
        200: json(okResult, "問題ありません"),
        404: errors[404],
        409: errors[409],
        ...publicErrors,
      },
    }),
    async (c) => {
      await members.dryRunRegister(db(), c.req.valid("param").companyId, c.req.valid("json"), clientInfo(c));
      return c.json({ ok: true as const }, 200);
    },
  );

  // POST /api/oem/company/{companyId}/invitation/register – join from the invitation, signed in
  r.openapi(
    publicRoute({
      method: "post",
      path: "/oem/company/{companyId}/invitation/register",
      operationId: "acceptInvitation",
      tags: ["OEM members"],
      summary: "招待からの登録・参加",
      request: { params: companyParam, ...body(invitationRegisterInput) },
      responses: {
        201: json(loginResult, "参加してログインした状態"),
        404: errors[404],
        409: errors[409],
        ...publicErrors,
      },
    }),
    async (c) =>
      c.json(
        await members.registerFromInvitation(
          db(),
          c.req.valid("param").companyId,
          c.req.valid("json"),
          clientInfo(c),
        ),
        201,
      ),
  );

  return r;
}
