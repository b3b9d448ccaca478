import { todayInJapan } from "@/lib/japan-time";
import { offsetOf, type Pagination } from "@/lib/pagination";
import { isUuid } from "@/lib/uuid";
import { hasTicketUsage, ticketUsageExistsSql } from "@/modules/billing/billing.service";
import { type FitNames, fitOf, type SupplierCapabilities } from "@/modules/matching/fit.service";
import { loadFitNames } from "@/modules/matching/fit-names.service";
import type { FitView } from "@/modules/matching/requirement.schema";
import { fitFor, requirementsViewOf } from "@/modules/matching/requirement.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import * as entryRepo from "./entry.repository";
import { canSeeBuyerContact, canSeeInquiry, entryBlock, type SupplierFacts } from "./inquiry.policy";
import * as repo from "./inquiry.repository";
import { INQUIRY_NOT_FOUND, summaries, withEntryFiles, withFileUrls } from "./inquiry.service";
import * as listRepo from "./inquiry-list.repository";
import * as recruitRepo from "./recruit.repository";
import { RANKING_SIZE, type RankingFilters, rankedRecruits } from "./recruit-ranking";
import * as viewRepo from "./supplier-view.repository";

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

/** Nothing registered: every figure unknown, every list empty (a company without an OEM profile). */
const NO_CAPABILITIES: SupplierCapabilities = {
  categoryIds: [],
  prefectureIds: [],
  quantityUnit: null,
  moqMin: null,
  monthlyCapacity: null,
  smallLotAccepted: null,
  smallLotMin: null,
  sampleAvailable: null,
  sampleDays: null,
  processIds: [],
  materialIds: [],
  verifiedCertificationIds: [],
};

/**
 * A column another module adds to each recruit row (in the rows' own statement), computed from the
 * row's buyer company; `key` names its prepared statement, `read` turns the value into the item's
 * `extra`. The deals module adds the buyers' figures this way (it depends on this module, not the
 * other way round).
 */
export type RowExtra<T> = recruitRepo.ExtraColumn & { read(value: unknown): T };

/**
 * The supplier's public recruits (each with its fit: issue 20) or nominations. `capabilitiesOf`
 * reads the supplier's capabilities for the recruits, once (see CapabilitiesOf). `extra` adds a
 * column to the rows, in the list's own statement.
 */
export async function listSupplierInquiries<T = never>(
  scope: CompanyScope,
  db: Db,
  capabilitiesOf: CapabilitiesOf,
  q: Pagination & {
    contactType: "BULK" | "NOMINATION";
    categoryId?: number;
    prefectureId?: number;
    status?: repo.InquiryRow["status"];
    sort?: "newest" | "fit";
    fit?: "only";
  },
  extra?: RowExtra<T>,
) {
  const page = { limit: q.perPage, offset: offsetOf(q) };
  if (q.contactType === "NOMINATION") {
    const { rows, total } = await listRepo.listNominations(
      db,
      scope.companyId,
      { status: q.status, ...page },
      extra,
    );
    const items = summaries(rows).map((s, i) => ({
      ...s,
      fit: null,
      extra: extra ? extra.read(rows[i]!.extra) : undefined,
    }));
    return { items, page: q.page, perPage: q.perPage, total, totalCapped: false };
  }
  // The supplier's capabilities (one read) and the master lists' names (cached) for every row's fit.
  const [registered, names] = await Promise.all([capabilitiesOf(db, scope.companyId), loadFitNames(db)]);
  const capabilities = registered ?? NO_CAPABILITIES;
  const filters = {
    today: todayInJapan(),
    categoryId: q.categoryId,
    prefectureId: q.prefectureId,
    fitOnly: q.fit === "only",
    sort: q.sort ?? "newest",
    capabilities,
  };
  const { rows, total } = await rankedPage(db, filters, page, extra);
  const totalCapped = total > RECRUIT_COUNT_CAP;
  const items = summaries(rows).map((s, i) => ({
    ...s,
    fit: recruitFit(rows[i]!, capabilities, names),
    extra: extra ? extra.read(rows[i]!.extra) : undefined,
  }));
  return {
    items,
    page: q.page,
    perPage: q.perPage,
    total: totalCapped ? RECRUIT_COUNT_CAP : total,
    totalCapped,
  };
}

type RecruitRow = Awaited<ReturnType<typeof recruitRepo.listPublicRecruits>>["rows"][number];

/** A page of the recruits: its ids from the kept ranking, then their rows in its order. */
async function rankedPage(
  db: Db,
  filters: RankingFilters,
  page: { limit: number; offset: number },
  extra?: recruitRepo.ExtraColumn,
) {
  const ranking = await rankedRecruits(db, filters);
  const ids = ranking.ids.slice(page.offset, page.offset + page.limit);
  const found = new Map(
    (await recruitRepo.recruitsByIds(db, filters.today, ids, extra)).map((r) => [r.id, r]),
  );
  const rows = ids.flatMap((id) => found.get(id) ?? []);
  return { rows, total: ranking.count };
}

/**
 * A recruit's fit for this supplier, with the short reasons a list row shows: every miss and the
 * hard rules met (the required certifications, the lot, the monthly quantity; `hard` marks these
 * rules, met or missed). fitOf gives the
 * hard rules' reasons first — one per required certification, then the lot's and the monthly
 * quantity's when the inquiry gives them — so they are the first `hard` reasons.
 */
export function recruitFit(row: RecruitRow, capabilities: SupplierCapabilities, names: FitNames): FitView {
  const fit = fitOf(
    {
      categoryId: row.categoryId,
      prefectureIds: row.prefectures.map((p) => p.id),
      lotQuantity: row.lotQuantity,
      monthlyQuantity: row.monthlyQuantity,
      quantityUnit: row.quantityUnit,
      requiredCertificationIds: row.requiredCertificationIds,
      processIds: row.processIds,
      materialIds: row.materialIds,
      sampleWanted: row.sampleWanted,
    },
    capabilities,
    names,
  );
  // Outside the category the gate is the only reason (fitOf weighs nothing else).
  const hard = !fit.inCategory
    ? 1
    : row.requiredCertificationIds.length +
      (row.lotQuantity !== null ? 1 : 0) +
      (row.monthlyQuantity !== null ? 1 : 0);
  const reasons = fit.reasons.flatMap((r, i) =>
    r.met === false || (r.met === true && i < hard)
      ? [{ met: r.met, hard: i < hard || r.hard, text: r.text }]
      : [],
  );
  return {
    score: fit.score,
    fits: fit.fits,
    inCategory: fit.inCategory,
    met: fit.met,
    stated: fit.stated,
    reasons,
  };
}

/**
 * The public recruits list counts at most this many (newest first): above it the list says
 * 「1,000件以上」 and the pages reach the newest 1,000; filters narrow the rest (decision 0020).
 */
export const RECRUIT_COUNT_CAP = RANKING_SIZE;

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
  // The inquiry, its summary, the supplier's entry, ticket and read mark, the attachments and the
  // buyer's contact: one statement.
  const found = isUuid(inquiryId)
    ? await viewRepo.findForSupplier(db, inquiryId, companyId, ticketUsageExistsSql)
    : undefined;
  if (!found) throw notFound(INQUIRY_NOT_FOUND);
  const { inquiry: row, entry } = found;
  const facts: SupplierFacts = {
    companyId,
    isPaid: scope.paymentStatus === "OEM_PAID",
    hasTicket: found.hasTicket,
    entryStatus: entry?.status ?? null,
  };
  if (!canSeeInquiry(row, facts)) throw notFound(INQUIRY_NOT_FOUND);
  // The rest side by side; a nomination is marked read on its first view only.
  const [capabilities, entryFiles] = await Promise.all([
    capabilitiesOf(db, companyId),
    entry ? withEntryFiles(db, [entry]) : null,
    row.type === "NOMINATION" && found.unread ? repo.markNominationRead(db, row.id, companyId) : null,
  ]);
  const [summary] = summaries([found.summary]);
  const block = entryBlock(row, facts, todayInJapan());
  const needs = { ...row, prefectureIds: summary!.prefectures.map((p) => p.id) };
  return {
    ...summary!,
    description: row.description,
    attachments: withFileUrls(found.attachments),
    requirements: await requirementsViewOf(db, row),
    fit: capabilities ? await fitFor(db, needs, capabilities) : null,
    // The buyer's contact was read with the inquiry; it leaves only where the policy shows it.
    buyer: canSeeBuyerContact(row, facts) ? found.buyerContact : null,
    canEnter: block === null,
    entryBlockedReason: block?.message ?? null,
    needsTicket: block?.code === "TICKET_REQUIRED",
    myEntry: entry
      ? { id: entry.id, status: entry.status, message: entry.message, attachments: entryFiles![0]!.files }
      : null,
  };
}
