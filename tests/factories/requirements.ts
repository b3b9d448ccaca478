import { eq } from "drizzle-orm";
import { changesSeen } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { companies, companyCategories, supplierFactories, supplierProfiles } from "@/server/db/schema";
import { type Account, registerVerified } from "./accounts";
import { api } from "./http";

// Suppliers with capabilities and the master lists' ids, for the inquiry requirements and the
// suggestions (issue 20). Capabilities are written straight to supplier_profiles: their own
// settings API is another part's, and these tests are about reading them.

export interface CapabilityIds {
  process: (slug: string) => number;
  material: (slug: string) => number;
  certification: (slug: string) => number;
  category: (slug: string) => number;
}

/** The ids of the seeded master rows, by slug (GET /api/capabilities and /api/categories). */
export async function capabilityIds(): Promise<CapabilityIds> {
  const caps = (await api("GET", "/api/capabilities")).body;
  const cats = (await api("GET", "/api/categories")).body.items as Array<{ id: number; slug: string }>;
  const by = (rows: Array<{ id: number; slug: string }>, what: string) => (slug: string) => {
    const row = rows.find((r) => r.slug === slug);
    if (!row) throw new Error(`no ${what} ${slug}`);
    return row.id;
  };
  return {
    process: by(caps.processes, "process"),
    material: by(caps.materials, "material"),
    certification: by(caps.certificationTypes, "certification type"),
    category: by(cats, "category"),
  };
}

export type Capabilities = Partial<typeof supplierProfiles.$inferInsert>;

export async function setCapabilities(companyId: string, values: Capabilities): Promise<void> {
  await db().update(supplierProfiles).set(values).where(eq(supplierProfiles.companyId, companyId));
  await changesSeen(db()); // the kept capabilities of this process dropped (decision 0025)
}

/**
 * A public supplier (email verified) with its categories, capabilities, factories' prefectures
 * and, when `hidden`, an unpublished name. `prefectureId` is the head office's.
 */
export async function supplierWith(
  name: string,
  o: {
    categoryIds?: number[];
    capabilities?: Capabilities;
    prefectureId?: number;
    factoryPrefectureIds?: number[];
    hidden?: boolean;
  } = {},
): Promise<Account> {
  const a = await registerVerified("SUPPLIER", { companyName: name, prefectureId: o.prefectureId ?? 13 });
  if (o.categoryIds?.length) {
    await db()
      .insert(companyCategories)
      .values(o.categoryIds.map((categoryId) => ({ companyId: a.companyId, categoryId })));
  }
  if (o.factoryPrefectureIds?.length) {
    await db()
      .insert(supplierFactories)
      .values(
        o.factoryPrefectureIds.map((prefectureId, i) => ({
          companyId: a.companyId,
          name: `第${i + 1}工場`,
          prefectureId,
        })),
      );
  }
  if (o.capabilities) await setCapabilities(a.companyId, o.capabilities);
  if (o.hidden)
    await db().update(companies).set({ namePublished: false }).where(eq(companies.id, a.companyId));
  await changesSeen(db());
  return a;
}
