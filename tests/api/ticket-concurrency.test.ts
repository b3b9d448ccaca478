import { and, count, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ticketBalance } from "@/modules/billing/billing.repository";
import { db } from "@/server/db/client";
import { ticketUsages } from "@/server/db/schema";
import { markVerified, registerVerified } from "../factories/accounts";
import { api } from "../factories/http";
import { creditTickets, insertNominations } from "../factories/inquiries";
import { itConcurrently } from "../support/concurrency";

const ROUNDS = 20;
const REQUESTS = 50;
const TICKETS = 10;

describe("ticket spending under concurrency", () => {
  itConcurrently(
    `never goes below zero: ${REQUESTS} concurrent usages with ${TICKETS} tickets, ${ROUNDS} rounds`,
    async () => {
      const buyer = await registerVerified("BUYER");
      await markVerified(buyer.userId);
      for (let round = 0; round < ROUNDS; round++) {
        const supplier = await registerVerified("SUPPLIER");
        await creditTickets(supplier.companyId, TICKETS);
        const ids = await insertNominations(buyer, supplier.companyId, REQUESTS);
        const results = await Promise.all(
          ids.map((contactId) =>
            api("POST", "/api/billing/ticket_usage", { token: supplier.token, body: { contactId } }),
          ),
        );
        const statuses = results.map((r) => r.status);
        expect(
          statuses.filter((s) => s === 201),
          `round ${round}`,
        ).toHaveLength(TICKETS);
        expect(
          statuses.filter((s) => s === 402),
          `round ${round}`,
        ).toHaveLength(REQUESTS - TICKETS);
        const refused = results.find((r) => r.status === 402)!;
        expect(refused.body.error.message).toBe(
          "チケットが不足しています。チケットを購入してから、もう一度お試しください。",
        );
        expect(await ticketBalance(db(), supplier.companyId)).toBe(0);
        const [rows] = await db()
          .select({ n: count() })
          .from(ticketUsages)
          .where(and(eq(ticketUsages.companyId, supplier.companyId), isNull(ticketUsages.refundedAt)));
        expect(Number(rows!.n)).toBe(TICKETS);
      }
    },
    180_000,
  );

  it("charges a retried usage once, with or without the same Idempotency-Key", async () => {
    const buyer = await registerVerified("BUYER");
    const supplier = await registerVerified("SUPPLIER");
    await creditTickets(supplier.companyId, 3);
    const [contactId] = await insertNominations(buyer, supplier.companyId, 1);
    const headers = { "idempotency-key": "usage-retry-0001" };
    const tries = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        api("POST", "/api/billing/ticket_usage", { token: supplier.token, headers, body: { contactId } }),
      ),
    );
    expect(tries.filter((r) => r.status === 201)).toHaveLength(1);
    expect(tries.filter((r) => r.status === 200)).toHaveLength(4);
    expect(await ticketBalance(db(), supplier.companyId)).toBe(2);
  });
});
