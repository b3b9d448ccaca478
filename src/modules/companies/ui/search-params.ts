// The URL of /oem/search: reading its query (bad values fall back to defaults, one
// field at a time) and writing it back (pagination links, canonical URL), in one place.
import { DEFAULT_PER_PAGE } from "@/lib/pagination";
import { SEARCH_PATH } from "@/lib/site-paths";
import { QUANTITY_UNITS } from "@/modules/master-data/master-data.schema";
import { MAX_QUANTITY } from "../capabilities.schema";
import {
  type SupplierSearchFilters,
  supplierSearchFilters,
  supplierSearchQuery,
} from "../supplier-directory.schema";

export const PER_PAGE = DEFAULT_PER_PAGE;
/** Higher pages are never linked; the cap keeps a crafted URL from asking for a huge offset. */
export const MAX_PAGE = 500;

export type RawSearchParams = Record<string, string | string[] | undefined>;

export interface SearchState {
  filters: SupplierSearchFilters;
  page: number;
}

const KEYWORD_MAX = 100;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Repeated keys (`?categoryIds=1&categoryIds=2`) and comma lists (`?categoryIds=1,2`) alike. */
function idValues(value: string | string[] | undefined): string[] {
  const parts = (Array.isArray(value) ? value : value ? [value] : []).flatMap((v) => v.split(","));
  return parts.map((p) => p.trim()).filter(Boolean);
}

type IdKey = "categoryIds" | "prefectureIds" | "featureIds" | "certificationIds" | "processIds";
export type KnownIds = Record<IdKey, number[]>;

/** 「1,000」「１０００」 and 「1000」 alike; anything else (or out of range) is no bound. */
function quantityValue(value: string | undefined): number | undefined {
  const text = value?.normalize("NFKC").replace(/[,\s]/g, "");
  if (!text || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= MAX_QUANTITY ? n : undefined;
}

/**
 * The filters and page of a search URL. A field that does not parse takes its default
 * and the others are kept; ids are deduplicated and, when `known` is given, limited to
 * existing master rows (an unknown id would otherwise match nothing and say nothing).
 */
export function parseSearchParams(params: RawSearchParams, known?: Partial<KnownIds>): SearchState {
  const shape = supplierSearchQuery.shape;
  const sort = shape.sort.safeParse(single(params.sort));
  const page = shape.page.safeParse(single(params.page));
  const ids = (key: IdKey) => {
    // Keep the valid ids of a list that also holds junk (`?categoryIds=3,abc`).
    const values = idValues(params[key])
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    const list = known?.[key];
    const allowed = list ? new Set(list) : undefined;
    return [...new Set(values)].filter((n) => !allowed || allowed.has(n)).slice(0, 47);
  };
  const keyword = single(params.keyword)?.trim().slice(0, KEYWORD_MAX);
  const moqMax = quantityValue(single(params.moqMax));
  const capacityMin = quantityValue(single(params.capacityMin));
  const filters: SupplierSearchFilters = {
    keyword: keyword ? keyword : undefined,
    categoryIds: ids("categoryIds"),
    prefectureIds: ids("prefectureIds"),
    featureIds: ids("featureIds"),
    certificationIds: ids("certificationIds"),
    moqMax,
    capacityMin,
    processIds: ids("processIds"),
    // The unit qualifies a bound; alone it filters nothing and is left out.
    quantityUnit:
      moqMax !== undefined || capacityMin !== undefined
        ? QUANTITY_UNITS.find((u) => u === single(params.quantityUnit))
        : undefined,
    sort: sort.success ? sort.data : "recommended",
  };
  // One more check through the shared schema, so this page never asks for what the API refuses.
  const checked = supplierSearchFilters.safeParse(filters);
  return {
    filters: checked.success ? checked.data : supplierSearchFilters.parse({}),
    page: Math.min(page.success ? page.data : 1, MAX_PAGE),
  };
}

/** The query string of a search (no leading "?"); defaults are left out, so URLs stay short. */
export function searchQueryString(
  filters: SupplierSearchFilters,
  page = 1,
  opts: { sort?: boolean } = {},
): string {
  const q = new URLSearchParams();
  if (filters.keyword) q.set("keyword", filters.keyword);
  for (const id of [...filters.categoryIds].sort((a, b) => a - b)) q.append("categoryIds", String(id));
  for (const id of [...filters.prefectureIds].sort((a, b) => a - b)) q.append("prefectureIds", String(id));
  for (const id of [...filters.featureIds].sort((a, b) => a - b)) q.append("featureIds", String(id));
  for (const id of [...filters.certificationIds].sort((a, b) => a - b)) {
    q.append("certificationIds", String(id));
  }
  if (filters.moqMax !== undefined) q.set("moqMax", String(filters.moqMax));
  if (filters.capacityMin !== undefined) q.set("capacityMin", String(filters.capacityMin));
  if (filters.quantityUnit && hasQuantityBound(filters)) q.set("quantityUnit", filters.quantityUnit);
  for (const id of [...filters.processIds].sort((a, b) => a - b)) q.append("processIds", String(id));
  if (opts.sort !== false && filters.sort !== "recommended") q.set("sort", filters.sort);
  if (page > 1) q.set("page", String(page));
  return q.toString();
}

export function searchHref(filters: SupplierSearchFilters, page = 1): string {
  const qs = searchQueryString(filters, page);
  return qs ? `${SEARCH_PATH}?${qs}` : SEARCH_PATH;
}

/** The canonical URL: the same filters and page in the default order (sort variants are one page). */
export function canonicalSearchPath(filters: SupplierSearchFilters, page: number): string {
  const qs = searchQueryString(filters, page, { sort: false });
  return qs ? `${SEARCH_PATH}?${qs}` : SEARCH_PATH;
}

/** A MOQ or capacity bound is given (the unit only matters then). */
export function hasQuantityBound(filters: SupplierSearchFilters): boolean {
  return filters.moqMax !== undefined || filters.capacityMin !== undefined;
}

/** The capability filters (issue 20): verified certifications, MOQ, capacity, processes. */
export function hasCapabilityFilters(filters: SupplierSearchFilters): boolean {
  return Boolean(filters.certificationIds.length || filters.processIds.length || hasQuantityBound(filters));
}

export function hasFilters(filters: SupplierSearchFilters): boolean {
  return Boolean(
    filters.keyword ||
      filters.categoryIds.length ||
      filters.prefectureIds.length ||
      filters.featureIds.length ||
      hasCapabilityFilters(filters),
  );
}

export function totalPages(total: number, perPage = PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * The page numbers to link, with null for a gap: always the first and last pages and
 * two on each side of the current one (1 … 4 5 [6] 7 8 … 20).
 */
export function pageWindow(current: number, last: number, radius = 2): Array<number | null> {
  const pages = new Set<number>([1, last]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= last) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push(null);
    out.push(p);
  });
  return out;
}

interface Named {
  id: number;
  name: string;
}

/**
 * The subject of a search, for the title, heading and description:
 * 「東京都の機械部品OEMメーカー」, 「板金のOEMメーカー」, 「OEMメーカー」; the label adds 「一覧」.
 */
export function searchSubject(
  filters: SupplierSearchFilters,
  master: { categories: Named[]; prefectures: Named[]; features: Named[] },
): { subject: string; label: string } {
  const names = (ids: number[], list: Named[]) =>
    ids.map((id) => list.find((x) => x.id === id)?.name).filter((n): n is string => Boolean(n));
  const cats = names(filters.categoryIds, master.categories);
  const prefs = names(filters.prefectureIds, master.prefectures);
  const feats = names(filters.featureIds, master.features);
  const list = (xs: string[]) => (xs.length > 2 ? `${xs.slice(0, 2).join("・")}など` : xs.join("・"));
  const parts: string[] = [];
  if (prefs.length) parts.push(`${list(prefs)}の`);
  if (feats.length) parts.push(`${list(feats)}の`);
  if (cats.length) parts.push(list(cats));
  const rest = `${parts.join("")}OEMメーカー`;
  // 「板金のOEMメーカー」 alone; with other conditions 「「部品」で探す東京都の機械部品OEMメーカー」.
  const subject = !filters.keyword
    ? rest
    : parts.length
      ? `「${filters.keyword}」で探す${rest}`
      : `${filters.keyword}の${rest}`;
  return { subject, label: hasFilters(filters) ? `${subject}一覧` : "OEMメーカー一覧・検索" };
}
