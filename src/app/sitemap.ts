import type { MetadataRoute } from "next";
import { env } from "@/env";
import { listPublicSupplierPages } from "@/modules/companies/supplier-sitemap.service";
import { db } from "@/server/db/client";

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
  { path: "/guide/ticket-refund", changeFrequency: "monthly", priority: 0.4 },
  { path: "/guide/track-record", changeFrequency: "monthly", priority: 0.4 },
  { path: "/guide/capabilities", changeFrequency: "monthly", priority: 0.4 },
];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = env().APP_URL.replace(/\/+$/, "");
  const suppliers = await listPublicSupplierPages(db());
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
