import { z } from "@hono/zod-openapi";
import { paginated } from "@/lib/pagination";
import { uuidParam } from "@/lib/validation";
import { capabilitiesOf } from "@/modules/companies/supplier-fit.service";
import { supplierInquiryRow } from "@/modules/deals/buyer-record.schema";
import { listSupplierInquiriesWithRecords } from "@/modules/deals/buyer-record.service";
import { enterWithThread } from "@/modules/deals/entry-thread.service";
import {
  entryInput,
  entryResult,
  supplierEntriesQuery,
  supplierEntry,
} from "@/modules/inquiries/entry.schema";
import * as entries from "@/modules/inquiries/entry.service";
import { supplierInquiriesQuery, supplierInquiryDetail } from "@/modules/inquiries/inquiry.schema";
import { getSupplierInquiry } from "@/modules/inquiries/supplier-inquiry.service";
import { db } from "@/server/db/client";
import { companyRoute, scopeOf } from "../define-route";
import { body, errors, json, userErrors } from "../openapi";
import { newRouter } from "../router";

// The supplier's side of inquiries: public recruits (BULK), nominations, entries.
const companyParam = z.object({ companyId: uuidParam });
const contactParam = companyParam.extend({ contactId: z.string().max(100) });
const scoped = { 404: errors[404], 409: errors[409], ...userErrors };

export function oemInquiryRoutes() {
  const r = newRouter();

  // GET /api/oem/company/{companyId}/contacts – public recruits (contactType=BULK) or nominations (NOMINATION)
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/oem/company/{companyId}/contacts",
        operationId: "listSupplierInquiries",
        tags: ["OEM inquiries"],
        summary:
          "案件一覧（公開案件・指名案件）。各行に発注者の実績（返信率・決定率、社名なし）、公開案件は適合度（sort=fit で適合度順、fit=only で条件に合う案件のみ）",
        request: { params: companyParam, query: supplierInquiriesQuery },
        responses: {
          200: json(
            paginated(supplierInquiryRow).extend({
              totalCapped: z
                .boolean()
                .describe("公開案件が1,000件を超えるとき true（total は 1,000、新しい順に1,000件まで表示）"),
            }),
            "案件一覧",
          ),
          ...scoped,
        },
      },
      { type: "SUPPLIER" },
    ),
    // The deal room's buyer figures join the rows here (inquiries does not import deals).
    async (c) =>
      c.json(
        await listSupplierInquiriesWithRecords(await scopeOf(c), db(), capabilitiesOf, c.req.valid("query")),
        200,
      ),
  );

  // GET /api/oem/company/{companyId}/contact/{contactId} – an inquiry as this supplier may see it
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/oem/company/{companyId}/contact/{contactId}",
        operationId: "getSupplierInquiry",
        tags: ["OEM inquiries"],
        summary: "案件の詳細（発注者の連絡先は回答できる場合のみ）",
        request: { params: contactParam },
        responses: { 200: json(supplierInquiryDetail, "案件詳細"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => {
      const { contactId } = c.req.valid("param");
      return c.json(await getSupplierInquiry(await scopeOf(c), db(), contactId, capabilitiesOf), 200);
    },
  );

  // POST /api/oem/company/{companyId}/contact/{contactId}/entries – enter (respond to) an inquiry
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/oem/company/{companyId}/contact/{contactId}/entries",
        operationId: "createEntry",
        tags: ["OEM inquiries"],
        summary: "エントリー（公開案件は無制限プラン、指名案件はチケットまたは無制限プラン）",
        request: { params: contactParam, ...body(entryInput) },
        responses: { 201: json(entryResult, "エントリーしました"), 402: errors[402], ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => {
      const { contactId } = c.req.valid("param");
      const scope = await scopeOf(c);
      // The entry opens the deal thread with the buyer and is its first message (one transaction).
      return c.json(await enterWithThread(scope, db(), contactId, c.req.valid("json")), 201);
    },
  );

  // DELETE /api/oem/company/{companyId}/contact/{contactId}/entries/cancel – withdraw the entry while open
  r.openapi(
    companyRoute(
      {
        method: "delete",
        path: "/oem/company/{companyId}/contact/{contactId}/entries/cancel",
        operationId: "cancelEntry",
        tags: ["OEM inquiries"],
        summary: "エントリーの取り消し",
        request: { params: contactParam },
        responses: { 200: json(entryResult, "取り消しました"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => {
      const { contactId } = c.req.valid("param");
      return c.json(await entries.cancelEntry(await scopeOf(c), db(), contactId), 200);
    },
  );

  // GET /api/oem/company/{companyId}/entries – the entered-projects list (paid suppliers)
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/oem/company/{companyId}/entries",
        operationId: "listSupplierEntries",
        tags: ["OEM inquiries"],
        summary: "エントリー済み案件一覧（無制限プラン）",
        request: { params: companyParam, query: supplierEntriesQuery },
        responses: { 200: json(paginated(supplierEntry), "エントリー済み案件"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => c.json(await entries.listEntries(await scopeOf(c), db(), c.req.valid("query")), 200),
  );

  return r;
}
