import { randomUUID } from "node:crypto";
import { eq, inArray, or } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import {
  caseStudies,
  dealMessageFiles,
  dealMessages,
  dealQuoteVersions,
  dealRatings,
  dealReminders,
  dealThreads,
  entries,
  files,
  inquiries,
  inquiryRecipients,
  invitations,
  memberships,
  supplierCertifications,
  supplierProfiles,
  ticketUsages,
  users,
} from "@/server/db/schema";
import { type Account, lastEmailTo, markVerified, registerAccount, uniqueEmail } from "../factories/accounts";
import { addGeneralMember, makePaid } from "../factories/actors";
import { addCertification, certificationTypeId, reviewCertification } from "../factories/certifications";
import { caseDocument } from "../factories/documents";
import { api } from "../factories/http";
import { uploadPng } from "../factories/images";
import { createInquiry, resetInquiryLimits } from "../factories/inquiries";
import { insertNews } from "../factories/news";
import { buildOrder, orderCases, orderSnapshot, ownOrderReads } from "./mixed-orders";

// Mixed paths: my company in the path, a resource of another company in the path (or body).
// Every such call answers 404 with the Japanese error envelope and leaves the other company's
// rows exactly as they were. Run in both directions (A → B and B → A).

/** Path parameters that are not resources of a company (a month of the supplier's record). */
const NOT_A_RESOURCE = new Set(["year", "month"]);

interface Side {
  buyer: Account;
  supplier: Account;
  general: Account;
  caseId: string;
  invitationId: string;
  invitationEmail: string;
  invitationToken: string;
  /** A nomination from this side's buyer to this side's supplier, with the supplier's entry. */
  nominationId: string;
  entryId: string;
  /** A second open nomination without an entry. */
  openNominationId: string;
  imageId: string;
  /** The deal thread of the nomination with the entry: quoted (version 1), awarded, with messages of both sides. */
  dealThreadId: string;
  supplierMessageId: string;
  buyerMessageId: string;
  /** A file the supplier uploaded to the deal room and attached to its message. */
  dealFileId: string;
  /** A verified certificate of the supplier (its badge is on the public page). */
  certificationId: string;
  /** The accepted order on the awarded thread, its price consultation and the evidence file (issue 35). */
  orderId: string;
  consultationId: string;
  evidenceFileId: string;
}

const dealPath = (who: Account, rest: string) => `/api/deals/company/${who.companyId}${rest}`;

async function dealOk(method: string, who: Account, rest: string, body?: unknown) {
  const res = await api(method, dealPath(who, rest), { token: who.token, body });
  if (res.status >= 300) throw new Error(`${method} ${rest}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The side's deal room, through the members' API: the thread opened, messages with a file, a quote awarded. */
async function buildDeal(label: string, buyer: Account, supplier: Account, nominationId: string) {
  const thread = await dealOk("POST", supplier, `/inquiries/${nominationId}/thread`);
  const form = new FormData();
  const pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
  form.set("file", new File([pdf], `${label}の仕様書.pdf`, { type: "application/pdf" }));
  const file = await dealOk("POST", supplier, "/files", form);
  const fromSupplier = await dealOk("POST", supplier, `/threads/${thread.id}/messages`, {
    body: `${label}：仕様書をお送りします。`,
    fileIds: [file.id],
  });
  const fromBuyer = await dealOk("POST", buyer, `/threads/${thread.id}/messages`, {
    body: `${label}：ありがとうございます。`,
  });
  await dealOk("PUT", supplier, `/threads/${thread.id}/quote`, {
    tiers: [{ quantity: 1000, unitPriceYen: 320 }],
    leadTimeDays: 30,
    paymentTerms: "月末締め翌月末払い",
  });
  await dealOk("POST", buyer, `/threads/${thread.id}/award`, { version: 1 });
  return {
    dealThreadId: thread.id as string,
    supplierMessageId: fromSupplier.id as string,
    buyerMessageId: fromBuyer.id as string,
    dealFileId: file.id as string,
  };
}

async function buildSide(label: string): Promise<Side> {
  const buyer = await registerAccount("BUYER", { companyName: `${label}商事株式会社` });
  const supplier = await registerAccount("SUPPLIER", { companyName: `${label}工業株式会社` });
  await markVerified(buyer.userId);
  await markVerified(supplier.userId);
  await makePaid(supplier.companyId);
  const general = await addGeneralMember(supplier.companyId);
  const created = await api("POST", `/api/oem/company/${supplier.companyId}/case`, {
    token: supplier.token,
    body: { title: `${label}の事例`, body: "事例の内容です。", status: "PUBLISHED" },
  });
  expect(created.status).toBe(201);
  const invitationEmail = uniqueEmail("mixed-invite");
  const invited = await api("POST", `/api/oem/company/${supplier.companyId}/user/invitation`, {
    token: supplier.token,
    body: { email: invitationEmail, role: "GENERAL" },
  });
  expect(invited.status).toBe(201);
  const mail = await lastEmailTo(invitationEmail);
  const invitationToken = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
  const nominationId = await createInquiry(buyer, {
    type: "NOMINATION",
    nominatedCompanyId: supplier.companyId,
  });
  const entry = await api("POST", `/api/oem/company/${supplier.companyId}/contact/${nominationId}/entries`, {
    token: supplier.token,
    body: { message: "対応可能です。" },
  });
  expect(entry.status).toBe(201);
  const openNominationId = await createInquiry(buyer, {
    type: "NOMINATION",
    nominatedCompanyId: supplier.companyId,
  });
  const imageId = await uploadPng(supplier.token, supplier.companyId, `${label}の工場`);
  const deal = await buildDeal(label, buyer, supplier, nominationId);
  const order = await buildOrder(buyer, supplier, deal.dealThreadId, label);
  const certificationId = await addCertification(supplier, {
    certificationTypeId: await certificationTypeId("iso-9001"),
  });
  await reviewCertification(certificationId, "VERIFIED");
  return {
    ...deal,
    ...order,
    certificationId,
    buyer,
    supplier,
    general,
    caseId: created.body.id,
    invitationId: invited.body.id,
    invitationEmail,
    invitationToken,
    nominationId,
    entryId: entry.body.id,
    openNominationId,
    imageId,
  };
}

/** Every row of a side that a mixed call could touch, read straight from the database. */
async function snapshot(s: Side) {
  const d = db();
  const inquiryIds = [s.nominationId, s.openNominationId];
  return {
    cases: await d.select().from(caseStudies).where(eq(caseStudies.companyId, s.supplier.companyId)),
    invitations: await d.select().from(invitations).where(eq(invitations.companyId, s.supplier.companyId)),
    memberships: await d
      .select()
      .from(memberships)
      .where(inArray(memberships.companyId, [s.supplier.companyId, s.buyer.companyId]))
      .orderBy(memberships.id),
    inquiries: await d
      .select()
      .from(inquiries)
      .where(inArray(inquiries.id, inquiryIds))
      .orderBy(inquiries.id),
    recipients: await d
      .select()
      .from(inquiryRecipients)
      .where(inArray(inquiryRecipients.inquiryId, inquiryIds))
      .orderBy(inquiryRecipients.inquiryId, inquiryRecipients.supplierCompanyId),
    entries: await d.select().from(entries).where(inArray(entries.inquiryId, inquiryIds)).orderBy(entries.id),
    usages: await d.select().from(ticketUsages).where(inArray(ticketUsages.inquiryId, inquiryIds)),
    files: await d
      .select()
      .from(files)
      .where(inArray(files.companyId, [s.supplier.companyId, s.buyer.companyId]))
      .orderBy(files.id),
    invitedUsers: await d.select().from(users).where(eq(users.email, s.invitationEmail)),
    dealThreads: await d
      .select()
      .from(dealThreads)
      .where(
        or(
          inArray(dealThreads.inquiryId, inquiryIds),
          inArray(dealThreads.buyerCompanyId, [s.buyer.companyId]),
          inArray(dealThreads.supplierCompanyId, [s.supplier.companyId]),
        ),
      )
      .orderBy(dealThreads.id),
    dealMessages: await d
      .select()
      .from(dealMessages)
      .where(eq(dealMessages.threadId, s.dealThreadId))
      .orderBy(dealMessages.id),
    dealMessageFiles: await d
      .select()
      .from(dealMessageFiles)
      .innerJoin(dealMessages, eq(dealMessages.id, dealMessageFiles.messageId))
      .where(eq(dealMessages.threadId, s.dealThreadId))
      .orderBy(dealMessageFiles.messageId, dealMessageFiles.fileId),
    dealQuoteVersions: await d
      .select()
      .from(dealQuoteVersions)
      .where(eq(dealQuoteVersions.threadId, s.dealThreadId))
      .orderBy(dealQuoteVersions.version),
    dealReminders: await d
      .select()
      .from(dealReminders)
      .where(inArray(dealReminders.inquiryId, inquiryIds))
      .orderBy(dealReminders.inquiryId, dealReminders.stage),
    dealRatings: await d
      .select()
      .from(dealRatings)
      .where(eq(dealRatings.threadId, s.dealThreadId))
      .orderBy(dealRatings.raterSide),
    certifications: await d
      .select()
      .from(supplierCertifications)
      .where(eq(supplierCertifications.companyId, s.supplier.companyId))
      .orderBy(supplierCertifications.id),
    verifiedCertificationIds: await d
      .select({ ids: supplierProfiles.verifiedCertificationIds })
      .from(supplierProfiles)
      .where(eq(supplierProfiles.companyId, s.supplier.companyId)),
    orders: await orderSnapshot(s),
  };
}

interface MixedRequest {
  method: string;
  path: string;
  token: string;
  body?: unknown;
  headers?: Record<string, string>;
}

interface MixedCase {
  /** "METHOD /api/path/{param}" as in the OpenAPI document. */
  op: string;
  name: string;
  request: (me: Side, them: Side) => MixedRequest;
}

const supplierCall = (me: Side, method: string, rest: string, body?: unknown): MixedRequest => ({
  method,
  path: `/api/oem/company/${me.supplier.companyId}${rest}`,
  token: me.supplier.token,
  body,
});
const buyerCall = (me: Side, method: string, rest: string, body?: unknown): MixedRequest => ({
  method,
  path: `/api/buyer/company/${me.buyer.companyId}${rest}`,
  token: me.buyer.token,
  body,
});
const invitationBody = (them: Side) => ({
  token: them.invitationToken,
  name: "招待 太郎",
  password: "Passw0rd1x",
  agreeToTerms: true,
});

const cases: MixedCase[] = [
  // ------------------------------------------------------------ case studies
  {
    op: "GET /api/oem/company/{companyId}/case/{caseId}",
    name: "another supplier's case",
    request: (me, them) => supplierCall(me, "GET", `/case/${them.caseId}`),
  },
  {
    op: "PUT /api/oem/company/{companyId}/case/{caseId}",
    name: "another supplier's case",
    request: (me, them) =>
      supplierCall(
        me,
        "PUT",
        `/case/${them.caseId}`,
        caseDocument({ title: "書き換え", body: "乗っ取り", status: "DRAFT" }),
      ),
  },
  {
    op: "DELETE /api/oem/company/{companyId}/case/{caseId}",
    name: "another supplier's case",
    request: (me, them) => supplierCall(me, "DELETE", `/case/${them.caseId}`),
  },
  // ------------------------------------------------------------ members and invitations
  {
    op: "POST /api/oem/company/{companyId}/user/{userId}/invitation/resent",
    name: "another supplier's invitation",
    request: (me, them) => supplierCall(me, "POST", `/user/${them.invitationId}/invitation/resent`),
  },
  {
    op: "DELETE /api/oem/company/{companyId}/user/{userId}/invitation/cancel",
    name: "another supplier's invitation",
    request: (me, them) => supplierCall(me, "DELETE", `/user/${them.invitationId}/invitation/cancel`),
  },
  {
    op: "PATCH /api/oem/company/{companyId}/user/{userId}/role/update",
    name: "another supplier's member",
    request: (me, them) =>
      supplierCall(me, "PATCH", `/user/${them.general.userId}/role/update`, { role: "ADMIN" }),
  },
  {
    op: "PATCH /api/oem/company/{companyId}/user/{userId}/role/update",
    name: "another supplier's ADMIN",
    request: (me, them) =>
      supplierCall(me, "PATCH", `/user/${them.supplier.userId}/role/update`, { role: "GENERAL" }),
  },
  {
    op: "DELETE /api/oem/company/{companyId}/user/{userId}/delete",
    name: "another supplier's member",
    request: (me, them) => supplierCall(me, "DELETE", `/user/${them.general.userId}/delete`),
  },
  {
    op: "POST /api/oem/company/{companyId}/invitation/check",
    name: "my company in the path, another supplier's invitation token",
    request: (me, them) => ({
      ...supplierCall(me, "POST", "/invitation/check"),
      body: { token: them.invitationToken },
    }),
  },
  {
    op: "POST /api/oem/company/{companyId}/invitation/dry-run/register",
    name: "my company in the path, another supplier's invitation token",
    request: (me, them) => supplierCall(me, "POST", "/invitation/dry-run/register", invitationBody(them)),
  },
  {
    op: "POST /api/oem/company/{companyId}/invitation/register",
    name: "my company in the path, another supplier's invitation token",
    request: (me, them) => supplierCall(me, "POST", "/invitation/register", invitationBody(them)),
  },
  // ------------------------------------------------------------ inquiries: supplier side
  {
    op: "GET /api/oem/company/{companyId}/contact/{contactId}",
    name: "a nomination to another supplier",
    request: (me, them) => supplierCall(me, "GET", `/contact/${them.nominationId}`),
  },
  {
    op: "POST /api/oem/company/{companyId}/contact/{contactId}/entries",
    name: "a nomination to another supplier",
    request: (me, them) =>
      supplierCall(me, "POST", `/contact/${them.openNominationId}/entries`, { message: "割り込みます" }),
  },
  {
    op: "DELETE /api/oem/company/{companyId}/contact/{contactId}/entries/cancel",
    name: "an inquiry another supplier entered",
    request: (me, them) => supplierCall(me, "DELETE", `/contact/${them.nominationId}/entries/cancel`),
  },
  {
    op: "PATCH /api/image/company/{companyId}/caption/update",
    name: "my company in the path, another supplier's image in the body",
    request: (me, them) => ({
      method: "PATCH",
      path: `/api/image/company/${me.supplier.companyId}/caption/update`,
      token: me.supplier.token,
      body: { imageId: them.imageId, caption: "書き換え" },
    }),
  },
  // ------------------------------------------------------------ inquiries: buyer side
  {
    op: "GET /api/buyer/company/{companyId}/contact/{contactId}",
    name: "another buyer's inquiry",
    request: (me, them) => buyerCall(me, "GET", `/contact/${them.nominationId}`),
  },
  {
    op: "POST /api/buyer/company/{companyId}/contact/{contactId}/close",
    name: "another buyer's inquiry",
    request: (me, them) => buyerCall(me, "POST", `/contact/${them.openNominationId}/close`),
  },
  {
    op: "POST /api/buyer/company/{companyId}/contact/{contactId}/cancel",
    name: "another buyer's inquiry",
    request: (me, them) => buyerCall(me, "POST", `/contact/${them.openNominationId}/cancel`),
  },
  {
    op: "PUT /api/buyer/company/{companyId}/contact/{contactId}/entry/{entryId}",
    name: "another buyer's inquiry and entry",
    request: (me, them) =>
      buyerCall(me, "PUT", `/contact/${them.nominationId}/entry/${them.entryId}`, { status: "DECLINED" }),
  },
  {
    op: "PUT /api/buyer/company/{companyId}/contact/{contactId}/entry/{entryId}",
    name: "my inquiry, an entry on another buyer's inquiry",
    request: (me, them) =>
      buyerCall(me, "PUT", `/contact/${me.nominationId}/entry/${them.entryId}`, { status: "SHORTLISTED" }),
  },
  // ------------------------------------------------------------ certificates (issue 20)
  {
    op: "POST /api/oem/company/{companyId}/certifications/{certificationId}/delete",
    name: "another supplier's verified certificate",
    request: (me, them) => supplierCall(me, "POST", `/certifications/${them.certificationId}/delete`),
  },
  {
    op: "GET /api/oem/company/{companyId}/certifications/{certificationId}/document",
    name: "another supplier's certificate",
    request: (me, them) => supplierCall(me, "GET", `/certifications/${them.certificationId}/document`),
  },
  // ------------------------------------------------------------ deal room (docs/deal-room.md)
  ...dealCases(),
  // ------------------------------------------------------------ orders (issue 35)
  ...orderCases(),
];

/** A deal room call as the side's buyer or supplier, on its own company's path. */
const dealCall = (me: Side, who: "buyer" | "supplier", method: string, rest: string, body?: unknown) => ({
  method,
  path: dealPath(me[who], rest),
  token: me[who].token,
  body,
});

function dealCases(): MixedCase[] {
  const quote = { tiers: [{ quantity: 500, unitPriceYen: 1 }], leadTimeDays: 1, paymentTerms: "前払い" };
  const decline = { reason: "PRICE", note: "割り込み" };
  const threadOps: Array<[string, "GET" | "POST" | "PUT", string, Array<"buyer" | "supplier">, unknown?]> = [
    ["GET /api/deals/company/{companyId}/threads/{threadId}", "GET", "", ["buyer", "supplier"]],
    [
      "GET /api/deals/company/{companyId}/threads/{threadId}/messages",
      "GET",
      "/messages",
      ["buyer", "supplier"],
    ],
    [
      "POST /api/deals/company/{companyId}/threads/{threadId}/messages",
      "POST",
      "/messages",
      ["buyer", "supplier"],
      { body: "割り込みのメッセージ" },
    ],
    ["POST /api/deals/company/{companyId}/threads/{threadId}/read", "POST", "/read", ["buyer", "supplier"]],
    ["PUT /api/deals/company/{companyId}/threads/{threadId}/quote", "PUT", "/quote", ["supplier"], quote],
    [
      "GET /api/deals/company/{companyId}/threads/{threadId}/quote/versions",
      "GET",
      "/quote/versions",
      ["buyer", "supplier"],
    ],
    [
      "POST /api/deals/company/{companyId}/threads/{threadId}/no-quote",
      "POST",
      "/no-quote",
      ["supplier"],
      { reason: "CAPACITY" },
    ],
    [
      "POST /api/deals/company/{companyId}/threads/{threadId}/award",
      "POST",
      "/award",
      ["buyer"],
      { version: 1 },
    ],
    [
      "POST /api/deals/company/{companyId}/threads/{threadId}/award-request",
      "POST",
      "/award-request",
      ["buyer"],
      { version: 1 },
    ],
    [
      "POST /api/deals/company/{companyId}/threads/{threadId}/decline",
      "POST",
      "/decline",
      ["buyer"],
      decline,
    ],
    // Ratings (issue 19): the side's thread is awarded, so only membership can refuse them.
    ["GET /api/deals/company/{companyId}/threads/{threadId}/rating", "GET", "/rating", ["buyer", "supplier"]],
    [
      "POST /api/deals/company/{companyId}/threads/{threadId}/rating",
      "POST",
      "/rating",
      ["buyer", "supplier"],
      { communication: 1, accuracy: 1, speed: 1, comment: "割り込みの評価" },
    ],
  ];
  const out: MixedCase[] = threadOps.flatMap(([op, method, rest, sides, body]) =>
    sides.map((who) => ({
      op,
      name: `${who === "buyer" ? "a buyer" : "a supplier"} on another company's thread`,
      request: (me: Side, them: Side) =>
        dealCall(me, who, method, `/threads/${them.dealThreadId}${rest}`, body),
    })),
  );
  const inquiryOps: Array<[string, "GET" | "POST", string, unknown?]> = [
    [
      "POST /api/deals/company/{companyId}/inquiries/{inquiryId}/decline-others",
      "POST",
      "/decline-others",
      decline,
    ],
    ["GET /api/deals/company/{companyId}/inquiries/{inquiryId}/comparison", "GET", "/comparison"],
    ["GET /api/deals/company/{companyId}/inquiries/{inquiryId}/comparison.csv", "GET", "/comparison.csv"],
  ];
  for (const [op, method, rest, body] of inquiryOps)
    out.push({
      op,
      name: "another buyer's inquiry",
      request: (me, them) => dealCall(me, "buyer", method, `/inquiries/${them.nominationId}${rest}`, body),
    });
  out.push(
    {
      op: "POST /api/deals/company/{companyId}/inquiries/{inquiryId}/thread",
      name: "a nomination to another supplier (no thread yet)",
      request: (me, them) => dealCall(me, "supplier", "POST", `/inquiries/${them.openNominationId}/thread`),
    },
    {
      op: "POST /api/deals/company/{companyId}/inquiries/{inquiryId}/thread",
      name: "a nomination another supplier has a thread on",
      request: (me, them) => dealCall(me, "supplier", "POST", `/inquiries/${them.nominationId}/thread`),
    },
    {
      op: "GET /api/deals/company/{companyId}/threads/{threadId}/files/{fileId}",
      name: "another company's thread and its file",
      request: (me, them) =>
        dealCall(me, "buyer", "GET", `/threads/${them.dealThreadId}/files/${them.dealFileId}`),
    },
    {
      op: "GET /api/deals/company/{companyId}/threads/{threadId}/files/{fileId}",
      name: "my thread, another company's file",
      request: (me, them) =>
        dealCall(me, "supplier", "GET", `/threads/${me.dealThreadId}/files/${them.dealFileId}`),
    },
    {
      op: "POST /api/deals/company/{companyId}/messages/{messageId}/report",
      name: "a buyer reports another company's supplier message",
      request: (me, them) =>
        dealCall(me, "buyer", "POST", `/messages/${them.supplierMessageId}/report`, { reason: "不適切" }),
    },
    {
      op: "POST /api/deals/company/{companyId}/messages/{messageId}/report",
      name: "a supplier reports another company's buyer message",
      request: (me, them) =>
        dealCall(me, "supplier", "POST", `/messages/${them.buyerMessageId}/report`, { reason: "不適切" }),
    },
  );
  return out;
}

/** Mixed calls that answer something other than 404, with the reason; checked all the same. */
interface SpecialCase extends MixedCase {
  check: (res: { status: number; body: any }, unknownId: { status: number; body: any }) => void;
  /** The same call with an id nobody owns, to show the answer tells nothing about the other company. */
  unknown: (me: Side) => MixedRequest;
}

const specialCases: SpecialCase[] = [
  {
    // Answers whether *my* company spent a ticket on that id: the same `used: false` for another
    // supplier's inquiry as for an id that does not exist, so it neither leaks nor reveals existence.
    op: "GET /api/billing/ticket_usage/company/{companyId}/contact/{contactId}",
    name: "a nomination to another supplier (on which that supplier spent a ticket)",
    request: (me, them) => ({
      method: "GET",
      path: `/api/billing/ticket_usage/company/${me.supplier.companyId}/contact/${them.nominationId}`,
      token: me.supplier.token,
    }),
    unknown: (me) => ({
      method: "GET",
      path: `/api/billing/ticket_usage/company/${me.supplier.companyId}/contact/${randomUUID()}`,
      token: me.supplier.token,
    }),
    check: (res, unknown) => {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ used: false, usedAt: null });
      expect(res.body).toEqual(unknown.body);
    },
  },
];

/** News is the platform's, not a company's: the mixed case is news for the other audience, or a draft. */
const newsCases = [
  { op: "GET /api/buyer/company/{companyId}/news/{newsId}", side: "buyer", wrongAudience: "SUPPLIER" },
  { op: "GET /api/oem/company/{companyId}/news/{newsId}", side: "supplier", wrongAudience: "BUYER" },
] as const;

let A: Side;
let B: Side;
let mixedOps: string[];

beforeAll(async () => {
  [A, B] = [await buildSide("甲"), await buildSide("乙")];
  const doc = await api("GET", "/api/openapi.json");
  mixedOps = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, ops]) => {
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const others = params.filter((p) => p !== "companyId" && !NOT_A_RESOURCE.has(p));
      if (!params.includes("companyId") || others.length === 0) return [];
      return Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`);
    },
  );
}, 60_000);

function expectJapanese404(res: { status: number; body: any }, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(404);
  expect(res.body?.error?.code, what).toBe("NOT_FOUND");
  expect(res.body?.error?.message, what).toMatch(/[ぁ-んァ-ヶ一-龥]/);
}

describe("mixed paths: my company, another company's resource", () => {
  it("has a case for every operation with a company id and another resource id in its path", () => {
    expect(mixedOps.length).toBeGreaterThan(10);
    const covered = new Set([...cases, ...specialCases].map((c) => c.op).concat(newsCases.map((c) => c.op)));
    expect(
      mixedOps.filter((op) => !covered.has(op)),
      "add a case to tests/security/mixed-paths.test.ts",
    ).toEqual([]);
  });

  for (const c of cases) {
    it(`${c.op} (${c.name}) answers 404 and changes nothing, both ways`, async () => {
      for (const [me, them, dir] of [
        [A, B, "A→B"],
        [B, A, "B→A"],
      ] as const) {
        const before = await snapshot(them);
        const req = c.request(me, them);
        const res = await api(req.method, req.path, {
          token: req.token,
          body: req.body,
          headers: req.headers,
        });
        expectJapanese404(res, dir);
        expect(await snapshot(them), `${dir}: the other company's rows changed`).toEqual(before);
      }
    });
  }

  for (const c of specialCases) {
    it(`${c.op} (${c.name}) tells nothing about the other company`, async () => {
      for (const [me, them] of [
        [A, B],
        [B, A],
      ] as const) {
        const before = await snapshot(them);
        const req = c.request(me, them);
        const res = await api(req.method, req.path, { token: req.token });
        const other = c.unknown(me);
        c.check(res, await api(other.method, other.path, { token: other.token }));
        expect(await snapshot(them)).toEqual(before);
      }
    });
  }

  for (const c of newsCases) {
    it(`${c.op}: news for the other audience, or a draft, answers 404`, async () => {
      const [wrong, draft, mine] = await insertNews([
        { title: "対象外のお知らせ", audience: c.wrongAudience },
        { title: "下書きのお知らせ", status: "DRAFT" },
        { title: "全員へのお知らせ" },
      ]);
      const who = c.side === "buyer" ? A.buyer : A.supplier;
      const base = `/api/${c.side === "buyer" ? "buyer" : "oem"}/company/${who.companyId}/news`;
      expect((await api("GET", `${base}/${mine}`, { token: who.token })).status).toBe(200);
      expectJapanese404(await api("GET", `${base}/${wrong}`, { token: who.token }), "other audience");
      expectJapanese404(await api("GET", `${base}/${draft}`, { token: who.token }), "draft");
    });
  }

  it("the same calls on my own resources succeed (the 404s above are not a broken fixture)", async () => {
    const own = [
      supplierCall(A, "GET", `/case/${A.caseId}`),
      supplierCall(A, "GET", `/contact/${A.nominationId}`),
      buyerCall(A, "GET", `/contact/${A.nominationId}`),
      { ...supplierCall(A, "POST", "/invitation/check"), body: { token: A.invitationToken } },
      ...(["buyer", "supplier"] as const).flatMap((who) => [
        dealCall(A, who, "GET", `/threads/${A.dealThreadId}`),
        dealCall(A, who, "GET", `/threads/${A.dealThreadId}/messages`),
        dealCall(A, who, "GET", `/threads/${A.dealThreadId}/quote/versions`),
        dealCall(A, who, "GET", `/threads/${A.dealThreadId}/files/${A.dealFileId}`),
        dealCall(A, who, "GET", `/threads/${A.dealThreadId}/rating`),
      ]),
      dealCall(A, "buyer", "GET", `/inquiries/${A.nominationId}/comparison`),
      dealCall(A, "buyer", "GET", `/inquiries/${A.nominationId}/comparison.csv`),
      dealCall(A, "supplier", "POST", `/inquiries/${A.nominationId}/thread`),
      ...ownOrderReads(A),
    ];
    for (const req of own) {
      const res = await api(req.method, req.path, { token: req.token, body: req.body });
      expect(res.status, req.path).toBe(200);
    }
    const users_ = await db()
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.email, A.invitationEmail), eq(users.email, B.invitationEmail)));
    expect(users_).toEqual([]);
  });
});

// Setup sends many inquiries from the same personas; the limits have their own test.
beforeEach(resetInquiryLimits);
