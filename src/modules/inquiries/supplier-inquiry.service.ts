import { todayInJapan } from "@/lib/japan-time";
import { offsetOf, type Pagination } from "@/lib/pagination";
import { isUuid } from "@/lib/uuid";
import { hasTicketUsage } from "@/modules/billing/billing.service";
import type { SupplierCapabilities } from "@/modules/matching/fit.service";
import { fitFor, requirementsViewOf } from "@/modules/matching/requirement.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import * as entryRepo from "./entry.repository";
import { canSeeBuyerContact, canSeeInquiry, entryBlock, type SupplierFacts } from "./inquiry.policy";
import * as repo from "./inquiry.repository";
import { attachmentsDto, INQUIRY_NOT_FOUND, summaries, withEntryFiles } from "./inquiry.service";

// The supplier's side of inquiries: what it may see of one (its facts: plan, ticket, entry), its
// lists of public recruits and nominations, and one inquiry as it sees it.

export async function supplierFacts(
  db: DbOrTx,
  companyId: string,
  paymentStatus: string | null,
  inquiryId: string,
): Promise<SupplierFacts> {
  const entry = await entryRepo.findEntry(db, inquiryId, companyId);
  return {
    companyId,
    isPaid: paymentStatus === "OEM_PAID",
    hasTicket: await hasTicketUsage(db, companyId, inquiryId),
    entryStatus: entry?.status ?? null,
  };
}

export async function listSupplierInquiries(
  scope: CompanyScope,
  db: Db,
  q: Pagination & {
    contactType: "BULK" | "NOMINATION";
    categoryId?: number;
    prefectureId?: number;
    status?: repo.InquiryRow["status"];
  },
) {
  const page = { limit: q.perPage, offset: offsetOf(q) };
  const { rows, total } =
    q.contactType === "BULK"
      ? await repo.listPublicRecruits(db, {
          today: todayInJapan(),
          categoryId: q.categoryId,
          prefectureId: q.prefectureId,
          countCap: RECRUIT_COUNT_CAP,
          ...page,
        })
      : await repo.listNominations(db, scope.companyId, { status: q.status, ...page });
  const totalCapped = q.contactType === "BULK" && total > RECRUIT_COUNT_CAP;
  return {
    items: summaries(rows),
    page: q.page,
    perPage: q.perPage,
    total: totalCapped ? RECRUIT_COUNT_CAP : total,
    totalCapped,
  };
}

/**
 * The public recruits list counts at most this many (newest first): above it the list says
 * 「1,000件以上」 and the pages reach the newest 1,000; filters narrow the rest (decision 0020).
 */
export const RECRUIT_COUNT_CAP = 1000;

/**
 * Reads a supplier company's capabilities (companies' capabilitiesOf, handed in by the caller:
 * companies depends on this module and cannot be imported from here).
 */
export type CapabilitiesOf = (db: DbOrTx, companyId: string) => Promise<SupplierCapabilities | null>;

/**
 * An inquiry as a supplier sees it, with its requirements and how the supplier's registered
 * capabilities fit them; another supplier's nomination answers 404.
 */
export async function getSupplierInquiry(
  scope: CompanyScope,
  db: Db,
  inquiryId: string,
  capabilitiesOf: CapabilitiesOf,
) {
  const { companyId } = scope;
  const row = isUuid(inquiryId) ? await repo.findInquiry(db, inquiryId) : undefined;
  if (!row) throw notFound(INQUIRY_NOT_FOUND);
  const facts = await supplierFacts(db, companyId, scope.paymentStatus, row.id);
  if (!canSeeInquiry(row, facts)) throw notFound(INQUIRY_NOT_FOUND);
  if (row.type === "NOMINATION") await repo.markNominationRead(db, row.id, companyId);
  const [summary] = summaries([(await repo.summaryOf(db, row.id))!]);
  const block = entryBlock(row, facts, todayInJapan());
  const entry = await entryRepo.findEntry(db, row.id, companyId);
  const capabilities = await capabilitiesOf(db, companyId);
  const needs = { ...row, prefectureIds: summary!.prefectures.map((p) => p.id) };
  return {
    ...summary!,
    description: row.description,
    attachments: await attachmentsDto(db, row.id),
    requirements: await requirementsViewOf(db, row),
    fit: capabilities ? await fitFor(db, needs, capabilities) : null,
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
