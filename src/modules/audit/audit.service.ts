import type { Db, DbOrTx, Tx } from "@/server/db/client";
import { insertAuditRow } from "./audit.repository";

// The operator is an actor of every domain (decision 0008): a domain's operator use case writes its
// own tables through its own repository, inside `audited`, which snapshots the record before and
// after and writes the audit row in the same transaction. There is no other way to record a
// console change, so a console write cannot leave its audit row out (tests/security/audit-coverage).

/** Who makes an operator change, and the request it came with (both go into the audit row). */
export interface OwnerContext {
  ownerId: string;
  requestId?: string;
}
export type OperatorActor = OwnerContext;

/** The record an operator change is about: its audit name, id, and how to read it for the snapshots. */
export interface AuditTarget<B> {
  type: string;
  id: string;
  /** Reads the record inside the transaction (FOR UPDATE where a check depends on it); throws when it is missing. */
  read: (tx: Tx) => Promise<B>;
}

/**
 * Runs an operator change: reads the target (before), runs the change, reads it again (after) and
 * records both with the action, all in one transaction — the change and its audit row commit or
 * roll back together. Returns what the change returned.
 */
export async function audited<B, T>(
  db: Db | Tx,
  actor: OperatorActor,
  action: string,
  target: AuditTarget<B>,
  change: (tx: Tx, before: B) => Promise<T>,
): Promise<T> {
  return (db as Db).transaction(async (tx) => {
    const before = await target.read(tx);
    const result = await change(tx, before);
    const after = await target.read(tx);
    await recordAudit(tx, actor, { action, targetType: target.type, targetId: target.id, before, after });
    return result;
  });
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

/**
 * One audit row, for changes whose target does not exist before (a created record) or after (a
 * deleted one); call it with the transaction of the change it records.
 */
export async function recordAudit(tx: DbOrTx, ctx: OperatorActor, entry: AuditEntry): Promise<void> {
  await insertAuditRow(tx, {
    ownerId: ctx.ownerId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    requestId: ctx.requestId ?? null,
  });
}

/**
 * One audit row of a change the system made on its own (a scheduled job, such as the no-reply
 * ticket refund): no operator (owner_id null; the console shows 「システム（自動処理）」) and no
 * request. Call it with the transaction of the change it records.
 */
export async function recordSystemAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await insertAuditRow(tx, {
    ownerId: null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    requestId: null,
  });
}

/** Dates become ISO strings and undefined becomes null, so the stored JSON reads back the same. */
function snapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value));
}

/**
 * Hands our transaction to a service that takes a `Db` and opens its own transaction: drizzle runs
 * `tx.transaction()` as a SAVEPOINT, so the service's change, its emails and the audit row commit
 * or roll back together.
 */
export function joined(tx: Tx): Db {
  return tx as unknown as Db;
}
