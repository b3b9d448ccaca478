import { addYears, todayInJapan } from "@/lib/japan-time";
import { isUuid } from "@/lib/uuid";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { invalid, notFound } from "@/server/http/errors";
import type { OrderSide } from "./order.repository";
import * as repo from "./order.repository";
import { eventDetail, eventLabel } from "./order-events";
import { namesOf } from "./order-parties.service";
import type { OrderDetail, OrdersPage } from "./order-view.schema";
import { consultationsOf } from "./price-consultation.repository";

// Reading orders, for the buyer and the supplier: one order with its versions, record and
// consultations (the supplier's first look is recorded: the act's "delivered" needs a trace), and
// each side's list by keyset.

export const ORDER_NOT_FOUND = "発注が見つかりませんでした。";
/** 7条: records are kept 2 years; the product keeps them from the last event on. */
export const RECORD_YEARS = 2;

export function sideOf(scope: CompanyScope): OrderSide {
  return scope.companyType === "BUYER" ? "BUYER" : "SUPPLIER";
}

const base = (scope: CompanyScope) => `/api/orders/company/${scope.companyId}/orders`;

/** The scope's order or 404 (another company's, a malformed id, none). */
export async function orderOf(scope: CompanyScope, db: DbOrTx, orderId: string): Promise<repo.OrderHead> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const row = await repo.findOrderOfCompany(scope, db, sideOf(scope), orderId);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

async function orderViewOf(scope: CompanyScope, db: DbOrTx, orderId: string): Promise<repo.OrderView> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const row = await repo.findOrderView(scope, db, sideOf(scope), orderId);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

/**
 * The supplier's first look at an order, recorded once (7条: when the order reached it): the time
 * recorded, `null` when another request recorded it first, `undefined` when there is nothing to do.
 */
export async function markOpened(
  scope: CompanyScope,
  db: Db,
  order: { id: string; firstOpenedAt: Date | null },
): Promise<Date | null | undefined> {
  if (sideOf(scope) !== "SUPPLIER" || order.firstOpenedAt) return undefined;
  return db.transaction(async (tx) => {
    const at = new Date();
    if (!(await repo.markFirstOpened(tx, order.id, at))) return null;
    await repo.appendEvent(tx, {
      orderId: order.id,
      at,
      kind: "OPENED",
      side: "SUPPLIER",
      actorUserId: scope.userId,
    });
    return at;
  });
}

/**
 * GET …/orders/{orderId}: the order as its side sees it; the supplier's first look is recorded.
 * The order with the names, then its versions, record and consultations side by side (query-counts).
 */
export async function getOrder(scope: CompanyScope, db: Db, orderId: string): Promise<OrderDetail> {
  let order = await orderViewOf(scope, db, orderId);
  const opened = await markOpened(scope, db, order);
  // Another request recorded it first: its time is the one kept.
  if (opened) order = { ...order, firstOpenedAt: opened };
  else if (opened === null) order = await orderViewOf(scope, db, orderId);
  return orderDetailOf(scope, db, order);
}

async function orderDetailOf(scope: CompanyScope, db: DbOrTx, order: repo.OrderView): Promise<OrderDetail> {
  const side = sideOf(scope);
  const [versions, events, consultations] = await Promise.all([
    repo.versionsOf(db, order.id),
    repo.eventsWithActors(db, order.id),
    consultationsOf(db, order.id),
  ]);
  const url = `${base(scope)}/${order.id}`;
  const returned = [...events].reverse().find((e) => e.kind === "RETURNED");
  const lastEvent = events.at(-1)?.at ?? order.issuedAt;
  const today = todayInJapan();
  return {
    id: order.id,
    number: order.number,
    side,
    status: order.status,
    threadId: order.threadId,
    sourceOrderId: order.sourceOrderId,
    buyerName: order.buyerName,
    supplierName: order.supplierName,
    currentVersion: order.currentVersion,
    pendingVersion: order.pendingVersion,
    issuedAt: order.issuedAt.toISOString(),
    issuedByName: order.issuedByName ?? null,
    firstOpenedAt: order.firstOpenedAt?.toISOString() ?? null,
    answeredAt: order.answeredAt?.toISOString() ?? null,
    returnReason: order.status === "RETURNED" ? (returned?.reason ?? null) : null,
    acceptancePdfUrl: order.status === "ACCEPTED" ? `${url}/acceptance/pdf` : null,
    versions: versions.map((v) => ({
      version: v.version,
      kind: v.kind,
      state: v.state,
      reason: v.reason,
      reasonParty: (v.reasonParty as "BUYER" | "SUPPLIER" | null) ?? null,
      answerReason: v.answerReason,
      answeredAt: v.answeredAt?.toISOString() ?? null,
      createdAt: v.createdAt.toISOString(),
      pdfSha256: v.pdfSha256,
      pdfUrl: `${url}/versions/${v.version}/pdf`,
      terms: v.terms,
    })),
    events: events.map((e) => ({
      at: e.at.toISOString(),
      kind: e.kind,
      label: eventLabel(e.kind),
      side: e.side,
      actorName: e.actorName ?? null,
      version: e.version,
      detail: eventDetail(e),
      reason: e.reason,
    })),
    consultations: consultations.map((c) => ({
      id: c.id,
      status: c.status,
      drivers: c.drivers,
      requestedUnitPriceYen: c.requestedUnitPriceYen,
      message: c.message,
      evidence: c.evidence.map((f) => ({
        id: f.id,
        name: f.name,
        url: `/api/deals/threads/${order.threadId}/files/${f.id}`,
      })),
      dueOn: c.dueOn,
      overdue: c.status === "OPEN" && c.dueOn < today,
      requestedAt: c.requestedAt.toISOString(),
      answer: c.answer,
      counterUnitPriceYen: c.counterUnitPriceYen,
      answeredAt: c.answeredAt?.toISOString() ?? null,
    })),
    keptUntil: addYears(todayInJapan(lastEvent), RECORD_YEARS),
  };
}

function encodeCursor(row: { issuedAt: Date; id: string }): string {
  return Buffer.from(`${row.issuedAt.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): repo.OrderCursor {
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const issuedAt = new Date(at ?? "");
  if (!id || !isUuid(id) || Number.isNaN(issuedAt.getTime()))
    throw invalid({ cursor: "ページの指定が正しくありません" });
  return { issuedAt, id };
}

/** GET …/orders: the side's orders, newest first (keyset pages; one query plus the names). */
export async function listOrders(
  scope: CompanyScope,
  db: DbOrTx,
  q: { cursor?: string; limit: number; threadId?: string },
): Promise<OrdersPage> {
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const rows = await repo.listOrdersOfCompany(scope, db, sideOf(scope), q.limit, after, q.threadId);
  const page = rows.slice(0, q.limit);
  const names = await namesOf(db, [...new Set(page.map((r) => r.counterpartId))]);
  return {
    items: page.map((r) => ({
      id: r.id,
      number: r.number,
      threadId: r.threadId,
      title: r.title,
      status: r.status,
      counterpartName: names.get(r.counterpartId) ?? "",
      currentVersion: r.currentVersion,
      pendingVersion: r.pendingVersion,
      totalYen: r.totalYen,
      toriteki: r.toriteki === "APPLIES",
      openTerms: r.openTerms,
      issuedAt: r.issuedAt.toISOString(),
      firstOpenedAt: r.firstOpenedAt?.toISOString() ?? null,
    })),
    nextCursor: rows.length > q.limit ? encodeCursor(page.at(-1)!) : null,
  };
}

/** GET …/versions/{version}/pdf: the version's PDF exactly as issued. */
export async function versionPdfOf(scope: CompanyScope, db: DbOrTx, orderId: string, version: number) {
  const order = await orderOf(scope, db, orderId);
  const row = await repo.versionPdf(db, order.id, version);
  if (!row) throw notFound("この版の発注書は見つかりませんでした。");
  const title = row.kind === "CHANGE" ? "変更発注書" : row.kind === "SUPPLEMENT" ? "補充書面" : "発注書";
  return { pdf: row.pdf, fileName: `${title}_${order.number}_第${version}版.pdf` };
}
