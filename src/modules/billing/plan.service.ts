import { addDays, todayInJapan } from "@/lib/japan-time";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { planActivatedMail } from "@/server/email/templates";
import { AppError, forbidden } from "@/server/http/errors";
import { contractDto, lastDayOfMonth } from "./billing.dto";
import { type PlanEvent, planMove, planRefusal, planTransition } from "./billing.policy";
import { PLAN_LABEL, PLAN_MONTHLY_FEE_YEN } from "./billing.products";
import * as repo from "./billing.repository";
import { issueInvoice } from "./invoice.service";

// The unlimited plan (PRODUCT.md, decisions 0006/0007): the supplier's ADMIN applies, the operator
// activates it once paid (or rejects it), the supplier cancels for the month end, the scheduler ends
// it. Every status written here comes from the plan table of billing.policy.ts.

const conflict = (message: string) => new AppError("CONFLICT", message);

/** The status `event` leads to from the company's live contract (or "NEW"), or its 409. */
function mustTransition(current: repo.ContractRow | undefined, event: PlanEvent) {
  const t = planTransition(current?.status ?? "NEW", event);
  if (!t.ok) throw conflict(t.message);
  return t.to;
}

function requireAdmin(scope: CompanyScope, message: string) {
  if (scope.role !== "ADMIN") throw forbidden(message);
}

/** Applies for the unlimited plan (ADMIN); the operator activates it once paid. */
export async function applyForPlan(scope: CompanyScope, db: Db) {
  requireAdmin(scope, "プランのお申し込みは管理者のみ行えます。");
  return db.transaction(async (tx) => {
    await repo.lockCompany(tx, scope.companyId);
    const status = mustTransition(await repo.currentContract(tx, scope.companyId), "APPLY");
    const row = await repo.insertContract(tx, {
      companyId: scope.companyId,
      monthlyFeeYen: PLAN_MONTHLY_FEE_YEN,
      appliedByUserId: scope.userId,
      status,
    });
    return contractDto(row)!;
  });
}

export async function planStateOf(scope: CompanyScope, db: Db) {
  return {
    paymentStatus: (await repo.paymentStatusOf(db, scope.companyId)) ?? "OEM_FREE",
    contract: contractDto(await repo.currentContract(db, scope.companyId)),
  };
}

/**
 * Cancels the plan (ADMIN): it stays in force until the end of the current month. A waiting
 * application is withdrawn at once.
 */
export async function cancelPlan(scope: CompanyScope, db: Db) {
  requireAdmin(scope, "プランの解約は管理者のみ行えます。");
  return db.transaction(async (tx) => {
    await repo.lockCompany(tx, scope.companyId);
    const current = await repo.currentContract(tx, scope.companyId);
    const to = mustTransition(current, "CANCEL");
    const today = todayInJapan();
    const withdrawn = current!.status === "WAITING";
    const row = await repo.moveContract(tx, { id: current!.id }, [current!.status], {
      status: to,
      cancelRequestedAt: new Date(),
      endsOn: withdrawn ? today : lastDayOfMonth(today),
    });
    return contractDto(row)!;
  });
}

export async function monthlyRecord(scope: CompanyScope, db: Db, year: number, month: number) {
  const from = `${year}-${String(month).padStart(2, "0")}-01`;
  const to = addDays(lastDayOfMonth(from), 1);
  return { year, month, ...(await repo.monthlyCounts(scope, db, from, to)) };
}

// ---------------------------------------------------------------- operator side (pass a transaction)

/** Moves the company's contract in a state the event allows; the event's 409 when there is none. */
async function moveCompanyContract(
  tx: DbOrTx,
  companyId: string,
  event: "ACTIVATE" | "REJECT" | "END",
  values: Omit<Parameters<typeof repo.moveContract>[3], "status">,
) {
  const { from, to } = planMove(event);
  const row = await repo.moveContract(tx, { companyId }, from, { ...values, status: to });
  if (!row) throw conflict(planRefusal(event));
  return row;
}

/** Activates the company's waiting application (payment confirmed): paid from startsOn. */
export async function activatePlan(
  tx: DbOrTx,
  ownerId: string,
  companyId: string,
  startsOn = todayInJapan(),
) {
  await repo.lockCompany(tx, companyId);
  const row = await moveCompanyContract(tx, companyId, "ACTIVATE", { startsOn, activatedByOwnerId: ownerId });
  await repo.syncPaymentStatus(tx, companyId, todayInJapan());
  await issueInvoice(tx, {
    companyId,
    planContractId: row.id,
    billingMonth: startsOn.slice(0, 7),
    lines: [
      {
        label: `${PLAN_LABEL} ${startsOn.slice(0, 7)}`,
        quantity: 1,
        unitPriceYen: row.monthlyFeeYen,
        amountYen: row.monthlyFeeYen,
      },
    ],
  });
  for (const m of await repo.billingRecipients(tx, companyId))
    await enqueueEmail(tx, m.email, planActivatedMail({ startsOn }));
  return row;
}

/** Ends the plan at once (operator correction): the company is free again today. */
export async function endPlan(tx: DbOrTx, _ownerId: string, companyId: string) {
  await repo.lockCompany(tx, companyId);
  const today = todayInJapan();
  const row = await moveCompanyContract(tx, companyId, "END", { endsOn: addDays(today, -1) });
  await repo.syncPaymentStatus(tx, companyId, today);
  return row;
}

/** Rejects the waiting application; the operator's note (if any) stays on the contract. */
export async function rejectPlanApplication(tx: DbOrTx, _ownerId: string, companyId: string, note?: string) {
  const row = await moveCompanyContract(tx, companyId, "REJECT", {});
  if (note) await repo.notePlan(tx, row.id, note);
  return row;
}

/** Scheduled: plans cancelled for the end of a month that has passed end, and the company is free again. */
export async function endExpiredPlans(db: Db, now = new Date()): Promise<number> {
  const today = todayInJapan(now);
  const ending = await repo.endingContracts(db, today);
  const { from, to } = planMove("MONTH_END");
  for (const c of ending) {
    await db.transaction(async (tx) => {
      await repo.moveContract(tx, { id: c.id }, from, { status: to });
      await repo.syncPaymentStatus(tx, c.companyId, today);
    });
  }
  return ending.length;
}

/** Scheduled: plans activated to start on a later day that has come; the company is paid from it. */
export async function startDuePlans(db: Db, now = new Date()): Promise<number> {
  const today = todayInJapan(now);
  let started = 0;
  for (const c of await repo.startingContracts(db, today)) {
    await db.transaction(async (tx) => {
      await repo.lockCompany(tx, c.companyId);
      if ((await repo.syncPaymentStatus(tx, c.companyId, today)) === "OEM_PAID") started++;
    });
  }
  return started;
}

/**
 * Whether the supplier's last plan step happened, for its completion page: an application waiting
 * for the operator, a cancellation scheduled for the month end, or (withdrawn) a newest application
 * that ended without ever starting.
 */
export async function planStepDone(
  scope: CompanyScope,
  db: DbOrTx,
  step: "APPLIED" | "CANCELLED" | "WITHDRAWN",
): Promise<boolean> {
  const current = await repo.currentContract(db, scope.companyId);
  if (step === "APPLIED") return current?.status === "WAITING";
  if (step === "CANCELLED") return current?.status === "CANCEL_SCHEDULED";
  if (current) return false;
  const last = await repo.latestContract(db, scope.companyId);
  return last?.status === "ENDED" && !last.startsOn && Boolean(last.cancelRequestedAt);
}
