import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { hashToken, newToken } from "@/server/auth/tokens";
import { db } from "@/server/db/client";
import { invitations, news } from "@/server/db/schema";
import {
  type Account,
  PASSWORD,
  registerAccount,
  registerVerified,
  registrationBody,
  uniqueEmail,
} from "../../factories/accounts";
import { type ActorName, addGeneralMember, type Personas } from "../../factories/actors";
import { basicInfo, caseDocument, oemInfo } from "../../factories/documents";
import { api, idem } from "../../factories/http";
import { creditTickets, inquiryBody, resetInquiryLimits, spendTicket } from "../../factories/inquiries";
import { insertNews } from "../../factories/news";
import { perTestDatabase } from "../../factories/per-test-database";
import { freshSession, linkToken, throwaway } from "../fuzz/context";
import { capabilityMatrix } from "./matrix-capabilities";
import { certificationConsoleMatrix } from "./matrix-certification-console";
import { dealConsoleMatrix } from "./matrix-deal-console";
import { dealQuoteMatrix } from "./matrix-deal-quotes";
import { dealRatingMatrix } from "./matrix-deal-ratings";
import { dealThreadMatrix } from "./matrix-deal-threads";
import { all, members, onlyCompanyOf, ownCompany, ownerOnly } from "./matrix-helpers";
import { orderConsoleMatrix } from "./matrix-order-console";
import { orderMatrix } from "./matrix-orders";
import { suggestionMatrix } from "./matrix-suggestions";
import { ticketRefundMatrix } from "./matrix-ticket-refunds";
import { trustConsoleMatrix } from "./matrix-trust-console";

/**
 * The authorization matrix: for every OpenAPI operation, one or more cases, each giving
 * the request and the status every persona must get. The test fails for an operation
 * of /api/openapi.json that has no case here; every feature adds its rows.
 */
export interface MatrixRequest {
  path: string;
  body?: unknown;
  /** Overrides the persona's token (e.g. a fresh session for logout). */
  token?: string | null;
  /** Extra request headers (an Idempotency-Key; the browser sign-in's cookies and origin). */
  headers?: Record<string, string>;
}

export interface MatrixCase {
  /** "METHOD /api/path/{param}" exactly as in the OpenAPI document. */
  op: string;
  name?: string;
  request: (p: Personas, actor: ActorName) => MatrixRequest | Promise<MatrixRequest>;
  expect: Record<ActorName, number>;
}

const SUPPLIERS: ActorName[] = ["freeSupplier", "paidSupplier", "otherSupplier"];
const isSupplier = (actor: ActorName) => SUPPLIERS.includes(actor);

/** A supplier-only call on the caller's own company: suppliers get `ok`, buyers 404 (not a supplier company). */
const suppliersOwn = (ok: number): Record<ActorName, number> => ({
  ...all(404),
  anonymous: 401,
  owner: 403,
  freeSupplier: ok,
  paidSupplier: ok,
  otherSupplier: ok,
});

/** A case of the caller's company (created for suppliers), or an unknown id for others. */
async function ownCaseId(p: Personas, actor: ActorName): Promise<string> {
  if (!isSupplier(actor)) return randomUUID();
  const res = await api("POST", `/api/oem/company/${p[actor].companyId}/case`, {
    token: p[actor].token,
    body: { title: "権限確認用の事例", body: "内容" },
  });
  return res.body.id;
}

/** A pending invitation of the caller's company (created for suppliers), or an unknown id for others. */
async function ownInvitationId(p: Personas, actor: ActorName): Promise<string> {
  if (!isSupplier(actor)) return randomUUID();
  const res = await api("POST", `/api/oem/company/${p[actor].companyId}/user/invitation`, {
    token: p[actor].token,
    body: { email: uniqueEmail("matrix-invite"), role: "GENERAL" },
  });
  return res.body.id;
}

const BUYERS: ActorName[] = ["buyerAdmin", "buyerGeneral", "otherBuyer"];
const isBuyer = (actor: ActorName) => BUYERS.includes(actor);

/** A buyer-only call on the caller's own company: buyers get `ok`, suppliers 404. */
const buyersOwn = (ok: number): Record<ActorName, number> => ({
  ...all(404),
  anonymous: 401,
  owner: 403,
  buyerAdmin: ok,
  buyerGeneral: ok,
  otherBuyer: ok,
});

/** An open nomination from the caller's buyer company (to the paid supplier), or an unknown id. */
async function ownInquiryId(p: Personas, actor: ActorName): Promise<string> {
  if (!isBuyer(actor)) return randomUUID();
  return nominate(p, actor, "paidSupplier");
}

async function nominate(p: Personas, from: ActorName, to: ActorName): Promise<string> {
  await resetInquiryLimits(); // rows send dozens of nominations from one buyer as setup
  const res = await api("POST", "/api/contact/create", {
    headers: idem(),
    token: p[from].token,
    body: inquiryBody({ type: "NOMINATION", nominatedCompanyId: p[to].companyId }),
  });
  if (res.status !== 201) throw new Error(`nominate failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A nomination to the calling supplier (from the buyer), or an unknown id for others. */
async function nominationTo(p: Personas, actor: ActorName): Promise<string> {
  return isSupplier(actor) ? nominate(p, "buyerAdmin", actor) : randomUUID();
}

/** A small PDF as the flows upload it (multipart `file`). */
function attachmentForm(): FormData {
  const form = new FormData();
  const pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
  form.set("file", new File([pdf], "見積依頼書.pdf", { type: "application/pdf" }));
  return form;
}

const attachmentIdsOfDatabase = perTestDatabase((): Partial<Record<"own" | "nominated", string>> => ({}));
/** An attachment of the buyer's company; "nominated": also on a nomination to the free supplier. */
async function buyerAttachment(p: Personas, kind: "own" | "nominated"): Promise<string> {
  const attachmentIds = attachmentIdsOfDatabase();
  if (attachmentIds[kind]) return attachmentIds[kind];
  const res = await api("POST", "/api/attachment/upload", {
    token: p.buyerAdmin.token,
    body: attachmentForm(),
  });
  if (res.status !== 201)
    throw new Error(`attachment upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (kind === "nominated") {
    const created = await api("POST", "/api/contact/create", {
      headers: idem(),
      token: p.buyerAdmin.token,
      body: inquiryBody({
        type: "NOMINATION",
        nominatedCompanyId: p.freeSupplier.companyId,
        attachmentIds: [res.body.id],
      }),
    });
    if (created.status !== 201) throw new Error(`nominate failed: ${created.status}`);
  }
  attachmentIds[kind] = res.body.id;
  return res.body.id;
}

const publishedNewsId = perTestDatabase(async (): Promise<string> => {
  const [newsId] = await insertNews([{ title: "メンテナンスのお知らせ" }]);
  return newsId!;
});

const reasonForEveryone = perTestDatabase(
  async (): Promise<number> =>
    (await api("GET", "/api/reason")).body.items.find((r: any) => r.audience === "ALL").id,
);

let pngBytes: Buffer | undefined;
async function png(): Promise<Buffer> {
  pngBytes ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  return pngBytes;
}

async function pngForm(): Promise<FormData> {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(await png())], "sample.png", { type: "image/png" }));
  return form;
}

async function base64Png() {
  return { image: `data:image/png;base64,${(await png()).toString("base64")}`, caption: "工場の外観" };
}

/** An image of the persona's own company (uploaded by its member), for caption updates. */
async function imageOf(p: Personas, owner: ActorName): Promise<string> {
  const res = await api("POST", "/api/image/base64/upload", {
    token: p[owner].token,
    body: await base64Png(),
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status}`);
  return res.body.id;
}

async function freshUserToken(p: Personas, actor: ActorName): Promise<string | null> {
  const persona = p[actor];
  if (!persona.email) return null;
  const path = actor === "owner" ? "/api/auth/owner-login" : "/api/auth/login";
  const res = await api("POST", path, { body: { email: persona.email, password: PASSWORD } });
  return res.body.token;
}

/** A pending invitation link of the free supplier's company, known to the test (the mailed one is not read back). */
async function invitationLink(p: Personas): Promise<string> {
  const token = newToken();
  await db()
    .insert(invitations)
    .values({
      companyId: p.freeSupplier.companyId!,
      email: uniqueEmail("matrix-link"),
      role: "GENERAL",
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  return token;
}

// Cookie writes must come from APP_URL's origin (the test environment's APP_URL).
const ORIGIN = new URL(process.env.APP_URL ?? "http://localhost:3000").origin;
/** The browser sign-in's CSRF pair: the cookie and the token the form posts. */
async function csrfPair(): Promise<{ token: string; cookie: string }> {
  const res = await api("GET", "/api/auth/csrf");
  return { token: res.body.csrfToken, cookie: `oem_csrf=${res.body.csrfToken}` };
}

/**
 * A company of the caller's kind that the test may end (deactivation): a new account of the same
 * type as the persona, signed in as its admin. The operator and nobody-signed-in keep their own token.
 */
async function ownDisposableCompany(p: Personas, actor: ActorName) {
  if (actor === "anonymous" || actor === "owner")
    return { companyId: p.buyerAdmin.companyId!, token: undefined };
  const t = await throwaway(isSupplier(actor) ? "SUPPLIER" : "BUYER");
  return { companyId: t.companyId!, token: t.token! };
}

export const matrix: MatrixCase[] = [
  ...dealThreadMatrix,
  ...dealQuoteMatrix,
  ...orderMatrix,
  ...dealConsoleMatrix,
  ...orderConsoleMatrix,
  ...dealRatingMatrix,
  ...ticketRefundMatrix,
  ...trustConsoleMatrix,
  ...capabilityMatrix,
  ...suggestionMatrix,
  ...certificationConsoleMatrix,
  // ---------------------------------------------------------------- auth
  {
    op: "POST /api/auth/login",
    request: (p) => ({ path: "/api/auth/login", body: { email: p.buyerAdmin.email, password: PASSWORD } }),
    expect: all(200),
  },
  {
    op: "POST /api/auth/login",
    name: "wrong password",
    request: (p) => ({
      path: "/api/auth/login",
      body: { email: p.buyerAdmin.email, password: "Wrong-passw0rd" },
    }),
    expect: all(401),
  },
  {
    op: "POST /api/auth/owner-login",
    request: (p) => ({ path: "/api/auth/owner-login", body: { email: p.owner.email, password: PASSWORD } }),
    expect: all(200),
  },
  {
    op: "POST /api/auth/owner-login",
    name: "a user's credentials",
    request: (p) => ({
      path: "/api/auth/owner-login",
      body: { email: p.buyerAdmin.email, password: PASSWORD },
    }),
    expect: all(401),
  },
  {
    op: "POST /api/auth/register",
    request: () => ({ path: "/api/auth/register", body: registrationBody({ accountType: "BUYER" }) }),
    expect: all(201),
  },
  {
    op: "POST /api/auth/register/mail/resent",
    name: "the caller's own unverified account (a new one of its kind)",
    request: async (_p, actor) => {
      if (actor === "anonymous" || actor === "owner") return { path: "/api/auth/register/mail/resent" };
      const t = await throwaway(isSupplier(actor) ? "SUPPLIER" : "BUYER", false);
      return { path: "/api/auth/register/mail/resent", token: t.token! };
    },
    expect: members(200),
  },
  {
    op: "POST /api/auth/register/mail/resent",
    name: "personas are verified, so 409 (the send itself is in identity.test.ts)",
    request: () => ({ path: "/api/auth/register/mail/resent" }),
    expect: members(409),
  },
  {
    op: "POST /api/auth/email/verify",
    name: "a live link of a new account",
    request: async () => ({
      path: "/api/auth/email/verify",
      body: { token: await linkToken((await throwaway("BUYER", false)).userId!, "EMAIL_VERIFY") },
    }),
    expect: all(200),
  },
  {
    op: "POST /api/auth/email/verify",
    name: "unknown link",
    request: () => ({ path: "/api/auth/email/verify", body: { token: "x".repeat(43) } }),
    expect: all(422),
  },
  {
    op: "POST /api/auth/logout",
    request: async (p, actor) => ({ path: "/api/auth/logout", token: await freshUserToken(p, actor) }),
    expect: all(200),
  },
  // ---------------------------------------------------------------- browser sign-in mechanism
  { op: "GET /api/auth/session", request: () => ({ path: "/api/auth/session" }), expect: all(200) },
  { op: "GET /api/auth/csrf", request: () => ({ path: "/api/auth/csrf" }), expect: all(200) },
  { op: "GET /api/auth/providers", request: () => ({ path: "/api/auth/providers" }), expect: all(200) },
  {
    op: "POST /api/auth/signin",
    name: "with the CSRF pair",
    request: async (p) => {
      const csrf = await csrfPair();
      return {
        path: "/api/auth/signin",
        token: null,
        headers: { cookie: csrf.cookie, origin: ORIGIN },
        body: { csrfToken: csrf.token, email: p.buyerAdmin.email, password: PASSWORD },
      };
    },
    expect: all(200),
  },
  {
    op: "POST /api/auth/callback/credentials",
    name: "with the CSRF pair",
    request: async (p) => {
      const csrf = await csrfPair();
      return {
        path: "/api/auth/callback/credentials",
        token: null,
        headers: { cookie: csrf.cookie, origin: ORIGIN },
        body: { csrfToken: csrf.token, email: p.paidSupplier.email, password: PASSWORD },
      };
    },
    expect: all(200),
  },
  {
    op: "POST /api/auth/signout",
    name: "with the CSRF pair and a session cookie",
    request: async (p) => {
      const csrf = await csrfPair();
      const session = await freshSession(p.buyerAdmin.userId!, p.buyerAdmin.companyId);
      return {
        path: "/api/auth/signout",
        token: null,
        headers: { cookie: `${csrf.cookie}; oem_session=${session}`, origin: ORIGIN },
        body: { csrfToken: csrf.token },
      };
    },
    expect: all(200),
  },
  {
    op: "POST /api/auth/signin",
    name: "without the CSRF cookie (success is in auth-session.test.ts)",
    request: (p) => ({
      path: "/api/auth/signin",
      body: { csrfToken: "no-cookie-token", email: p.buyerAdmin.email, password: PASSWORD },
    }),
    expect: all(403),
  },
  {
    op: "POST /api/auth/callback/credentials",
    name: "without the CSRF cookie",
    request: (p) => ({
      path: "/api/auth/callback/credentials",
      body: { csrfToken: "no-cookie-token", email: p.buyerAdmin.email, password: PASSWORD },
    }),
    expect: all(403),
  },
  {
    op: "POST /api/auth/signout",
    name: "without the CSRF cookie",
    request: () => ({ path: "/api/auth/signout", body: { csrfToken: "no-cookie-token" } }),
    expect: all(403),
  },
  {
    op: "POST /api/auth/_log",
    request: () => ({ path: "/api/auth/_log", body: { level: "warn", code: "TEST" } }),
    expect: all(200),
  },
  // ---------------------------------------------------------------- account
  { op: "GET /api/account/me", request: () => ({ path: "/api/account/me" }), expect: members(200) },
  {
    op: "GET /api/account/owner-me",
    request: () => ({ path: "/api/account/owner-me" }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/account/companies",
    request: () => ({ path: "/api/account/companies" }),
    expect: members(200),
  },
  {
    op: "PUT /api/account/active-company",
    name: "own company",
    request: (p, actor) => ({
      path: "/api/account/active-company",
      body: { companyId: ownCompany(p, actor) },
    }),
    expect: members(200),
  },
  {
    op: "PUT /api/account/active-company",
    name: "another company",
    request: (p) => ({ path: "/api/account/active-company", body: { companyId: p.otherBuyer.companyId } }),
    expect: onlyCompanyOf("otherBuyer", 200),
  },
  {
    op: "PATCH /api/account/email/update",
    request: () => ({
      path: "/api/account/email/update",
      body: { newEmail: uniqueEmail("change"), password: PASSWORD },
    }),
    expect: members(200),
  },
  {
    op: "PATCH /api/account/password/update",
    name: "the caller's own account (a new one of its kind)",
    request: async (p, actor) => ({
      path: "/api/account/password/update",
      token: (await ownDisposableCompany(p, actor)).token,
      body: { currentPassword: PASSWORD, newPassword: "NewPassw0rd1" },
    }),
    expect: members(200),
  },
  {
    op: "PATCH /api/account/password/update",
    name: "wrong current password (success is in account.test.ts)",
    request: () => ({
      path: "/api/account/password/update",
      body: { currentPassword: "Wrong-passw0rd", newPassword: "NewPassw0rd1" },
    }),
    expect: members(422),
  },
  {
    op: "GET /api/account/company/{companyId}/profile",
    name: "own company",
    request: (p, actor) => ({ path: `/api/account/company/${ownCompany(p, actor)}/profile` }),
    expect: members(200),
  },
  {
    op: "GET /api/account/company/{companyId}/profile",
    name: "another supplier's company",
    request: (p) => ({ path: `/api/account/company/${p.otherSupplier.companyId}/profile` }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "PUT /api/account/company/{companyId}/profile/update",
    name: "own company",
    request: (p, actor) => ({
      path: `/api/account/company/${ownCompany(p, actor)}/profile/update`,
      body: { name: "担当 一郎", department: "営業部", phone: null },
    }),
    expect: members(200),
  },
  {
    op: "PUT /api/account/company/{companyId}/profile/update",
    name: "another buyer's company",
    request: (p) => ({
      path: `/api/account/company/${p.otherBuyer.companyId}/profile/update`,
      body: { name: "侵入 者", department: null, phone: null },
    }),
    expect: onlyCompanyOf("otherBuyer", 200),
  },
  {
    op: "GET /api/account/invitation",
    name: "a live link",
    request: async (p) => ({ path: `/api/account/invitation?token=${await invitationLink(p)}` }),
    expect: all(200),
  },
  {
    op: "GET /api/account/invitation",
    name: "unknown link",
    request: () => ({ path: `/api/account/invitation?token=${"q".repeat(43)}` }),
    expect: all(404),
  },
  // ---------------------------------------------------------------- registration
  {
    op: "POST /api/buyer/register",
    request: () => ({ path: "/api/buyer/register", body: registrationBody() }),
    expect: all(201),
  },
  {
    op: "POST /api/oem/register",
    request: () => ({ path: "/api/oem/register", body: registrationBody() }),
    expect: all(201),
  },
  {
    op: "POST /api/oem/register-check",
    request: () => ({ path: "/api/oem/register-check", body: registrationBody() }),
    expect: all(200),
  },
  // ---------------------------------------------------------------- images
  {
    op: "POST /api/image/base64/upload",
    request: async () => ({ path: "/api/image/base64/upload", body: await base64Png() }),
    expect: members(201),
  },
  {
    op: "POST /api/image/file/upload",
    request: async () => ({ path: "/api/image/file/upload", body: await pngForm() }),
    expect: members(201),
  },
  {
    op: "POST /api/image/company/{companyId}/base64/upload",
    name: "own company",
    request: async (p, actor) => ({
      path: `/api/image/company/${ownCompany(p, actor)}/base64/upload`,
      body: await base64Png(),
    }),
    expect: members(201),
  },
  {
    op: "POST /api/image/company/{companyId}/base64/upload",
    name: "another supplier's company",
    request: async (p) => ({
      path: `/api/image/company/${p.otherSupplier.companyId}/base64/upload`,
      body: await base64Png(),
    }),
    expect: onlyCompanyOf("otherSupplier", 201),
  },
  {
    op: "POST /api/image/company/{companyId}/file/upload",
    name: "own company",
    request: async (p, actor) => ({
      path: `/api/image/company/${ownCompany(p, actor)}/file/upload`,
      body: await pngForm(),
    }),
    expect: members(201),
  },
  {
    op: "POST /api/image/company/{companyId}/file/upload",
    name: "another buyer's company",
    request: async (p) => ({
      path: `/api/image/company/${p.otherBuyer.companyId}/file/upload`,
      body: await pngForm(),
    }),
    expect: onlyCompanyOf("otherBuyer", 201),
  },
  {
    op: "PATCH /api/image/company/{companyId}/caption/update",
    name: "own company's image",
    request: async (p, actor) => {
      const companyOwner = p[actor].companyId ? actor : "buyerAdmin";
      return {
        path: `/api/image/company/${ownCompany(p, actor)}/caption/update`,
        body: { imageId: await imageOf(p, companyOwner), caption: "第二工場の生産ライン" },
      };
    },
    expect: members(200),
  },
  {
    op: "PATCH /api/image/company/{companyId}/caption/update",
    name: "my company in the path, another company's image",
    request: async (p, actor) => ({
      path: `/api/image/company/${ownCompany(p, actor)}/caption/update`,
      body: { imageId: await imageOf(p, "otherSupplier"), caption: "書き換え" },
    }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "GET /api/image/{imageId}",
    request: async (p) => ({ path: `/api/image/${await imageOf(p, "paidSupplier")}` }),
    expect: all(200),
  },
  // ---------------------------------------------------------------- master data and password
  // ---------------------------------------------------------------- probes (public, write nothing)
  { op: "GET /api/health/live", request: () => ({ path: "/api/health/live" }), expect: all(200) },
  { op: "GET /api/health/ready", request: () => ({ path: "/api/health/ready" }), expect: all(200) },
  { op: "GET /api/prefectures", request: () => ({ path: "/api/prefectures" }), expect: all(200) },
  { op: "GET /api/categories", request: () => ({ path: "/api/categories" }), expect: all(200) },
  { op: "GET /api/features", request: () => ({ path: "/api/features" }), expect: all(200) },
  { op: "GET /api/capabilities", request: () => ({ path: "/api/capabilities" }), expect: all(200) },
  { op: "GET /api/reason", request: () => ({ path: "/api/reason?audience=SUPPLIER" }), expect: all(200) },
  {
    op: "POST /api/password/email",
    request: () => ({ path: "/api/password/email", body: { email: uniqueEmail() } }),
    expect: all(200),
  },
  {
    op: "POST /api/password/reset",
    name: "a live link",
    request: async () => ({
      path: "/api/password/reset",
      body: {
        token: await linkToken((await throwaway("BUYER")).userId!, "PASSWORD_RESET"),
        password: "NewPassw0rd",
      },
    }),
    expect: all(200),
  },
  {
    op: "POST /api/password/reset",
    name: "unknown link",
    request: () => ({
      path: "/api/password/reset",
      body: { token: "y".repeat(43), password: "NewPassw0rd" },
    }),
    expect: all(422),
  },
  // ---------------------------------------------------------------- supplier company (step 3)
  {
    op: "GET /api/oem/company/{companyId}",
    name: "own company",
    request: (p, a) => ({ path: `/api/oem/company/${ownCompany(p, a)}` }),
    expect: suppliersOwn(200),
  },
  {
    op: "GET /api/oem/company/{companyId}",
    name: "another supplier",
    request: (p) => ({ path: `/api/oem/company/${p.otherSupplier.companyId}` }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "PUT /api/oem/company/{companyId}/update",
    name: "own company",
    request: (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/update`,
      body: basicInfo({ name: "権限確認工業株式会社" }),
    }),
    expect: suppliersOwn(200),
  },
  {
    op: "PUT /api/oem/company/{companyId}/update",
    name: "another supplier",
    request: (p) => ({
      path: `/api/oem/company/${p.otherSupplier.companyId}/update`,
      body: basicInfo({ name: "乗っ取り株式会社" }),
    }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "GET /api/oem/company/{companyId}/information",
    request: (p, a) => ({ path: `/api/oem/company/${ownCompany(p, a)}/information` }),
    expect: suppliersOwn(200),
  },
  {
    op: "PUT /api/oem/company/{companyId}/information/update",
    name: "own company",
    request: (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/information/update`,
      body: oemInfo({ catchphrase: "権限確認", categoryIds: [1] }),
    }),
    expect: suppliersOwn(200),
  },
  {
    op: "PUT /api/oem/company/{companyId}/information/update",
    name: "another supplier",
    request: (p) => ({
      path: `/api/oem/company/${p.otherSupplier.companyId}/information/update`,
      body: oemInfo(),
    }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "PATCH /api/oem/company/{companyId}/namePublishStatus/update",
    request: (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/namePublishStatus/update`,
      body: { namePublished: true },
    }),
    expect: suppliersOwn(200),
  },
  {
    op: "DELETE /api/oem/company/{companyId}/deactivate",
    name: "the caller's own company (a new one of its kind)",
    request: async (p, actor) => {
      const own = await ownDisposableCompany(p, actor);
      return { path: `/api/oem/company/${own.companyId}/deactivate`, token: own.token };
    },
    expect: suppliersOwn(200),
  },
  {
    op: "DELETE /api/oem/company/{companyId}/deactivate",
    name: "a company the caller does not belong to (success is in supplier-company.test.ts)",
    request: async () => ({
      path: `/api/oem/company/${(await registerAccount("SUPPLIER")).companyId}/deactivate`,
    }),
    expect: { ...all(404), anonymous: 401, owner: 403 },
  },
  {
    op: "GET /api/oem/company/{companyId}/news",
    request: (p, a) => ({ path: `/api/oem/company/${ownCompany(p, a)}/news` }),
    expect: suppliersOwn(200),
  },
  {
    op: "GET /api/oem/company/{companyId}/news/{newsId}",
    request: async (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/news/${await publishedNewsId()}`,
    }),
    expect: suppliersOwn(200),
  },
  // ---------------------------------------------------------------- case studies
  {
    op: "GET /api/oem/company/{companyId}/case",
    request: (p, a) => ({ path: `/api/oem/company/${ownCompany(p, a)}/case` }),
    expect: suppliersOwn(200),
  },
  {
    op: "POST /api/oem/company/{companyId}/case",
    name: "own company",
    request: (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/case`,
      body: { title: "事例", body: "内容" },
    }),
    expect: suppliersOwn(201),
  },
  {
    op: "POST /api/oem/company/{companyId}/case",
    name: "another supplier",
    request: (p) => ({
      path: `/api/oem/company/${p.otherSupplier.companyId}/case`,
      body: { title: "事例", body: "内容" },
    }),
    expect: onlyCompanyOf("otherSupplier", 201),
  },
  {
    op: "GET /api/oem/company/{companyId}/case/{caseId}",
    name: "own company, own case",
    request: async (p, a) => ({ path: `/api/oem/company/${ownCompany(p, a)}/case/${await ownCaseId(p, a)}` }),
    expect: suppliersOwn(200),
  },
  {
    op: "GET /api/oem/company/{companyId}/case/{caseId}",
    name: "own company in the path, another supplier's case",
    request: async (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/case/${await ownCaseId(p, "otherSupplier")}`,
    }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "PUT /api/oem/company/{companyId}/case/{caseId}",
    name: "own case",
    request: async (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/case/${await ownCaseId(p, a)}`,
      body: caseDocument({ title: "更新", body: "内容" }),
    }),
    expect: suppliersOwn(200),
  },
  {
    op: "PUT /api/oem/company/{companyId}/case/{caseId}",
    name: "own company in the path, another supplier's case",
    request: async (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/case/${await ownCaseId(p, "otherSupplier")}`,
      body: caseDocument({ title: "乗っ取り", body: "内容" }),
    }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "DELETE /api/oem/company/{companyId}/case/{caseId}",
    name: "own case",
    request: async (p, a) => ({ path: `/api/oem/company/${ownCompany(p, a)}/case/${await ownCaseId(p, a)}` }),
    expect: suppliersOwn(200),
  },
  {
    op: "DELETE /api/oem/company/{companyId}/case/{caseId}",
    name: "own company in the path, another supplier's case",
    request: async (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/case/${await ownCaseId(p, "otherSupplier")}`,
    }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  // ---------------------------------------------------------------- members (supplier ADMIN)
  {
    op: "GET /api/oem/company/{companyId}/users",
    request: (p, a) => ({ path: `/api/oem/company/${ownCompany(p, a)}/users` }),
    expect: suppliersOwn(200),
  },
  {
    op: "POST /api/oem/company/{companyId}/user/invitation",
    request: (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/user/invitation`,
      body: { email: uniqueEmail("invitee"), role: "GENERAL" },
    }),
    expect: suppliersOwn(201),
  },
  {
    op: "POST /api/oem/company/{companyId}/user/{userId}/invitation/resent",
    name: "own invitation",
    request: async (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/user/${await ownInvitationId(p, a)}/invitation/resent`,
    }),
    expect: suppliersOwn(200),
  },
  {
    op: "POST /api/oem/company/{companyId}/user/{userId}/invitation/resent",
    name: "own company in the path, another supplier's invitation",
    request: async (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/user/${await ownInvitationId(p, "otherSupplier")}/invitation/resent`,
    }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "DELETE /api/oem/company/{companyId}/user/{userId}/invitation/cancel",
    name: "own invitation",
    request: async (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/user/${await ownInvitationId(p, a)}/invitation/cancel`,
    }),
    expect: suppliersOwn(200),
  },
  {
    op: "DELETE /api/oem/company/{companyId}/user/{userId}/invitation/cancel",
    name: "own company in the path, another supplier's invitation",
    request: async (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/user/${await ownInvitationId(p, "otherSupplier")}/invitation/cancel`,
    }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "PATCH /api/oem/company/{companyId}/user/{userId}/role/update",
    name: "own membership (stays ADMIN)",
    request: (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/user/${p[a].userId ?? randomUUID()}/role/update`,
      body: { role: "ADMIN" },
    }),
    expect: suppliersOwn(200),
  },
  {
    op: "DELETE /api/oem/company/{companyId}/user/{userId}/delete",
    name: "own company in the path, a member of another supplier",
    request: async (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/user/${(await addGeneralMember(p.otherSupplier.companyId!)).userId}/delete`,
    }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "POST /api/oem/company/{companyId}/invitation/check",
    name: "a live link",
    request: async (p) => ({
      path: `/api/oem/company/${p.freeSupplier.companyId}/invitation/check`,
      body: { token: await invitationLink(p) },
    }),
    expect: all(200),
  },
  {
    op: "POST /api/oem/company/{companyId}/invitation/dry-run/register",
    name: "a live link",
    request: async (p) => ({
      path: `/api/oem/company/${p.freeSupplier.companyId}/invitation/dry-run/register`,
      body: { token: await invitationLink(p), name: "招待 太郎", password: "Passw0rd1x", agreeToTerms: true },
    }),
    expect: all(200),
  },
  {
    op: "POST /api/oem/company/{companyId}/invitation/register",
    name: "a live link",
    request: async (p) => ({
      path: `/api/oem/company/${p.freeSupplier.companyId}/invitation/register`,
      body: { token: await invitationLink(p), name: "招待 太郎", password: "Passw0rd1x", agreeToTerms: true },
    }),
    expect: all(201),
  },
  {
    op: "POST /api/oem/company/{companyId}/invitation/check",
    name: "unknown link",
    request: (p) => ({
      path: `/api/oem/company/${p.freeSupplier.companyId}/invitation/check`,
      body: { token: "n".repeat(43) },
    }),
    expect: all(404),
  },
  {
    op: "POST /api/oem/company/{companyId}/invitation/dry-run/register",
    name: "unknown link",
    request: (p) => ({
      path: `/api/oem/company/${p.freeSupplier.companyId}/invitation/dry-run/register`,
      body: { token: "n".repeat(43), name: "招待 太郎", password: "Passw0rd1x", agreeToTerms: true },
    }),
    expect: all(404),
  },
  {
    op: "POST /api/oem/company/{companyId}/invitation/register",
    name: "unknown link",
    request: (p) => ({
      path: `/api/oem/company/${p.freeSupplier.companyId}/invitation/register`,
      body: { token: "n".repeat(43), name: "招待 太郎", password: "Passw0rd1x", agreeToTerms: true },
    }),
    expect: all(404),
  },
  // ---------------------------------------------------------------- public directory and news
  { op: "GET /api/oem", request: () => ({ path: "/api/oem?keyword=%E9%83%A8%E5%93%81" }), expect: all(200) },
  {
    op: "POST /api/oem/search",
    request: () => ({ path: "/api/oem/search", body: { categoryIds: [1] } }),
    expect: all(200),
  },
  {
    op: "GET /api/oem/{companyId}",
    request: (p) => ({ path: `/api/oem/${p.paidSupplier.companyId}` }),
    expect: all(200),
  },
  {
    // The page's view beacon (decision 0045): anyone, signed in or not; a member is simply not counted.
    op: "POST /api/oem/view/{companyId}",
    request: (p) => ({ path: `/api/oem/view/${p.paidSupplier.companyId}` }),
    expect: all(204),
  },
  { op: "GET /api/news", request: () => ({ path: "/api/news" }), expect: all(200) },
  {
    op: "GET /api/news/{newsId}",
    request: async () => ({ path: `/api/news/${await publishedNewsId()}` }),
    expect: all(200),
  },
  {
    op: "POST /api/reason",
    name: "own company",
    request: async (p, a) => ({
      path: "/api/reason",
      body: { companyId: ownCompany(p, a), reasonIds: [await reasonForEveryone()], comment: "権限確認" },
    }),
    expect: { ...members(201), buyerGeneral: 403 },
  },
  {
    op: "POST /api/reason",
    name: "another company",
    request: async (p) => ({
      path: "/api/reason",
      body: { companyId: p.otherSupplier.companyId, reasonIds: [await reasonForEveryone()] },
    }),
    expect: onlyCompanyOf("otherSupplier", 201),
  },
  // ---------------------------------------------------------------- inquiries: buyer side (step 4)
  {
    op: "POST /api/contact/dry-run/create",
    request: () => ({ path: "/api/contact/dry-run/create", body: inquiryBody() }),
    expect: { ...buyersOwn(200), anonymous: 200 },
  },
  {
    op: "POST /api/contact/create",
    request: () => ({ path: "/api/contact/create", headers: idem(), body: inquiryBody() }),
    expect: buyersOwn(201),
  },
  {
    op: "GET /api/buyer/company/{companyId}",
    name: "own company",
    request: (p, a) => ({ path: `/api/buyer/company/${ownCompany(p, a)}` }),
    expect: buyersOwn(200),
  },
  {
    op: "GET /api/buyer/company/{companyId}",
    name: "another buyer",
    request: (p) => ({ path: `/api/buyer/company/${p.otherBuyer.companyId}` }),
    expect: onlyCompanyOf("otherBuyer", 200),
  },
  {
    op: "PUT /api/buyer/company/{companyId}/update",
    name: "own company",
    request: (p, a) => ({
      path: `/api/buyer/company/${ownCompany(p, a)}/update`,
      body: basicInfo({ name: "権限確認商事株式会社" }),
    }),
    expect: buyersOwn(200),
  },
  {
    op: "PUT /api/buyer/company/{companyId}/update",
    name: "another buyer",
    request: (p) => ({
      path: `/api/buyer/company/${p.otherBuyer.companyId}/update`,
      body: basicInfo({ name: "乗っ取り商事" }),
    }),
    expect: onlyCompanyOf("otherBuyer", 200),
  },
  {
    op: "DELETE /api/buyer/company/{companyId}/deactivate",
    name: "the caller's own company (a new one of its kind)",
    request: async (p, actor) => {
      const own = await ownDisposableCompany(p, actor);
      return { path: `/api/buyer/company/${own.companyId}/deactivate`, token: own.token };
    },
    expect: buyersOwn(200),
  },
  {
    op: "DELETE /api/buyer/company/{companyId}/deactivate",
    name: "a company the caller does not belong to (success is in buyer-company.test.ts)",
    request: async () => ({
      path: `/api/buyer/company/${(await registerAccount("BUYER")).companyId}/deactivate`,
    }),
    expect: { ...all(404), anonymous: 401, owner: 403 },
  },
  {
    op: "GET /api/buyer/company/{companyId}/contacts",
    request: (p, a) => ({ path: `/api/buyer/company/${ownCompany(p, a)}/contacts` }),
    expect: buyersOwn(200),
  },
  {
    op: "POST /api/buyer/company/{companyId}/contacts",
    name: "own company",
    request: (p, a) => ({
      path: `/api/buyer/company/${ownCompany(p, a)}/contacts`,
      headers: idem(),
      body: inquiryBody(),
    }),
    expect: buyersOwn(201),
  },
  {
    op: "POST /api/buyer/company/{companyId}/contacts",
    name: "another buyer",
    request: (p) => ({
      path: `/api/buyer/company/${p.otherBuyer.companyId}/contacts`,
      headers: idem(),
      body: inquiryBody(),
    }),
    expect: onlyCompanyOf("otherBuyer", 201),
  },
  {
    op: "GET /api/buyer/company/{companyId}/contact/{contactId}",
    name: "own inquiry",
    request: async (p, a) => ({
      path: `/api/buyer/company/${ownCompany(p, a)}/contact/${await ownInquiryId(p, a)}`,
    }),
    expect: buyersOwn(200),
  },
  {
    op: "GET /api/buyer/company/{companyId}/contact/{contactId}",
    name: "own company in the path, another buyer's inquiry",
    request: async (p, a) => ({
      path: `/api/buyer/company/${ownCompany(p, a)}/contact/${await ownInquiryId(p, "otherBuyer")}`,
    }),
    expect: onlyCompanyOf("otherBuyer", 200),
  },
  {
    op: "POST /api/buyer/company/{companyId}/contact/{contactId}/close",
    name: "own open inquiry",
    request: async (p, a) => ({
      path: `/api/buyer/company/${ownCompany(p, a)}/contact/${await ownInquiryId(p, a)}/close`,
    }),
    expect: buyersOwn(200),
  },
  {
    op: "POST /api/buyer/company/{companyId}/contact/{contactId}/cancel",
    name: "own company in the path, another buyer's inquiry",
    request: async (p, a) => ({
      path: `/api/buyer/company/${ownCompany(p, a)}/contact/${await ownInquiryId(p, "otherBuyer")}/cancel`,
    }),
    expect: onlyCompanyOf("otherBuyer", 200),
  },
  {
    op: "PUT /api/buyer/company/{companyId}/contact/{contactId}/entry/{entryId}",
    name: "an entry on own inquiry",
    request: async (p, a) => {
      const inquiryId = await ownInquiryId(p, a);
      let entryId = randomUUID();
      if (isBuyer(a)) {
        const entry = await api(
          "POST",
          `/api/oem/company/${p.paidSupplier.companyId}/contact/${inquiryId}/entries`,
          {
            token: p.paidSupplier.token,
            body: { message: "対応可能です" },
          },
        );
        entryId = entry.body.id;
      }
      return {
        path: `/api/buyer/company/${ownCompany(p, a)}/contact/${inquiryId}/entry/${entryId}`,
        body: { status: "SHORTLISTED" },
      };
    },
    expect: buyersOwn(200),
  },
  {
    op: "GET /api/buyer/company/{companyId}/news",
    request: (p, a) => ({ path: `/api/buyer/company/${ownCompany(p, a)}/news` }),
    expect: buyersOwn(200),
  },
  {
    op: "GET /api/buyer/company/{companyId}/news/{newsId}",
    request: async (p, a) => ({
      path: `/api/buyer/company/${ownCompany(p, a)}/news/${await publishedNewsId()}`,
    }),
    expect: buyersOwn(200),
  },
  // ---------------------------------------------------------------- inquiries: supplier side
  {
    op: "GET /api/oem/company/{companyId}/contacts",
    request: (p, a) => ({ path: `/api/oem/company/${ownCompany(p, a)}/contacts?contactType=NOMINATION` }),
    expect: suppliersOwn(200),
  },
  {
    op: "GET /api/oem/company/{companyId}/contact/{contactId}",
    name: "a nomination to the caller",
    request: async (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/contact/${await nominationTo(p, a)}`,
    }),
    expect: suppliersOwn(200),
  },
  {
    op: "GET /api/oem/company/{companyId}/contact/{contactId}",
    name: "own company in the path, another supplier's nomination",
    request: async (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/contact/${await nominationTo(p, "otherSupplier")}`,
    }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "POST /api/oem/company/{companyId}/contact/{contactId}/entries",
    name: "a nomination to the caller, no ticket spent",
    request: async (p, a) => ({
      path: `/api/oem/company/${ownCompany(p, a)}/contact/${await nominationTo(p, a)}/entries`,
      body: { message: "ぜひご提案させてください" },
    }),
    expect: { ...suppliersOwn(201), freeSupplier: 402, otherSupplier: 402 },
  },
  {
    op: "DELETE /api/oem/company/{companyId}/contact/{contactId}/entries/cancel",
    name: "own entry",
    request: async (p, a) => {
      const inquiryId = await nominationTo(p, a);
      if (isSupplier(a)) {
        await spendTicket(p[a] as Account, inquiryId);
        await api("POST", `/api/oem/company/${p[a].companyId}/contact/${inquiryId}/entries`, {
          token: p[a].token,
          body: { message: "ご提案します" },
        });
      }
      return { path: `/api/oem/company/${ownCompany(p, a)}/contact/${inquiryId}/entries/cancel` };
    },
    expect: suppliersOwn(200),
  },
  {
    op: "GET /api/oem/company/{companyId}/entries",
    request: (p, a) => ({ path: `/api/oem/company/${ownCompany(p, a)}/entries` }),
    expect: { ...suppliersOwn(200), freeSupplier: 403, otherSupplier: 403 },
  },
  {
    op: "POST /api/buyer/additional-register",
    request: async (p, a) => ({
      path: "/api/buyer/additional-register",
      token: await freshUserToken(p, a),
      body: { name: "追加登録商事株式会社", personName: "追加 花子" },
    }),
    expect: {
      anonymous: 401,
      owner: 403,
      buyerAdmin: 409,
      buyerGeneral: 409,
      otherBuyer: 409,
      freeSupplier: 201,
      paidSupplier: 201,
      otherSupplier: 201,
    },
  },
  // ---------------------------------------------------------------- billing (step 5)
  {
    op: "GET /api/billing/tickets",
    request: () => ({ path: "/api/billing/tickets" }),
    expect: suppliersOwn(200),
  },
  {
    op: "POST /api/billing/ticket_purchase",
    request: () => ({ path: "/api/billing/ticket_purchase", headers: idem(), body: { quantity: 1 } }),
    expect: suppliersOwn(201),
  },
  {
    op: "POST /api/billing/ticket_purchase",
    name: "another supplier's company",
    request: (p) => ({
      path: "/api/billing/ticket_purchase",
      headers: idem(),
      body: { companyId: p.otherSupplier.companyId, quantity: 1 },
    }),
    expect: onlyCompanyOf("otherSupplier", 201),
  },
  {
    op: "POST /api/billing/ticket_usage",
    name: "a nomination to the caller, with a ticket",
    request: async (p, a) => {
      if (isSupplier(a)) await creditTickets(p[a].companyId!, 5);
      return { path: "/api/billing/ticket_usage", body: { contactId: await nominationTo(p, a) } };
    },
    // The paid supplier needs no ticket: 409 tells it so.
    expect: { ...suppliersOwn(201), paidSupplier: 409 },
  },
  {
    op: "POST /api/billing/ticket_usage",
    name: "another supplier's nomination",
    request: async (p, a) => {
      if (isSupplier(a)) await creditTickets(p[a].companyId!, 5);
      return {
        path: "/api/billing/ticket_usage",
        body: { contactId: await nominationTo(p, "otherSupplier") },
      };
    },
    expect: { ...onlyCompanyOf("otherSupplier", 201) },
  },
  {
    op: "GET /api/billing/ticket_usage/company/{companyId}/contact/{contactId}",
    name: "own company",
    request: async (p, a) => ({
      path: `/api/billing/ticket_usage/company/${ownCompany(p, a)}/contact/${await nominationTo(p, a)}`,
    }),
    expect: suppliersOwn(200),
  },
  {
    op: "GET /api/billing/ticket_usage/company/{companyId}/contact/{contactId}",
    name: "another supplier's company",
    request: (p) => ({
      path: `/api/billing/ticket_usage/company/${p.otherSupplier.companyId}/contact/${randomUUID()}`,
    }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "POST /api/billing/plan_contract/waiting",
    name: "a fresh supplier company's ADMIN applies; the personas (one already paid) are refused or apply",
    request: () => ({ path: "/api/billing/plan_contract/waiting", headers: idem(), body: {} }),
    expect: { ...suppliersOwn(201), paidSupplier: 409 },
  },
  {
    op: "GET /api/billing/plan_contract/waiting/company/{companyId}",
    request: (p, a) => ({ path: `/api/billing/plan_contract/waiting/company/${ownCompany(p, a)}` }),
    expect: suppliersOwn(200),
  },
  {
    op: "POST /api/billing/plan_contract",
    name: "an application; the suppliers applied above or are paid (409); the operator's token is refused",
    request: () => ({ path: "/api/billing/plan_contract", headers: idem(), body: {} }),
    expect: suppliersOwn(409),
  },
  {
    op: "POST /api/billing/plan_contract",
    name: "a fresh supplier company's ADMIN applies",
    request: async (_p, a) => {
      if (a !== "freeSupplier") return { path: "/api/billing/plan_contract", headers: idem(), body: {} };
      const s = await registerAccount("SUPPLIER");
      return { path: "/api/billing/plan_contract", headers: idem(), token: s.token, body: {} };
    },
    expect: { ...suppliersOwn(409), freeSupplier: 201 },
  },
  {
    op: "POST /api/billing/plan_contract/cancel",
    name: "another supplier's company",
    request: async (p, actor) => {
      // The row sets up its own application (a repeat is refused, harmlessly), wherever it runs.
      if (actor === "otherSupplier")
        await api("POST", "/api/billing/plan_contract/waiting", {
          headers: idem(),
          token: p.otherSupplier.token,
          body: {},
        });
      return { path: "/api/billing/plan_contract/cancel", body: { companyId: p.otherSupplier.companyId } };
    },
    // otherSupplier's application is WAITING: cancelling withdraws it.
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "GET /api/oem/company/{companyId}/record/{year}/{month}",
    name: "own company",
    request: (p, a) => ({ path: `/api/oem/company/${ownCompany(p, a)}/record/2026/11` }),
    expect: suppliersOwn(200),
  },
  {
    op: "GET /api/oem/company/{companyId}/record/{year}/{month}",
    name: "another supplier",
    request: (p) => ({ path: `/api/oem/company/${p.otherSupplier.companyId}/record/2026/11` }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "GET /api/billing/invoices",
    name: "own company",
    request: (p, a) => ({ path: `/api/billing/invoices?companyId=${ownCompany(p, a)}` }),
    expect: suppliersOwn(200),
  },
  {
    op: "GET /api/billing/invoices",
    name: "another supplier",
    request: (p) => ({ path: `/api/billing/invoices?companyId=${p.otherSupplier.companyId}` }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "GET /api/billing/invoice/{invoiceId}/pdf",
    name: "the other supplier's invoice",
    request: async (p) => {
      const res = await api("POST", "/api/billing/ticket_purchase", {
        headers: idem(),
        token: p.otherSupplier.token,
        body: { quantity: 1 },
      });
      return { path: `/api/billing/invoice/${res.body.invoiceId}/pdf` };
    },
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "GET /api/owner/invoice/{invoiceId}/pdf",
    name: "the operator downloads any invoice",
    request: async (p) => {
      const res = await api("POST", "/api/billing/ticket_purchase", {
        headers: idem(),
        token: p.otherSupplier.token,
        body: { quantity: 1 },
      });
      return { path: `/api/owner/invoice/${res.body.invoiceId}/pdf` };
    },
    expect: ownerOnly(200),
  },
  // ---------------------------------------------------------------- public forms (step 7)
  {
    op: "POST /api/document-download",
    request: () => ({
      path: "/api/document-download",
      body: {
        companyName: "株式会社資料請求",
        name: "資料 太郎",
        email: uniqueEmail("lead"),
        role: "BUYER",
        agreeToPrivacy: true,
      },
    }),
    expect: all(201),
  },
  {
    op: "GET /api/document-download/brochure.pdf",
    request: () => ({ path: "/api/document-download/brochure.pdf" }),
    expect: all(200),
  },
  {
    op: "POST /api/support",
    request: () => ({
      path: "/api/support",
      body: {
        category: "サービスについて",
        message: "料金について教えてください。",
        name: "問合 花子",
        email: uniqueEmail("support"),
      },
    }),
    expect: all(201),
  },
  // ---------------------------------------------------------------- owner console (step 6)
  {
    op: "GET /api/owner/dashboard",
    request: () => ({ path: "/api/owner/dashboard" }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/buyer",
    request: () => ({ path: "/api/owner/buyer?keyword=%E7%99%BA%E6%B3%A8&status=ACTIVE&sort=name" }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/buyer/{companyId}",
    request: (p) => ({ path: `/api/owner/buyer/${p.buyerAdmin.companyId}` }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/oem",
    request: () => ({ path: "/api/owner/oem?paymentStatus=OEM_PAID" }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/oem/{companyId}",
    request: (p) => ({ path: `/api/owner/oem/${p.paidSupplier.companyId}` }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/oem-detail/{companyId}",
    request: (p) => ({ path: `/api/owner/oem-detail/${p.paidSupplier.companyId}` }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/contact",
    request: () => ({ path: "/api/owner/contact?type=BULK" }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/contact/{contactId}",
    request: async (p) => ({ path: `/api/owner/contact/${await nominate(p, "buyerAdmin", "paidSupplier")}` }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/contact/bulk",
    request: () => ({ path: "/api/owner/contact/bulk?status=REVIEW" }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/contact/bulk/{contactId}",
    request: async (p) => {
      const res = await api("POST", "/api/contact/create", {
        headers: idem(),
        token: p.buyerAdmin.token,
        body: inquiryBody(),
      });
      return { path: `/api/owner/contact/bulk/${res.body.id}` };
    },
    expect: ownerOnly(200),
  },
  {
    op: "PUT /api/owner/contact/bulk/{contactId}",
    name: "approve a fresh bulk inquiry under review",
    request: async (p) => {
      const res = await api("POST", "/api/contact/create", {
        headers: idem(),
        token: p.buyerAdmin.token,
        body: inquiryBody(),
      });
      return { path: `/api/owner/contact/bulk/${res.body.id}`, body: { action: "APPROVE" } };
    },
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/contact/nomination",
    request: () => ({ path: "/api/owner/contact/nomination" }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/contact/nomination/{contactId}",
    request: async (p) => ({
      path: `/api/owner/contact/nomination/${await nominate(p, "buyerAdmin", "paidSupplier")}`,
    }),
    expect: ownerOnly(200),
  },
  {
    op: "PUT /api/owner/contact/nomination/{contactId}",
    name: "close a fresh nomination",
    request: async (p) => ({
      path: `/api/owner/contact/nomination/${await nominate(p, "buyerAdmin", "paidSupplier")}`,
      body: { action: "CLOSE" },
    }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/contact/common",
    request: () => ({ path: "/api/owner/contact/common" }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/contact/entry",
    request: () => ({ path: "/api/owner/contact/entry?status=ENTERED" }),
    expect: ownerOnly(200),
  },
  {
    op: "PUT /api/owner/contact/entry/{contactId}",
    name: "shortlist a fresh entry of the paid supplier",
    request: async (p) => {
      const inquiryId = await nominate(p, "buyerAdmin", "paidSupplier");
      const entry = await api(
        "POST",
        `/api/oem/company/${p.paidSupplier.companyId}/contact/${inquiryId}/entries`,
        {
          token: p.paidSupplier.token,
          body: { message: "対応可能です" },
        },
      );
      return {
        path: `/api/owner/contact/entry/${inquiryId}`,
        body: { entryId: entry.body.id, status: "SHORTLISTED" },
      };
    },
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/news",
    request: () => ({ path: "/api/owner/news?status=PUBLISHED" }),
    expect: ownerOnly(200),
  },
  {
    op: "POST /api/owner/news",
    request: () => ({
      path: "/api/owner/news",
      body: { title: "権限確認のお知らせ", body: "本文", audience: "SUPPLIER", status: "DRAFT" },
    }),
    expect: ownerOnly(201),
  },
  {
    op: "GET /api/owner/news/{newsId}",
    request: async () => ({ path: `/api/owner/news/${await publishedNewsId()}` }),
    expect: ownerOnly(200),
  },
  {
    op: "PUT /api/owner/news/{newsId}",
    name: "a fresh draft",
    request: async () => {
      const [row] = await db()
        .insert(news)
        .values({ title: "下書き", body: "本文" })
        .returning({ id: news.id });
      return { path: `/api/owner/news/${row!.id}`, body: { title: "修正した下書き" } };
    },
    expect: ownerOnly(200),
  },
  {
    op: "DELETE /api/owner/news/{newsId}",
    name: "a fresh draft",
    request: async () => {
      const [row] = await db()
        .insert(news)
        .values({ title: "削除用", body: "本文" })
        .returning({ id: news.id });
      return { path: `/api/owner/news/${row!.id}` };
    },
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/ticket-purchase",
    request: () => ({ path: "/api/owner/ticket-purchase?status=PENDING" }),
    expect: ownerOnly(200),
  },
  {
    op: "POST /api/owner/ticket-purchase",
    name: "grant tickets to a fresh supplier",
    request: async () => ({
      path: "/api/owner/ticket-purchase",
      body: { companyId: (await registerAccount("SUPPLIER")).companyId, quantity: 2, note: "権限確認" },
    }),
    expect: ownerOnly(201),
  },
  {
    op: "GET /api/owner/ticket-purchase/{ticketPurchaseId}",
    request: async (p) => {
      const res = await api("POST", "/api/billing/ticket_purchase", {
        headers: idem(),
        token: p.otherSupplier.token,
        body: { quantity: 1 },
      });
      return { path: `/api/owner/ticket-purchase/${res.body.id}` };
    },
    expect: ownerOnly(200),
  },
  {
    op: "PUT /api/owner/ticket-purchase/{ticketPurchaseId}",
    name: "confirm the payment of a fresh supplier's purchase",
    request: async () => {
      const s = await registerAccount("SUPPLIER");
      const res = await api("POST", "/api/billing/ticket_purchase", {
        headers: idem(),
        token: s.token,
        body: { quantity: 5 },
      });
      return { path: `/api/owner/ticket-purchase/${res.body.id}`, body: { action: "CONFIRM_PAYMENT" } };
    },
    expect: ownerOnly(200),
  },
  {
    op: "DELETE /api/owner/ticket-purchase/{ticketPurchaseId}",
    name: "cancel a fresh supplier's pending purchase",
    request: async () => {
      const s = await registerAccount("SUPPLIER");
      const res = await api("POST", "/api/billing/ticket_purchase", {
        headers: idem(),
        token: s.token,
        body: { quantity: 1 },
      });
      return { path: `/api/owner/ticket-purchase/${res.body.id}` };
    },
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/ticket-usage",
    request: () => ({ path: "/api/owner/ticket-usage?refunded=false" }),
    expect: ownerOnly(200),
  },
  {
    op: "DELETE /api/owner/ticket-usage/{ticketUsageId}",
    name: "refund a fresh supplier's usage",
    request: async (p) => {
      const s = await registerVerified("SUPPLIER");
      const inquiry = await api("POST", "/api/contact/create", {
        headers: idem(),
        token: p.buyerAdmin.token,
        body: inquiryBody({ type: "NOMINATION", nominatedCompanyId: s.companyId }),
      });
      await creditTickets(s.companyId, 1);
      const usage = await api("POST", "/api/billing/ticket_usage", {
        token: s.token,
        body: { contactId: inquiry.body.id },
      });
      return { path: `/api/owner/ticket-usage/${usage.body.id}` };
    },
    expect: ownerOnly(200),
  },
  {
    op: "PUT /api/owner/plan-contract/{companyId}",
    name: "activate a fresh supplier's application",
    request: async () => {
      const s = await registerAccount("SUPPLIER");
      await api("POST", "/api/billing/plan_contract/waiting", { headers: idem(), token: s.token, body: {} });
      return { path: `/api/owner/plan-contract/${s.companyId}`, body: { action: "ACTIVATE" } };
    },
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/plan-contract-waiting",
    request: () => ({ path: "/api/owner/plan-contract-waiting" }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/outbox",
    request: () => ({ path: "/api/owner/outbox?status=PENDING" }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/outbox/{id}",
    request: async (p) => {
      const list = await api("GET", "/api/owner/outbox?perPage=1", { token: p.owner.token });
      return { path: `/api/owner/outbox/${list.body.items[0].id}` };
    },
    expect: ownerOnly(200),
  },
  {
    op: "POST /api/owner/outbox/{id}/resend",
    name: "a fresh failed email",
    request: async () => {
      const { emailOutbox } = await import("@/server/db/schema");
      const [row] = await db()
        .insert(emailOutbox)
        .values({
          template: "test",
          toAddress: uniqueEmail("bounce"),
          subject: "件名",
          textBody: "本文",
          status: "FAILED",
        })
        .returning({ id: emailOutbox.id });
      return { path: `/api/owner/outbox/${row!.id}/resend` };
    },
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/audit-log",
    request: () => ({ path: "/api/owner/audit-log?targetType=inquiry" }),
    expect: ownerOnly(200),
  },
  { op: "GET /api/owner/leads", request: () => ({ path: "/api/owner/leads" }), expect: ownerOnly(200) },
  {
    op: "GET /api/owner/support-requests",
    request: () => ({ path: "/api/owner/support-requests" }),
    expect: ownerOnly(200),
  },
  {
    op: "PUT /api/owner/support-requests/{id}",
    name: "a fresh support request",
    request: async () => {
      const { supportRequests } = await import("@/server/db/schema");
      const [row] = await db()
        .insert(supportRequests)
        .values({ category: "その他", message: "本文", name: "送信 太郎", email: uniqueEmail("support") })
        .returning({ id: supportRequests.id });
      return { path: `/api/owner/support-requests/${row!.id}`, body: { status: "IN_PROGRESS" } };
    },
    expect: ownerOnly(200),
  },
  { op: "GET /api/owner/test", request: () => ({ path: "/api/owner/test" }), expect: ownerOnly(200) },
  {
    op: "GET /api/owner/test-list",
    request: () => ({ path: "/api/owner/test-list" }),
    expect: ownerOnly(200),
  },
  // ---------------------------------------------------------------- inquiry attachments
  {
    op: "POST /api/attachment/upload",
    name: "buyers for their inquiries, suppliers for their entries",
    request: () => ({ path: "/api/attachment/upload", body: attachmentForm() }),
    expect: members(201),
  },
  {
    op: "GET /api/attachment/{id}",
    name: "the buyer's own attachment",
    request: async (p) => ({ path: `/api/attachment/${await buyerAttachment(p, "own")}` }),
    expect: { ...onlyCompanyOf("buyerAdmin", 200), buyerGeneral: 200 },
  },
  {
    op: "GET /api/attachment/{id}",
    name: "attached to a nomination of the free supplier",
    request: async (p) => ({ path: `/api/attachment/${await buyerAttachment(p, "nominated")}` }),
    expect: { ...onlyCompanyOf("buyerAdmin", 200), buyerGeneral: 200, freeSupplier: 200 },
  },
  {
    op: "GET /api/attachment/{id}",
    name: "attached by the paid supplier to its entry on the buyer's nomination",
    request: async (p) => {
      const file = await api("POST", "/api/attachment/upload", {
        token: p.paidSupplier.token,
        body: attachmentForm(),
      });
      const inquiryId = await nominate(p, "buyerAdmin", "paidSupplier");
      const entry = await api(
        "POST",
        `/api/oem/company/${p.paidSupplier.companyId}/contact/${inquiryId}/entries`,
        {
          token: p.paidSupplier.token,
          body: { message: "見積書を添付します。", attachmentIds: [file.body.id] },
        },
      );
      if (entry.status !== 201)
        throw new Error(`entry failed: ${entry.status} ${JSON.stringify(entry.body)}`);
      return { path: `/api/attachment/${file.body.id}` };
    },
    expect: { ...onlyCompanyOf("buyerAdmin", 200), buyerGeneral: 200, paidSupplier: 200 },
  },
  // Last: it gives buyers a supplier company (on a fresh session, so the personas keep theirs).
  {
    op: "POST /api/oem/additional-register",
    request: async (p, a) => ({
      path: "/api/oem/additional-register",
      token: await freshUserToken(p, a),
      body: { name: "追加登録工業株式会社", personName: "追加 太郎" },
    }),
    expect: {
      anonymous: 401,
      owner: 403,
      buyerAdmin: 201,
      buyerGeneral: 201,
      otherBuyer: 201,
      freeSupplier: 409,
      paidSupplier: 409,
      otherSupplier: 409,
    },
  },
];
