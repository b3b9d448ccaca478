import type { DbOrTx } from "@/server/db/client";
import { companies, memberships, supplierProfiles } from "@/server/db/schema";

export interface NewCompany {
  type: "BUYER" | "SUPPLIER";
  name: string;
  nameKana?: string;
  postalCode?: string;
  prefectureId?: number;
  address?: string;
  phone?: string;
  website?: string;
}

/** A company with its first ADMIN; suppliers also get an empty OEM profile and the free tier. */
export async function insertCompanyWithAdmin(
  tx: DbOrTx,
  company: NewCompany,
  admin: { userId: string; name: string; department?: string; phone?: string },
) {
  const [row] = await tx
    .insert(companies)
    .values({ ...company, paymentStatus: company.type === "SUPPLIER" ? "OEM_FREE" : null })
    .returning();
  if (company.type === "SUPPLIER") await tx.insert(supplierProfiles).values({ companyId: row!.id });
  await tx.insert(memberships).values({ companyId: row!.id, role: "ADMIN", ...admin });
  return row!;
}
