import { describe, expect, it } from "vitest";
import { PRICE_CUT_REFUSED } from "./order.policy";
import { type OrderInput, orderInput } from "./order.schema";
import { type BuildContext, buildOrderTerms, OUTSIDE_ADVICE, PROMISSORY_NOTE_REFUSED } from "./order-build";
import { applyChange, applySupplement } from "./order-change";

// The order form's rules without a database: the figures come from the form and the quote, the
// act's rules are errors where it applies and advice (set aside by a reason) where it does not.

const party = {
  name: "株式会社テスト",
  address: "〒100-0001 東京都千代田区千代田1-1",
  phone: null,
  person: null,
  email: null,
};
const ctx = (over: Partial<BuildContext> = {}): BuildContext => ({
  today: "2027-03-01",
  quote: {
    version: 2,
    tiers: [
      { quantity: 1000, unitPriceYen: 520 },
      { quantity: 3000, unitPriceYen: 480 },
    ],
    moq: 1000,
    toolingCostYen: 150_000,
    sampleCostYen: 30_000,
  },
  inquiry: { title: "ステンレスシャフト", description: "SUS304 φ12×120mm", unit: "本" },
  buyer: party,
  supplier: { ...party, name: "有限会社テスト精工" },
  buyerFacts: { capitalYen: 500_000_000, employeeCount: 800, individual: false },
  supplierFacts: { capitalYen: 5_000_000, employeeCount: 40, individual: false },
  ...over,
});
const input = (over: Record<string, unknown> = {}): OrderInput =>
  orderInput.parse({
    quoteVersion: 2,
    quantity: 3000,
    deliveries: [
      { date: "2027-04-01", quantity: 1500 },
      { date: "2027-05-10", quantity: 1500 },
    ],
    place: { address: "東京都江東区有明3-1-1", contact: "物流課" },
    inspection: { required: true, daysAfterReceipt: 10 },
    payment: {
      terms: { kind: "CLOSING", closingDay: 31, monthsLater: 1, payDay: 31 },
      method: "BANK_TRANSFER",
    },
    ...over,
  });
const outside = { buyerFacts: { capitalYen: 5_000_000, employeeCount: 10, individual: false } };

describe("buildOrderTerms", () => {
  it("prices 3,000本 at the 3,000 tier with tooling, tax rounded down once, per-delivery dates", () => {
    const r = buildOrderTerms(input(), ctx());
    if (!r.ok) throw new Error(JSON.stringify(r.fields));
    expect(r.terms.tier).toEqual({ quantity: 3000, unitPriceYen: 480 });
    expect(r.terms.subtotalYen).toBe(1_440_000 + 150_000);
    expect(r.terms.taxYen).toBe(159_000);
    expect(r.terms.deliveries.map((d) => [d.inspectionBy, d.paymentDue])).toEqual([
      ["2027-04-11", "2027-05-31"],
      ["2027-05-20", "2027-06-30"],
    ]);
    expect(r.terms.law.toriteki).toBe(true);
  });

  it("switches tiers at the boundary: 2,999 at ¥520, 3,000 at ¥480; below the MOQ refused", () => {
    const at = (q: number) =>
      buildOrderTerms(input({ quantity: q, deliveries: [{ date: "2027-04-01", quantity: q }] }), ctx());
    const below = at(2999);
    const on = at(3000);
    expect(below.ok && below.terms.tier.unitPriceYen).toBe(520);
    expect(on.ok && on.terms.tier.unitPriceYen).toBe(480);
    const low = at(999);
    expect(low.ok).toBe(false);
    expect(!low.ok && low.fields.quantity).toContain("MOQ");
  });

  it("refuses 手形 in and outside the act, and a day-61 hand-set date only outside with a reason", () => {
    const note = buildOrderTerms(
      input({
        payment: {
          terms: { kind: "CLOSING", closingDay: 31, monthsLater: 1, payDay: 31 },
          method: "PROMISSORY_NOTE",
        },
      }),
      ctx(outside),
    );
    expect(!note.ok && note.fields["payment.method"]).toBe(PROMISSORY_NOTE_REFUSED);
    const fixed = (override?: string) =>
      input({
        quantity: 1000,
        deliveries: [{ date: "2027-04-01", quantity: 1000, paymentDue: "2027-05-31" }], // day 61
        payment: { terms: { kind: "FIXED" }, method: "BANK_TRANSFER" },
        ...(override ? { overrideReason: override } : {}),
      });
    const inAct = buildOrderTerms(fixed("先方の希望"), ctx());
    expect(!inAct.ok && inAct.fields["deliveries.0.paymentDue"]).toMatch(/61日目/);
    const advised = buildOrderTerms(fixed(), ctx(outside));
    expect(!advised.ok && advised.fields["deliveries.0.paymentDue"]).toContain(OUTSIDE_ADVICE);
    const overridden = buildOrderTerms(fixed("先方の希望による"), ctx(outside));
    expect(overridden.ok && overridden.terms.law.overrideReason).toBe("先方の希望による");
  });

  it("leaves a term open only with its reason: no place, no 検査完了期日 printed", () => {
    const r = buildOrderTerms(
      input({
        place: null,
        openTerms: [
          { field: "PLACE", reason: "新倉庫の稼働日が未定のため", expectedBy: "2027-03-20" },
          { field: "INSPECTION", reason: "検査基準を協議中", expectedBy: "2027-03-20" },
        ],
      }),
      ctx(),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.fields));
    expect(r.terms.place).toBeNull();
    expect(r.terms.deliveries.every((d) => d.inspectionBy === null)).toBe(true);
    const none = buildOrderTerms(input({ place: null }), ctx());
    expect(!none.ok && none.fields["place.address"]).toBeTruthy();
  });

  it("asks for the figures the verdict needs", () => {
    const r = buildOrderTerms(
      input(),
      ctx({
        supplierFacts: { capitalYen: null, employeeCount: null, individual: null },
        buyerFacts: { capitalYen: 20_000_000, employeeCount: 100, individual: false },
      }),
    );
    expect(r.ok).toBe(false);
    expect(!r.ok && Object.keys(r.fields).some((k) => k.startsWith("facts.supplier."))).toBe(true);
  });

  it("settles paid materials no earlier than the goods are paid", () => {
    const r = buildOrderTerms(
      input({
        paidMaterials: [
          {
            item: "SUS304丸棒",
            quantity: 3000,
            unit: "本",
            unitPriceYen: 100,
            handoverDate: "2027-03-10",
            settlementDate: "2027-04-30",
            settlementMethod: "相殺",
          },
        ],
      }),
      ctx(),
    );
    expect(!r.ok && r.fields["paidMaterials.0.settlementDate"]).toContain("支払期日");
  });
});

describe("applyChange and applySupplement", () => {
  const base = () => {
    const r = buildOrderTerms(
      input({ openTerms: [{ field: "SPECIFICATION", reason: "色番未定", expectedBy: "2027-03-15" }] }),
      ctx(),
    );
    if (!r.ok) throw new Error("base order");
    return r.terms;
  };

  it("moves one delivery date, re-checks its payment date and keeps the rest", () => {
    const r = applyChange(
      base(),
      {
        fromVersion: 1,
        deliveries: [
          { date: "2027-04-01", quantity: 1500 },
          { date: "2027-05-20", quantity: 1500 },
        ],
        reason: "倉庫の都合",
        reasonParty: "BUYER",
      },
      "2027-03-01",
    );
    if (!r.ok) throw new Error(JSON.stringify(r.fields));
    expect(r.terms.deliveries[1]).toMatchObject({ date: "2027-05-20", paymentDue: "2027-06-30" });
    expect(r.summary).toContain("納期の変更");
  });

  it("refuses a price cut for the buyer's reasons and allows it for the supplier's", () => {
    const cut = (reasonParty: "BUYER" | "SUPPLIER") =>
      applyChange(base(), { fromVersion: 1, unitPriceYen: 450, reason: "理由", reasonParty }, "2027-03-01");
    const buyers = cut("BUYER");
    expect(!buyers.ok && buyers.fields.unitPriceYen).toBe(PRICE_CUT_REFUSED);
    const suppliers = cut("SUPPLIER");
    expect(suppliers.ok && suppliers.terms.totalYen).toBe(Math.floor((3000 * 450 + 150_000) * 1.1));
  });

  it("fills an open term by 補充 and refuses one that is not open", () => {
    const r = applySupplement(base(), { field: "SPECIFICATION", specification: "色番 N-95" });
    expect(r.ok && r.terms.specification).toBe("色番 N-95");
    expect(r.ok && r.terms.openTerms).toEqual([]);
    expect(
      applySupplement(base(), {
        field: "PLACE",
        specification: undefined,
        place: { address: "大阪府", contact: undefined },
      }).ok,
    ).toBe(false);
  });
});
