import { and, eq, inArray, lt } from "drizzle-orm";
import { env } from "@/env";
import type { CompanyUserActor as UserActor } from "@/lib/actor";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { offsetOf, type Pagination } from "@/lib/pagination";
import { isUuid } from "@/lib/uuid";
import { hasTicketUsage } from "@/modules/billing/billing.repository";
import { findCompany } from "@/modules/companies/companies.repository";
import { requireMembership } from "@/modules/companies/company-access";
import { HIDDEN_NAME } from "@/modules/companies/supplier-directory.schema";
import { findUserById } from "@/modules/identity/identity.repository";
import type { Db, DbOrTx } from "@/server/db/client";
import { entries, inquiries, inquiryRecipients } from "@/server/db/schema";
import { enqueueEmail } from "@/server/email/outbox";
import {
  bulkPublishedMail,
  entryDecisionMail,
  inquiryApprovedMail,
  inquiryReceivedMail,
  inquiryRejectedMail,
  inquiryReviewRequestMail,
  nominationReceivedMail,
} from "@/server/email/templates";
import { AppError, forbidden, invalid, notFound } from "@/server/http/errors";
import { runIdempotent } from "@/server/http/idempotency";
import { enforceRateLimits } from "@/server/http/rate-limit";
import {
  canSeeBuyerContact,
  canSeeInquiry,
  entryBlock,
  inquiryLimits,
  type SupplierFacts,
  verdictBlock,
} from "./inquiry.policy";
import * as repo from "./inquiry.repository";
import { DEFAULT_DEADLINE_DAYS, type InquiryInput, MAX_DEADLINE_DAYS } from "./inquiry.schema";

const INQUIRY_NOT_FOUND = "案件が見つかりませんでした。";
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ------------------------------------------------------------------ validation shared by dry-run and create

interface Checked {
  buyerCompanyId: string | null;
  entryDeadline: string | null;
  selected: Map<string, string>;
  nominated: string | null;
}

/**
 * The one validation of an inquiry body. Dry-run and create call it alike; without a
 * signed-in buyer (step 1 of the flow) the company-specific checks wait for create.
 */
async function checkInquiry(
  db: DbOrTx,
  actor: UserActor | null,
  input: InquiryInput,
  pathCompanyId?: string,
): Promise<Checked> {
  const fields: Record<string, string> = {};
  const today = todayInJapan();
  let buyerCompanyId: string | null = null;
  if (actor) {
    const companyId = pathCompanyId ?? input.companyId ?? actor.activeCompanyId;
    if (!companyId) throw forbidden("発注者として登録した企業でログインしてください。");
    buyerCompanyId = (await requireMembership(db, actor, companyId, { type: "BUYER" })).companyId;
  }
  if (!(await repo.categoryExists(db, input.categoryId))) fields.categoryId = "カテゴリを選択してください";
  if (input.desiredDeliveryDate && input.desiredDeliveryDate < today) {
    fields.desiredDeliveryDate = "希望納期は今日以降の日付を指定してください";
  }
  let entryDeadline: string | null = null;
  if (input.type === "BULK") {
    entryDeadline = input.entryDeadline ?? addDays(today, DEFAULT_DEADLINE_DAYS);
    if (entryDeadline <= today) fields.entryDeadline = "エントリー締切は明日以降の日付を指定してください";
    else if (entryDeadline > addDays(today, MAX_DEADLINE_DAYS)) {
      fields.entryDeadline = `エントリー締切は${MAX_DEADLINE_DAYS}日以内で指定してください`;
    }
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

export async function dryRunInquiry(
  db: Db,
  actor: UserActor | null,
  input: InquiryInput,
  pathCompanyId?: string,
) {
  await checkInquiry(db, actor, input, pathCompanyId);
}

/** Creates the inquiry once per Idempotency-Key: a double submission answers the first inquiry. */
export async function createInquiryOnce(
  db: Db,
  actor: UserActor,
  input: InquiryInput,
  key: string,
  pathCompanyId?: string,
) {
  return runIdempotent(
    db,
    { scope: `inquiry:${actor.userId}`, key, request: { input, pathCompanyId } },
    (tx) => createInquiry(tx, actor, input, pathCompanyId),
  );
}

export async function createInquiry(db: Db, actor: UserActor, input: InquiryInput, pathCompanyId?: string) {
  const checked = await checkInquiry(db, actor, input, pathCompanyId);
  const user = await findUserById(db, actor.userId);
  if (!user?.emailVerifiedAt) {
    throw forbidden(
      "メールアドレスの確認が完了していないため送信できません。登録時にお送りしたメールのリンクを開いてから、もう一度お試しください。",
    );
  }
  const now = new Date();
  const isBulk = input.type === "BULK";
  return db.transaction(async (tx) => {
    // Counted in the transaction: a refused or failed send does not use up the allowance.
    await enforceRateLimits(tx, inquiryLimits(input.type, checked.buyerCompanyId!));
    const row = await repo.insertInquiry(
      tx,
      {
        type: input.type,
        // A bulk inquiry is reviewed first; a nomination goes straight to the supplier.
        status: isBulk ? "REVIEW" : "OPEN",
        buyerCompanyId: checked.buyerCompanyId!,
        createdByUserId: actor.userId,
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

export function summaries(rows: repo.SummaryRow[]) {
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
async function withEntryFiles<E extends { id: string }>(db: DbOrTx, list: E[]) {
  const byEntry = await repo.entryAttachmentsOf(
    db,
    list.map((e) => e.id),
  );
  return list.map((e) => ({
    e,
    files: (byEntry.get(e.id) ?? []).map((a) => ({ ...a, url: `/api/attachment/${a.id}` })),
  }));
}

async function attachmentsDto(db: DbOrTx, inquiryId: string) {
  return (await repo.attachmentsOf(db, inquiryId)).map((a) => ({ ...a, url: `/api/attachment/${a.id}` }));
}

// ------------------------------------------------------------------ buyer side

export async function listBuyerInquiries(
  db: Db,
  actor: UserActor,
  companyId: string,
  q: Pagination & { contactType?: "BULK" | "NOMINATION"; status?: repo.InquiryRow["status"] },
) {
  await requireMembership(db, actor, companyId, { type: "BUYER" });
  const { rows, total } = await repo.listForBuyer(db, companyId, {
    type: q.contactType,
    status: q.status,
    limit: q.perPage,
    offset: offsetOf(q),
  });
  return { items: summaries(rows), page: q.page, perPage: q.perPage, total };
}

async function buyerInquiryOf(db: DbOrTx, companyId: string, inquiryId: string) {
  const row = isUuid(inquiryId) ? await repo.findInquiry(db, inquiryId) : undefined;
  if (!row || row.buyerCompanyId !== companyId) throw notFound(INQUIRY_NOT_FOUND);
  return row;
}

export async function getBuyerInquiry(db: Db, actor: UserActor, companyId: string, inquiryId: string) {
  await requireMembership(db, actor, companyId, { type: "BUYER" });
  const row = await buyerInquiryOf(db, companyId, inquiryId);
  const [summary] = summaries([(await repo.summaryOf(db, row.id))!]);
  // A hidden name stays hidden from the buyer until the supplier enters one of its inquiries.
  const recipients = (await repo.selectedCompaniesOf(db, row.id, companyId)).map((r) => ({
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
    entries: (await withEntryFiles(db, await repo.entriesForBuyer(db, row.id))).map(({ e, files }) => ({
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
export async function endInquiry(
  db: Db,
  actor: UserActor,
  companyId: string,
  inquiryId: string,
  to: "CLOSED" | "CANCELLED",
) {
  await requireMembership(db, actor, companyId, { type: "BUYER" });
  const row = await buyerInquiryOf(db, companyId, inquiryId);
  const allowed = to === "CLOSED" ? ["OPEN"] : ["REVIEW", "OPEN"];
  if (!allowed.includes(row.status)) {
    throw new AppError(
      "CONFLICT",
      to === "CLOSED"
        ? "公開中の案件のみ締め切ることができます。"
        : "審査中または公開中の案件のみ取り下げることができます。",
    );
  }
  const now = new Date();
  await db
    .update(inquiries)
    .set(
      to === "CLOSED"
        ? { status: "CLOSED", closedAt: now, updatedAt: now }
        : { status: "CANCELLED", cancelledAt: now, updatedAt: now },
    )
    .where(and(eq(inquiries.id, inquiryId), inArray(inquiries.status, allowed as Array<"OPEN" | "REVIEW">)));
  return getBuyerInquiry(db, actor, companyId, inquiryId);
}

/** The buyer shortlists or declines an entry; the supplier is told by email. */
export async function decideEntry(
  db: Db,
  actor: UserActor,
  companyId: string,
  inquiryId: string,
  entryId: string,
  status: "SHORTLISTED" | "DECLINED",
) {
  await requireMembership(db, actor, companyId, { type: "BUYER" });
  const inquiry = await buyerInquiryOf(db, companyId, inquiryId);
  await db.transaction(async (tx) => {
    // Read under a row lock, so a withdrawal at the same moment cannot slip between check and write.
    const blocked = verdictBlock((await repo.lockInquiryStatus(tx, inquiry.id)) ?? inquiry.status);
    if (blocked) throw new AppError("CONFLICT", blocked);
    const [entry] = await tx
      .update(entries)
      .set({ status, decidedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(entries.id, isUuid(entryId) ? entryId : "00000000-0000-0000-0000-000000000000"),
          eq(entries.inquiryId, inquiry.id),
          inArray(entries.status, ["ENTERED", "SHORTLISTED", "DECLINED"]),
        ),
      )
      .returning();
    if (!entry) throw notFound("エントリーが見つかりませんでした。");
    const supplierUser = await findUserById(tx, entry.userId);
    if (supplierUser)
      await enqueueEmail(tx, supplierUser.email, entryDecisionMail({ title: inquiry.title, status }));
  });
  return getBuyerInquiry(db, actor, companyId, inquiryId);
}

// ------------------------------------------------------------------ supplier side

export async function supplierFacts(
  db: DbOrTx,
  companyId: string,
  paymentStatus: string | null,
  inquiryId: string,
): Promise<SupplierFacts> {
  const entry = await repo.findEntry(db, inquiryId, companyId);
  return {
    companyId,
    isPaid: paymentStatus === "OEM_PAID",
    hasTicket: await hasTicketUsage(db, companyId, inquiryId),
    entryStatus: entry?.status ?? null,
  };
}

export async function listSupplierInquiries(
  db: Db,
  actor: UserActor,
  companyId: string,
  q: Pagination & {
    contactType: "BULK" | "NOMINATION";
    categoryId?: number;
    prefectureId?: number;
    status?: repo.InquiryRow["status"];
  },
) {
  await requireMembership(db, actor, companyId, { type: "SUPPLIER" });
  const page = { limit: q.perPage, offset: offsetOf(q) };
  const { rows, total } =
    q.contactType === "BULK"
      ? await repo.listPublicRecruits(db, {
          today: todayInJapan(),
          categoryId: q.categoryId,
          prefectureId: q.prefectureId,
          ...page,
        })
      : await repo.listNominations(db, companyId, { status: q.status, ...page });
  return { items: summaries(rows), page: q.page, perPage: q.perPage, total };
}

/** An inquiry as a supplier sees it; another supplier's nomination answers 404. */
export async function getSupplierInquiry(db: Db, actor: UserActor, companyId: string, inquiryId: string) {
  const m = await requireMembership(db, actor, companyId, { type: "SUPPLIER" });
  const row = isUuid(inquiryId) ? await repo.findInquiry(db, inquiryId) : undefined;
  if (!row) throw notFound(INQUIRY_NOT_FOUND);
  const facts = await supplierFacts(
    db,
    companyId,
    (await findCompany(db, m.companyId))?.paymentStatus ?? null,
    row.id,
  );
  if (!canSeeInquiry(row, facts)) throw notFound(INQUIRY_NOT_FOUND);
  if (row.type === "NOMINATION") await repo.markNominationRead(db, row.id, companyId);
  const [summary] = summaries([(await repo.summaryOf(db, row.id))!]);
  const block = entryBlock(row, facts, todayInJapan());
  const entry = await repo.findEntry(db, row.id, companyId);
  return {
    ...summary!,
    description: row.description,
    attachments: await attachmentsDto(db, row.id),
    buyer: canSeeBuyerContact(row, facts) ? await repo.buyerContactOf(db, row) : null,
    canEnter: block === null,
    entryBlockedReason: block?.message ?? null,
    needsTicket: block?.code === "TICKET_REQUIRED",
    myEntry: entry
      ? {
          id: entry.id,
          status: entry.status,
          message: entry.message,
          attachments: (await withEntryFiles(db, [entry]))[0]!.files,
        }
      : null,
  };
}

// ------------------------------------------------------------------ operator side (the console comes later)

/** The operator publishes a bulk inquiry under review: the buyer and the selected suppliers are told. */
export async function approveBulkInquiry(db: Db, ownerId: string, inquiryId: string) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(inquiries)
      .set({ status: "OPEN", publishedAt: now, reviewedAt: now, reviewedByOwnerId: ownerId, updatedAt: now })
      .where(and(eq(inquiries.id, inquiryId), eq(inquiries.type, "BULK"), eq(inquiries.status, "REVIEW")))
      .returning();
    if (!row) throw new AppError("CONFLICT", "審査中の一括問い合わせではありません。");
    const buyer = await findUserById(tx, row.createdByUserId);
    if (buyer)
      await enqueueEmail(tx, buyer.email, inquiryApprovedMail({ name: buyer.name, title: row.title }));
    const selected = await tx
      .update(inquiryRecipients)
      .set({ notifiedAt: now })
      .where(and(eq(inquiryRecipients.inquiryId, row.id), eq(inquiryRecipients.kind, "SELECTED")))
      .returning({ supplierCompanyId: inquiryRecipients.supplierCompanyId });
    for (const s of selected) {
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
    const [row] = await tx
      .update(inquiries)
      .set({
        status: "REJECTED",
        rejectionReason: reason,
        reviewedAt: now,
        reviewedByOwnerId: ownerId,
        updatedAt: now,
      })
      .where(and(eq(inquiries.id, inquiryId), eq(inquiries.type, "BULK"), eq(inquiries.status, "REVIEW")))
      .returning();
    if (!row) throw new AppError("CONFLICT", "審査中の一括問い合わせではありません。");
    const buyer = await findUserById(tx, row.createdByUserId);
    if (buyer)
      await enqueueEmail(
        tx,
        buyer.email,
        inquiryRejectedMail({ name: buyer.name, title: row.title, reason }),
      );
    return row;
  });
}

/** Scheduled: open bulk inquiries whose deadline (Japan time) has passed are closed. */
export async function closeExpiredInquiries(db: DbOrTx, now = new Date()): Promise<number> {
  const rows = await db
    .update(inquiries)
    .set({ status: "CLOSED", closedAt: now, updatedAt: now })
    .where(
      and(
        eq(inquiries.status, "OPEN"),
        eq(inquiries.type, "BULK"),
        lt(inquiries.entryDeadline, todayInJapan(now)),
      ),
    )
    .returning({ id: inquiries.id });
  return rows.length;
}
