import type { DbOrTx } from "@/server/db/client";
import * as repo from "./supplier-categories.repository";

/** Which active suppliers work in which of these categories (the daily bulk-inquiry digest asks). */
export function activeSuppliersInCategories(db: DbOrTx, categoryIds: number[]) {
  return categoryIds.length ? repo.activeSuppliersInCategories(db, categoryIds) : Promise.resolve([]);
}
