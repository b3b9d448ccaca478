import { isUuid } from "@/lib/uuid";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import * as repo from "./owned-files.repository";

export interface FileFacts {
  id: string;
  name: string;
  contentType: string;
  byteSize: number;
}

/** The ids among `ids` that the scope's company uploaded itself (attachments to its own messages, quotes…). */
export async function ownFileIds(
  scope: CompanyScope,
  db: DbOrTx,
  ids: readonly string[],
): Promise<Set<string>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (!wanted.length) return new Set();
  const rows = await repo.filesOfCompany(db, scope.companyId, wanted);
  return new Set(rows.map((r) => r.id));
}

/** Name, type and size of files, by id, for links the caller has already authorized. */
export async function fileFactsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, FileFacts>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (!wanted.length) return new Map();
  return new Map((await repo.fileFacts(db, wanted)).map((r) => [r.id, r]));
}
