import { randomUUID } from "node:crypto";
import { todayInJapan } from "@/lib/japan-time";
import type { ActorName, Personas } from "../../factories/actors";
import { insertCertification } from "../../factories/certification-rows";
import type { MatrixCase } from "./matrix";
import { ownerOnly } from "./matrix-helpers";

// The console's review of supplier certificates and the operator's additions to the capability
// lists (tests/api/owner-certifications.test.ts, owner-master-data.test.ts): only the operator;
// members get 403, nobody signed in 401. Each successful review is tried on a certificate of its
// own, so the cases do not depend on their order.

const REASON = "権限の確認のための差し戻しです";
const base = "/api/owner/certifications";

/** A certificate of the paid supplier in the given state, made for this call. */
async function certificate(
  p: Personas,
  row: Parameters<typeof insertCertification>[1] = {},
): Promise<string> {
  return (await insertCertification(p.paidSupplier.companyId!, row)).id;
}

/** Members are refused before the certificate is looked at: only the operator's call needs a real one. */
const forOwner = async (actor: ActorName, make: () => Promise<string>) =>
  actor === "owner" ? make() : randomUUID();

const yesterday = () => todayInJapan(new Date(Date.now() - 86_400_000));
const unique = (word: string) => `${word}${randomUUID().slice(0, 8)}`;

export const certificationConsoleMatrix: MatrixCase[] = [
  {
    op: "GET /api/owner/certifications",
    request: () => ({ path: `${base}?perPage=5` }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/certifications",
    name: "the verified tab of one company",
    request: (p) => ({ path: `${base}?status=VERIFIED&companyId=${p.paidSupplier.companyId}` }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/certifications",
    name: "an unknown status",
    request: () => ({ path: `${base}?status=EXPIRED` }),
    expect: ownerOnly(422),
  },
  {
    op: "GET /api/owner/certifications/{certificationId}",
    request: async (p, actor) => ({ path: `${base}/${await forOwner(actor, () => certificate(p))}` }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/certifications/{certificationId}",
    name: "an unknown certificate",
    request: () => ({ path: `${base}/${randomUUID()}` }),
    expect: ownerOnly(404),
  },
  {
    op: "GET /api/owner/certifications/{certificationId}/document",
    request: async (p, actor) => ({
      path: `${base}/${await forOwner(actor, () => certificate(p))}/document`,
    }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/certifications/{certificationId}/document",
    name: "an unknown certificate",
    request: () => ({ path: `${base}/${randomUUID()}/document` }),
    expect: ownerOnly(404),
  },
  {
    op: "POST /api/owner/certifications/{certificationId}/verify",
    request: async (p, actor) => ({
      path: `${base}/${await forOwner(actor, () => certificate(p, { type: "iso-22716" }))}/verify`,
    }),
    expect: ownerOnly(200),
  },
  {
    op: "POST /api/owner/certifications/{certificationId}/verify",
    name: "a certificate past its last valid day",
    request: async (p, actor) => ({
      path: `${base}/${await forOwner(actor, () => certificate(p, { expiresOn: yesterday() }))}/verify`,
    }),
    expect: ownerOnly(400),
  },
  {
    op: "POST /api/owner/certifications/{certificationId}/verify",
    name: "a certificate verified already",
    request: async (p, actor) => ({
      path: `${base}/${await forOwner(actor, () => certificate(p, { status: "VERIFIED" }))}/verify`,
    }),
    expect: ownerOnly(409),
  },
  {
    op: "POST /api/owner/certifications/{certificationId}/reject",
    request: async (p, actor) => ({
      path: `${base}/${await forOwner(actor, () => certificate(p))}/reject`,
      body: { reason: REASON },
    }),
    expect: ownerOnly(200),
  },
  {
    op: "POST /api/owner/certifications/{certificationId}/reject",
    name: "a reason under 5 characters",
    request: async (p, actor) => ({
      path: `${base}/${await forOwner(actor, () => certificate(p))}/reject`,
      body: { reason: "不可" },
    }),
    expect: ownerOnly(422),
  },
  {
    op: "POST /api/owner/certifications/{certificationId}/reject",
    name: "a certificate rejected already",
    request: async (p, actor) => ({
      path: `${base}/${await forOwner(actor, () => certificate(p, { status: "REJECTED" }))}/reject`,
      body: { reason: REASON },
    }),
    expect: ownerOnly(409),
  },
  {
    op: "POST /api/owner/certifications/{certificationId}/reject",
    name: "an unknown certificate",
    request: () => ({ path: `${base}/${randomUUID()}/reject`, body: { reason: REASON } }),
    expect: ownerOnly(404),
  },
  {
    op: "POST /api/owner/master-data/processes",
    request: () => ({ path: "/api/owner/master-data/processes", body: { name: unique("権限確認加工") } }),
    expect: ownerOnly(201),
  },
  {
    op: "POST /api/owner/master-data/processes",
    name: "a name listed already",
    request: () => ({ path: "/api/owner/master-data/processes", body: { name: "充填" } }),
    expect: ownerOnly(409),
  },
  {
    op: "POST /api/owner/master-data/materials",
    request: () => ({ path: "/api/owner/master-data/materials", body: { name: unique("権限確認素材") } }),
    expect: ownerOnly(201),
  },
  {
    op: "POST /api/owner/master-data/certification-types",
    request: () => ({
      path: "/api/owner/master-data/certification-types",
      body: { name: unique("権限確認許可"), kind: "LICENSE" },
    }),
    expect: ownerOnly(201),
  },
  {
    op: "POST /api/owner/master-data/certification-types",
    name: "without a kind",
    request: () => ({
      path: "/api/owner/master-data/certification-types",
      body: { name: unique("権限確認認証") },
    }),
    expect: ownerOnly(422),
  },
];
