import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { type Page, totalOf } from "@/server/db/listing";
import { auditLogs, owners } from "@/server/db/schema";

export interface AuditRow {
  /** null: the system's own change (a scheduled job), no operator. */
  ownerId: string | null;
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

export interface AuditFilter {
  targetType?: string;
  targetId?: string;
  action?: string;
  ownerId?: string;
}

/** The audit log, newest first, with the operator's name and email (the console's audit page). */
export async function listAudit(db: DbOrTx, f: AuditFilter, page: Page) {
  const where = and(
    f.targetType ? eq(auditLogs.targetType, f.targetType) : undefined,
    f.targetId ? eq(auditLogs.targetId, f.targetId) : undefined,
    f.action ? eq(auditLogs.action, f.action) : undefined,
    f.ownerId ? eq(auditLogs.ownerId, f.ownerId) : undefined,
  );
  const rows = await db
    .select({ log: auditLogs, ownerName: owners.name, ownerEmail: owners.email })
    .from(auditLogs)
    .leftJoin(owners, eq(owners.id, auditLogs.ownerId))
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await totalOf(db, sql`${auditLogs}`, where) };
}

export type AuditListRow = Awaited<ReturnType<typeof listAudit>>["rows"][number];
