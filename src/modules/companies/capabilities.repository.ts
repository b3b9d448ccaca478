import { eq } from "drizzle-orm";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { supplierProfiles } from "@/server/db/schema";

// The capability columns of supplier_profiles (issue 20); the row itself is created with the company.

const capabilityColumns = {
  quantityUnit: supplierProfiles.quantityUnit,
  moqMin: supplierProfiles.moqMin,
  moqMax: supplierProfiles.moqMax,
  monthlyCapacity: supplierProfiles.monthlyCapacity,
  smallLotAccepted: supplierProfiles.smallLotAccepted,
  smallLotMin: supplierProfiles.smallLotMin,
  sampleAvailable: supplierProfiles.sampleAvailable,
  sampleDays: supplierProfiles.sampleDays,
  processIds: supplierProfiles.processIds,
  materialIds: supplierProfiles.materialIds,
  verifiedCertificationIds: supplierProfiles.verifiedCertificationIds,
  updatedAt: supplierProfiles.updatedAt,
};

export async function findCapabilities(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select(capabilityColumns)
    .from(supplierProfiles)
    .where(eq(supplierProfiles.companyId, companyId))
    .limit(1);
  return row;
}

export interface CapabilityValues {
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
}

/** Replaces the scope's capabilities (the verified certifications are not the supplier's to write). */
export async function replaceCapabilities({ companyId }: CompanyScope, db: DbOrTx, v: CapabilityValues) {
  const [row] = await db
    .update(supplierProfiles)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(supplierProfiles.companyId, companyId))
    .returning(capabilityColumns);
  return row;
}
