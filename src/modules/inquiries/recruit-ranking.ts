import { createHash } from "node:crypto";
import type { DbOrTx } from "@/server/db/client";
import { keptReads } from "@/server/db/kept-reads";
import type { CapabilityValues } from "./fit-sql.repository";
import * as recruitRepo from "./recruit.repository";

// The public recruits ranked by fit with a supplier's capabilities (issue 20), kept per process
// (decision 0025). Scoring every open recruit takes about a second on the large data; a kept
// ranking (the best RANKING_SIZE ids and how many candidates there are) lets each page read only
// its own rows. A ranking is keyed by what decides it — the capabilities, the filters, today (the
// deadlines) — and valid while no open recruit changed since it was computed: the change feed's
// "recruits" generation (triggers on inquiries and inquiry_prefectures, every process notified).

/** The ranking keeps this many: the pager reaches them all, as the newest-first list reaches its 1,000 (RECRUIT_COUNT_CAP is this). */
export const RANKING_SIZE = 1000;
/** Rankings kept per process: about 50 KB each. */
const MAX_KEPT = 200;

export interface Ranking {
  /** The best candidates' ids, best first (then newest). */
  ids: string[];
  /** How many recruits the filters and the fit rules leave (all of them, not only the kept ones). */
  count: number;
}

export type RankingFilters = Parameters<typeof recruitRepo.rankRecruits>[1] & {
  capabilities: CapabilityValues;
};

const kept = keptReads<Ranking>("recruits", MAX_KEPT);

function keyOf(f: RankingFilters): string {
  const c = f.capabilities;
  const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
  return createHash("sha1")
    .update(
      JSON.stringify([
        f.today,
        f.categoryId ?? null,
        f.prefectureId ?? null,
        Boolean(f.fitOnly),
        sorted(c.categoryIds),
        sorted(c.prefectureIds),
        c.quantityUnit,
        c.moqMin,
        c.monthlyCapacity,
        c.smallLotAccepted,
        c.smallLotMin,
        c.sampleAvailable,
        sorted(c.processIds),
        sorted(c.materialIds),
        sorted(c.verifiedCertificationIds),
      ]),
    )
    .digest("base64url");
}

/**
 * The ranking for these filters: kept while no open recruit changed (the "recruits" notices),
 * otherwise computed, once for concurrent callers.
 */
export function rankedRecruits(db: DbOrTx, f: RankingFilters): Promise<Ranking> {
  return kept.get(keyOf(f), () => recruitRepo.rankRecruits(db, f, RANKING_SIZE));
}

/** For tests: how many rankings this process keeps. */
export function keptRankings(): number {
  return kept.size();
}
