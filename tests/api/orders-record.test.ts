// The 7条 record (issue 35) as the buyer exports it, nothing under /orders that deletes, and the
// orders of one inquiry: one per award, reorders numbered <po>-2 from a still-valid quote.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { db } from "@/server/db/client";
import { dealQuoteVersions } from "@/server/db/schema";
import { type Account, registerVerified } from "../factories/accounts";
import { addThread, quote } from "../factories/deal-quotes";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";
import {
  acceptedOrder,
  download,
  issue,
  issued,
  orderBody,
  orders,
  pdfText,
  quotedThread,
  setSize,
} from "../factories/orders";

let buyer: Account;
let supplier: Account;
let rival: Account;

beforeAll(async () => {
  buyer = await registerVerified("BUYER", { companyName: "株式会社取引記録商事" });
  supplier = await registerVerified("SUPPLIER", { companyName: "記録受注工業株式会社" });
  rival = await registerVerified("SUPPLIER", { companyName: "相見積精機株式会社" });
  await setSize(buyer, 500_000_000, 800);
  for (const s of [supplier, rival]) await setSize(s, 5_000_000, 40);
});

// Every case nominates afresh; the nomination limit has its own tests.
beforeEach(resetInquiryLimits);

const LABELS = {
  ISSUED: "発注（発注書の発行）",
  SENT: "発注書の送付（電子）",
  OPENED: "受注者が発注書を開封",
  ACCEPTED: "受注（注文請書）",
  CHANGE_PROPOSED: "変更発注の提示",
  CHANGE_ACCEPTED: "変更発注の承諾",
  CONSULTATION_REQUESTED: "価格協議の申し入れ",
  CONSULTATION_ANSWERED: "価格協議への回答",
};

describe("the 7条 record", () => {
  it("the buyer exports one row per event as CSV (BOM, CRLF) and PDF; the supplier gets 404 on both", async () => {
    const order = await acceptedOrder(buyer, supplier); // answered straight through the API
    const [a, b] = order.versions[0].terms.deliveries;
    const changed = await api("POST", orders(buyer, `/orders/${order.id}/changes`), {
      token: buyer.token,
      body: {
        fromVersion: 1,
        deliveries: [
          { date: a.date, quantity: a.quantity },
          { date: addDays(b.date, 5), quantity: b.quantity },
        ],
        reason: "2回目の納期を5日後ろへ",
        reasonParty: "BUYER",
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(201);
    const accepted = await api("POST", orders(supplier, `/orders/${order.id}/changes/2/answer`), {
      token: supplier.token,
      body: { answer: "ACCEPT" },
    });
    expect(accepted.status).toBe(200);
    const asked = await api("POST", orders(supplier, `/orders/${order.id}/price-consultations`), {
      token: supplier.token,
      body: {
        drivers: [{ driver: "ENERGY", percent: 12, note: "電力料金の上昇" }],
        message: "電力料金の上昇分の協議をお願いします。",
      },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const answered = await api(
      "POST",
      orders(buyer, `/orders/${order.id}/price-consultations/${asked.body.consultations[0].id}/answer`),
      { token: buyer.token, body: { answer: "EXPLAIN", message: "今期は現行単価で据え置きます。" } },
    );
    expect(answered.status).toBe(200);
    const kinds = answered.body.events.map((e: { kind: string }) => e.kind);
    // An answer without a GET first still records the opening, before the answer.
    expect(kinds.slice(0, 4)).toEqual(["ISSUED", "SENT", "OPENED", "ACCEPTED"]);

    const csv = await download(buyer, orders(buyer, `/orders/${order.id}/record/csv`));
    expect(csv.status).toBe(200);
    expect(csv.type).toContain("text/csv");
    const text = csv.bytes.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.slice(1).split("\r\n").slice(0, -1);
    expect(lines[0]).toContain("発注番号");
    expect(lines).toHaveLength(kinds.length + 1);
    for (const kind of Object.keys(LABELS) as Array<keyof typeof LABELS>) {
      expect(kinds, kind).toContain(kind);
      expect(lines.filter((l) => l.includes(LABELS[kind])).length, kind).toBe(
        kinds.filter((k: string) => k === kind).length,
      );
    }
    expect(text).toContain("2回目の納期を5日後ろへ");
    expect(text).toContain("今期は現行単価で据え置きます。");

    const pdf = await download(buyer, orders(buyer, `/orders/${order.id}/record/pdf`));
    expect(pdf.status).toBe(200);
    const listed = pdfText(pdf.bytes).replace(/\s+/g, "");
    expect(listed).toContain(order.number);
    expect(listed).toContain(`記録（${kinds.length}件）`);
    // The kind column is narrow: each label's head stays on its first line.
    for (const label of Object.values(LABELS)) expect(listed, label).toContain(label.slice(0, 5));
    expect(listed).toContain("今期は現行単価で据");

    for (const kind of ["csv", "pdf"])
      expect((await download(supplier, orders(supplier, `/orders/${order.id}/record/${kind}`))).status).toBe(
        404,
      );
  });

  it("no API deletes anything: every operation under /orders is a GET or a POST", async () => {
    const doc = await api("GET", "/api/openapi.json");
    const paths = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).filter(([p]) =>
      p.includes("/orders/"),
    );
    expect(paths.length).toBeGreaterThanOrEqual(14);
    const methods = new Set(paths.flatMap(([, ops]) => Object.keys(ops)));
    expect([...methods].sort()).toEqual(["get", "post"]);
  });
});

describe("orders of one inquiry", () => {
  it("two suppliers awarded on one inquiry: two orders with their own numbers", async () => {
    const { inquiryId, threadId } = await quotedThread(buyer, supplier);
    const second = await addThread(buyer, inquiryId, rival);
    expect((await quote(rival, second)).status).toBe(201);
    const one = await issued(buyer, threadId);
    const two = await issued(buyer, second);
    expect(one.number).not.toBe(two.number);
    expect([one.supplierName, two.supplierName].sort()).toEqual(
      ["記録受注工業株式会社", "相見積精機株式会社"].sort(),
    );
    const mine = await api("GET", orders(rival, "/orders"), { token: rival.token });
    expect(mine.body.items.map((o: { id: string }) => o.id)).toEqual([two.id]);
  });

  it("a reorder of a past order is <po>-2 with its source; refused when the quote has expired", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const first = await issued(buyer, threadId);
    const again = await issue(buyer, threadId, orderBody({ reorderOf: first.id }));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.number).toBe(`${first.number}-2`);
    expect(again.body.sourceOrderId).toBe(first.id);
    expect(again.body.events[0].kind).toBe("ISSUED");

    await db()
      .update(dealQuoteVersions)
      .set({ validUntil: addDays(todayInJapan(), -1) })
      .where(eq(dealQuoteVersions.threadId, threadId));
    const expired = await issue(buyer, threadId, orderBody({ reorderOf: first.id }));
    expect(expired.status).toBe(409);
    expect(expired.body.error.message).toContain("有効期限");
  });

  it("reorderOf an order of another thread is refused with 422", async () => {
    const { threadId: a } = await quotedThread(buyer, supplier);
    const { threadId: b } = await quotedThread(buyer, supplier);
    const past = await issued(buyer, a);
    const res = await issue(buyer, b, orderBody({ reorderOf: past.id }));
    expect(res.status).toBe(422);
    expect(res.body.error.fields.reorderOf).toContain("再発注元");
  });
});
