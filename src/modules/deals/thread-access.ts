import { isUuid } from "@/lib/uuid";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import { type DealSide, findThreadOfCompany, type ThreadRow } from "./thread.repository";

// Who may see a thread: members of its buyer company and of its supplier company. Everyone else,
// and an id that is not one, gets the same 404 as a thread that does not exist.

export const THREAD_NOT_FOUND = "商談スレッドが見つかりませんでした。";

export function sideOf(scope: CompanyScope): DealSide {
  return scope.companyType === "BUYER" ? "BUYER" : "SUPPLIER";
}

export interface ScopedThread {
  thread: ThreadRow;
  side: DealSide;
}

/** The scope's thread, or 404; `need` narrows to the side an operation is for (a buyer's award…). */
export async function threadOf(
  scope: CompanyScope,
  db: DbOrTx,
  threadId: string,
  need?: DealSide,
): Promise<ScopedThread> {
  const side = sideOf(scope);
  if (!isUuid(threadId) || (need && need !== side)) throw notFound(THREAD_NOT_FOUND);
  const thread = await findThreadOfCompany(db, scope.companyId, threadId);
  const own = side === "BUYER" ? thread?.buyerCompanyId : thread?.supplierCompanyId;
  if (!thread || own !== scope.companyId) throw notFound(THREAD_NOT_FOUND);
  return { thread, side };
}
