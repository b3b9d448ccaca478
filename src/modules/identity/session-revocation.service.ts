import type { DbOrTx } from "@/server/db/client";
import { revokeSessionsInCompany } from "./session-revocation.repository";

// Sessions end when the company they work in goes (company deactivation calls this in its transaction).

/** Ends every live session whose active company is `companyId`. */
export function endSessionsInCompany(tx: DbOrTx, companyId: string, now = new Date()): Promise<void> {
  return revokeSessionsInCompany(tx, companyId, now);
}
