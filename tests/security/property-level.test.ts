import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import {
  caseStudies,
  companies,
  entries,
  inquiries,
  invitations,
  memberships,
  news,
  ownerSessions,
  owners,
  planContracts,
  ticketPurchases,
  userSessions,
  users,
} from "@/server/db/schema";
import { type Account, markVerified, registerAccount } from "../factories/accounts";
import { ACTORS, type ActorName, createPersonas, type Personas } from "../factories/actors";
import { api } from "../factories/http";
import { createInquiry, resetInquiryLimits } from "../factories/inquiries";
import { type MatrixCase, matrix } from "./authorization/matrix";

// Property-level authorization, driven by the authorization matrix (one row per OpenAPI
// operation at least): (1) mass assignment: every JSON write, sent by a caller it succeeds for,
// with privileged properties added, ignores or refuses them and leaves the privileged columns
// alone; (2) no answer of any operation carries a stored secret, a token (but the sign-in
// answers that hand the caller its own) or a buyer's contact details before they are unlocked.

let personas: Personas;
let victim: Account;
// Read at collection time: a row that is not a JSON write gets no test here, rather than an empty one.
const { createApp } = await import("@/api/app");
const doc: { paths: Record<string, Record<string, any>> } = await (
  await createApp().request("/api/openapi.json")
).json();

const EXTRA_ID = randomUUID();
const LONG_AGO = "2001-01-01T00:00:00.000Z";

/** Properties a caller must never set; ids point at a company the caller has nothing to do with. */
const extras = () => ({
  id: EXTRA_ID,
  userId: victim.userId,
  companyId: victim.companyId,
  buyerCompanyId: victim.companyId,
  supplierCompanyId: victim.companyId,
  role: "ADMIN",
  type: "SUPPLIER",
  paymentStatus: "OEM_PAID",
  plan: "UNLIMITED",
  planStatus: "ACTIVE",
  status: "OPEN",
  ticketBalance: 999,
  ticketCount: 999,
  tickets: 999,
  balance: 999,
  isGrant: true,
  paidAt: LONG_AGO,
  totalYen: 0,
  subtotalYen: 0,
  isOperator: true,
  isOwner: true,
  isAdmin: true,
  admin: true,
  emailVerified: true,
  emailVerifiedAt: LONG_AGO,
  passwordHash: "$argon2id$forged",
  createdAt: LONG_AGO,
  updatedAt: LONG_AGO,
  createdByUserId: victim.userId,
  reviewedByOwnerId: EXTRA_ID,
});

/** The signed-in company members of the matrix (not the anonymous caller, not the operator). */
const PERSONA_ACTORS: ActorName[] = ACTORS.filter((a) => a !== "anonymous" && a !== "owner");

const personaCompanies = () => [
  ...new Set(PERSONA_ACTORS.map((a) => personas[a].companyId!).concat(victim.companyId)),
];

/** The privileged state of the personas' and the victim's companies, straight from the columns. */
async function privileged() {
  const d = db();
  const ids = personaCompanies();
  const balances = await d.execute<{ company_id: string; balance: number }>(sql`
    select c.id as company_id,
      coalesce((select sum(quantity) from ticket_purchases p where p.company_id = c.id and p.status = 'PAID'), 0)
      - (select count(*) from ticket_usages u where u.company_id = c.id and u.refunded_at is null) as balance
    from companies c where c.id in ${ids} order by c.id`);
  return {
    companies: await d
      .select({
        id: companies.id,
        type: companies.type,
        status: companies.status,
        paymentStatus: companies.paymentStatus,
        deactivatedAt: companies.deactivatedAt,
      })
      .from(companies)
      .where(inArray(companies.id, ids))
      .orderBy(companies.id),
    victim: await d.select().from(companies).where(eq(companies.id, victim.companyId)),
    memberships: await d
      .select({ userId: memberships.userId, companyId: memberships.companyId, role: memberships.role })
      .from(memberships)
      .where(inArray(memberships.companyId, ids))
      .orderBy(memberships.companyId, memberships.userId),
    users: await d
      .select({ id: users.id, verified: users.emailVerifiedAt, hash: users.passwordHash })
      .from(users)
      .where(inArray(users.id, PERSONA_ACTORS.map((a) => personas[a].userId!).concat(victim.userId)))
      .orderBy(users.id),
    paidPurchases: await d
      .select({ id: ticketPurchases.id })
      .from(ticketPurchases)
      .where(and(inArray(ticketPurchases.companyId, ids), eq(ticketPurchases.status, "PAID")))
      .orderBy(ticketPurchases.id),
    activePlans: await d
      .select({ id: planContracts.id, companyId: planContracts.companyId })
      .from(planContracts)
      .where(and(inArray(planContracts.companyId, ids), eq(planContracts.status, "ACTIVE")))
      .orderBy(planContracts.id),
    balances: balances.rows.map((r) => ({ id: r.company_id, balance: Number(r.balance) })),
  };
}

/** Rows written during a call: none may carry the forged id, a forged date or a forged state. */
/** Whether an invitation was sent to this address. */
async function invited(email: string): Promise<boolean> {
  return (await db().select().from(invitations).where(eq(invitations.email, email))).length > 0;
}

async function forgedRows(since: Date): Promise<string[] & { length: number }> {
  const d = db();
  const problems: string[] = [];
  const tables = { companies, inquiries, entries, caseStudies, ticketPurchases, planContracts, news, users };
  for (const [name, t] of Object.entries(tables)) {
    const rows = await d.select().from(t).where(gte(t.createdAt, since));
    for (const r of rows as Array<Record<string, unknown>>) {
      if (r.id === EXTRA_ID) problems.push(`${name}: the forged id`);
      if ((r.createdAt as Date).getTime() < since.getTime() - 60_000)
        problems.push(`${name}: a forged createdAt`);
    }
  }
  const newUsers = await d.select().from(users).where(gte(users.createdAt, since));
  // Joining from an invitation proves the mailbox (the link came by mail); nothing else verifies.
  for (const u of newUsers)
    if (u.emailVerifiedAt && !(await invited(u.email)))
      problems.push(`users: ${u.email} verified by its own request`);
  const newCompanies = await d.select().from(companies).where(gte(companies.createdAt, since));
  for (const c of newCompanies) {
    if (c.paymentStatus === "OEM_PAID") problems.push(`companies: ${c.name} created paid`);
    if (c.status !== "ACTIVE") problems.push(`companies: ${c.name} created ${c.status}`);
  }
  const newInquiries = await d
    .select()
    .from(inquiries)
    .where(and(gte(inquiries.createdAt, since), eq(inquiries.type, "BULK")));
  for (const i of newInquiries)
    if (i.status !== "REVIEW") problems.push(`inquiries: BULK created ${i.status}`);
  for (const i of await d.select().from(inquiries).where(gte(inquiries.createdAt, since)))
    if (i.buyerCompanyId === victim.companyId) problems.push("inquiries: created for the victim company");
  const newPurchases = await d.select().from(ticketPurchases).where(gte(ticketPurchases.createdAt, since));
  for (const p of newPurchases) {
    if (p.companyId === victim.companyId) problems.push("ticket_purchases: for the victim company");
    if (p.requestedByUserId && (p.status !== "PENDING" || p.isGrant || p.totalYen === 0))
      problems.push(
        `ticket_purchases: a caller's purchase created ${p.status}, grant ${p.isGrant}, ¥${p.totalYen}`,
      );
  }
  const newPlans = await d.select().from(planContracts).where(gte(planContracts.createdAt, since));
  for (const p of newPlans)
    if (p.appliedByUserId && p.status !== "WAITING")
      problems.push(`plan_contracts: an application created ${p.status}`);
  const newEntries = await d.select().from(entries).where(gte(entries.createdAt, since));
  for (const e of newEntries) if (e.status !== "ENTERED") problems.push(`entries: created ${e.status}`);
  return problems;
}

/** Operations that may change a persona company's privileged state, and how. */
const MAY_CHANGE: Record<string, (before: any, after: any) => void> = {
  // Joining from an invitation adds one GENERAL member, never an ADMIN, and changes nothing else.
  "POST /api/oem/company/{companyId}/invitation/register": (before, after) => {
    const added = after.memberships.filter(
      (m: any) => !before.memberships.some((b: any) => b.userId === m.userId && b.companyId === m.companyId),
    );
    expect(added.map((m: any) => m.role)).toEqual(["GENERAL"]);
    expect({ ...after, memberships: [] }).toEqual({ ...before, memberships: [] });
  },
  // Spends one of the caller's tickets on a nomination: the balance goes down by one, never up.
  "POST /api/billing/ticket_usage": (before, after) => {
    for (const b of before.balances) {
      const a = after.balances.find((x: any) => x.id === b.id);
      expect(a.balance).toBeLessThanOrEqual(b.balance);
      expect(a.balance).toBeGreaterThanOrEqual(b.balance - 1);
    }
    expect({ ...after, balances: [] }).toEqual({ ...before, balances: [] });
  },
};

/** The properties an operation's JSON body declares. */
function declaredFields(op: string): string[] {
  const [method, path] = op.split(" ") as [string, string];
  const schema = doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content?.["application/json"]?.schema;
  return Object.keys(schema?.properties ?? {});
}

function jsonWrite(op: string): boolean {
  const [method, path] = op.split(" ") as [string, string];
  if (!["POST", "PUT", "PATCH"].includes(method)) return false;
  const o = doc.paths[path]?.[method.toLowerCase()];
  return Boolean(o?.requestBody?.content?.["application/json"]);
}

const succeeds = (status: number) => status >= 200 && status < 300;

/** The persona a row succeeds for (a company member before the operator). */
function succeedingActor(row: MatrixCase): ActorName | undefined {
  const order: ActorName[] = [...PERSONA_ACTORS, "owner", "anonymous"];
  return order.find((a) => succeeds(row.expect[a]));
}

/** The JSON writes' rows where some persona succeeds: the extras ride on a request that works. */
const writeRows = matrix.filter((r) => jsonWrite(r.op) && succeedingActor(r));

beforeAll(async () => {
  personas = await createPersonas();
  victim = await registerAccount("SUPPLIER", { companyName: "被害者工業株式会社" });
}, 60_000);

describe("mass assignment", () => {
  it("every JSON write of the OpenAPI document is sent with privileged extras below", () => {
    const writes = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .map((m) => `${m.toUpperCase()} ${p}`)
        .filter(jsonWrite),
    );
    const sent = new Set(writeRows.map((r) => r.op));
    expect(writes.filter((op) => !sent.has(op))).toEqual([]);
  });

  for (const row of writeRows) {
    it(`${row.op}${row.name ? ` (${row.name})` : ""}`, async () => {
      const actor = succeedingActor(row)!;
      const req = await row.request(personas, actor);
      expect(req.body instanceof FormData, "a JSON write sends JSON").toBe(false);
      const token = req.token === undefined ? personas[actor].token : (req.token ?? undefined);
      const before = await privileged();
      const since = new Date();
      const body = { ...extras(), ...((req.body ?? {}) as object) };
      const res = await api(row.op.split(" ")[0]!, req.path, { token, body, headers: req.headers });
      // The extras are ignored (the row's own success) or refused by name: any other refusal
      // would hide whether they were applied.
      const named = Object.keys(res.body?.error?.fields ?? {}).some((k) => k.split(".")[0]! in extras());
      // An extra the operation does declare (companyId: which company acts) now names the victim's.
      const hijacked = declaredFields(row.op).some(
        (k) => k in extras() && !(k in ((req.body ?? {}) as object)),
      );
      if (res.status === 422 && named) expect(res.body.error.message).toMatch(/[ぁ-んァ-ヶ一-龥]/);
      else if (hijacked && !succeeds(res.status)) {
        // Another company's id in a declared field: "not found", as every other company's data.
        expect(res.status, JSON.stringify(res.body)).toBe(404);
        expect(res.body.error.message).toMatch(/[ぁ-んァ-ヶ一-龥]/);
      } else expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(row.expect[actor]);
      const after = await privileged();
      (MAY_CHANGE[row.op] ?? ((b, a) => expect(a).toEqual(b)))(before, after);
      expect((await forgedRows(since)).join("\n"), JSON.stringify(res.body).slice(0, 300)).toBe("");
    });
  }

  it("the check sees a forged column (a direct write of paymentStatus is noticed)", async () => {
    const before = await privileged();
    await db().update(companies).set({ paymentStatus: "OEM_PAID" }).where(eq(companies.id, victim.companyId));
    expect(await privileged()).not.toEqual(before);
    await db().update(companies).set({ paymentStatus: "OEM_FREE" }).where(eq(companies.id, victim.companyId));
  });
});

// Setup sends many inquiries from the same personas; the limits have their own test.
beforeEach(resetInquiryLimits);

// ---------------------------------------------------------------------------- what answers carry

/** Operations whose answer hands the caller its own new token. */
const TOKEN_ANSWERS = new Set([
  "POST /api/auth/login",
  "POST /api/auth/owner-login",
  "POST /api/auth/register",
  "POST /api/buyer/register",
  "POST /api/oem/register",
  "POST /api/oem/company/{companyId}/invitation/register",
  "GET /api/auth/session",
]);

function keysNamed(value: unknown, re: RegExp, at = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keysNamed(v, re, `${at}[${i}]`));
  if (!value || typeof value !== "object" || at === "$.error.fields") return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(re.test(k) ? [`${at}.${k}`] : []),
    ...keysNamed(v, re, `${at}.${k}`),
  ]);
}

describe("what answers carry", () => {
  let secretBuyer: Account;
  const SECRET_PHONE = "098-765-4321";
  let nominationToFree: string;
  let bulkId: string;
  let nominationToPaid: string;
  let secrets: string[];

  beforeAll(async () => {
    secretBuyer = await registerAccount("BUYER", { companyName: "秘密発注株式会社", phone: SECRET_PHONE });
    await markVerified(secretBuyer.userId);
    await db().update(companies).set({ phone: SECRET_PHONE }).where(eq(companies.id, secretBuyer.companyId));
    await db()
      .update(memberships)
      .set({ phone: SECRET_PHONE })
      .where(eq(memberships.userId, secretBuyer.userId));
    nominationToFree = await createInquiry(secretBuyer, {
      type: "NOMINATION",
      nominatedCompanyId: personas.freeSupplier.companyId,
    });
    nominationToPaid = await createInquiry(secretBuyer, {
      type: "NOMINATION",
      nominatedCompanyId: personas.paidSupplier.companyId,
    });
    bulkId = await createInquiry(secretBuyer, { selectedCompanyIds: [personas.freeSupplier.companyId] });
    const approved = await api("PUT", `/api/owner/contact/bulk/${bulkId}`, {
      token: personas.owner.token,
      body: { action: "APPROVE" },
    });
    expect(approved.status).toBe(200);
    // Stored secrets, as stored: password hashes and token hashes.
    const hashes = await db().select({ h: users.passwordHash }).from(users);
    const ownerHashes = await db().select({ h: owners.passwordHash }).from(owners);
    const sessions = await db()
      .select({ h: userSessions.tokenHash })
      .from(userSessions)
      .where(isNull(userSessions.revokedAt));
    const ownerSessionHashes = await db().select({ h: ownerSessions.tokenHash }).from(ownerSessions);
    secrets = [...hashes, ...ownerHashes, ...sessions, ...ownerSessionHashes].map((r) => r.h);
  }, 60_000);

  it("a free supplier without a ticket sees neither the email nor the phone of the buyer", async () => {
    const free = personas.freeSupplier;
    for (const id of [nominationToFree, bulkId]) {
      const res = await api("GET", `/api/oem/company/${free.companyId}/contact/${id}`, { token: free.token });
      expect(res.status).toBe(200);
      expect(res.body.buyer).toBeNull();
      expect(JSON.stringify(res.body)).not.toContain(secretBuyer.email);
      expect(JSON.stringify(res.body)).not.toContain(SECRET_PHONE);
    }
  });

  it("the same inquiry shows them once the supplier may respond (the scan can see them)", async () => {
    const paid = personas.paidSupplier;
    const res = await api("GET", `/api/oem/company/${paid.companyId}/contact/${nominationToPaid}`, {
      token: paid.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.buyer.email).toBe(secretBuyer.email);
    expect(JSON.stringify(res.body)).toContain(SECRET_PHONE);
  });

  // Every matrix row, for the callers who must never see the secret buyer's details: no stored
  // secret, no token outside the sign-in answers, no email or phone of that buyer.
  for (const actor of ["freeSupplier", "otherBuyer", "anonymous"] as const) {
    it(`no answer to ${actor} carries a secret, a token or another company's contact details`, async () => {
      const leaks: string[] = [];
      for (const row of matrix) {
        const req = await row.request(personas, actor);
        const token = req.token === undefined ? personas[actor].token : (req.token ?? undefined);
        const res = await api(row.op.split(" ")[0]!, req.path, {
          token,
          body: req.body,
          headers: req.headers,
        });
        const text = typeof res.body === "string" ? res.body : JSON.stringify(res.body ?? "");
        const where = `${row.op}${row.name ? ` (${row.name})` : ""}`;
        for (const s of secrets) if (text.includes(s)) leaks.push(`${where}: a stored hash`);
        if (text.includes(secretBuyer.email)) leaks.push(`${where}: the buyer's email`);
        if (text.includes(SECRET_PHONE)) leaks.push(`${where}: the buyer's phone`);
        if (!TOKEN_ANSWERS.has(row.op)) {
          const tokens = keysNamed(
            res.body,
            /^(token|accessToken|refreshToken|sessionToken|tokenHash|apiKey)$/i,
          );
          if (tokens.length) leaks.push(`${where}: ${tokens.join(", ")}`);
        }
      }
      expect(leaks).toEqual([]);
    });
  }

  it("the secret scan would notice a leaked hash", () => {
    expect(secrets.length).toBeGreaterThan(5);
    expect(secrets.every((s) => s.length >= 32)).toBe(true);
  });
});
