import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";

import { uuidParam } from "@/lib/validation";
import * as dealFiles from "@/modules/deals/deal-files.service";
import {
  dealFile,
  dealFileUpload,
  dealMessage,
  messageInput,
  messagesPage,
  messagesQuery,
  reportInput,
  threadDetail,
  threadSummary,
  threadsPage,
  threadsQuery,
  unreadCounts,
} from "@/modules/deals/deals.schema";
import * as threads from "@/modules/deals/thread.service";
import { DEAL_FILE_TOO_LARGE_MESSAGE, MAX_DEAL_FILE_BYTES } from "@/modules/files/attachment";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { spooledForm } from "@/server/http/multipart";
import type { AppEnv } from "../context";
import { companyRoute, scopeOf } from "../define-route";
import { fileDownload } from "../file-download";
import { body, errors, json, userErrors } from "../openapi";
import type { newRouter } from "../router";

// Threads, messages, files, reports (docs/deal-room.md): the caller's company in the path, the
// thread must be that company's (buyer or supplier); anything else answers 404.

const companyParam = z.object({ companyId: uuidParam });
const threadParam = companyParam.extend({ threadId: z.string().max(100) });
const inquiryParam = companyParam.extend({ inquiryId: z.string().max(100) });
const fileParam = threadParam.extend({ fileId: z.string().max(100) });
const messageParam = companyParam.extend({ messageId: z.string().max(100) });
const scoped = { 404: errors[404], ...userErrors };
const tags = ["Deals"];

// Room for the multipart envelope around the file itself.
const MULTIPART_LIMIT = MAX_DEAL_FILE_BYTES + 64 * 1024;

// Members only (404 otherwise) before the body is read; then the form's type and its size.
const uploadGuards: MiddlewareHandler<AppEnv>[] = [
  async (c, next) => {
    await scopeOf(c);
    await next();
  },
  async (c, next) => {
    if (!c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data")) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "multipart/form-data 形式で送信してください。", {
        file: "multipart/form-data 形式で送信してください。",
      });
    }
    await next();
  },
  // Read as it arrives, the file spooled to disk (docs/decisions/0042).
  spooledForm({
    maxFileBytes: MAX_DEAL_FILE_BYTES,
    maxBodyBytes: MULTIPART_LIMIT,
    tooLarge: DEAL_FILE_TOO_LARGE_MESSAGE,
  }),
];

export function dealThreadRoutes(r: ReturnType<typeof newRouter>) {
  // GET /api/deals/company/{companyId}/threads – the company's threads, unread first
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/deals/company/{companyId}/threads",
        operationId: "listDealThreads",
        tags,
        summary: "商談スレッド一覧（未読を先頭に、新しい順）",
        request: { params: companyParam, query: threadsQuery },
        responses: { 200: json(threadsPage, "商談スレッド一覧"), ...scoped },
      },
      {},
    ),
    async (c) => c.json(await threads.listThreads(await scopeOf(c), db(), c.req.valid("query")), 200),
  );

  // GET /api/deals/company/{companyId}/unread – the unread messages over all the company's threads
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/deals/company/{companyId}/unread",
        operationId: "countDealUnread",
        tags,
        summary: "商談の未読メッセージ数",
        request: { params: companyParam },
        responses: { 200: json(unreadCounts, "未読メッセージ数（合計と案件ごと）"), ...scoped },
      },
      {},
    ),
    async (c) => c.json(await threads.unreadCounts(await scopeOf(c), db()), 200),
  );

  // POST /api/deals/company/{companyId}/inquiries/{inquiryId}/thread – the supplier opens its thread on an inquiry
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/deals/company/{companyId}/inquiries/{inquiryId}/thread",
        operationId: "openDealThread",
        tags,
        summary: "商談スレッドを開く（OEMメーカー）",
        request: { params: inquiryParam },
        responses: {
          201: json(threadSummary, "商談スレッドを開きました"),
          200: json(threadSummary, "開いている商談スレッド"),
          402: errors[402],
          409: errors[409],
          ...scoped,
        },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => {
      const { inquiryId } = c.req.valid("param");
      const { thread, created } = await threads.openSupplierThread(await scopeOf(c), db(), inquiryId);
      return c.json(thread, created ? 201 : 200);
    },
  );

  // GET /api/deals/company/{companyId}/threads/{threadId} – a thread with its quote and decision
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/deals/company/{companyId}/threads/{threadId}",
        operationId: "getDealThread",
        tags,
        summary: "商談スレッドの詳細（現在の見積・決定）",
        request: { params: threadParam },
        responses: { 200: json(threadDetail, "商談スレッド"), ...scoped },
      },
      {},
    ),
    async (c) =>
      c.json(await threads.getThreadDetail(await scopeOf(c), db(), c.req.valid("param").threadId), 200),
  );

  // GET /api/deals/company/{companyId}/threads/{threadId}/messages – messages, newest first, by cursor
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/deals/company/{companyId}/threads/{threadId}/messages",
        operationId: "listDealMessages",
        tags,
        summary: "商談メッセージ一覧（新しい順、カーソルで過去へ）",
        request: { params: threadParam, query: messagesQuery },
        responses: { 200: json(messagesPage, "メッセージ一覧"), ...scoped },
      },
      {},
    ),
    async (c) =>
      c.json(
        await threads.listMessages(
          await scopeOf(c),
          db(),
          c.req.valid("param").threadId,
          c.req.valid("query"),
        ),
        200,
      ),
  );

  // POST /api/deals/company/{companyId}/threads/{threadId}/messages – post a message (with files)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/deals/company/{companyId}/threads/{threadId}/messages",
        operationId: "postDealMessage",
        tags,
        summary: "商談メッセージの送信",
        request: { params: threadParam, ...body(messageInput) },
        responses: { 201: json(dealMessage, "送信しました"), 409: errors[409], 429: errors[429], ...scoped },
      },
      {},
    ),
    async (c) =>
      c.json(
        await threads.postMessage(await scopeOf(c), db(), c.req.valid("param").threadId, c.req.valid("json")),
        201,
      ),
  );

  // POST /api/deals/company/{companyId}/threads/{threadId}/read – the caller's side has read the thread
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/deals/company/{companyId}/threads/{threadId}/read",
        operationId: "readDealThread",
        tags,
        summary: "商談スレッドを既読にする",
        request: { params: threadParam },
        responses: { 200: json(z.object({ unread: z.literal(0) }), "既読にしました"), ...scoped },
      },
      {},
    ),
    async (c) => c.json(await threads.readThread(await scopeOf(c), db(), c.req.valid("param").threadId), 200),
  );

  // POST /api/deals/company/{companyId}/files – upload a file for a message or a quote
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/deals/company/{companyId}/files",
        operationId: "uploadDealFile",
        tags,
        summary:
          "商談ファイルのアップロード（PDF・画像・Office文書・CADデータ（STEP・IGES・DXF）、20MBまで）",
        middleware: uploadGuards,
        request: {
          params: companyParam,
          body: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: dealFileUpload.extend({
                  file: dealFileUpload.shape.file.openapi({
                    type: "string",
                    format: "binary",
                    description:
                      "PDF・JPEG・PNG・WebP・GIF・Word・Excel・PowerPoint・STEP・IGES・DXF（20MBまで、内容で判定）",
                  }),
                }),
              },
            },
          },
        },
        responses: {
          201: json(dealFile, "登録したファイル（メッセージ・見積の fileIds に指定します）"),
          413: errors[413],
          415: errors[415],
          429: errors[429],
          ...scoped,
        },
      },
      {},
    ),
    async (c) =>
      c.json(await dealFiles.uploadDealFile(await scopeOf(c), db(), c.req.valid("form").file), 201),
  );

  // GET /api/deals/company/{companyId}/threads/{threadId}/files/{fileId} – download a file of the thread
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/deals/company/{companyId}/threads/{threadId}/files/{fileId}",
        operationId: "downloadDealFile",
        tags,
        summary: "商談ファイルのダウンロード",
        request: { params: fileParam },
        responses: {
          200: {
            description: "ファイル（Content-Disposition: attachment）",
            content: {
              "application/octet-stream": {
                schema: z.string().openapi({ type: "string", format: "binary" }),
              },
            },
          },
          ...scoped,
        },
      },
      {},
    ),
    async (c) => {
      const { threadId, fileId } = c.req.valid("param");
      const file = await dealFiles.readDealFile(await scopeOf(c), db(), threadId, fileId);
      return fileDownload(file, c.req, { threadId, fileId });
    },
  );

  // POST /api/deals/company/{companyId}/messages/{messageId}/report – report the other side's message
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/deals/company/{companyId}/messages/{messageId}/report",
        operationId: "reportDealMessage",
        tags,
        summary: "相手企業のメッセージを運営事務局に通報する",
        request: { params: messageParam, ...body(reportInput) },
        responses: {
          200: json(z.object({ ok: z.literal(true) }), "通報しました"),
          409: errors[409],
          429: errors[429],
          ...scoped,
        },
      },
      {},
    ),
    async (c) =>
      c.json(
        await threads.reportMessage(
          await scopeOf(c),
          db(),
          c.req.valid("param").messageId,
          c.req.valid("json"),
        ),
        200,
      ),
  );
}
