import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { companies, supplierProfiles } from "@/server/db/schema";
import { isPublicSupplier } from "./supplier-directory.repository";

/** Every supplier whose public page answers (public, with an OEM profile; mirrors findPublicSupplier). */
export async function publicSupplierPages(db: DbOrTx) {
  return db
    .select({ id: companies.id, updatedAt: companies.updatedAt })
    .from(companies)
    .innerJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
    .where(isPublicSupplier())
    .orderBy(desc(companies.updatedAt));
}
