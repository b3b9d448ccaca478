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
const members = (member: number): Record<ActorName, number> => ({
  ...all(member),
  anonymous: 401,
  owner: 403,
});
const ownerOnly = (ok: number): Record<ActorName, number> => ({ ...all(403), anonymous: 401, owner: ok });

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
  // ---------------------------------------------------------------- account
  { op: "GET /api/account/me", request: () => ({ path: "/api/account/me" }), expect: members(200) },
  {
    op: "GET /api/account/owner-me",
    request: () => ({ path: "/api/account/owner-me" }),
    expect: ownerOnly(200),
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
