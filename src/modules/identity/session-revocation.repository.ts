import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { userSessions } from "@/server/db/schema";

/** Ends every live session working in the company (its active company). */
export async function revokeSessionsInCompany(tx: DbOrTx, companyId: string, now: Date): Promise<void> {
  await tx
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.activeCompanyId, companyId), isNull(userSessions.revokedAt)));
}
