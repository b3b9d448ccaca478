import type { DbOrTx } from "@/server/db/client";
import { ratingAggregate } from "./rating.policy";
import * as repo from "./supplier-record.repository";
import { MIN_NOMINATIONS_SHOWN, MIN_QUOTES_SHOWN, type SupplierFigures } from "./supplier-record.schema";

// The supplier's track record (docs/trust-plan.md "Supplier figures"), shown to buyers on the public
// page and in the comparison table: counts recomputed nightly from the deal room by the job
// `supplier-track-records` (src/server/jobs/background.ts), ratings read live (visible ones only).

/** The nightly job: every supplier's record from scratch, in one statement. */
export async function recomputeSupplierTrackRecords(
  db: DbOrTx,
  now = new Date(),
): Promise<{ suppliers: number }> {
  return { suppliers: await repo.recomputeSupplierRecords(db, now) };
}

/** One supplier's record from scratch, on demand (tests, an operator's check). */
export async function recomputeSupplierRecord(
  db: DbOrTx,
  companyId: string,
  now = new Date(),
): Promise<void> {
  await repo.recomputeSupplierRecords(db, now, companyId);
}

function figuresOf(r: repo.SupplierRecordRow): SupplierFigures {
  return {
    companyId: r.companyId,
    nominations: r.nominations,
    nominationsAnswered: r.nominationsAnswered,
    responseRatePercent:
      r.nominations < MIN_NOMINATIONS_SHOWN
        ? null
        : Math.round((100 * r.nominationsAnswered) / r.nominations),
    // A median of fewer than 3 first quotes is no figure (issue 33): 「実績なし」.
    medianFirstQuoteMinutes: r.quotesSent < MIN_QUOTES_SHOWN ? null : r.medianFirstQuoteMinutes,
    quotesSent: r.quotesSent,
    awardsWon: r.awardsWon,
    ratings: ratingAggregate(r.ratings),
    computedAt: r.computedAt?.toISOString() ?? null,
  };
}

/** The figures of many suppliers in one query (the comparison table's columns), keyed by company id. */
export async function supplierFiguresOf(
  db: DbOrTx,
  companyIds: readonly string[],
  now = new Date(),
): Promise<Map<string, SupplierFigures>> {
  const unique = [...new Set(companyIds)];
  const rows = await repo.supplierRecordsOf(db, unique, now);
  return new Map(rows.map((r) => [r.companyId, figuresOf(r)]));
}

/** One supplier's figures (its public page), one query. */
export async function supplierFigures(
  db: DbOrTx,
  companyId: string,
  now = new Date(),
): Promise<SupplierFigures> {
  const figures = (await supplierFiguresOf(db, [companyId], now)).get(companyId);
  if (!figures) throw new Error(`no figures row for supplier ${companyId}`);
  return figures;
}
