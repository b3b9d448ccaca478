import type { DbOrTx } from "@/server/db/client";
import { publicSupplierPages } from "./supplier-sitemap.repository";

// The supplier directory's pages for /sitemap.xml: every public supplier page, newest change first.

export function listPublicSupplierPages(db: DbOrTx): Promise<Array<{ id: string; updatedAt: Date }>> {
  return publicSupplierPages(db);
}
