import sharp from "sharp";
import { PASSWORD, registrationBody, uniqueEmail } from "../../factories/accounts";
import type { ActorName, Personas } from "../../factories/actors";
import { api } from "../../factories/http";

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
}

export interface MatrixCase {
  /** "METHOD /api/path/{param}" exactly as in the OpenAPI document. */
  op: string;
  name?: string;
  request: (p: Personas, actor: ActorName) => MatrixRequest | Promise<MatrixRequest>;
  expect: Record<ActorName, number>;
}

const all = (status: number): Record<ActorName, number> => ({
  anonymous: status,
  buyerAdmin: status,
  buyerGeneral: status,
  otherBuyer: status,
  freeSupplier: status,
  paidSupplier: status,
  otherSupplier: status,
  owner: status,
});

/** Any signed-in company member gets `member`; the operator 403; nobody signed in 401. */
/** A company-scoped call on `owner`'s company: only its members get `ok`, other members 404. */
const onlyCompanyOf = (ownerOfCompany: ActorName, ok: number, others = 404): Record<ActorName, number> => ({
  ...all(others),
  anonymous: 401,
  owner: 403,
  [ownerOfCompany]: ok,
});

/** The persona's own company; personas without one (anonymous, operator) use the buyer's. */
const ownCompany = (p: Personas, actor: ActorName) => p[actor].companyId ?? p.buyerAdmin.companyId!;

const members = (member: number): Record<ActorName, number> => ({
  ...all(member),
  anonymous: 401,
  owner: 403,
});
const ownerOnly = (ok: number): Record<ActorName, number> => ({ ...all(403), anonymous: 401, owner: ok });

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

export const matrix: MatrixCase[] = [
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
    request: () => ({ path: "/api/auth/register/mail/resent" }),
    expect: members(200),
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
      body: { name: "担当 一郎", department: "営業部" },
    }),
    expect: members(200),
  },
  {
    op: "PUT /api/account/company/{companyId}/profile/update",
    name: "another buyer's company",
    request: (p) => ({
      path: `/api/account/company/${p.otherBuyer.companyId}/profile/update`,
      body: { name: "侵入 者" },
    }),
    expect: onlyCompanyOf("otherBuyer", 200),
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
  { op: "GET /api/prefectures", request: () => ({ path: "/api/prefectures" }), expect: all(200) },
  { op: "GET /api/categories", request: () => ({ path: "/api/categories" }), expect: all(200) },
  { op: "GET /api/features", request: () => ({ path: "/api/features" }), expect: all(200) },
  { op: "GET /api/reason", request: () => ({ path: "/api/reason?audience=SUPPLIER" }), expect: all(200) },
  {
    op: "POST /api/password/email",
    request: () => ({ path: "/api/password/email", body: { email: uniqueEmail() } }),
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
];
