import { and, eq, inArray } from "drizzle-orm";
import type { UserActor } from "@/lib/actor";
import { todayInJapan } from "@/lib/japan-time";
import { offsetOf, type Pagination } from "@/lib/pagination";
import { isUuid } from "@/lib/uuid";
import { findCompany } from "@/modules/companies/companies.repository";
import { requireMembership } from "@/modules/companies/company-access";
import { findUserById } from "@/modules/identity/identity.repository";
import { entryBlock } from "@/modules/inquiries/inquiry.policy";
import * as inquiryRepo from "@/modules/inquiries/inquiry.repository";
import { summaries, supplierFacts } from "@/modules/inquiries/inquiry.service";
import type { Db } from "@/server/db/client";
import { entries } from "@/server/db/schema";
import { enqueueEmail } from "@/server/email/outbox";
import { entryReceivedMail } from "@/server/email/templates";
import { AppError, forbidden, invalid, notFound } from "@/server/http/errors";
import type { EntryInput } from "./entry.schema";

// Entries (エントリー): a supplier's response to an inquiry.
const INQUIRY_NOT_FOUND = "案件が見つかりませんでした。";
const statusOf = { CLOSED: 409, PAID_ONLY: 403, TICKET_REQUIRED: 402, ALREADY_ENTERED: 409 } as const;
const codeOf = { 409: "CONFLICT", 403: "FORBIDDEN", 402: "PAYMENT_REQUIRED" } as const;

async function visibleInquiry(db: Db, companyId: string, inquiryId: string) {
  const row = isUuid(inquiryId) ? await inquiryRepo.findInquiry(db, inquiryId) : undefined;
  if (!row) throw notFound(INQUIRY_NOT_FOUND);
  const company = await findCompany(db, companyId);
  const facts = await supplierFacts(db, companyId, company?.paymentStatus ?? null, row.id);
  // Another supplier's nomination, or a bulk inquiry not published: as if it did not exist.
  if (
    row.type === "NOMINATION"
      ? row.nominatedCompanyId !== companyId
      : row.status === "REVIEW" || row.status === "REJECTED"
  ) {
    throw notFound(INQUIRY_NOT_FOUND);
  }
  return { row, facts, company: company! };
}

export async function enter(
  db: Db,
  actor: UserActor,
  companyId: string,
  inquiryId: string,
  input: EntryInput,
) {
  await requireMembership(db, actor, companyId, { type: "SUPPLIER" });
  const user = await findUserById(db, actor.userId);
  if (!user?.emailVerifiedAt) {
    throw forbidden(
      "メールアドレスの確認が完了していないためエントリーできません。確認メールのリンクを開いてください。",
    );
  }
  const { row, facts, company } = await visibleInquiry(db, companyId, inquiryId);
  const block = entryBlock(row, facts, todayInJapan());
  if (block) throw new AppError(codeOf[statusOf[block.code]], block.message);
  const attachmentIds = [...new Set(input.attachmentIds)];
  const own = await inquiryRepo.ownFiles(db, companyId, attachmentIds);
  if (attachmentIds.some((id) => !own.has(id))) {
    throw invalid({ attachmentIds: "添付ファイルが見つかりません。もう一度アップロードしてください" });
  }
  const values = {
    userId: actor.userId,
    status: "ENTERED" as const,
    message: input.message,
    proposedUnitPriceYen: input.proposedUnitPriceYen ?? null,
    leadTime: input.leadTime ?? null,
    cancelledAt: null,
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    // One entry per supplier and inquiry: a cancelled one comes back, a live one is refused.
    const [entry] = await tx
      .insert(entries)
      .values({ inquiryId: row.id, supplierCompanyId: companyId, ...values })
      .onConflictDoUpdate({
        target: [entries.inquiryId, entries.supplierCompanyId],
        set: values,
        setWhere: eq(entries.status, "CANCELLED"),
      })
      .returning();
    if (!entry) throw new AppError("CONFLICT", "この案件には既にエントリーしています。");
    await inquiryRepo.setEntryAttachments(tx, entry.id, attachmentIds);
    for (const m of await inquiryRepo.memberEmails(tx, row.buyerCompanyId)) {
      await enqueueEmail(
        tx,
        m.email,
        entryReceivedMail({ name: m.name, title: row.title, supplierName: company.name, inquiryId: row.id }),
      );
    }
    return { id: entry.id, status: entry.status, inquiryId: row.id };
  });
}

export async function cancelEntry(db: Db, actor: UserActor, companyId: string, inquiryId: string) {
  await requireMembership(db, actor, companyId, { type: "SUPPLIER" });
  const { row } = await visibleInquiry(db, companyId, inquiryId);
  if (row.status !== "OPEN")
    throw new AppError("CONFLICT", "受付が終了した案件のエントリーは取り消せません。");
  const now = new Date();
  const [entry] = await db
    .update(entries)
    .set({ status: "CANCELLED", cancelledAt: now, updatedAt: now })
    .where(
      and(
        eq(entries.inquiryId, row.id),
        eq(entries.supplierCompanyId, companyId),
        inArray(entries.status, ["ENTERED", "SHORTLISTED"]),
      ),
    )
    .returning();
  if (!entry) throw notFound("取り消せるエントリーがありません。");
  return { id: entry.id, status: entry.status, inquiryId: row.id };
}

/** The entered-projects list: paid suppliers only (greyed for free ones in the sidebar). */
export async function listEntries(
  db: Db,
  actor: UserActor,
  companyId: string,
  q: Pagination & { status?: "ENTERED" | "CANCELLED" | "SHORTLISTED" | "DECLINED" },
) {
  const membership = await requireMembership(db, actor, companyId, { type: "SUPPLIER" });
  if (membership.paymentStatus !== "OEM_PAID") {
    throw forbidden("エントリー済み案件一覧は無制限プランをご契約中の企業さまのみご利用いただけます。");
  }
  const { rows, total } = await inquiryRepo.listSupplierEntries(db, companyId, {
    status: q.status,
    limit: q.perPage,
    offset: offsetOf(q),
  });
  const inquiries = summaries(rows);
  return {
    items: rows.map((r, i) => ({
      id: r.entryId,
      status: r.entryStatus,
      message: r.message,
      enteredAt: r.enteredAt.toISOString(),
      inquiry: inquiries[i]!,
    })),
    page: q.page,
    perPage: q.perPage,
    total,
  };
}
