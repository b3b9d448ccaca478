import type { InquiryNeeds, SupplierCapabilities } from "@/modules/matching/fit.service";
import type { DbOrTx } from "@/server/db/client";
import { keptReads } from "@/server/db/kept-reads";
import * as repo from "./supplier-fit.repository";

// A supplier's capabilities for the fit (issue 20), read from its OEM profile: for one supplier
// (its view of an inquiry) or for the public suppliers that meet an inquiry's hard rules
// (the suggestions of the bulk inquiry flow).

type CapabilityRow = NonNullable<Awaited<ReturnType<typeof repo.capabilityRowOf>>>;

function capabilitiesFrom(r: CapabilityRow): SupplierCapabilities {
  const sites = [...(r.headPrefectureId === null ? [] : [r.headPrefectureId]), ...r.factoryPrefectureIds];
  return {
    categoryIds: r.categoryIds,
    prefectureIds: [...new Set(sites)],
    quantityUnit: r.quantityUnit,
    moqMin: r.moqMin,
    monthlyCapacity: r.monthlyCapacity,
    smallLotAccepted: r.smallLotAccepted,
    smallLotMin: r.smallLotMin,
    sampleAvailable: r.sampleAvailable,
    sampleDays: r.sampleDays,
    processIds: r.processIds,
    materialIds: r.materialIds,
    verifiedCertificationIds: r.verifiedCertificationIds,
  };
}

// Kept per process until any supplier's capabilities change (decision 0025): the recruit lists and
// the inquiry view read them on every request. About 300 bytes each.
const kept = keptReads<SupplierCapabilities | null>("capabilities", 20_000);

/** A kept value is shared by every request: none may change it. */
function frozen(c: SupplierCapabilities): SupplierCapabilities {
  for (const v of Object.values(c)) if (Array.isArray(v)) Object.freeze(v);
  return Object.freeze(c);
}

/**
 * The supplier company's capabilities; null for a company without an OEM profile. Kept until a
 * change is noticed (after its commit): for the read paths, not for a transaction that changes them.
 */
export function capabilitiesOf(db: DbOrTx, companyId: string): Promise<SupplierCapabilities | null> {
  return kept.get(companyId, async () => {
    const row = await repo.capabilityRowOf(db, companyId);
    return row ? frozen(capabilitiesFrom(row)) : null;
  });
}

export interface FitCandidate {
  id: string;
  /** The registered name: a caller shows it only when `namePublished`. */
  name: string;
  namePublished: boolean;
  logoFileId: string | null;
  catchphrase: string | null;
  prefectureName: string | null;
  capabilities: SupplierCapabilities;
}

/**
 * Public suppliers (as search shows them) that meet the needs' hard rules, at most `limit`, in
 * one statement; only those of the needs' category (the gate). The caller scores and orders them.
 */
export async function fitCandidates(db: DbOrTx, needs: InquiryNeeds, limit: number): Promise<FitCandidate[]> {
  const rows = await repo.fitCandidateRows(db, needs, limit);
  return rows.map((r) => ({
    id: r.companyId,
    name: r.name,
    namePublished: r.namePublished,
    logoFileId: r.logoFileId,
    catchphrase: r.catchphrase,
    prefectureName: r.prefectureName,
    capabilities: capabilitiesFrom(r),
  }));
}
