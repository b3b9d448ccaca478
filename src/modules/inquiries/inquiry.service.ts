import { env } from "@/env";
import { HIDDEN_NAME } from "@/lib/hidden-name";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { offsetOf, type Pagination } from "@/lib/pagination";
import { isUuid } from "@/lib/uuid";
import {
  normalisedRequirements,
  requirementProblems,
  requirementsViewOf,
} from "@/modules/matching/requirement.service";
import { type CompanyScope, resolveCompanyScope, type ScopedUser } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import {
  bulkPublishedMail,
  inquiryApprovedMail,
  inquiryReceivedMail,
  inquiryRejectedMail,
  inquiryReviewRequestMail,
  nominationReceivedMail,
} from "@/server/email/templates";
import { AppError, forbidden, invalid, notFound } from "@/server/http/errors";
import { runIdempotent } from "@/server/http/idempotency";
import { enforceRateLimits } from "@/server/http/rate-limit";
import * as entryRepo from "./entry.repository";
import {
  entryDeadlineProblem,
  type InquiryEvent,
  inquiryLimits,
  outcomeOf,
  statesAllowing,
  transition,
} from "./inquiry.policy";
import * as repo from "./inquiry.repository";
import { DEFAULT_DEADLINE_DAYS, type InquiryInput, MAX_DEADLINE_DAYS } from "./inquiry.schema";
import * as listRepo from "./inquiry-list.repository";

/** A signed-in member, as the contact flow's routes know them (the company comes from the body or the session). */
export interface InquiryActor extends ScopedUser {
  activeCompanyId: string | null;
}

export const INQUIRY_NOT_FOUND = "案件が見つかりませんでした。";
const conflict = (message: string) => new AppError("CONFLICT", message);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ------------------------------------------------------------------ validation shared by dry-run and create

interface Checked {
  buyerCompanyId: string | null;
  entryDeadline: string | null;
  selected: Map<string, string>;
  nominated: string | null;
}

/**
 * Whether the buyer company may send a nomination now (403 with the reason when not): the
 * companies module's rule on the operator's suspension, handed in by the route because companies
 * depends on this module and cannot be imported from here.
 */
export type NominationGate = (db: DbOrTx, buyerCompanyId: string) => Promise<void>;

/**
 * The one validation of an inquiry body. Dry-run and create call it alike; without a
 * signed-in buyer (step 1 of the flow) the company-specific checks wait for create.
 * A suspended buyer's nomination is refused (403) before its fields are looked at.
 */
async function checkInquiry(
  db: DbOrTx,
  scope: CompanyScope | null,
  input: InquiryInput,
  mayNominate: NominationGate,
): Promise<Checked> {
  if (scope && input.type === "NOMINATION") await mayNominate(db, scope.companyId);
  const fields: Record<string, string> = {};
  const today = todayInJapan();
  const buyerCompanyId = scope?.companyId ?? null;
  if (!(await repo.categoryExists(db, input.categoryId))) fields.categoryId = "カテゴリを選択してください";
  Object.assign(fields, await requirementProblems(db, input));
  if (input.desiredDeliveryDate && input.desiredDeliveryDate < today) {
    fields.desiredDeliveryDate = "希望納期は今日以降の日付を指定してください";
  }
  let entryDeadline: string | null = null;
  if (input.type === "BULK") {
    entryDeadline = input.entryDeadline ?? addDays(today, DEFAULT_DEADLINE_DAYS);
    const problem = entryDeadlineProblem(entryDeadline, today, MAX_DEADLINE_DAYS);
    if (problem) fields.entryDeadline = problem;
  }
  const selectedIds = input.type === "BULK" ? [...new Set(input.selectedCompanyIds)] : [];
  const nominatedId = input.type === "NOMINATION" ? (input.nominatedCompanyId ?? null) : null;
  const suppliers = await repo.activeSupplierIds(db, [...selectedIds, ...(nominatedId ? [nominatedId] : [])]);
  if (selectedIds.some((id) => !suppliers.has(id))) {
    fields.selectedCompanyIds = "選択した企業の中に、現在問い合わせできない企業が含まれています";
  }
  if (nominatedId && !suppliers.has(nominatedId))
    fields.nominatedCompanyId = "問い合わせ先の企業が見つかりません";
  if (buyerCompanyId && input.attachmentIds.length) {
    const own = await repo.ownFiles(db, buyerCompanyId, input.attachmentIds);
    if (input.attachmentIds.some((id) => !own.has(id))) {
      fields.attachmentIds = "添付ファイルが見つかりません。もう一度アップロードしてください";
    }
  }
  if (Object.keys(fields).length) throw invalid(fields);
  return {
    buyerCompanyId,
    entryDeadline,
    selected: new Map(selectedIds.map((id) => [id, suppliers.get(id)!])),
    nominated: nominatedId,
  };
}

/**
 * The buyer company an inquiry of the contact flow is sent from (no company in its path): the
 * body's, else the session's active one; it must be a buyer company of the member.
 */
export function inquiryScopeOf(who: InquiryActor, input: InquiryInput): CompanyScope {
  const companyId = input.companyId ?? who.activeCompanyId;
  if (!companyId) throw forbidden("発注者として登録した企業でログインしてください。");
  return resolveCompanyScope(who, companyId, { type: "BUYER" });
}

export async function dryRunInquiry(
  scope: CompanyScope | null,
  db: Db,
  input: InquiryInput,
  mayNominate: NominationGate,
) {
  await checkInquiry(db, scope, input, mayNominate);
}

/**
 * Creates the inquiry once per Idempotency-Key: a double submission answers the first inquiry.
 * `pathCompanyId` is the company of the route's path, if any (part of what the key stands for).
 */
export async function createInquiryOnce(
  scope: CompanyScope,
  db: Db,
  input: InquiryInput,
  key: string,
  mayNominate: NominationGate,
  pathCompanyId?: string,
) {
  return runIdempotent(
    db,
    { scope: `inquiry:${scope.userId}`, key, request: { input, pathCompanyId } },
    (tx) => createInquiry(scope, tx, input, mayNominate),
  );
}

export async function createInquiry(
  scope: CompanyScope,
  db: Db,
  input: InquiryInput,
  mayNominate: NominationGate,
) {
  const checked = await checkInquiry(db, scope, input, mayNominate);
  const user = await repo.userContactOf(db, scope.userId);
  if (!user?.emailVerified) {
    throw forbidden(
      "メールアドレスの確認が完了していないため送信できません。登録時にお送りしたメールのリンクを開いてから、もう一度お試しください。",
    );
  }
  const now = new Date();
  const isBulk = input.type === "BULK";
  return db.transaction(async (tx) => {
    // Counted in the transaction: a refused or failed send does not use up the allowance.
    await enforceRateLimits(tx, inquiryLimits(input.type, checked.buyerCompanyId!));
    // A bulk inquiry is reviewed first; a nomination goes straight to the supplier.
    const created = transition("NEW", isBulk ? "SUBMIT_BULK" : "SUBMIT_NOMINATION");
    if (!created.ok) throw conflict(created.message);
    const row = await repo.insertInquiry(
      tx,
      {
        type: input.type,
        status: created.to,
        buyerCompanyId: checked.buyerCompanyId!,
        createdByUserId: scope.userId,
        nominatedCompanyId: checked.nominated,
        title: input.title,
        categoryId: input.categoryId,
        description: input.description,
        quantity: input.quantity,
        targetUnitPriceYen: input.targetUnitPriceYen ?? null,
        budgetYen: input.budgetYen ?? null,
        desiredDeliveryDate: input.desiredDeliveryDate ?? null,
        entryDeadline: checked.entryDeadline,
        ndaRequired: input.ndaRequired,
        ...normalisedRequirements(input),
        publishedAt: isBulk ? null : now,
      },
      {
        prefectureIds: [...new Set(input.prefectureIds)],
        attachmentIds: [...new Set(input.attachmentIds)],
        recipients: isBulk
          ? [...checked.selected.keys()].map((id) => ({
              supplierCompanyId: id,
              kind: "SELECTED" as const,
              notifiedAt: null,
            }))
          : [{ supplierCompanyId: checked.nominated!, kind: "NOMINATED" as const, notifiedAt: now }],
      },
    );
    await enqueueEmail(
      tx,
      user.email,
      inquiryReceivedMail({ name: user.name, title: row.title, type: row.type }),
    );
    if (isBulk) {
      await enqueueEmail(
        tx,
        env().OPERATOR_EMAIL,
        inquiryReviewRequestMail({ title: row.title, buyerName: user.name }),
      );
    } else {
      for (const m of await repo.memberEmails(tx, checked.nominated!)) {
        await enqueueEmail(tx, m.email, nominationReceivedMail({ title: row.title, inquiryId: row.id }));
      }
    }
    return { id: row.id, status: row.status, type: row.type };
  });
}

// ------------------------------------------------------------------ DTOs

export function summaries(rows: listRepo.SummaryRow[]) {
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    status: r.status,
    title: r.title,
    category: { id: r.categoryId, name: r.categoryName },
    quantity: r.quantity,
    targetUnitPriceYen: r.targetUnitPriceYen,
    budgetYen: r.budgetYen,
    desiredDeliveryDate: r.desiredDeliveryDate,
    entryDeadline: r.entryDeadline,
    prefectures: r.prefectures.map(({ id, name }) => ({ id, name })),
    ndaRequired: r.ndaRequired,
    entryCount: Number(r.entryCount),
    createdAt: r.createdAt.toISOString(),
    publishedAt: iso(r.publishedAt),
  }));
}

/** Each entry with its files (one query for all), as the attachment DTO. */
export async function withEntryFiles<E extends { id: string }>(db: DbOrTx, list: E[]) {
  const byEntry = await entryRepo.entryAttachmentsOf(
    db,
    list.map((e) => e.id),
  );
  return list.map((e) => ({
    e,
    files: withFileUrls(byEntry.get(e.id) ?? []),
  }));
}

/** Files as the API gives them: each with the URL that serves it. */
export function withFileUrls<F extends { id: string }>(list: F[]) {
  return list.map((a) => ({ ...a, url: `/api/attachment/${a.id}` }));
}

export async function attachmentsDto(db: DbOrTx, inquiryId: string) {
  return withFileUrls(await repo.attachmentsOf(db, inquiryId));
}

// ------------------------------------------------------------------ buyer side

export async function listBuyerInquiries(
  scope: CompanyScope,
  db: Db,
  q: Pagination & { contactType?: "BULK" | "NOMINATION"; status?: repo.InquiryRow["status"] },
) {
  const { rows, total } = await listRepo.listForBuyer(db, scope.companyId, {
    type: q.contactType,
    status: q.status,
    limit: q.perPage,
    offset: offsetOf(q),
  });
  return { items: summaries(rows), page: q.page, perPage: q.perPage, total };
}

/** The buyer company's inquiry; another company's (or a malformed id) answers 404. */
export async function buyerInquiryOf(scope: CompanyScope, db: DbOrTx, inquiryId: string) {
  const row = isUuid(inquiryId) ? await repo.findInquiry(db, inquiryId) : undefined;
  if (!row || row.buyerCompanyId !== scope.companyId) throw notFound(INQUIRY_NOT_FOUND);
  return row;
}

export async function getBuyerInquiry(scope: CompanyScope, db: Db, inquiryId: string) {
  const row = await buyerInquiryOf(scope, db, inquiryId);
  const [summary] = summaries([(await listRepo.summaryOf(db, row.id))!]);
  // A hidden name stays hidden from the buyer until the supplier enters one of its inquiries.
  const recipients = (await repo.selectedCompaniesOf(db, row.id, scope.companyId)).map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.nameShown ? r.name : HIDDEN_NAME,
  }));
  const nominated = recipients.find((r) => r.kind === "NOMINATED");
  return {
    ...summary!,
    description: row.description,
    rejectionReason: row.rejectionReason,
    nominatedCompany: nominated ? { id: nominated.id, name: nominated.name } : null,
    selectedCompanies: recipients.filter((r) => r.kind === "SELECTED").map(({ id, name }) => ({ id, name })),
    attachments: await attachmentsDto(db, row.id),
    requirements: await requirementsViewOf(db, row),
    entries: (await withEntryFiles(db, await entryRepo.entriesForBuyer(db, row.id))).map(({ e, files }) => ({
      id: e.id,
      status: e.status,
      message: e.message,
      proposedUnitPriceYen: e.proposedUnitPriceYen,
      leadTime: e.leadTime,
      createdAt: e.createdAt.toISOString(),
      attachments: files,
      supplier: {
        companyId: e.companyId,
        name: e.companyName,
        catchphrase: e.catchphrase,
        prefectureName: e.prefectureName,
        website: e.website,
        personName: e.personName ?? "",
        email: e.email,
        phone: e.personPhone,
      },
    })),
  };
}

/** The buyer ends an inquiry early: CLOSED keeps its entries; CANCELLED withdraws it. */
export async function endInquiry(scope: CompanyScope, db: Db, inquiryId: string, to: "CLOSED" | "CANCELLED") {
  const row = await buyerInquiryOf(scope, db, inquiryId);
  const event = to === "CLOSED" ? "CLOSE" : "CANCEL";
  const move = transition(row.status, event);
  if (!move.ok) throw conflict(move.message);
  const now = new Date();
  await repo.moveInquiry(
    db,
    row.id,
    statesAllowing(event),
    move.to === "CLOSED"
      ? { status: move.to, closedAt: now, updatedAt: now }
      : { status: move.to, cancelledAt: now, updatedAt: now },
  );
  return getBuyerInquiry(scope, db, inquiryId);
}

// ------------------------------------------------------------------ the operator's review, the deadline job, deactivation

/**
 * The operator's review of a bulk inquiry: moves it from review (APPROVE or REJECT, the SQL
 * precondition from the table) with the reviewer and time; the row and its buyer's contact.
 */
async function review(
  tx: DbOrTx,
  inquiryId: string,
  event: "APPROVE" | "REJECT",
  ownerId: string,
  now: Date,
  values: { publishedAt?: Date; rejectionReason?: string },
) {
  const reviewed = { reviewedAt: now, reviewedByOwnerId: ownerId, updatedAt: now };
  const to = { status: outcomeOf(event), ...values, ...reviewed };
  const row = await repo.moveInquiry(tx, inquiryId, statesAllowing(event), to, "BULK");
  if (!row) throw conflict("審査中の一括問い合わせではありません。");
  return { row, buyer: await repo.userContactOf(tx, row.createdByUserId) };
}

/** The operator publishes a bulk inquiry under review: the buyer and the selected suppliers are told. */
export async function approveBulkInquiry(db: Db, ownerId: string, inquiryId: string) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const { row, buyer } = await review(tx, inquiryId, "APPROVE", ownerId, now, { publishedAt: now });
    if (buyer)
      await enqueueEmail(tx, buyer.email, inquiryApprovedMail({ name: buyer.name, title: row.title }));
    for (const s of await repo.markSelectedNotified(tx, row.id, now)) {
      for (const m of await repo.memberEmails(tx, s.supplierCompanyId)) {
        await enqueueEmail(tx, m.email, bulkPublishedMail({ title: row.title, inquiryId: row.id }));
      }
    }
    return row;
  });
}

export async function rejectBulkInquiry(db: Db, ownerId: string, inquiryId: string, reason: string) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const { row, buyer } = await review(tx, inquiryId, "REJECT", ownerId, now, { rejectionReason: reason });
    if (buyer)
      await enqueueEmail(
        tx,
        buyer.email,
        inquiryRejectedMail({ name: buyer.name, title: row.title, reason }),
      );
    return row;
  });
}

/** The values of a move that closes (the close time) or cancels (the cancel time). */
function endValues(event: InquiryEvent, now: Date) {
  const status = outcomeOf(event);
  return status === "CLOSED"
    ? { status, closedAt: now, updatedAt: now }
    : { status, cancelledAt: now, updatedAt: now };
}

/** Scheduled: open bulk inquiries whose deadline (Japan time) has passed are closed. */
export async function closeExpiredInquiries(db: DbOrTx, now = new Date()): Promise<number> {
  const rows = await repo.moveInquiries(
    db,
    { bulkDeadlineBefore: todayInJapan(now) },
    statesAllowing("EXPIRE"),
    endValues("EXPIRE", now),
  );
  return rows.length;
}

/**
 * A company leaves (company deactivation, in its transaction): a buyer's live inquiries close;
 * for a supplier, the open nominations it received close.
 */
export async function closeInquiriesOfDeactivatedCompany(
  tx: DbOrTx,
  companyId: string,
  type: "BUYER" | "SUPPLIER",
  now = new Date(),
): Promise<void> {
  const event = type === "BUYER" ? "BUYER_DEACTIVATED" : "NOMINEE_DEACTIVATED";
  await repo.moveInquiries(
    tx,
    type === "BUYER" ? { buyerCompanyId: companyId } : { nominatedCompanyId: companyId },
    statesAllowing(event),
    endValues(event, now),
  );
}
