import type { DbOrTx } from "@/server/db/client";
import type { FieldErrors } from "@/server/http/errors";
import { type Fit, fitOf, type InquiryNeeds, type SupplierCapabilities } from "./fit.service";
import { loadFitNames } from "./fit-names.service";
import { REQUIREMENT_LABELS, type RequirementsView, type RequirementValues } from "./requirement.schema";

// The requirements of an inquiry beyond their shape: the ids exist in the master lists, the
// stored values read with their names, and the fit of one supplier.

const unknownIds = (label: string) => `${label}の中に、選択できないものが含まれています。選び直してください`;

/** Field errors for ids the master lists do not hold (an empty object when all exist). */
export async function requirementProblems(db: DbOrTx, v: RequirementValues): Promise<FieldErrors> {
  const fields: FieldErrors = {};
  if (!v.requiredCertificationIds.length && !v.processIds.length && !v.materialIds.length) return fields;
  const names = await loadFitNames(db);
  const lists = [
    ["requiredCertificationIds", v.requiredCertificationIds, names.certifications],
    ["processIds", v.processIds, names.processes],
    ["materialIds", v.materialIds, names.materials],
  ] as const;
  for (const [field, ids, known] of lists) {
    if (ids.some((id) => !known.has(id))) fields[field] = unknownIds(REQUIREMENT_LABELS[field]);
  }
  return fields;
}

/** The stored form: ids once each in the buyer's order; no unit without a quantity. */
export function normalisedRequirements(v: RequirementValues) {
  const lotQuantity = v.lotQuantity ?? null;
  const monthlyQuantity = v.monthlyQuantity ?? null;
  return {
    lotQuantity,
    monthlyQuantity,
    quantityUnit: lotQuantity === null && monthlyQuantity === null ? null : (v.quantityUnit ?? null),
    requiredCertificationIds: [...new Set(v.requiredCertificationIds)],
    processIds: [...new Set(v.processIds)],
    materialIds: [...new Set(v.materialIds)],
    sampleWanted: v.sampleWanted,
  };
}
export type StoredRequirements = ReturnType<typeof normalisedRequirements>;

/** The requirements with their names; an id the list no longer holds is left out. */
export async function requirementsViewOf(
  db: DbOrTx,
  r: Omit<StoredRequirements, "quantityUnit"> & { quantityUnit: string | null },
): Promise<RequirementsView> {
  const names = await loadFitNames(db);
  const named = (ids: readonly number[], map: ReadonlyMap<number, string>) =>
    ids.flatMap((id) => {
      const name = map.get(id);
      return name === undefined ? [] : [{ id, name }];
    });
  return {
    lotQuantity: r.lotQuantity,
    monthlyQuantity: r.monthlyQuantity,
    quantityUnit: r.quantityUnit,
    requiredCertifications: r.requiredCertificationIds.flatMap((id) => {
      const type = names.certifications.get(id);
      return type ? [{ id, name: type.name, kind: type.kind }] : [];
    }),
    processes: named(r.processIds, names.processes),
    materials: named(r.materialIds, names.materials),
    sampleWanted: r.sampleWanted,
  };
}

/** The fit of one supplier's capabilities to the needs, with the master lists' names. */
export async function fitFor(
  db: DbOrTx,
  needs: InquiryNeeds,
  capabilities: SupplierCapabilities,
): Promise<Fit> {
  return fitOf(needs, capabilities, await loadFitNames(db));
}
