import { addDays, todayInJapan } from "@/lib/japan-time";
import { MAX_DEADLINE_DAYS } from "@/modules/inquiries/inquiry.schema";
import { approveBulkInquiry, rejectBulkInquiry } from "@/modules/inquiries/inquiry.service";
import type { Db, Tx } from "@/server/db/client";
import { AppError, type FieldErrors, invalid, notFound } from "@/server/http/errors";
import { joined, type OwnerContext, recordAudit } from "./audit";
import type { CsvColumn } from "./csv";
import { iso, type Listing, listing, pageOf } from "./listing";
import * as L from "./owner.labels";
import * as repo from "./owner.repository";
import type {
  BulkActionInput,
  EntriesQuery,
  InquiriesQuery,
  InquiryEdit,
  NominationActionInput,
  OwnerEntryItem,
  OwnerInquiryDetail,
  OwnerInquiryItem,
} from "./owner.schema";

// Inquiries of every buyer and their entries, as the operator reviews and corrects them.

type InquiryType = "BULK" | "NOMINATION";
type Status = repo.InquiryRow["status"];

const INQUIRY_NOT_FOUND = "案件が見つかりませんでした。";
const ENTRY_NOT_FOUND = "エントリーが見つかりませんでした。";
const at = (s: string | null) => (s ? new Date(s) : null);
const conflict = (message: string) => new AppError("CONFLICT", message);

function inquiryItem(r: repo.InquiryListRow): OwnerInquiryItem {
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    title: r.title,
    category: { id: r.categoryId, name: r.categoryName },
    buyer: { id: r.buyerId, name: r.buyerName },
    nominatedCompany: r.nominatedId ? { id: r.nominatedId, name: r.nominatedName ?? "" } : null,
    entryCount: Number(r.entryCount),
    entryDeadline: r.entryDeadline,
    createdAt: r.createdAt.toISOString(),
    publishedAt: iso(r.publishedAt),
    reviewedAt: iso(r.reviewedAt),
  };
}

const INQUIRY_CSV: Array<CsvColumn<OwnerInquiryItem>> = [
  { header: "案件ID", value: (r) => r.id },
  { header: "種類", value: (r) => L.INQUIRY_TYPE[r.type] },
  { header: "状態", value: (r) => L.INQUIRY_STATUS[r.status] },
  { header: "案件名", value: (r) => r.title },
  { header: "カテゴリ", value: (r) => r.category.name },
  { header: "発注者", value: (r) => r.buyer.name },
  { header: "指名先", value: (r) => r.nominatedCompany?.name },
  { header: "エントリー数", value: (r) => r.entryCount },
  { header: "エントリー締切", value: (r) => r.entryDeadline },
  { header: "登録日時", value: (r) => at(r.createdAt) },
  { header: "公開日時", value: (r) => at(r.publishedAt) },
  { header: "審査日時", value: (r) => at(r.reviewedAt) },
];

const CSV_NAMES: Record<InquiryType | "ALL", string> = {
  ALL: "inquiries",
  BULK: "bulk-inquiries",
  NOMINATION: "nomination-inquiries",
};

/** Every inquiry, or one type of them (the bulk and nomination pages of the console). */
export async function listInquiries(
  db: Db,
  q: Omit<InquiriesQuery, "type"> & { type?: InquiryType },
  only?: InquiryType,
): Promise<Listing<OwnerInquiryItem>> {
  const type = only ?? q.type;
  const { rows, total } = await repo.listInquiries(db, { ...q, type }, pageOf(q));
  return listing(q, rows.map(inquiryItem), total, { name: CSV_NAMES[only ?? "ALL"], columns: INQUIRY_CSV });
}

function entryItem(r: repo.EntryListRow): OwnerEntryItem {
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
  const { rows, total } = await repo.listEntries(db, { ...q, inquiryId: q.contactId }, pageOf(q));
  return listing(q, rows.map(entryItem), total, { name: "entries", columns: ENTRY_CSV });
}

/** An inquiry with everything the operator needs; another type than the page's answers 404. */
export async function getInquiry(db: Db, id: string, only?: InquiryType): Promise<OwnerInquiryDetail> {
  const row = await repo.inquiryRow(db, id);
  if (!row || (only && row.type !== only)) throw notFound(INQUIRY_NOT_FOUND);
  const [listed, extras, entryRows] = await Promise.all([
    repo.listInquiries(db, { id }, { limit: 1, offset: 0 }),
    repo.inquiryExtras(db, row),
    repo.listEntries(db, { inquiryId: id }, { limit: 1000, offset: 0 }),
  ]);
  const creator = extras.creator;
  return {
    ...inquiryItem(listed.rows[0]!),
    description: row.description,
    quantity: row.quantity,
    targetUnitPriceYen: row.targetUnitPriceYen,
    budgetYen: row.budgetYen,
    desiredDeliveryDate: row.desiredDeliveryDate,
    ndaRequired: row.ndaRequired,
    rejectionReason: row.rejectionReason,
    closedAt: iso(row.closedAt),
    cancelledAt: iso(row.cancelledAt),
    reviewedByOwnerId: row.reviewedByOwnerId,
    prefectures: extras.prefs,
    attachments: extras.attachments,
    createdBy: {
      userId: row.createdByUserId,
      name: creator?.memberName ?? creator?.userName ?? "",
      email: creator?.email ?? "",
      phone: creator?.phone ?? null,
    },
    recipients: extras.recipients.map((r) => ({
      ...r,
      notifiedAt: iso(r.notifiedAt),
      readAt: iso(r.readAt),
    })),
    entries: entryRows.rows.map(entryItem),
  };
}

// ---------------------------------------------------------------- changes (each with its audit row)

/** Locks the inquiry of the page's type, runs the change, and records before and after. */
async function changeInquiry(
  db: Db,
  ctx: OwnerContext,
  id: string,
  only: InquiryType,
  action: string,
  change: (tx: Tx, before: repo.InquiryRow) => Promise<unknown>,
): Promise<OwnerInquiryDetail> {
  await db.transaction(async (tx) => {
    const before = await repo.inquiryRow(tx, id, true);
    if (!before || before.type !== only) throw notFound(INQUIRY_NOT_FOUND);
    await change(tx, before);
    const after = await repo.inquiryRow(tx, id);
    await recordAudit(tx, ctx, { action, targetType: "inquiry", targetId: id, before, after });
  });
  return getInquiry(db, id, only);
}

export function updateBulkInquiry(db: Db, ctx: OwnerContext, id: string, input: BulkActionInput) {
  switch (input.action) {
    case "APPROVE":
      return changeInquiry(db, ctx, id, "BULK", "inquiry.approve", async (tx, before) => {
        if (before.status !== "REVIEW") throw conflict("審査中の一括問い合わせのみ承認できます。");
        await approveBulkInquiry(joined(tx), ctx.ownerId, id);
      });
    case "REJECT":
      return changeInquiry(db, ctx, id, "BULK", "inquiry.reject", async (tx, before) => {
        if (before.status !== "REVIEW") throw conflict("審査中の一括問い合わせのみ非承認にできます。");
        await rejectBulkInquiry(joined(tx), ctx.ownerId, id, input.reason);
      });
    case "CLOSE":
      return changeInquiry(db, ctx, id, "BULK", "inquiry.close", closeInquiry);
    case "EDIT":
      return changeInquiry(db, ctx, id, "BULK", "inquiry.edit", (tx, before) =>
        editInquiry(tx, before, input),
      );
  }
}

export function updateNomination(db: Db, ctx: OwnerContext, id: string, input: NominationActionInput) {
  if (input.action === "CLOSE") {
    return changeInquiry(db, ctx, id, "NOMINATION", "inquiry.close", closeInquiry);
  }
  return changeInquiry(db, ctx, id, "NOMINATION", "inquiry.edit", (tx, before) =>
    editInquiry(tx, before, input),
  );
}

async function closeInquiry(tx: Tx, before: repo.InquiryRow) {
  if (before.status !== "OPEN") throw conflict("公開中の案件のみ締め切ることができます。");
  await repo.updateInquiry(tx, before.id, { status: "CLOSED", closedAt: new Date() });
}

/** What an operator may correct: title, description, the bulk deadline, and the status along these moves. */
const MOVES: Partial<Record<Status, Status[]>> = {
  REVIEW: ["CANCELLED"],
  OPEN: ["CLOSED", "CANCELLED"],
  CLOSED: ["OPEN"],
};

async function editInquiry(
  tx: Tx,
  before: repo.InquiryRow,
  input: Omit<InquiryEdit, "action" | "entryDeadline"> & { entryDeadline?: string },
) {
  const now = new Date();
  const today = todayInJapan(now);
  const values: Partial<repo.InquiryRow> = {};
  const fields: FieldErrors = {};
  if (input.title !== undefined && input.title !== before.title) values.title = input.title;
  if (input.description !== undefined && input.description !== before.description) {
    values.description = input.description;
  }
  if (input.entryDeadline !== undefined && input.entryDeadline !== before.entryDeadline) {
    if (input.entryDeadline <= today) {
      fields.entryDeadline = "エントリー締切は明日以降の日付を指定してください";
    } else if (input.entryDeadline > addDays(today, MAX_DEADLINE_DAYS)) {
      fields.entryDeadline = `エントリー締切は${MAX_DEADLINE_DAYS}日以内で指定してください`;
    }
    values.entryDeadline = input.entryDeadline;
  }
  if (input.status !== undefined && input.status !== before.status) {
    const to = input.status;
    if (before.status === "REVIEW" && to === "OPEN") {
      throw conflict("審査中の一括問い合わせは「承認」で公開してください。");
    }
    if (!MOVES[before.status]?.includes(to)) {
      throw conflict(
        `${L.INQUIRY_STATUS[before.status]}の案件を「${L.INQUIRY_STATUS[to]}」に変更することはできません。`,
      );
    }
    values.status = to;
    if (to === "CLOSED") values.closedAt = now;
    if (to === "CANCELLED") values.cancelledAt = now;
    if (to === "OPEN") {
      values.closedAt = null;
      const deadline = values.entryDeadline ?? before.entryDeadline;
      // The deadline job would close it again at once.
      if (before.type === "BULK" && deadline && deadline < today && !fields.entryDeadline) {
        fields.entryDeadline = "締切が過ぎているため再公開できません。新しい締切を指定してください";
      }
    }
  }
  if (Object.keys(fields).length) throw invalid(fields);
  if (!Object.keys(values).length) throw invalid({ action: "変更する項目を指定してください" });
  await repo.updateInquiry(tx, before.id, values);
}

/** The operator corrects an entry's status (PRODUCT.md: "the owner may correct any of them"). */
export async function correctEntry(
  db: Db,
  ctx: OwnerContext,
  inquiryId: string,
  input: { entryId: string; status: OwnerEntryItem["status"] },
): Promise<OwnerEntryItem> {
  await db.transaction(async (tx) => {
    if (!(await repo.inquiryRow(tx, inquiryId))) throw notFound(INQUIRY_NOT_FOUND);
    const before = await repo.entryRow(tx, input.entryId, true);
    if (!before || before.inquiryId !== inquiryId) throw notFound(ENTRY_NOT_FOUND);
    if (before.status === input.status) throw conflict("エントリーはすでにその状態です。");
    const now = new Date();
    const after = await repo.updateEntry(tx, before.id, {
      status: input.status,
      cancelledAt: input.status === "CANCELLED" ? now : null,
      decidedAt: input.status === "SHORTLISTED" || input.status === "DECLINED" ? now : null,
    });
    await recordAudit(tx, ctx, {
      action: "entry.status",
      targetType: "entry",
      targetId: before.id,
      before,
      after,
    });
  });
  const { rows } = await repo.listEntries(db, { entryId: input.entryId }, { limit: 1, offset: 0 });
  return entryItem(rows[0]!);
}
