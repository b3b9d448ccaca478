import { desc, eq } from "drizzle-orm";
import type { MetadataRoute } from "next";
import { env } from "@/env";
import { isPublicSupplier } from "@/modules/companies/supplier-directory.repository";
import { db } from "@/server/db/client";
import { companies, supplierProfiles } from "@/server/db/schema";

// Lists the active suppliers from the database on every request.
export const dynamic = "force-dynamic";

const PUBLIC_PAGES: ReadonlyArray<{
  path: string;
  changeFrequency: NonNullable<MetadataRoute.Sitemap[number]["changeFrequency"]>;
  priority: number;
}> = [
  { path: "/", changeFrequency: "daily", priority: 1 },
  { path: "/lp", changeFrequency: "weekly", priority: 0.9 },
  { path: "/oem/search", changeFrequency: "daily", priority: 0.9 },
  { path: "/register?type=BUYER", changeFrequency: "monthly", priority: 0.6 },
  { path: "/register?type=SUPPLIER", changeFrequency: "monthly", priority: 0.6 },
  { path: "/support", changeFrequency: "monthly", priority: 0.4 },
];

/** Every supplier whose public page answers (public, with an OEM profile; mirrors findPublicSupplier). */
async function activeSuppliers() {
  return db()
    .select({ id: companies.id, updatedAt: companies.updatedAt })
    .from(companies)
    .innerJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
    .where(isPublicSupplier())
    .orderBy(desc(companies.updatedAt));
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = env().APP_URL.replace(/\/+$/, "");
  const suppliers = await activeSuppliers();
  return [
    ...PUBLIC_PAGES.map(({ path, changeFrequency, priority }) => ({
      url: `${base}${path}`,
      changeFrequency,
      priority,
    })),
    ...suppliers.map((s) => ({
      url: `${base}/oem/company/${s.id}`,
      lastModified: s.updatedAt,
      changeFrequency: "weekly" as const,
      priority: 0.8,
    })),
  ];
}
