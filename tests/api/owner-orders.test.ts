// The console's orders (issue 35): every company's orders as metadata — never an amount or a term —
// and the late ones: an order unanswered past 3 Japanese business days after its issue date, an
// open price consultation past its due date (decision 0050), with their counts for the badges.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays } from "@/lib/japan-time";
import { db } from "@/server/db/client";
import { priceConsultations } from "@/server/db/schema-orders";
import { type Account, createOwner, registerVerified } from "../factories/accounts";
import { api } from "../factories/http";
import { issue, orderBody, orders, quotedThread, setSize } from "../factories/orders";

let buyer: Account;
let late: Account;
let consulting: Account;
let owner: { token: string };
/** Issued on Friday 2026-11-20 10:00 in Japan (Monday 11/23 is 勤労感謝の日), never answered. */
let unanswered: { id: string; number: string };
/** Accepted, with an open price consultation. */
let accepted: { id: string; number: string; totalYen: number };
/** Returned by its supplier. */
let returned: { id: string; number: string };
let consultationDueOn: string;

const jst = (s: string) => new Date(`${s}+09:00`);

async function issued(supplier: Account) {
  const { threadId } = await quotedThread(buyer, supplier);
  const res = await issue(buyer, threadId, orderBody());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    id: res.body.id as string,
    number: res.body.number as string,
    totalYen: res.body.versions[0].terms.totalYen,
  };
}

async function answer(supplier: Account, orderId: string, body: Record<string, unknown>) {
  const res = await api("POST", orders(supplier, `/orders/${orderId}/answer`), {
    token: supplier.token,
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  buyer = await registerVerified("BUYER", { companyName: "株式会社監視発注商事" });
  late = await registerVerified("SUPPLIER", { companyName: "有限会社回答遅延精工" });
  consulting = await registerVerified("SUPPLIER", { companyName: "株式会社価格協議工業" });
  await setSize(buyer, 500_000_000, 800);
  await setSize(late, 5_000_000, 40);
  await setSize(consulting, 5_000_000, 40);
  owner = await createOwner();

  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(jst("2026-11-20T10:00:00"));
  unanswered = await issued(late);
  vi.useRealTimers();

  accepted = await issued(consulting);
  await answer(consulting, accepted.id, { answer: "ACCEPT" });
  const asked = await api("POST", orders(consulting, `/orders/${accepted.id}/price-consultations`), {
    token: consulting.token,
    body: {
      drivers: [{ driver: "MATERIAL", percent: 12, note: "鋼材の仕入れ値が上がりました" }],
      requestedUnitPriceYen: 530,
      message: "材料費の上昇分について単価の見直しをご相談させてください。",
    },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const [c] = await db()
    .select({ dueOn: priceConsultations.dueOn })
    .from(priceConsultations)
    .where(eq(priceConsultations.orderId, accepted.id));
  consultationDueOn = c!.dueOn;

  returned = await issued(late);
  await answer(late, returned.id, { answer: "RETURN", reason: "納期の調整が必要なため差し戻します。" });
});

afterEach(() => {
  vi.useRealTimers();
});

/** GET /api/owner/orders as the operator, at `now` (the console's clock) when given. */
async function list(query = "", now?: Date) {
  if (now) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
  }
  const res = await api("GET", `/api/owner/orders${query}`, { token: owner.token });
  vi.useRealTimers();
  return res;
}

const numbers = (body: { items: Array<{ number: string }> }) => body.items.map((i) => i.number);

/** Every key of a JSON value, nested ones included. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

describe("GET /api/owner/orders", () => {
  it("lists every order newest first with names, states and dates, and no price or term", async () => {
    const res = await list();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(numbers(res.body)).toEqual([returned.number, accepted.number, unanswered.number]);
    expect(res.body.total).toBe(3);
    const row = res.body.items.find((i: { id: string }) => i.id === accepted.id);
    expect(row).toMatchObject({
      buyer: { id: buyer.companyId, name: "株式会社監視発注商事" },
      supplier: { id: consulting.companyId, name: "株式会社価格協議工業" },
      status: "ACCEPTED",
      statusLabel: "受注済み",
      currentVersion: 1,
      pendingVersion: null,
      openTerms: 0,
      consultationDueOn,
      consultationOverdue: false,
      acknowledgementOverdue: false,
    });
    expect(row.toritekiLabel).toBe(row.toriteki ? "対象" : "対象外");
    expect(row.answeredAt).not.toBeNull();
    // Amounts and terms are the two companies' business: no key names them, no figure leaks.
    expect(
      keysOf(res.body).filter((k) => /yen|price|amount|^terms$|tier|deliver|payment|quantity/i.test(k)),
    ).toEqual([]);
    expect(JSON.stringify(res.body)).not.toContain(String(accepted.totalYen));
  });

  it("filters by status and by a keyword on the number or either company's name", async () => {
    expect(numbers((await list("?status=RETURNED")).body)).toEqual([returned.number]);
    expect(numbers((await list("?status=ACCEPTED")).body)).toEqual([accepted.number]);
    expect(numbers((await list(`?keyword=${encodeURIComponent("価格協議")}`)).body)).toEqual([
      accepted.number,
    ]);
    expect(numbers((await list(`?keyword=${encodeURIComponent("監視発注")}`)).body)).toHaveLength(3);
    expect(numbers((await list(`?keyword=${encodeURIComponent(unanswered.number)}`)).body)).toEqual([
      unanswered.number,
    ]);
    // The pattern characters are taken literally.
    expect((await list("?keyword=%25")).body.items).toEqual([]);
    const bad = await list("?status=LATE");
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain(
      "状態は ISSUED・ACCEPTED・RETURNED のいずれかで指定してください",
    );
    expect((await list("?overdue=SOON")).status).toBe(422);
  });

  // Friday 11/20 → Tuesday 11/24, Wednesday 11/25, Thursday 11/26 (Monday 11/23 is a holiday):
  // answered in time through Thursday, late from Friday 11/27 00:00 in Japan.
  it("counts an unanswered order late from the day after its third business day", async () => {
    const before = await list("?overdue=ACKNOWLEDGEMENT", jst("2026-11-26T23:59:59.999"));
    expect(before.status).toBe(200);
    expect(before.body.items).toEqual([]);
    expect(before.body.overdue.acknowledgement).toBe(0);
    const all = await list("", jst("2026-11-26T23:59:59.999"));
    const row = all.body.items.find((i: { id: string }) => i.id === unanswered.id);
    expect(row).toMatchObject({ acknowledgementDueOn: "2026-11-26", acknowledgementOverdue: false });

    const after = await list("?overdue=ACKNOWLEDGEMENT", jst("2026-11-27T00:00:00"));
    expect(numbers(after.body)).toEqual([unanswered.number]);
    expect(after.body.items[0]).toMatchObject({
      status: "ISSUED",
      firstOpenedAt: null,
      acknowledgementOverdue: true,
    });
    expect(after.body.overdue).toEqual({ acknowledgement: 1, consultation: 0 });
  });

  it("counts an open price consultation late from the day after its due date", async () => {
    const onDueDay = await list("?overdue=CONSULTATION", jst(`${consultationDueOn}T23:59:59.999`));
    expect(onDueDay.body.items).toEqual([]);
    expect(onDueDay.body.overdue.consultation).toBe(0);
    const after = await list("?overdue=CONSULTATION", jst(`${addDays(consultationDueOn, 1)}T00:00:00`));
    expect(numbers(after.body)).toEqual([accepted.number]);
    expect(after.body.items[0].consultationOverdue).toBe(true);
    expect(after.body.overdue.consultation).toBe(1);
    // The other kind is not mixed in: the returned and the accepted orders were answered.
    expect(
      numbers(
        (await list("?overdue=ACKNOWLEDGEMENT", jst(`${addDays(consultationDueOn, 1)}T00:00:00`))).body,
      ),
    ).toEqual([unanswered.number]);
  });

  it("exports the filtered list as a CSV with Japanese headers and no amounts", async () => {
    const res = await list("?format=csv&status=ACCEPTED");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const text = String(res.body);
    expect(text).toContain("発注番号,発注者,受注者,状態");
    expect(text).toContain(accepted.number);
    expect(text).not.toContain(returned.number);
    expect(text).not.toContain(String(accepted.totalYen));
  });

  it("is the operator's: a member gets 403, a signed-out caller 401", async () => {
    expect((await api("GET", "/api/owner/orders", { token: buyer.token })).status).toBe(403);
    expect((await api("GET", "/api/owner/orders")).status).toBe(401);
  });
});
