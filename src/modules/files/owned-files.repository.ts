import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { files } from "@/server/db/schema";

/** Among `ids`, the files uploaded by `companyId`. */
export function filesOfCompany(db: DbOrTx, companyId: string, ids: readonly string[]) {
  return db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.companyId, companyId), inArray(files.id, [...ids])));
}

/** What a download link shows of each file (no access check: the caller decided who may see them). */
export function fileFacts(db: DbOrTx, ids: readonly string[]) {
  return db
    .select({
      id: files.id,
      name: files.originalName,
      contentType: files.contentType,
      byteSize: files.byteSize,
    })
    .from(files)
    .where(inArray(files.id, [...ids]));
}
