import { createHmac } from "node:crypto";
import { env } from "@/env";
import { todayInJapan } from "@/lib/japan-time";
import { isUuid } from "@/lib/uuid";
import { listCertificationTypes, listFeatures } from "@/modules/master-data/master-data.service";
import type { Db, DbOrTx } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import { enforceRateLimits } from "@/server/http/rate-limit";
import { capabilityFiguresOf, verifiedCertificationsOf } from "./capabilities.service";
import * as companiesRepo from "./companies.repository";
import { profileDetails } from "./company.service";
import { notePageView } from "./page-views";
import { type ClaimSlugs, publicFeatures } from "./public-claims";
import { rankedSuppliers, SEARCH_RANKING_SIZE } from "./search-ranking";
import { keywordTerms } from "./search-text";
import * as repo from "./supplier-directory.repository";
import {
  HIDDEN_NAME,
  type PublicSupplier,
  type SupplierCard,
  type SupplierSearchFilters,
} from "./supplier-directory.schema";

const imageUrl = (id: string | null | undefined) => (id ? `/api/image/${id}` : null);
/**
 * Public supplier search: keyword (Japanese-aware), categories, prefectures, features, verified
 * certifications, MOQ, monthly capacity, processes, sort. A page within the kept ranking
 * (search-ranking.ts) reads its cards by id, one statement; a ranking not kept yet is one more;
 * pages past it run the whole search, one statement. The certifications' names come from the
 * cached master list.
 */
export async function searchSuppliers(
  db: Db,
  filters: SupplierSearchFilters,
  page: { page: number; perPage: number },
) {
  const criteria: repo.SearchConditions = {
    terms: keywordTerms(filters.keyword),
    categoryIds: filters.categoryIds,
    prefectureIds: filters.prefectureIds,
    featureIds: filters.featureIds,
    certificationIds: filters.certificationIds,
    moqMax: filters.moqMax,
    capacityMin: filters.capacityMin,
    processIds: filters.processIds,
    quantityUnit: filters.quantityUnit,
    sort: filters.sort,
  };
  const offset = (page.page - 1) * page.perPage;
  const [{ rows, total }, certificationTypes, slugs] = await Promise.all([
    offset + page.perPage <= SEARCH_RANKING_SIZE
      ? rankedSuppliers(db, criteria).then(async (ranking) => ({
          rows: await repo.supplierCardsByIds(db, ranking.ids.slice(offset, offset + page.perPage)),
          total: ranking.total,
        }))
      : repo.searchSuppliers(db, { ...criteria, limit: page.perPage, offset }),
    listCertificationTypes(db),
    claimSlugs(db),
  ]);
  const items: SupplierCard[] = rows.map((r) => ({
    id: r.id,
    name: r.namePublished ? r.name : HIDDEN_NAME,
    namePublished: r.namePublished,
    catchphrase: r.catchphrase,
    prefectureName: r.prefectureName,
    categories: r.categories.map(({ id, name }) => ({ id, name })),
    features: publicFeatures(r.features, r, slugs).map(({ id, name }) => ({ id, name })),
    logoUrl: r.namePublished ? imageUrl(r.logoFileId) : null,
    imageUrl: imageUrl(r.imageFileId),
    caseCount: r.caseCount,
    isPaid: r.paymentStatus === "OEM_PAID",
    verifiedCertifications: certificationTypes
      .filter((t) => r.verifiedCertificationIds.includes(t.id))
      .map(({ id, name, kind }) => ({ id, name, kind })),
    quantityUnit: r.quantityUnit,
    moqMin: r.moqMin,
    monthlyCapacity: r.monthlyCapacity,
  }));
  return { items, page: page.page, perPage: page.perPage, total };
}

/** Who looks at a public page: the raw ip is only hashed, never stored. */
export interface PageVisitor {
  ip: string;
  userAgent?: string | null;
  userId?: string | null;
}

/**
 * The request header that carries the client's address to the pages: server.ts sets it on every
 * page request (resolved as the API does, TRUST_PROXY included), over any value a client sent.
 */
export const CLIENT_IP_HEADER = "x-oem-client-ip";

/** The visitor of a page request, from its headers: the client's address and browser. */
export function pageVisitorOf(
  header: (name: string) => string | null | undefined,
  userId: string | null,
): PageVisitor {
  return { ip: header(CLIENT_IP_HEADER) || "unknown", userAgent: header("user-agent") ?? null, userId };
}

/**
 * One view per visitor, page and day (Japan time); the company's own members are not visitors.
 * Noted in memory, no query: written in batches (page-views.ts). A page served from the page
 * cache (server.ts) notes its view here too.
 */
export function countView(companyId: string, visitor: PageVisitor): void {
  const day = todayInJapan();
  // Keyed and per day: the stored hash cannot be reversed to an ip nor followed across days.
  const visitorHash = createHmac("sha256", env().AUTH_SECRET)
    .update(`${day}\n${companyId}\n${visitor.ip}\n${visitor.userAgent ?? ""}`)
    .digest("hex");
  notePageView({ companyId, day, visitorHash, userId: visitor.userId ?? null });
}

/** A browser sends at most this many view beacons a minute from one address (rate_limits). */
export const VIEW_BEACON_LIMIT = { max: 120, windowSeconds: 60 } as const;

/**
 * The view beacon of the supplier page (decision 0045): the page's copy may come from a CDN, so
 * the browser reports its view. The same visitor as the page's own GET (same ip, browser, day and
 * company hash): a view the server counted already adds nothing. 404 for an unknown or unlisted
 * supplier; no query for the view itself (countView).
 */
export async function noteBeaconView(db: DbOrTx, companyId: string, visitor: PageVisitor): Promise<void> {
  if (!isUuid(companyId)) throw notFound("企業が見つかりませんでした。");
  await enforceRateLimits(db, [
    {
      key: `page-view:ip:${visitor.ip}`,
      max: VIEW_BEACON_LIMIT.max,
      windowSeconds: VIEW_BEACON_LIMIT.windowSeconds,
    },
  ]);
  if (!(await repo.isListedSupplier(db, companyId))) throw notFound("企業が見つかりませんでした。");
  countView(companyId, visitor);
}

/** The master lists' slugs the 特徴 tags are checked against (cached lists: no query of their own). */
async function claimSlugs(db: DbOrTx): Promise<ClaimSlugs> {
  const [feats, types] = await Promise.all([listFeatures(db), listCertificationTypes(db)]);
  return {
    features: new Map(feats.map((f) => [f.id, f.slug])),
    certifications: new Map(types.map((t) => [t.id, t.slug])),
  };
}

/** The public page of an active supplier; deactivated or unknown answers 404. */
export async function getPublicSupplier(
  db: DbOrTx,
  companyId: string,
  opts: { visitor?: PageVisitor } = {},
): Promise<PublicSupplier> {
  if (!isUuid(companyId)) throw notFound("企業が見つかりませんでした。");
  const row = await repo.findPublicSupplier(db, companyId);
  if (!row) throw notFound("企業が見つかりませんでした。");
  const { company: c, profile: p } = row;
  const [cats, feats, factories, gallery, cases, capabilities, verifiedCertifications, slugs] =
    await Promise.all([
      companiesRepo.categoriesOf(db, [companyId]),
      companiesRepo.featuresOf(db, [companyId]),
      companiesRepo.factoriesOf(db, companyId),
      companiesRepo.galleryOf(db, [companyId]),
      repo.publishedCasesOf(db, companyId),
      // Named from the cached master lists: no query of their own once a process has read them.
      capabilityFiguresOf(db, p),
      verifiedCertificationsOf(db, p.verifiedCertificationIds),
      claimSlugs(db),
    ]);
  if (opts.visitor) countView(companyId, opts.visitor);
  const shown = c.namePublished;
  return {
    id: c.id,
    name: shown ? c.name : HIDDEN_NAME,
    namePublished: shown,
    nameKana: shown ? c.nameKana : null,
    // A hidden name hides everything that would identify the company.
    website: shown ? c.website : null,
    logoUrl: shown ? imageUrl(c.logoFileId) : null,
    representativeName: shown ? c.representativeName : null,
    address: shown ? c.address : null,
    catchphrase: p.catchphrase,
    prefectureName: row.prefectureName,
    categories: cats.map(({ id, name }) => ({ id, name })),
    // The tags the structured data contradicts or a verified badge proves are left out (issue 33).
    features: publicFeatures(feats, p, slugs).map(({ id, name }) => ({ id, name })),
    imageUrl: imageUrl(gallery[0]?.id),
    caseCount: cases.cases.length,
    isPaid: c.paymentStatus === "OEM_PAID",
    description: c.description,
    establishedYear: c.establishedYear,
    capitalYen: c.capitalYen,
    employeeCount: c.employeeCount,
    ...profileDetails(p),
    factories: factories.map((f) => ({ name: f.name, prefectureName: f.prefectureName })),
    gallery: gallery.map((g) => ({ id: g.id, url: imageUrl(g.id)!, caption: g.caption })),
    caseStudies: cases.cases.map((cs) => ({
      ...cs,
      images: cases.images
        .filter((i) => i.caseStudyId === cs.id)
        .map((i) => ({ id: i.id, url: imageUrl(i.id)!, caption: i.caption })),
    })),
    capabilities,
    verifiedCertifications,
    updatedAt: c.updatedAt.toISOString(),
  };
}
