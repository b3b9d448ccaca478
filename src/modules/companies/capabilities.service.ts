import { QUANTITY_UNITS, type QuantityUnit } from "@/modules/master-data/master-data.schema";
import {
  forgetCapabilityLists,
  listCertificationTypes,
  listMaterials,
  listProcesses,
} from "@/modules/master-data/master-data.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { invalid, notFound } from "@/server/http/errors";
import * as repo from "./capabilities.repository";
import type {
  Capabilities,
  CapabilitiesInput,
  CapabilityFigures,
  VerifiedCertification,
} from "./capabilities.schema";

// A supplier's structured capabilities (issue 20): the supplier's settings read and replace them;
// the public page shows them with the verified certifications. Names come from the master lists
// (cached per process), so neither view costs a query per process, material or badge.

/** The capability columns of a supplier profile, as stored. */
export interface StoredCapabilities {
  quantityUnit: string | null;
  moqMin: number | null;
  moqMax: number | null;
  monthlyCapacity: number | null;
  smallLotAccepted: boolean | null;
  smallLotMin: number | null;
  sampleAvailable: boolean | null;
  sampleDays: number | null;
  processIds: number[];
  materialIds: number[];
  verifiedCertificationIds: number[];
}

interface Named {
  id: number;
  name: string;
}

/** The rows of `list` whose ids are in `ids`, in the master list's order. */
function pick<T extends Named>(list: readonly T[], ids: readonly number[]): T[] {
  const wanted = new Set(ids);
  return list.filter((item) => wanted.has(item.id));
}

const unitOf = (u: string | null): QuantityUnit | null =>
  u !== null && (QUANTITY_UNITS as readonly string[]).includes(u) ? (u as QuantityUnit) : null;

/** The figures and named lists of a profile's capabilities (public page and settings alike). */
export async function capabilityFiguresOf(db: DbOrTx, p: StoredCapabilities): Promise<CapabilityFigures> {
  const [processes, materials] = await Promise.all([listProcesses(db), listMaterials(db)]);
  return {
    quantityUnit: unitOf(p.quantityUnit),
    moqMin: p.moqMin,
    moqMax: p.moqMax,
    monthlyCapacity: p.monthlyCapacity,
    smallLotAccepted: p.smallLotAccepted,
    smallLotMin: p.smallLotMin,
    sampleAvailable: p.sampleAvailable,
    sampleDays: p.sampleDays,
    processes: pick(processes, p.processIds).map(({ id, name }) => ({ id, name })),
    materials: pick(materials, p.materialIds).map(({ id, name }) => ({ id, name })),
  };
}

/** The badges 「認証確認済み」 of `verified_certification_ids`, named, in the master list's order. */
export async function verifiedCertificationsOf(
  db: DbOrTx,
  ids: readonly number[],
): Promise<VerifiedCertification[]> {
  if (!ids.length) return [];
  return pick(await listCertificationTypes(db), ids).map(({ id, name, kind }) => ({ id, name, kind }));
}

async function capabilitiesOf(db: DbOrTx, companyId: string): Promise<Capabilities> {
  const row = await repo.findCapabilities(db, companyId);
  if (!row) throw notFound();
  const [figures, verifiedCertifications] = await Promise.all([
    capabilityFiguresOf(db, row),
    verifiedCertificationsOf(db, row.verifiedCertificationIds),
  ]);
  return { companyId, ...figures, verifiedCertifications, updatedAt: row.updatedAt.toISOString() };
}

/** GET …/capabilities: the scope's own capabilities (its route declared a supplier). */
export async function getCapabilities(scope: CompanyScope, db: Db): Promise<Capabilities> {
  return capabilitiesOf(db, scope.companyId);
}

/** The ids among `ids` that are not in the master list; a row the operator just added is reloaded once. */
async function unknownIds(
  db: Db,
  ids: readonly number[],
  load: (db: DbOrTx) => Promise<readonly Named[]>,
): Promise<number[]> {
  const known = async () => new Set((await load(db)).map((r) => r.id));
  let have = await known();
  if (ids.every((id) => have.has(id))) return [];
  forgetCapabilityLists(db);
  have = await known();
  return ids.filter((id) => !have.has(id));
}

/** POST …/capabilities/update: replaces the capabilities (the complete document; ids must exist). */
export async function updateCapabilities(
  scope: CompanyScope,
  db: Db,
  input: CapabilitiesInput,
): Promise<Capabilities> {
  const processIds = [...new Set(input.processIds)];
  const materialIds = [...new Set(input.materialIds)];
  const fields: Record<string, string> = {};
  if ((await unknownIds(db, processIds, listProcesses)).length)
    fields.processIds = "存在しない加工が含まれています";
  if ((await unknownIds(db, materialIds, listMaterials)).length)
    fields.materialIds = "存在しない素材が含まれています";
  if (Object.keys(fields).length) throw invalid(fields);
  await repo.replaceCapabilities(scope, db, {
    quantityUnit: input.quantityUnit,
    moqMin: input.moqMin,
    moqMax: input.moqMax,
    monthlyCapacity: input.monthlyCapacity,
    smallLotAccepted: input.smallLotAccepted,
    smallLotMin: input.smallLotMin,
    sampleAvailable: input.sampleAvailable,
    sampleDays: input.sampleDays,
    processIds,
    materialIds,
  });
  return capabilitiesOf(db, scope.companyId);
}
