import { env } from "@/env";
import { type ChangeTopic, feedEpoch, noticedGeneration, supplierGeneration } from "@/server/db/change-feed";

// When a kept public page is still what a render would give (decision 0040): a supplier's page
// until a notice names that supplier or topic `pages` moves on; the pages that list suppliers
// until `pages:list` or `pages`. And how much one process keeps (src/env.ts).

/** What a supplier's page and a list page depend on besides the clock (and the supplier's notices). */
const SUPPLIER_PAGE_TOPICS: readonly ChangeTopic[] = ["pages"];
const LIST_PAGE_TOPICS: readonly ChangeTopic[] = ["pages", "pages:list"];

/** Bounds of what one process keeps (the least recently used page goes first); src/env.ts. */
export function pageCacheLimits(): { pages: number; bytes: number; staleMs: number } {
  const e = env();
  return {
    pages: e.PAGE_CACHE_MAX_PAGES,
    bytes: e.PAGE_CACHE_MAX_MB * 1024 * 1024,
    staleMs: e.PAGE_CACHE_STALE_SECONDS * 1000,
  };
}

/** The notices a page was rendered under: a page is valid while none of them moved on. */
export interface Validity {
  /** The feed's epoch: a page is served as kept only under the epoch it was rendered in. */
  epoch: number;
  topics: readonly ChangeTopic[];
  generations: number[];
  supplier?: string;
  supplierGeneration: number;
}

/** What a page renders under now: `supplier` for a supplier's page, undefined for a list page. */
export function validityOf(supplier: string | undefined): Validity {
  const topics = supplier ? SUPPLIER_PAGE_TOPICS : LIST_PAGE_TOPICS;
  return {
    epoch: feedEpoch(),
    topics,
    generations: topics.map(noticedGeneration),
    supplier,
    supplierGeneration: supplier ? supplierGeneration(supplier) : 0,
  };
}

/** Whether a notice said that what the page shows changed since it was rendered. */
export function changedSince(v: Validity): boolean {
  if (v.supplier !== undefined && supplierGeneration(v.supplier) !== v.supplierGeneration) return true;
  return v.topics.some((t, i) => noticedGeneration(t) !== v.generations[i]);
}
