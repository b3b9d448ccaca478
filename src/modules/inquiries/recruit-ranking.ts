import { createHash } from "node:crypto";
import type { DbOrTx } from "@/server/db/client";
import { keptReads } from "@/server/db/kept-reads";
import type { CapabilityValues } from "./fit-sql.repository";
import * as recruitRepo from "./recruit.repository";

// The order of the public recruits, kept per process (decision 0025): by fit with a supplier's
// capabilities (issue 20), where scoring every open recruit takes about a second on the large
// data, and newest first (one ranking for every supplier; issue 19's list at p95 ≤ 30 ms). A kept
// ranking (the first RANKING_SIZE ids and the count) lets each page read only its own rows. It is
// keyed by what decides it — the order, the filters, today (the deadlines), and the capabilities
// when the fit matters — and valid while no open recruit changed since it was computed: the change
// feed's "recruits" generation (triggers on inquiries and inquiry_prefectures, every process notified).

/** A ranking keeps this many: the pager reaches them all (RECRUIT_COUNT_CAP is this: decision 0020). */
export const RANKING_SIZE = 1000;
/** Rankings kept per process: about 50 KB each. */
const MAX_KEPT = 200;

export interface Ranking {
  /** The best candidates' ids, best first (then newest). */
  ids: string[];
  /** How many recruits there are: by fit all of them; newest first at most RANKING_SIZE + 1 (decision 0020). */
  count: number;
}

export type RankingFilters = Omit<Parameters<typeof recruitRepo.rankRecruits>[1], "today"> & {
  today: string;
  capabilities: CapabilityValues;
};

const kept = keptReads<Ranking>("recruits", MAX_KEPT);

function keyOf(f: RankingFilters): string {
  const c = f.capabilities;
  const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
  // Newest first without the fit filter, every supplier sees the same list: one key for all.
  const byCapabilities = f.sort === "fit" || f.fitOnly;
  const capabilityKey = byCapabilities
    ? [
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
      ]
    : null;
  return createHash("sha1")
    .update(
      JSON.stringify([
        f.sort,
        f.today,
        f.categoryId ?? null,
        f.prefectureId ?? null,
        Boolean(f.fitOnly),
        capabilityKey,
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
