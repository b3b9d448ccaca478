import { createRoute } from "@hono/zod-openapi";
import {
  buyersQuery,
  ids,
  ownerBuyerDetail,
  ownerBuyerItem,
  ownerSupplierDetail,
  ownerSupplierItem,
  suppliersQuery,
} from "@/modules/owner/owner.schema";
import * as owner from "@/modules/owner/owner.service";
import { db } from "@/server/db/client";
import { requireOwner } from "../../context";
import { json, ownerBearer } from "../../openapi";
import { answer, base, list, type OwnerRouter, one, tags } from "./console";
import { ownerSupplierBillingRoute } from "./tickets";

export function ownerCompaniesRoutes(r: OwnerRouter) {
  // GET /api/owner/buyer – buyer companies (keyword, status, sort; format=csv)
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/buyer",
      operationId: "listOwnerBuyers",
      tags,
      summary: "発注者企業の一覧",
      security: ownerBearer,
      request: { query: buyersQuery },
      responses: { 200: list(ownerBuyerItem, "発注者企業"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await owner.listBuyers(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/buyer/{companyId} – a buyer company with members, inquiries count and deactivations
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/buyer/{companyId}",
      operationId: "getOwnerBuyer",
      tags,
      summary: "発注者企業の詳細（メンバー・問い合わせ件数・退会理由）",
      security: ownerBearer,
      request: { params: ids.companyId },
      responses: { 200: json(ownerBuyerDetail, "発注者企業"), ...one },
    }),
    async (c) => {
      await requireOwner(c);
      return c.json(await owner.getBuyer(db(), c.req.valid("param").companyId), 200);
    },
  );

  // GET /api/owner/oem – supplier companies (keyword, status, paymentStatus, sort; format=csv)
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/oem",
      operationId: "listOwnerSuppliers",
      tags,
      summary: "OEMメーカー企業の一覧",
      security: ownerBearer,
      request: { query: suppliersQuery },
      responses: { 200: list(ownerSupplierItem, "OEMメーカー企業"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await owner.listSuppliers(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/oem/{companyId} – a supplier company with profile, members and figures
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/oem/{companyId}",
      operationId: "getOwnerSupplier",
      tags,
      summary: "OEMメーカー企業の詳細",
      security: ownerBearer,
      request: { params: ids.companyId },
      responses: { 200: json(ownerSupplierDetail, "OEMメーカー企業"), ...one },
    }),
    async (c) => {
      await requireOwner(c);
      return c.json(await owner.getSupplier(db(), c.req.valid("param").companyId), 200);
    },
  );

  // GET /api/owner/oem-detail/{companyId} – a supplier's billing: balance, purchases, usages, plans, invoices
  ownerSupplierBillingRoute(r);
}
