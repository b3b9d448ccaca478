import { randomUUID } from "node:crypto";
import type { ActorName, Personas } from "../../factories/actors";
import { api } from "../../factories/http";
import { throwaway } from "../fuzz/context";
import type { MatrixCase } from "./matrix";
import { ownerOnly } from "./matrix-helpers";

// The console's abuse signals and the stop on a buyer's nominations (tests/api/owner-trust.test.ts):
// only the operator; members get 403, nobody signed in 401. The stop is tried on buyers of its own,
// so the shared personas keep sending nominations.

const REASON = "権限の確認のため（指名での依頼の停止）";

/** A buyer company made for this call: the shared buyers must stay free to nominate. */
async function freshBuyer(): Promise<string> {
  return (await throwaway("BUYER")).companyId!;
}

/** A buyer company whose nominations the operator has just stopped. */
async function suspendedBuyer(p: Personas): Promise<string> {
  const companyId = await freshBuyer();
  const res = await api("POST", `/api/owner/buyer/${companyId}/nomination-suspension`, {
    token: p.owner.token,
    body: { reason: REASON },
  });
  if (res.status !== 200) throw new Error(`suspend failed: ${res.status} ${JSON.stringify(res.body)}`);
  return companyId;
}

/** Members are refused before the company is looked at: only the operator's call needs a real one. */
const forOwner = async (actor: ActorName, make: () => Promise<string>) =>
  actor === "owner" ? make() : randomUUID();

export const trustConsoleMatrix: MatrixCase[] = [
  {
    op: "GET /api/owner/trust-signals",
    request: () => ({ path: "/api/owner/trust-signals" }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/trust-signals/buyers",
    request: () => ({ path: "/api/owner/trust-signals/buyers?signal=refunds&perPage=5" }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/trust-signals/buyers",
    name: "an unknown signal",
    request: () => ({ path: "/api/owner/trust-signals/buyers?signal=all" }),
    expect: ownerOnly(422),
  },
  {
    op: "GET /api/owner/trust-signals/suppliers",
    request: () => ({ path: "/api/owner/trust-signals/suppliers?page=2" }),
    expect: ownerOnly(200),
  },
  {
    op: "POST /api/owner/buyer/{companyId}/nomination-suspension",
    request: async (_p, actor) => ({
      path: `/api/owner/buyer/${await forOwner(actor, freshBuyer)}/nomination-suspension`,
      body: { reason: REASON },
    }),
    expect: ownerOnly(200),
  },
  {
    op: "POST /api/owner/buyer/{companyId}/nomination-suspension",
    name: "a supplier company",
    request: (p) => ({
      path: `/api/owner/buyer/${p.paidSupplier.companyId}/nomination-suspension`,
      body: { reason: REASON },
    }),
    expect: ownerOnly(404),
  },
  {
    op: "POST /api/owner/buyer/{companyId}/nomination-suspension",
    name: "a reason under 10 characters",
    request: (p) => ({
      path: `/api/owner/buyer/${p.otherBuyer.companyId}/nomination-suspension`,
      body: { reason: "短い理由" },
    }),
    expect: ownerOnly(422),
  },
  {
    op: "DELETE /api/owner/buyer/{companyId}/nomination-suspension",
    request: async (p, actor) => ({
      path: `/api/owner/buyer/${await forOwner(actor, () => suspendedBuyer(p))}/nomination-suspension`,
    }),
    expect: ownerOnly(200),
  },
  {
    op: "DELETE /api/owner/buyer/{companyId}/nomination-suspension",
    name: "a buyer whose nominations are not stopped",
    request: (p) => ({ path: `/api/owner/buyer/${p.otherBuyer.companyId}/nomination-suspension` }),
    expect: ownerOnly(409),
  },
];
