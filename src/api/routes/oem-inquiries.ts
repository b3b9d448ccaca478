import { createRoute, z } from "@hono/zod-openapi";
import { paginated } from "@/lib/pagination";
import { uuidParam } from "@/lib/validation";
import { entryInput, entryResult, supplierEntriesQuery, supplierEntry } from "@/modules/inquiries/entry.schema";
import * as entries from "@/modules/inquiries/entry.service";
import {
  inquirySummary,
  supplierInquiriesQuery,
  supplierInquiryDetail,
} from "@/modules/inquiries/inquiry.schema";
import * as inquiries from "@/modules/inquiries/inquiry.service";
import { db } from "@/server/db/client";
import { requireUser } from "../context";
import { bearer, body, errors, json, userErrors } from "../openapi";
import { newRouter } from "../router";

// The supplier's side of inquiries: public recruits (BULK), nominations, entries.
const companyParam = z.object({ companyId: uuidParam });
const contactParam = companyParam.extend({ contactId: z.string().max(100) });
const scoped = { 404: errors[404], 409: errors[409], ...userErrors };

export function oemInquiryRoutes() {
  const r = newRouter();

  // GET /api/oem/company/{companyId}/contacts – public recruits (contactType=BULK) or nominations (NOMINATION)
  r.openapi(
    createRoute({
      method: "get",
      path: "/oem/company/{companyId}/contacts",
      operationId: "listSupplierInquiries",
      tags: ["OEM inquiries"],
      summary: "案件一覧（公開案件・指名案件）",
      security: bearer,
      request: { params: companyParam, query: supplierInquiriesQuery },
      responses: { 200: json(paginated(inquirySummary), "案件一覧"), ...scoped },
    }),
    async (c) =>
      c.json(
        await inquiries.listSupplierInquiries(
          db(),
          await requireUser(c),
          c.req.valid("param").companyId,
          c.req.valid("query"),
        ),
        200,
      ),
  );

  // GET /api/oem/company/{companyId}/contact/{contactId} – an inquiry as this supplier may see it
  r.openapi(
    createRoute({
      method: "get",
      path: "/oem/company/{companyId}/contact/{contactId}",
      operationId: "getSupplierInquiry",
      tags: ["OEM inquiries"],
      summary: "案件の詳細（発注者の連絡先は回答できる場合のみ）",
      security: bearer,
      request: { params: contactParam },
      responses: { 200: json(supplierInquiryDetail, "案件詳細"), ...scoped },
    }),
    async (c) => {
      const { companyId, contactId } = c.req.valid("param");
      return c.json(
        await inquiries.getSupplierInquiry(db(), await requireUser(c), companyId, contactId),
        200,
      );
    },
  );

  // POST /api/oem/company/{companyId}/contact/{contactId}/entries – enter (respond to) an inquiry
  r.openapi(
    createRoute({
      method: "post",
      path: "/oem/company/{companyId}/contact/{contactId}/entries",
      operationId: "createEntry",
      tags: ["OEM inquiries"],
      summary: "エントリー（公開案件は無制限プラン、指名案件はチケットまたは無制限プラン）",
      security: bearer,
      request: { params: contactParam, ...body(entryInput) },
      responses: { 201: json(entryResult, "エントリーしました"), 402: errors[402], ...scoped },
    }),
    async (c) => {
      const { companyId, contactId } = c.req.valid("param");
      return c.json(
        await entries.enter(db(), await requireUser(c), companyId, contactId, c.req.valid("json")),
        201,
      );
    },
  );

  // DELETE /api/oem/company/{companyId}/contact/{contactId}/entries/cancel – withdraw the entry while open
  r.openapi(
    createRoute({
      method: "delete",
      path: "/oem/company/{companyId}/contact/{contactId}/entries/cancel",
      operationId: "cancelEntry",
      tags: ["OEM inquiries"],
      summary: "エントリーの取り消し",
      security: bearer,
      request: { params: contactParam },
      responses: { 200: json(entryResult, "取り消しました"), ...scoped },
    }),
    async (c) => {
      const { companyId, contactId } = c.req.valid("param");
      return c.json(await entries.cancelEntry(db(), await requireUser(c), companyId, contactId), 200);
    },
  );

  // GET /api/oem/company/{companyId}/entries – the entered-projects list (paid suppliers)
  r.openapi(
    createRoute({
      method: "get",
      path: "/oem/company/{companyId}/entries",
      operationId: "listSupplierEntries",
      tags: ["OEM inquiries"],
      summary: "エントリー済み案件一覧（無制限プラン）",
      security: bearer,
      request: { params: companyParam, query: supplierEntriesQuery },
      responses: { 200: json(paginated(supplierEntry), "エントリー済み案件"), ...scoped },
    }),
    async (c) =>
      c.json(
        await entries.listEntries(
          db(),
          await requireUser(c),
          c.req.valid("param").companyId,
          c.req.valid("query"),
        ),
        200,
      ),
  );

  return r;
}
