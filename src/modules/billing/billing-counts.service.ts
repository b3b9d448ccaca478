import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { currentContract, ticketBalance } from "./billing.repository";
import * as repo from "./billing-counts.repository";

// What the supplier's my-page top and the console's dashboard show of billing (read only).

export type { PlanStatus } from "./billing-counts.repository";

/** Ticket purchases waiting for payment and plan applications waiting for the operator. */
export function waitingCounts(db: DbOrTx): Promise<{ purchases: number; plans: number }> {
  return repo.waitingCounts(db);
}

/** The plan contract that matters now (applied, active or ending), as the my-page top shows it. */
export async function currentPlanContract(scope: CompanyScope, db: DbOrTx) {
  const c = await currentContract(db, scope.companyId);
  return c ? { status: c.status, appliedAt: c.appliedAt, startsOn: c.startsOn, endsOn: c.endsOn } : null;
}

export function ticketBalanceOf(scope: CompanyScope, db: DbOrTx): Promise<number> {
  return ticketBalance(db, scope.companyId);
}
