import { iso, type Listing, listing, pageOf } from "@/lib/console-listing";
import type { CsvColumn } from "@/lib/csv";
import * as L from "@/lib/owner/console-labels";
import { audited, type OperatorActor } from "@/modules/audit/audit.service";
import type { Db, Tx } from "@/server/db/client";
import { AppError, notFound } from "@/server/http/errors";
import { type EntryStatus, entryTransition, operatorSet } from "./entry.policy";
import * as repo from "./entry.repository";
import * as operatorRepo from "./entry-operator.repository";
import { findInquiry } from "./inquiry.repository";
import type { EntriesQuery, OwnerEntryItem } from "./inquiry-operator.schema";

// Every supplier's entries as the operator lists and corrects them (PRODUCT.md: "the owner may correct any of them").

const ENTRY_NOT_FOUND = "エントリーが見つかりませんでした。";
const at = (s: string | null) => (s ? new Date(s) : null);

export function entryItem(r: operatorRepo.EntryListRow): OwnerEntryItem {
  return {
    id: r.id,
    status: r.status,
    inquiry: { id: r.inquiryId, title: r.inquiryTitle, type: r.inquiryType, status: r.inquiryStatus },
    buyer: { id: r.buyerId, name: r.buyerName },
    supplier: { id: r.supplierId, name: r.supplierName },
    enteredBy: { name: r.memberName ?? r.userName, email: r.email },
    message: r.message,
    proposedUnitPriceYen: r.proposedUnitPriceYen,
    leadTime: r.leadTime,
    createdAt: r.createdAt.toISOString(),
    decidedAt: iso(r.decidedAt),
    cancelledAt: iso(r.cancelledAt),
  };
}

const ENTRY_CSV: Array<CsvColumn<OwnerEntryItem>> = [
  { header: "エントリーID", value: (r) => r.id },
  { header: "状態", value: (r) => L.ENTRY_STATUS[r.status] },
  { header: "案件ID", value: (r) => r.inquiry.id },
  { header: "案件名", value: (r) => r.inquiry.title },
  { header: "案件の種類", value: (r) => L.INQUIRY_TYPE[r.inquiry.type] },
  { header: "案件の状態", value: (r) => L.INQUIRY_STATUS[r.inquiry.status] },
  { header: "発注者", value: (r) => r.buyer.name },
  { header: "OEMメーカー", value: (r) => r.supplier.name },
  { header: "担当者", value: (r) => r.enteredBy.name },
  { header: "メールアドレス", value: (r) => r.enteredBy.email },
  { header: "提案単価（円）", value: (r) => r.proposedUnitPriceYen },
  { header: "納期", value: (r) => r.leadTime },
  { header: "メッセージ", value: (r) => r.message },
  { header: "エントリー日時", value: (r) => at(r.createdAt) },
  { header: "判定日時", value: (r) => at(r.decidedAt) },
  { header: "取り消し日時", value: (r) => at(r.cancelledAt) },
];

export async function listEntries(db: Db, q: EntriesQuery): Promise<Listing<OwnerEntryItem>> {
  const { rows, total } = await operatorRepo.listEntriesForOperator(
    db,
    { ...q, inquiryId: q.contactId },
    pageOf(q),
  );
  return listing(q, rows.map(entryItem), total, { name: "entries", columns: ENTRY_CSV });
}

/** Every entry of one inquiry (the operator's inquiry page). */
export async function entriesOfInquiry(db: Db, inquiryId: string): Promise<OwnerEntryItem[]> {
  const { rows } = await operatorRepo.listEntriesForOperator(db, { inquiryId }, { limit: 1000, offset: 0 });
  return rows.map(entryItem);
}

/** The operator corrects an entry's status: any status to any other (entry.policy's OPERATOR_SET_*). */
export async function correctEntry(
  db: Db,
  actor: OperatorActor,
  inquiryId: string,
  input: { entryId: string; status: Exclude<EntryStatus, "AWARDED" | "WITHDRAWN"> },
): Promise<OwnerEntryItem> {
  const read = async (tx: Tx) => {
    if (!(await findInquiry(tx, inquiryId))) throw notFound("案件が見つかりませんでした。");
    const entry = await repo.findEntryById(tx, input.entryId, true);
    if (!entry || entry.inquiryId !== inquiryId) throw notFound(ENTRY_NOT_FOUND);
    return entry;
  };
  await audited(db, actor, "entry.status", { type: "entry", id: input.entryId, read }, async (tx, before) => {
    const move = entryTransition(before.status, operatorSet(input.status));
    if (!move.ok) throw new AppError("CONFLICT", move.message);
    const now = new Date();
    await repo.updateEntry(tx, before.id, {
      status: move.to,
      cancelledAt: move.to === "CANCELLED" ? now : null,
      decidedAt: move.to === "SHORTLISTED" || move.to === "DECLINED" ? now : null,
    });
  });
  const { rows } = await operatorRepo.listEntriesForOperator(
    db,
    { entryId: input.entryId },
    { limit: 1, offset: 0 },
  );
  return entryItem(rows[0]!);
}
