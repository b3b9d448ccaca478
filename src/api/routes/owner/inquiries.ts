import * as entryOperator from "@/modules/inquiries/entry-operator.service";
import {
  bulkActionInput,
  contactIdParam,
  entriesQuery,
  entryCorrectionInput,
  inquiriesQuery,
  nominationActionInput,
  ownerEntryItem,
  ownerInquiryDetail,
  ownerInquiryItem,
  typedInquiriesQuery,
} from "@/modules/inquiries/inquiry-operator.schema";
import * as inquiryOperator from "@/modules/inquiries/inquiry-operator.service";
import { db } from "@/server/db/client";
import { operatorOf, ownerRoute } from "../../define-route";
import { body, json } from "../../openapi";
import { answer, base, change, list, type OwnerRouter, one, tags } from "./console";

export function ownerInquiriesRoutes(r: OwnerRouter) {
  // GET /api/owner/contact/bulk – bulk inquiries (status, keyword, buyer; format=csv)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/contact/bulk",
      operationId: "listOwnerBulkInquiries",
      tags,
      summary: "一括問い合わせの一覧",
      request: { query: typedInquiriesQuery },
      responses: { 200: list(ownerInquiryItem, "一括問い合わせ"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await inquiryOperator.listInquiries(db(), c.req.valid("query"), "BULK"));
    },
  );

  // GET /api/owner/contact/bulk/{contactId} – a bulk inquiry with entries, recipients and buyer
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/contact/bulk/{contactId}",
      operationId: "getOwnerBulkInquiry",
      tags,
      summary: "一括問い合わせの詳細",
      request: { params: contactIdParam },
      responses: { 200: json(ownerInquiryDetail, "一括問い合わせ"), ...one },
    }),
    async (c) => {
      await operatorOf(c);
      return c.json(await inquiryOperator.getInquiry(db(), c.req.valid("param").contactId, "BULK"), 200);
    },
  );

  // PUT /api/owner/contact/bulk/{contactId} – approve, reject (with a reason), close or correct a bulk inquiry
  r.openapi(
    ownerRoute({
      method: "put",
      path: "/owner/contact/bulk/{contactId}",
      operationId: "actOnBulkInquiry",
      tags,
      summary: "一括問い合わせの承認・非承認・締切・修正",
      description:
        "action: APPROVE（審査中→公開中、発注者と選択企業に通知）、REJECT（reason 必須、発注者に通知）、CLOSE（公開中→締切）、EDIT（title・description・entryDeadline・status の修正）。",
      request: { params: contactIdParam, ...body(bulkActionInput) },
      responses: { 200: json(ownerInquiryDetail, "変更後の一括問い合わせ"), ...change },
    }),
    async (c) =>
      c.json(
        await inquiryOperator.updateBulkInquiry(
          db(),
          await operatorOf(c),
          c.req.valid("param").contactId,
          c.req.valid("json"),
        ),
        200,
      ),
  );

  // GET /api/owner/contact/nomination – nominated inquiries (status, keyword, buyer, supplier; format=csv)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/contact/nomination",
      operationId: "listOwnerNominations",
      tags,
      summary: "指名問い合わせの一覧",
      request: { query: typedInquiriesQuery },
      responses: { 200: list(ownerInquiryItem, "指名問い合わせ"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await inquiryOperator.listInquiries(db(), c.req.valid("query"), "NOMINATION"));
    },
  );

  // GET /api/owner/contact/nomination/{contactId} – a nominated inquiry with its entry and buyer
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/contact/nomination/{contactId}",
      operationId: "getOwnerNomination",
      tags,
      summary: "指名問い合わせの詳細",
      request: { params: contactIdParam },
      responses: { 200: json(ownerInquiryDetail, "指名問い合わせ"), ...one },
    }),
    async (c) => {
      await operatorOf(c);
      return c.json(
        await inquiryOperator.getInquiry(db(), c.req.valid("param").contactId, "NOMINATION"),
        200,
      );
    },
  );

  // PUT /api/owner/contact/nomination/{contactId} – close or correct a nominated inquiry
  r.openapi(
    ownerRoute({
      method: "put",
      path: "/owner/contact/nomination/{contactId}",
      operationId: "actOnNomination",
      tags,
      summary: "指名問い合わせの締切・修正",
      description: "action: CLOSE（公開中→締切）、EDIT（title・description・status の修正）。",
      request: { params: contactIdParam, ...body(nominationActionInput) },
      responses: { 200: json(ownerInquiryDetail, "変更後の指名問い合わせ"), ...change },
    }),
    async (c) =>
      c.json(
        await inquiryOperator.updateNomination(
          db(),
          await operatorOf(c),
          c.req.valid("param").contactId,
          c.req.valid("json"),
        ),
        200,
      ),
  );

  // GET /api/owner/contact/common – the "all" view: both types in one list
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/contact/common",
      operationId: "listOwnerInquiriesCommon",
      tags,
      summary: "問い合わせの一覧（一括・指名の共通）",
      request: { query: inquiriesQuery },
      responses: { 200: list(ownerInquiryItem, "問い合わせ"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await inquiryOperator.listInquiries(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/contact/entry – every entry (status, inquiry, supplier, keyword; format=csv)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/contact/entry",
      operationId: "listOwnerEntries",
      tags,
      summary: "エントリーの一覧",
      request: { query: entriesQuery },
      responses: { 200: list(ownerEntryItem, "エントリー"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await entryOperator.listEntries(db(), c.req.valid("query")));
    },
  );

  // PUT /api/owner/contact/entry/{contactId} – correct the status of one entry of the inquiry
  r.openapi(
    ownerRoute({
      method: "put",
      path: "/owner/contact/entry/{contactId}",
      operationId: "correctEntry",
      tags,
      summary: "エントリーの状態の修正",
      description: "パスは案件ID、本文の entryId でその案件のエントリーを指定します。",
      request: { params: contactIdParam, ...body(entryCorrectionInput) },
      responses: { 200: json(ownerEntryItem, "修正後のエントリー"), ...change },
    }),
    async (c) =>
      c.json(
        await entryOperator.correctEntry(
          db(),
          await operatorOf(c),
          c.req.valid("param").contactId,
          c.req.valid("json"),
        ),
        200,
      ),
  );

  // GET /api/owner/contact – every inquiry (type, status, keyword, buyer; format=csv)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/contact",
      operationId: "listOwnerInquiries",
      tags,
      summary: "問い合わせの一覧（すべて）",
      request: { query: inquiriesQuery },
      responses: { 200: list(ownerInquiryItem, "問い合わせ"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await inquiryOperator.listInquiries(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/contact/{contactId} – any inquiry with entries, recipients and buyer
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/contact/{contactId}",
      operationId: "getOwnerInquiry",
      tags,
      summary: "問い合わせの詳細",
      request: { params: contactIdParam },
      responses: { 200: json(ownerInquiryDetail, "問い合わせ"), ...one },
    }),
    async (c) => {
      await operatorOf(c);
      return c.json(await inquiryOperator.getInquiry(db(), c.req.valid("param").contactId), 200);
    },
  );
}
