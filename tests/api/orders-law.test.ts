// The act through the API (issue 35, decisions 0046/0047): which orders 取適法 binds, from both
// companies' capital and headcount on each side of every threshold; outside it, an advised rule
// set aside only with a recorded reason (never 手形); and the 60 days counted from the receipt day.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { type Account, registerVerified } from "../factories/accounts";
import { resetInquiryLimits } from "../factories/inquiries";
import { issue, orderBody, quotedThread, setSize } from "../factories/orders";

let buyer: Account;
let supplier: Account;

beforeAll(async () => {
  buyer = await registerVerified("BUYER", { companyName: "株式会社資本金境界商事" });
  supplier = await registerVerified("SUPPLIER", { companyName: "境界判定工業株式会社" });
});

// Every case nominates afresh; the nomination limit has its own tests.
beforeEach(resetInquiryLimits);

type Size = [capitalYen: number | null, employees: number];
const M = 1_000_000;

/** The order issued between companies of these sizes (a fresh thread each). */
async function issuedBetween(b: Size, s: Size, overrides: Record<string, unknown> = {}) {
  await setSize(buyer, b[0], b[1]);
  await setSize(supplier, s[0], s[1]);
  const { threadId } = await quotedThread(buyer, supplier);
  return issue(buyer, threadId, orderBody(overrides));
}

const cases: Array<{ name: string; buyer: Size; supplier: Size; toriteki: boolean; basis: string[] }> = [
  {
    name: "¥10,000,000 → ¥10,000,000",
    buyer: [10 * M, 100],
    supplier: [10 * M, 40],
    toriteki: false,
    basis: [],
  },
  {
    name: "¥10,000,001 → ¥10,000,000",
    buyer: [10 * M + 1, 100],
    supplier: [10 * M, 40],
    toriteki: true,
    basis: ["CAPITAL"],
  },
  {
    name: "¥10,000,001 → ¥10,000,001",
    buyer: [10 * M + 1, 100],
    supplier: [10 * M + 1, 40],
    toriteki: false,
    basis: [],
  },
  {
    name: "¥300,000,000 → ¥10,000,000",
    buyer: [300 * M, 100],
    supplier: [10 * M, 40],
    toriteki: true,
    basis: ["CAPITAL"],
  },
  {
    name: "¥300,000,000 → ¥300,000,000",
    buyer: [300 * M, 100],
    supplier: [300 * M, 40],
    toriteki: false,
    basis: [],
  },
  {
    name: "¥300,000,001 → ¥300,000,000",
    buyer: [300 * M + 1, 100],
    supplier: [300 * M, 40],
    toriteki: true,
    basis: ["CAPITAL"],
  },
  {
    name: "¥300,000,001 → ¥300,000,001",
    buyer: [300 * M + 1, 100],
    supplier: [300 * M + 1, 40],
    toriteki: false,
    basis: [],
  },
  {
    name: "301 → 300 employees",
    buyer: [5 * M, 301],
    supplier: [5 * M, 300],
    toriteki: true,
    basis: ["EMPLOYEES"],
  },
  { name: "300 → 300 employees", buyer: [5 * M, 300], supplier: [5 * M, 300], toriteki: false, basis: [] },
  { name: "301 → 301 employees", buyer: [5 * M, 301], supplier: [5 * M, 301], toriteki: false, basis: [] },
];

describe("which orders the act binds", () => {
  for (const c of cases) {
    it(`${c.name}: ${c.toriteki ? "applies" : "does not apply"}`, async () => {
      const res = await issuedBetween(c.buyer, c.supplier);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const { law } = res.body.versions[0].terms;
      expect(law.toriteki).toBe(c.toriteki);
      expect(law.basis).toEqual(c.basis);
      expect(law.buyer.capitalYen).toBe(c.buyer[0]);
      expect(law.supplier.employeeCount).toBe(c.supplier[1]);
      // Only what the response declares (the form's list of missing figures is not stored).
      expect(Object.keys(law).sort()).toEqual(
        ["basis", "buyer", "freelance", "overrideReason", "summary", "supplier", "toriteki"].sort(),
      );
    });
  }

  it("a supplier who is an individual is bound by any buyer over ¥10,000,000", async () => {
    const res = await issuedBetween([20 * M, 50], [null, 0], {
      facts: { supplier: { capitalYen: null, employeeCount: 0, individual: true } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { law } = res.body.versions[0].terms;
    expect(law).toMatchObject({ toriteki: true, basis: ["CAPITAL"], freelance: true });
    expect(law.supplier.individual).toBe(true);
  });
});

describe("outside the act", () => {
  const outside: [Size, Size] = [
    [10 * M, 100],
    [10 * M, 40],
  ];
  const day61 = () => {
    const first = addDays(todayInJapan(), 20);
    return {
      deliveries: [{ date: first, quantity: 3000, paymentDue: addDays(first, 60) }],
      payment: { terms: { kind: "FIXED" }, method: "BANK_TRANSFER" },
    };
  };

  it("a day-61 payment date is refused without a reason and issued with one, recorded", async () => {
    const refused = await issuedBetween(...outside, day61());
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields["deliveries.0.paymentDue"]).toMatch(/61日目/);
    const overrideReason = "受注者の資金繰りの都合により、受注者の申し出で支払日を1日後ろにします";
    const ok = await issuedBetween(...outside, { ...day61(), overrideReason });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.versions[0].terms.law).toMatchObject({ toriteki: false, overrideReason });
    expect(ok.body.events[0]).toMatchObject({ kind: "ISSUED", reason: overrideReason });
  });

  it("within the act the same reason does not lift the limit", async () => {
    const res = await issuedBetween([50 * M, 100], [5 * M, 40], {
      ...day61(),
      overrideReason: "受注者の申し出",
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields["deliveries.0.paymentDue"]).toMatch(/61日目/);
  });

  it("手形 is refused outside the act too, reason or not", async () => {
    const res = await issuedBetween(...outside, {
      payment: { terms: orderBody().payment.terms, method: "PROMISSORY_NOTE" },
      overrideReason: "慣行により",
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields["payment.method"]).toContain("手形");
  });
});

describe("the 60 days from the receipt day", () => {
  const within: [Size, Size] = [
    [50 * M, 100],
    [5 * M, 40],
  ];

  it("FIXED: day 60 (receipt is day 1) is issued, day 61 refused", async () => {
    const first = addDays(todayInJapan(), 15);
    const fixed = (days: number) => ({
      deliveries: [{ date: first, quantity: 3000, paymentDue: addDays(first, days) }],
      payment: { terms: { kind: "FIXED" }, method: "BANK_TRANSFER" },
    });
    const day60 = await issuedBetween(...within, fixed(59));
    expect(day60.status, JSON.stringify(day60.body)).toBe(201);
    expect(day60.body.versions[0].terms.deliveries[0].paymentDay).toBe(60);
    const late = await issuedBetween(...within, fixed(60));
    expect(late.status).toBe(422);
  });

  it("月末締め翌月末払い for a delivery on the 1st of a 30-day month (day 61) is issued (decision 0046)", async () => {
    let d = addDays(todayInJapan(), 1);
    const thirtyDays = (iso: string) => ["04", "06", "09", "11"].includes(iso.slice(5, 7));
    while (!(d.endsWith("-01") && thirtyDays(d))) d = addDays(d, 1);
    const res = await issuedBetween(...within, {
      deliveries: [{ date: d, quantity: 3000 }],
      payment: {
        terms: { kind: "CLOSING", closingDay: 31, monthsLater: 1, payDay: 31 },
        method: "BANK_TRANSFER",
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [delivery] = res.body.versions[0].terms.deliveries;
    const endOfNext = addDays(d, 60); // the last day of the next month (30 + 31 days on)
    expect(delivery.paymentDue <= endOfNext).toBe(true);
    expect(delivery.paymentDue.slice(0, 7)).toBe(endOfNext.slice(0, 7));
    // A hand-set date on that same day is refused: the 2-month reading is for monthly closing only.
    const fixed = await issuedBetween(...within, {
      deliveries: [{ date: d, quantity: 3000, paymentDue: endOfNext }],
      payment: { terms: { kind: "FIXED" }, method: "BANK_TRANSFER" },
    });
    expect(fixed.status).toBe(422);
  });
});
