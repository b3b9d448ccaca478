import { supplierSearchFilters } from "@/modules/companies/supplier-directory.schema";
import { searchSuppliers } from "@/modules/companies/supplier-directory.service";
import { listPublicNews } from "@/modules/news/news.service";
import { db } from "@/server/db/client";
import { doNotKeepThisPage } from "@/server/http/page-cache";

// The data of the sections the top page and /lp share. A section that cannot load shows
// nothing rather than failing the page, and the page is not kept by the page cache.

/** The first `perPage` suppliers in the recommended order. */
export async function loadRecommendedSuppliers(perPage: number) {
  try {
    return (
      await searchSuppliers(db(), supplierSearchFilters.parse({ sort: "recommended" }), { page: 1, perPage })
    ).items;
  } catch {
    doNotKeepThisPage();
    return [];
  }
}

export async function loadLatestNews() {
  try {
    return (await listPublicNews(db(), { page: 1, perPage: 3 })).items;
  } catch {
    doNotKeepThisPage();
    return [];
  }
}
