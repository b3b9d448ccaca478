import type { Db, DbOrTx, Tx } from "@/server/db/client";
import { auditLogs } from "@/server/db/schema";

/** Who makes an owner change, and the request it came with (both go into the audit row). */
export interface OwnerContext {
  ownerId: string;
  requestId?: string;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

/** One audit row; call it with the transaction of the change it records. */
export async function recordAudit(tx: DbOrTx, ctx: OwnerContext, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLogs).values({
    ownerId: ctx.ownerId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    requestId: ctx.requestId ?? null,
  });
}

/** Dates become ISO strings and undefined becomes null, so the stored JSON reads back the same. */
function snapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value));
}

/**
 * Hands our transaction to a service that takes a `Db` and opens its own transaction
 * (approveBulkInquiry, the billing services): drizzle runs `tx.transaction()` as a
 * SAVEPOINT, so the service's change, its emails and our audit row commit or roll back together.
 */
export function joined(tx: Tx): Db {
  return tx as unknown as Db;
}
