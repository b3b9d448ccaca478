import { createHash } from "node:crypto";
import type { DbOrTx } from "@/server/db/client";
import { keptReads } from "@/server/db/kept-reads";
import * as repo from "./supplier-directory.repository";

// The search's order of matches, kept per process (decisions 0025, 0026): crawlers and buyers ask
// the same searches again and again (the top page's suppliers, each category's listing, a keyword
// with a filter), and a kept ranking lets each page read only its own 20 cards. It is keyed by the
// search's conditions and its order, and valid while nothing it ranks or filters on changed since
// it was computed: the change feed's "suppliers" generation (triggers on the profiles and what
// they list, every process notified within milliseconds).

/** A ranking keeps this many ids; pages past them run the whole search statement. */
export const SEARCH_RANKING_SIZE = 1000;
/** Rankings kept per process: at most about 40 KB each. */
const MAX_KEPT = 500;

const kept = keptReads<{ ids: string[]; total: number }>("suppliers", MAX_KEPT);

function keyOf(c: repo.SearchConditions): string {
  const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
  return createHash("sha1")
    .update(
      JSON.stringify([
        c.sort,
        [...c.terms].sort(),
        sorted(c.categoryIds),
        sorted(c.prefectureIds),
        sorted(c.featureIds),
        sorted(c.certificationIds),
        sorted(c.processIds),
        c.moqMax ?? null,
        c.capacityMin ?? null,
        c.quantityUnit ?? null,
      ]),
    )
    .digest("base64url");
}

/** The first SEARCH_RANKING_SIZE matches' ids, best first, and how many match. */
export function rankedSuppliers(db: DbOrTx, c: repo.SearchConditions) {
  return kept.get(keyOf(c), () => repo.rankSuppliers(db, c, SEARCH_RANKING_SIZE));
}
