// The supplier's answer (受注 with its 注文請書, or 差し戻し with a reason) and the 補充 notice that
// fixes an open term (issue 35): each rule through the API against the real database.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { type Account, emailsTo, registerVerified } from "../factories/accounts";
import { api } from "../factories/http";
import { answer, download, issued, orders, pdfText, quotedThread, setSize } from "../factories/orders";

let buyer: Account;
let supplier: Account;

beforeAll(async () => {
  buyer = await registerVerified("BUYER", { companyName: "株式会社回答確認商事" });
  supplier = await registerVerified("SUPPLIER", { companyName: "回答確認精工株式会社" });
  await setSize(buyer, 500_000_000, 800);
  await setSize(supplier, 5_000_000, 40);
});

const detail = (a: Account, id: string) => api("GET", orders(a, `/orders/${id}`), { token: a.token });

describe("the supplier's answer", () => {
  it("ACCEPT issues the 注文請書 (404 before), mails the buyer, and both sides see ACCEPTED", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const order = await issued(buyer, threadId);
    const pdfUrl = orders(buyer, `/orders/${order.id}/acceptance/pdf`);
    expect((await download(buyer, pdfUrl)).status).toBe(404);
    expect(order.acceptancePdfUrl).toBeNull();

    const res = await answer(supplier, order.id, { answer: "ACCEPT" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe("ACCEPTED");
    for (const who of [buyer, supplier]) {
      const seen = await detail(who, order.id);
      expect(seen.body.status).toBe("ACCEPTED");
      expect(seen.body.events.map((e: { kind: string }) => e.kind)).toContain("ACCEPTED");
      const pdf = await download(who, orders(who, `/orders/${order.id}/acceptance/pdf`));
      expect(pdf.status).toBe(200);
      expect(pdf.type).toBe("application/pdf");
      const text = pdfText(pdf.bytes);
      expect(text).toContain("注文請書");
      expect(text).toContain(order.number);
    }
    const mails = await emailsTo(buyer.email);
    expect(mails.some((m) => m.subject.includes("受注の連絡") && m.subject.includes(order.number))).toBe(
      true,
    );
  });

  it("RETURN needs a reason; with one the buyer is mailed it and both sides see RETURNED", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const order = await issued(buyer, threadId);
    const bare = await answer(supplier, order.id, { answer: "RETURN" });
    expect(bare.status).toBe(422);
    expect(bare.body.error.fields.reason).toMatch(/理由/);
    const reason = "納期が当社の生産枠に合いません。2週間後であれば対応できます。";
    const res = await answer(supplier, order.id, { answer: "RETURN", reason });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const who of [buyer, supplier]) {
      const seen = await detail(who, order.id);
      expect(seen.body.status).toBe("RETURNED");
      expect(seen.body.returnReason).toBe(reason);
    }
    expect((await download(buyer, orders(buyer, `/orders/${order.id}/acceptance/pdf`))).status).toBe(404);
    const mail = (await emailsTo(buyer.email)).find(
      (m) => m.subject.includes("差し戻し") && m.subject.includes(order.number),
    );
    expect(mail?.textBody).toContain(reason);
  });

  it("a second answer is refused with 409, whichever it is, and the buyer cannot answer at all", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const order = await issued(buyer, threadId);
    expect((await answer(buyer, order.id, { answer: "ACCEPT" })).status).toBe(404);
    expect((await answer(supplier, order.id, { answer: "ACCEPT" })).status).toBe(200);
    const again = await answer(supplier, order.id, { answer: "ACCEPT" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain("すでに回答");
    expect((await answer(supplier, order.id, { answer: "RETURN", reason: "やはり辞退" })).status).toBe(409);
    const seen = await detail(buyer, order.id);
    expect(seen.body.events.filter((e: { kind: string }) => e.kind === "ACCEPTED")).toHaveLength(1);
  });
});

describe("補充: fixing an open term", () => {
  const openPlace = () => ({
    place: null,
    openTerms: [
      {
        field: "PLACE",
        reason: "新倉庫の稼働日が未確定のため",
        expectedBy: addDays(todayInJapan(), 14),
      },
    ],
  });

  it("an order issued with the place open is fixed by a SUPPLEMENT version in force at once", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const order = await issued(buyer, threadId, openPlace());
    expect(order.versions[0].terms.openTerms.map((t: { field: string }) => t.field)).toEqual(["PLACE"]);
    expect(order.versions[0].terms.place).toBeNull();
    const listed = await api("GET", orders(buyer, `/orders?threadId=${threadId}`), { token: buyer.token });
    expect(listed.body.items[0].openTerms).toBe(1);

    const address = "千葉県市川市塩浜2-1 新物流センター";
    const res = await api("POST", orders(buyer, `/orders/${order.id}/supplements`), {
      token: buyer.token,
      body: { field: "PLACE", place: { address, contact: "物流課 03-0000-0000" } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.currentVersion).toBe(2);
    expect(res.body.pendingVersion).toBeNull();
    const v2 = res.body.versions[1];
    expect(v2.kind).toBe("SUPPLEMENT");
    expect(v2.state).toBe("ACCEPTED");
    expect(v2.terms.place.address).toBe(address);
    expect(v2.terms.openTerms).toEqual([]);
    expect(res.body.events.at(-1).kind).toBe("SUPPLEMENTED");
    const after = await api("GET", orders(buyer, `/orders?threadId=${threadId}`), { token: buyer.token });
    expect(after.body.items[0].openTerms).toBe(0);
    const pdf = await download(supplier, orders(supplier, `/orders/${order.id}/versions/2/pdf`));
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.bytes)).toContain("新物流センター");
    expect((await emailsTo(supplier.email)).some((m) => m.subject.includes("補充"))).toBe(true);

    const again = await api("POST", orders(buyer, `/orders/${order.id}/supplements`), {
      token: buyer.token,
      body: { field: "PLACE", place: { address: "別の住所" } },
    });
    expect(again.status).toBe(422);
    expect(again.body.error.fields.field).toContain("未定事項ではありません");
  });

  it("a field that is not open is refused with 422, and the supplier cannot supplement", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const order = await issued(buyer, threadId, openPlace());
    const res = await api("POST", orders(buyer, `/orders/${order.id}/supplements`), {
      token: buyer.token,
      body: { field: "SPECIFICATION", specification: "外装：艶消し" },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.field).toContain("未定事項ではありません");
    const bySupplier = await api("POST", orders(supplier, `/orders/${order.id}/supplements`), {
      token: supplier.token,
      body: { field: "PLACE", place: { address: "受注者が決めた住所" } },
    });
    expect(bySupplier.status).toBe(404);
    expect((await detail(buyer, order.id)).body.currentVersion).toBe(1);
  });
});
