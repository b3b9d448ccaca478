import {
  buyersQuery,
  ownerBuyerDetail,
  ownerBuyerItem,
  ownerSupplierDetail,
  ownerSupplierItem,
  suppliersQuery,
} from "@/modules/companies/company-operator.schema";
import * as companies from "@/modules/companies/company-operator.service";
import { membersForOperator } from "@/modules/members/member-operator.service";
import { ids } from "@/modules/owner/owner.schema";
import { db } from "@/server/db/client";
import { ownerRoute } from "../../define-route";
import { json } from "../../openapi";
import { answer, base, list, type OwnerRouter, one, tags } from "./console";
import { ownerSupplierBillingRoute } from "./tickets";

export function ownerCompaniesRoutes(r: OwnerRouter) {
  // GET /api/owner/buyer – buyer companies (keyword, status, sort; format=csv)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/buyer",
      operationId: "listOwnerBuyers",
      tags,
      summary: "発注者企業の一覧",
      request: { query: buyersQuery },
      responses: { 200: list(ownerBuyerItem, "発注者企業"), ...base },
    }),
    async (c) => answer(c, await companies.listBuyers(db(), c.req.valid("query"))),
  );

  // GET /api/owner/buyer/{companyId} – a buyer company with members, inquiries count and deactivations
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/buyer/{companyId}",
      operationId: "getOwnerBuyer",
      tags,
      summary: "発注者企業の詳細（メンバー・問い合わせ件数・退会理由）",
      request: { params: ids.companyId },
      responses: { 200: json(ownerBuyerDetail, "発注者企業"), ...one },
    }),
    // The company's members come from the members module.
    async (c) =>
      c.json(await companies.getBuyer(db(), c.req.valid("param").companyId, membersForOperator), 200),
  );

  // GET /api/owner/oem – supplier companies (keyword, status, paymentStatus, sort; format=csv)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/oem",
      operationId: "listOwnerSuppliers",
      tags,
      summary: "OEMメーカー企業の一覧",
      request: { query: suppliersQuery },
      responses: { 200: list(ownerSupplierItem, "OEMメーカー企業"), ...base },
    }),
    async (c) => answer(c, await companies.listSuppliers(db(), c.req.valid("query"))),
  );

  // GET /api/owner/oem/{companyId} – a supplier company with profile, members and figures
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/oem/{companyId}",
      operationId: "getOwnerSupplier",
      tags,
      summary: "OEMメーカー企業の詳細",
      request: { params: ids.companyId },
      responses: { 200: json(ownerSupplierDetail, "OEMメーカー企業"), ...one },
    }),
    async (c) =>
      c.json(await companies.getSupplier(db(), c.req.valid("param").companyId, membersForOperator), 200),
  );

  // GET /api/owner/oem-detail/{companyId} – a supplier's billing: balance, purchases, usages, plans, invoices
  ownerSupplierBillingRoute(r);
}
