// Billing of the demo seed: ticket purchases in every status and the suppliers' plan contracts.
import type * as t from "../schema";
import type { DemoContext, Member, Row } from "./demo-context";
import { must } from "./demo-context";
import { withTax } from "./demo-helpers";
import { DEMO_SUPPLIERS } from "./demo-suppliers.data";

const PLAN_FEE_YEN = 30_000;
const TICKET_PRICES: Record<number, number> = { 1: 5_000, 5: 22_500, 10: 40_000 };

/** Plan history of the suppliers that are not simply paid (ACTIVE) or free without a contract. */
const PLAN_STARTS_MONTHS_AGO: Record<string, number> = {
  bisui: 6,
  "natural-pharma": 5,
  setouchi: 4,
  bishu: 6,
  tsubame: 3,
  toho: 5,
  arc: 2,
  "medical-toyama": 1,
};
const CANCEL_SCHEDULED_SUPPLIER = "bishu";
const WAITING_SUPPLIER = "petlife";
const ENDED_SUPPLIER = "shinshu-foods";

export interface DemoBillingRows {
  ticketPurchases: Row<typeof t.ticketPurchases>[];
  planContracts: Row<typeof t.planContracts>[];
}

export function billingRows(
  { rng, clock }: DemoContext,
  ownerId: string,
  supplierAdmin: Map<string, Member>,
): DemoBillingRows {
  const lumiere = must(supplierAdmin.get("lumiere"), "supplier lumiere");
  const kyushu = must(supplierAdmin.get("kyushu-kenko"), "supplier kyushu-kenko");
  const purchase = (
    who: Member,
    quantity: number,
    status: "PAID" | "PENDING" | "CANCELLED",
    daysAgo: number,
    settledDaysAgo?: number,
  ): Row<typeof t.ticketPurchases> => {
    const createdAt = clock.at(daysAgo, 11, rng.int(0, 59));
    const settled = settledDaysAgo === undefined ? null : clock.at(settledDaysAgo, 14, rng.int(0, 59));
    return {
      id: rng.uuid(),
      companyId: who.companyId,
      requestedByUserId: who.userId,
      quantity,
      ...withTax(must(TICKET_PRICES[quantity], `ticket pack ${quantity}`)),
      status,
      paidAt: status === "PAID" ? settled : null,
      confirmedByOwnerId: status === "PAID" ? ownerId : null,
      cancelledAt: status === "CANCELLED" ? settled : null,
      createdAt,
      updatedAt: settled ?? createdAt,
    };
  };
  const ticketPurchases = [
    purchase(lumiere, 10, "CANCELLED", 58, 55),
    purchase(lumiere, 5, "PAID", 50, 47),
    purchase(lumiere, 1, "PENDING", 1),
    purchase(kyushu, 1, "PAID", 20, 18),
  ];

  const planContracts: Row<typeof t.planContracts>[] = [];
  for (const s of DEMO_SUPPLIERS) {
    const member = must(supplierAdmin.get(s.key), `supplier ${s.key}`);
    const base = { companyId: member.companyId, monthlyFeeYen: PLAN_FEE_YEN, appliedByUserId: member.userId };
    const months = PLAN_STARTS_MONTHS_AGO[s.key];
    if (s.plan === "PAID") {
      if (months === undefined) throw new Error(`demo seed: paid supplier ${s.key} has no plan start`);
      const startsOn = clock.monthStart(months);
      const appliedAt = clock.after(clock.morningOf(startsOn), -6);
      const cancelling = s.key === CANCEL_SCHEDULED_SUPPLIER;
      planContracts.push({
        id: rng.uuid(),
        ...base,
        status: cancelling ? "CANCEL_SCHEDULED" : "ACTIVE",
        appliedAt,
        activatedByOwnerId: ownerId,
        startsOn,
        cancelRequestedAt: cancelling ? clock.at(5, 16, 20) : null,
        endsOn: cancelling ? clock.monthEnd(0) : null,
        createdAt: appliedAt,
        updatedAt: cancelling ? clock.at(5, 16, 20) : clock.after(appliedAt, 3),
      });
    } else if (s.key === WAITING_SUPPLIER) {
      const appliedAt = clock.at(2, 11, 40);
      planContracts.push({
        id: rng.uuid(),
        ...base,
        status: "WAITING",
        appliedAt,
        note: "請求書の送付先は経理部宛てを希望",
        createdAt: appliedAt,
        updatedAt: appliedAt,
      });
    } else if (s.key === ENDED_SUPPLIER) {
      const startsOn = clock.monthStart(5);
      const appliedAt = clock.after(clock.morningOf(startsOn), -4);
      const cancelRequestedAt = clock.morningOf(clock.monthStart(3));
      planContracts.push({
        id: rng.uuid(),
        ...base,
        status: "ENDED",
        appliedAt,
        activatedByOwnerId: ownerId,
        startsOn,
        cancelRequestedAt,
        endsOn: clock.monthEnd(3),
        createdAt: appliedAt,
        updatedAt: clock.morningOf(clock.monthStart(2)),
      });
    }
  }

  return { ticketPurchases, planContracts };
}
