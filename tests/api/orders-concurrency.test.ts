// Concurrent answers on one order (issue 35): the order row is locked, so of two answers sent at
// once exactly one wins and the other gets 409; the record holds one event. Run on PostgreSQL only
// (tests/support/concurrency.ts): PGlite runs one transaction at a time.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect } from "vitest";
import { addDays } from "@/lib/japan-time";
import { db } from "@/server/db/client";
import { orderEvents } from "@/server/db/schema-orders";
import { type Account, registerVerified } from "../factories/accounts";
import { api } from "../factories/http";
import { acceptedOrder, answer, issued, orders, quotedThread, setSize } from "../factories/orders";
import { itConcurrently } from "../support/concurrency";

let buyer: Account;
let supplier: Account;

beforeAll(async () => {
  buyer = await registerVerified("BUYER", { companyName: "株式会社同時回答商事" });
  supplier = await registerVerified("SUPPLIER", { companyName: "同時回答工業株式会社" });
  await setSize(buyer, 500_000_000, 800);
  await setSize(supplier, 5_000_000, 40);
});

const eventCount = async (orderId: string, kind: string) =>
  (
    await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, kind)))
  ).length;

describe("concurrent answers", () => {
  itConcurrently("two concurrent answers to one order: one wins, the other 409", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const order = await issued(buyer, threadId);
    const results = await Promise.all([
      answer(supplier, order.id, { answer: "ACCEPT" }),
      answer(supplier, order.id, { answer: "RETURN", reason: "同時に差し戻し" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await eventCount(order.id, "ACCEPTED")) + (await eventCount(order.id, "RETURNED"))).toBe(1);
  });

  itConcurrently("two concurrent answers to one change order: one wins, the other 409", async () => {
    const order = await acceptedOrder(buyer, supplier);
    const [a, b] = order.versions[0].terms.deliveries;
    const proposed = await api("POST", orders(buyer, `/orders/${order.id}/changes`), {
      token: buyer.token,
      body: {
        fromVersion: 1,
        deliveries: [
          { date: a.date, quantity: a.quantity },
          { date: addDays(b.date, 7), quantity: b.quantity },
        ],
        reason: "納期調整",
        reasonParty: "BUYER",
      },
    });
    expect(proposed.status).toBe(201);
    const url = orders(supplier, `/orders/${order.id}/changes/2/answer`);
    const results = await Promise.all([
      api("POST", url, { token: supplier.token, body: { answer: "ACCEPT" } }),
      api("POST", url, { token: supplier.token, body: { answer: "REJECT", reason: "同時に不承諾" } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      (await eventCount(order.id, "CHANGE_ACCEPTED")) + (await eventCount(order.id, "CHANGE_REJECTED")),
    ).toBe(1);
  });

  itConcurrently("two concurrent change orders: one version 2, the other 409", async () => {
    const order = await acceptedOrder(buyer, supplier);
    const [a, b] = order.versions[0].terms.deliveries;
    const propose = (days: number) =>
      api("POST", orders(buyer, `/orders/${order.id}/changes`), {
        token: buyer.token,
        body: {
          fromVersion: 1,
          deliveries: [
            { date: a.date, quantity: a.quantity },
            { date: addDays(b.date, days), quantity: b.quantity },
          ],
          reason: `納期を${days}日後ろへ`,
          reasonParty: "BUYER",
        },
      });
    const results = await Promise.all([propose(3), propose(5)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await eventCount(order.id, "CHANGE_PROPOSED")).toBe(1);
  });
});
