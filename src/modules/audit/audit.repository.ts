import type { DbOrTx } from "@/server/db/client";
import { auditLogs } from "@/server/db/schema";

export interface AuditRow {
  ownerId: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  requestId: string | null;
}

export async function insertAuditRow(tx: DbOrTx, row: AuditRow): Promise<void> {
  await tx.insert(auditLogs).values(row);
}
