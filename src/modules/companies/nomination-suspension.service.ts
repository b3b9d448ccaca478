import { audited, type OperatorActor } from "@/modules/audit/audit.service";
import { COMPANY_NOT_FOUND } from "@/server/auth/company-scope";
import type { Db, DbOrTx, Tx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { nominationsResumedMail, nominationsSuspendedMail } from "@/server/email/suspension-templates";
import { AppError, forbidden, notFound } from "@/server/http/errors";
import * as repo from "./nomination-suspension.repository";
import {
  NOMINATIONS_SUSPENDED_MESSAGE,
  type NominationSuspension,
  type NominationSuspensionResult,
  type SuspendNominationsInput,
} from "./nomination-suspension.schema";

// The operator may stop a buyer company sending nominations (abuse signals, docs/trust.md): with a
// reason, through audited(), an email to each member in the same transaction; lifting it likewise.
// While it lasts the nomination flow refuses with NOMINATIONS_SUSPENDED_MESSAGE (403); bulk
// inquiries, threads and everything else stay open to the company.

const SUSPEND = "company.suspend_nominations";
const LIFT = "company.lift_nomination_suspension";

/**
 * The buyer company's stop, locked, as the audit row keeps it (the company's id and name, so the
 * audit log names it); a supplier or an unknown id answers 404 (only buyers send nominations).
 */
async function lockedBuyer(tx: Tx, companyId: string) {
  const row = await repo.lockSuspension(tx, companyId);
  if (row?.type !== "BUYER") throw notFound(COMPANY_NOT_FOUND);
  const { type: _type, ...snapshot } = row;
  return snapshot;
}

async function tellMembers(
  tx: Tx,
  company: { companyId: string; name: string },
  mail: (to: { companyName: string; name: string }) => Parameters<typeof enqueueEmail>[2],
) {
  for (const m of await repo.memberContacts(tx, company.companyId)) {
    await enqueueEmail(tx, m.email, mail({ companyName: company.name, name: m.name }));
  }
}

export async function nominationSuspensionOf(db: DbOrTx, companyId: string): Promise<NominationSuspension> {
  const row = await repo.findSuspension(db, companyId);
  if (!row?.at) return null;
  return {
    suspendedAt: row.at.toISOString(),
    reason: row.reason ?? "",
    by: row.ownerId ? { id: row.ownerId, name: row.ownerName ?? "" } : null,
  };
}

/** Stops the buyer company's nominations; 409 when they are stopped already (the first reason stands). */
export async function suspendNominations(
  db: Db,
  actor: OperatorActor,
  companyId: string,
  input: SuspendNominationsInput,
): Promise<NominationSuspensionResult> {
  await audited(
    db,
    actor,
    SUSPEND,
    { type: "company", id: companyId, read: (tx) => lockedBuyer(tx, companyId) },
    async (tx, company) => {
      if (company.nominationsSuspendedAt)
        throw new AppError("CONFLICT", "この企業の指名での依頼はすでに停止しています。");
      await repo.setSuspension(tx, companyId, {
        at: new Date(),
        reason: input.reason,
        ownerId: actor.ownerId,
      });
      await tellMembers(tx, company, (to) => nominationsSuspendedMail({ ...to, reason: input.reason }));
    },
  );
  return { companyId, nominationSuspension: await nominationSuspensionOf(db, companyId) };
}

/** Lifts the stop; 409 when the company's nominations are not stopped. */
export async function liftNominationSuspension(
  db: Db,
  actor: OperatorActor,
  companyId: string,
): Promise<NominationSuspensionResult> {
  await audited(
    db,
    actor,
    LIFT,
    { type: "company", id: companyId, read: (tx) => lockedBuyer(tx, companyId) },
    async (tx, company) => {
      if (!company.nominationsSuspendedAt)
        throw new AppError("CONFLICT", "この企業の指名での依頼は停止されていません。");
      await repo.setSuspension(tx, companyId, null);
      await tellMembers(tx, company, nominationsResumedMail);
    },
  );
  return { companyId, nominationSuspension: null };
}

/** Whether the buyer company's nominations are stopped now (the nomination page's notice). */
export async function nominationsSuspended(db: DbOrTx, companyId: string): Promise<boolean> {
  return (await repo.suspendedAt(db, companyId)) !== null;
}

/**
 * The nomination flow's gate (dry-run and create): 403 with the Japanese notice while the
 * operator has stopped the company's nominations. The inquiries module receives it from the
 * route (companies already depends on inquiries, so it cannot import this itself).
 */
export async function ensureMayNominate(db: DbOrTx, buyerCompanyId: string): Promise<void> {
  if (await nominationsSuspended(db, buyerCompanyId)) throw forbidden(NOMINATIONS_SUSPENDED_MESSAGE);
}
