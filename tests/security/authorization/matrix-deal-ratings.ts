import type { Account } from "../../factories/accounts";
import type { ActorName, Personas } from "../../factories/actors";
import { openDealThread } from "../../factories/deals";
import { api } from "../../factories/http";
import type { MatrixCase } from "./matrix";
import { onlyCompanyOf, ownCompany } from "./matrix-helpers";

// The ratings' rows of the authorization matrix (issue 19): either side of an awarded thread may read
// its ratings and rate once. Threads are between buyerAdmin's company and paidSupplier (a nomination);
// rating uses a thread up for its side, so each persona a rating succeeds for gets a fresh one.

const account = (p: Personas, actor: ActorName) => p[actor] as Account;
const base = (p: Personas, actor: ActorName) => `/api/deals/company/${ownCompany(p, actor)}`;
const RATING = { communication: 4, accuracy: 5, speed: 4, comment: "丁寧なご対応でした。" };

async function ok(res: Promise<{ status: number; body: unknown }>, status: number, what: string) {
  const r = await res;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
}

/** A nomination's thread of buyerAdmin × paidSupplier, quoted, and awarded unless `award` is false. */
async function dealThread(p: Personas, award = true): Promise<string> {
  const { threadId } = await openDealThread(account(p, "buyerAdmin"), account(p, "paidSupplier"));
  const thread = (who: ActorName) => `/api/deals/company/${p[who].companyId}/threads/${threadId}`;
  await ok(
    api("PUT", `${thread("paidSupplier")}/quote`, {
      token: p.paidSupplier.token,
      body: { tiers: [{ quantity: 1000, unitPriceYen: 500 }], leadTimeDays: 30, paymentTerms: "前払い" },
    }),
    201,
    "quote",
  );
  if (award)
    await ok(
      api("POST", `${thread("buyerAdmin")}/award`, { token: p.buyerAdmin.token, body: { version: 1 } }),
      200,
      "award",
    );
  return threadId;
}

function once<T>(make: (p: Personas) => Promise<T>) {
  const made = new WeakMap<Personas, Promise<T>>();
  return (p: Personas) => {
    let t = made.get(p);
    if (!t) {
      t = make(p);
      made.set(p, t);
    }
    return t;
  };
}

/** The awarded thread the reads and the refusals use, made once per Personas. */
const sharedAwarded = once((p) => dealThread(p));
/** An awarded thread both sides already rated. */
const ratedByBoth = once(async (p) => {
  const threadId = await dealThread(p);
  for (const who of ["buyerAdmin", "paidSupplier"] as const)
    await ok(
      api("POST", `/api/deals/company/${p[who].companyId}/threads/${threadId}/rating`, {
        token: p[who].token,
        body: RATING,
      }),
      201,
      "rating",
    );
  return threadId;
});
/** A quoted thread with no decision yet. */
const notAwarded = once((p) => dealThread(p, false));

const RATERS: ActorName[] = ["buyerAdmin", "buyerGeneral", "paidSupplier"];
/** Both sides of the threads: the buyer company's members and the supplier. */
const bothSides = (ok: number) => ({
  ...onlyCompanyOf("buyerAdmin", ok),
  buyerGeneral: ok,
  paidSupplier: ok,
});

export const dealRatingMatrix: MatrixCase[] = [
  {
    op: "GET /api/deals/company/{companyId}/threads/{threadId}/rating",
    request: async (p, actor) => ({ path: `${base(p, actor)}/threads/${await sharedAwarded(p)}/rating` }),
    expect: bothSides(200),
  },
  {
    op: "POST /api/deals/company/{companyId}/threads/{threadId}/rating",
    request: async (p, actor) => ({
      path: `${base(p, actor)}/threads/${RATERS.includes(actor) ? await dealThread(p) : await sharedAwarded(p)}/rating`,
      body: RATING,
    }),
    expect: bothSides(201),
  },
  {
    op: "POST /api/deals/company/{companyId}/threads/{threadId}/rating",
    name: "already rated by both sides",
    request: async (p, actor) => ({
      path: `${base(p, actor)}/threads/${await ratedByBoth(p)}/rating`,
      body: RATING,
    }),
    expect: bothSides(409),
  },
  {
    op: "POST /api/deals/company/{companyId}/threads/{threadId}/rating",
    name: "a thread not awarded",
    request: async (p, actor) => ({
      path: `${base(p, actor)}/threads/${await notAwarded(p)}/rating`,
      body: RATING,
    }),
    expect: bothSides(409),
  },
];
