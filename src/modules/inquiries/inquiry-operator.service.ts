import { iso, type Listing, listing, pageOf } from "@/lib/console-listing";
import type { CsvColumn } from "@/lib/csv";
import { todayInJapan } from "@/lib/japan-time";
import * as L from "@/lib/owner/console-labels";
import { audited, joined, type OperatorActor } from "@/modules/audit/audit.service";
import { requirementsViewOf } from "@/modules/matching/requirement.service";
import type { Db, DbOrTx, Tx } from "@/server/db/client";
import { AppError, type FieldErrors, invalid, notFound } from "@/server/http/errors";
import { entriesOfInquiry } from "./entry-operator.service";
import { entryDeadlineProblem, operatorMoveTo, transition } from "./inquiry.policy";
import * as repo from "./inquiry.repository";
import { MAX_DEADLINE_DAYS } from "./inquiry.schema";
import { approveBulkInquiry, rejectBulkInquiry } from "./inquiry.service";
import * as operatorRepo from "./inquiry-operator.repository";
import type {
  BulkActionInput,
  InquiriesQuery,
  InquiryEdit,
  NominationActionInput,
  OwnerInquiryDetail,
  OwnerInquiryItem,
} from "./inquiry-operator.schema";

// Inquiries of every buyer, as the operator reviews and corrects them (decision 0008): each change
// goes through audited() with the console's audit action names, and moves through inquiry.policy.

type InquiryType = "BULK" | "NOMINATION";

const INQUIRY_NOT_FOUND = "案件が見つかりませんでした。";
const at = (s: string | null) => (s ? new Date(s) : null);
const conflict = (message: string) => new AppError("CONFLICT", message);

function inquiryItem(r: operatorRepo.InquiryListRow): OwnerInquiryItem {
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
  const { rows, total } = await operatorRepo.listInquiriesForOperator(db, { ...q, type }, pageOf(q));
  return listing(q, rows.map(inquiryItem), total, { name: CSV_NAMES[only ?? "ALL"], columns: INQUIRY_CSV });
}

/** A buyer company's inquiries counted by status (the console's buyer page). */
export function inquiryCountsByStatus(db: DbOrTx, buyerCompanyId: string) {
  return operatorRepo.inquiryCountsByStatus(db, buyerCompanyId);
}

/** An inquiry with everything the operator needs; another type than the page's answers 404. */
export async function getInquiry(db: Db, id: string, only?: InquiryType): Promise<OwnerInquiryDetail> {
  const row = await repo.findInquiry(db, id);
  if (!row || (only && row.type !== only)) throw notFound(INQUIRY_NOT_FOUND);
  const [listed, extras, entries, requirements] = await Promise.all([
    operatorRepo.listInquiriesForOperator(db, { id }, { limit: 1, offset: 0 }),
    operatorRepo.inquiryExtras(db, row),
    entriesOfInquiry(db, id),
    requirementsViewOf(db, row),
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
    requirements,
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
    entries,
  };
}

// ---------------------------------------------------------------- changes (each with its audit row)

/** Locks the inquiry of the page's type, runs the change through audited(), and answers the page. */
async function changeInquiry(
  db: Db,
  actor: OperatorActor,
  id: string,
  only: InquiryType,
  action: string,
  change: (tx: Tx, before: repo.InquiryRow) => Promise<unknown>,
): Promise<OwnerInquiryDetail> {
  const read = async (tx: Tx) => {
    const row = await repo.findInquiry(tx, id, true);
    if (!row || row.type !== only) throw notFound(INQUIRY_NOT_FOUND);
    return row;
  };
  await audited(db, actor, action, { type: "inquiry", id, read }, change);
  return getInquiry(db, id, only);
}

export function updateBulkInquiry(db: Db, actor: OperatorActor, id: string, input: BulkActionInput) {
  switch (input.action) {
    case "APPROVE":
      return changeInquiry(db, actor, id, "BULK", "inquiry.approve", async (tx, before) => {
        const move = transition(before.status, "APPROVE");
        if (!move.ok) throw conflict(move.message);
        await approveBulkInquiry(joined(tx), actor.ownerId, id);
      });
    case "REJECT":
      return changeInquiry(db, actor, id, "BULK", "inquiry.reject", async (tx, before) => {
        const move = transition(before.status, "REJECT");
        if (!move.ok) throw conflict(move.message);
        await rejectBulkInquiry(joined(tx), actor.ownerId, id, input.reason);
      });
    case "CLOSE":
      return changeInquiry(db, actor, id, "BULK", "inquiry.close", closeInquiry);
    case "EDIT":
      return changeInquiry(db, actor, id, "BULK", "inquiry.edit", (tx, before) =>
        editInquiry(tx, before, input),
      );
  }
}

export function updateNomination(db: Db, actor: OperatorActor, id: string, input: NominationActionInput) {
  if (input.action === "CLOSE") {
    return changeInquiry(db, actor, id, "NOMINATION", "inquiry.close", closeInquiry);
  }
  return changeInquiry(db, actor, id, "NOMINATION", "inquiry.edit", (tx, before) =>
    editInquiry(tx, before, input),
  );
}

async function closeInquiry(tx: Tx, before: repo.InquiryRow) {
  const move = transition(before.status, "CLOSE");
  if (!move.ok) throw conflict(move.message);
  await repo.updateInquiry(tx, before.id, { status: move.to, closedAt: new Date() });
}

/** What an operator may correct: title, description, the bulk deadline, and the status (inquiry.policy's OPERATOR_* moves). */
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
    const problem = entryDeadlineProblem(input.entryDeadline, today, MAX_DEADLINE_DAYS);
    if (problem) fields.entryDeadline = problem;
    values.entryDeadline = input.entryDeadline;
  }
  if (input.status !== undefined && input.status !== before.status) {
    const move = transition(before.status, operatorMoveTo(input.status));
    if (!move.ok) throw conflict(move.message);
    values.status = move.to;
    if (move.to === "CLOSED") values.closedAt = now;
    if (move.to === "CANCELLED") values.cancelledAt = now;
    if (move.to === "OPEN") {
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
