import { openThread } from "@/modules/deals/thread.repository";
import { db } from "@/server/db/client";
import type { Account } from "../../factories/accounts";
import type { ActorName, Personas } from "../../factories/actors";
import { openDealThread } from "../../factories/deals";
import { api } from "../../factories/http";
import type { MatrixCase } from "./matrix";
import { onlyCompanyOf, ownCompany } from "./matrix-helpers";

// The deal room's rows of the authorization matrix (quotes, decisions, comparison).
// The shared thread is between buyerAdmin's company and paidSupplier (a nomination); a call that
// changes a thread for good (award, decline, 辞退) gets a fresh thread for each persona it succeeds for.

const quoteBody = {
  tiers: [{ quantity: 1000, unitPriceYen: 500 }],
  leadTimeDays: 30,
  paymentTerms: "月末締め翌月末払い",
};

const account = (p: Personas, actor: ActorName) => p[actor] as Account;

async function quotedThread(p: Personas): Promise<{ inquiryId: string; threadId: string }> {
  const t = await openDealThread(account(p, "buyerAdmin"), account(p, "paidSupplier"));
  const res = await api("PUT", `/api/deals/company/${p.paidSupplier.companyId}/threads/${t.threadId}/quote`, {
    token: p.paidSupplier.token,
    body: quoteBody,
  });
  if (res.status !== 201) throw new Error(`quote failed: ${res.status} ${JSON.stringify(res.body)}`);
  return t;
}

const shared = new WeakMap<Personas, Promise<{ inquiryId: string; threadId: string }>>();

/**
 * The quoted thread of buyerAdmin × paidSupplier, made once per Personas. otherSupplier competes on
 * the same inquiry with a quoted thread of its own (issue 33, item 26): its 404s on the rows below
 * are those of a deal-room member, not of a supplier without any thread.
 */
function sharedThread(p: Personas) {
  let t = shared.get(p);
  if (!t) {
    t = quotedThread(p).then(async (q) => {
      const { thread } = await openThread(db(), {
        inquiryId: q.inquiryId,
        buyerCompanyId: p.buyerAdmin.companyId!,
        supplierCompanyId: p.otherSupplier.companyId!,
      });
      const res = await api(
        "PUT",
        `/api/deals/company/${p.otherSupplier.companyId}/threads/${thread.id}/quote`,
        {
          token: p.otherSupplier.token,
          body: quoteBody,
        },
      );
      if (res.status !== 201)
        throw new Error(`rival quote failed: ${res.status} ${JSON.stringify(res.body)}`);
      return q;
    });
    shared.set(p, t);
  }
  return t;
}

/** A fresh quoted thread for the personas a destructive call succeeds for, the shared one for the rest. */
async function threadFor(p: Personas, actor: ActorName, succeeds: ActorName[]) {
  return succeeds.includes(actor) ? quotedThread(p) : sharedThread(p);
}

const BUYERS: ActorName[] = ["buyerAdmin", "buyerGeneral"];
/** Both sides of the shared thread: the buyer company's members and the supplier. */
const bothSides = (ok: number) => ({
  ...onlyCompanyOf("buyerAdmin", ok),
  buyerGeneral: ok,
  paidSupplier: ok,
});
const buyerSide = (ok: number) => ({ ...onlyCompanyOf("buyerAdmin", ok), buyerGeneral: ok });
const base = (p: Personas, actor: ActorName) => `/api/deals/company/${ownCompany(p, actor)}`;

export const dealQuoteMatrix: MatrixCase[] = [
  {
    op: "PUT /api/deals/company/{companyId}/threads/{threadId}/quote",
    request: async (p, actor) => ({
      path: `${base(p, actor)}/threads/${(await sharedThread(p)).threadId}/quote`,
      body: quoteBody,
    }),
    expect: onlyCompanyOf("paidSupplier", 201),
  },
  {
    op: "GET /api/deals/company/{companyId}/threads/{threadId}/quote/versions",
    request: async (p, actor) => ({
      path: `${base(p, actor)}/threads/${(await sharedThread(p)).threadId}/quote/versions`,
    }),
    expect: bothSides(200),
  },
  {
    op: "POST /api/deals/company/{companyId}/threads/{threadId}/no-quote",
    request: async (p, actor) => ({
      path: `${base(p, actor)}/threads/${(await threadFor(p, actor, ["paidSupplier"])).threadId}/no-quote`,
      body: { reason: "CAPACITY" },
    }),
    expect: onlyCompanyOf("paidSupplier", 200),
  },
  {
    op: "POST /api/deals/company/{companyId}/threads/{threadId}/award",
    request: async (p, actor) => ({
      path: `${base(p, actor)}/threads/${(await threadFor(p, actor, BUYERS)).threadId}/award`,
      body: { version: 1 },
    }),
    // Award binds the company: ADMINs decide, a GENERAL member asks them (issue 33 #8).
    expect: { ...onlyCompanyOf("buyerAdmin", 200), buyerGeneral: 403 },
  },
  {
    op: "POST /api/deals/company/{companyId}/threads/{threadId}/award-request",
    request: async (p, actor) => ({
      // A fresh quoted thread (version 1) for the buyers: the shared one is revised by the quote row.
      path: `${base(p, actor)}/threads/${(await threadFor(p, actor, BUYERS)).threadId}/award-request`,
      body: { version: 1 },
    }),
    expect: buyerSide(200),
  },
  {
    op: "POST /api/deals/company/{companyId}/threads/{threadId}/decline",
    request: async (p, actor) => ({
      path: `${base(p, actor)}/threads/${(await threadFor(p, actor, BUYERS)).threadId}/decline`,
      body: { reason: "PRICE" },
    }),
    expect: buyerSide(200),
  },
  {
    op: "POST /api/deals/company/{companyId}/inquiries/{inquiryId}/decline-others",
    request: async (p, actor) => ({
      path: `${base(p, actor)}/inquiries/${(await threadFor(p, actor, BUYERS)).inquiryId}/decline-others`,
      // 「案件を終了」: without an award, only ending the inquiry declines everyone (issue 33 #5).
      body: { reason: "PROJECT_CANCELLED" },
    }),
    expect: { ...onlyCompanyOf("buyerAdmin", 200), buyerGeneral: 403 },
  },
  {
    op: "GET /api/deals/company/{companyId}/inquiries/{inquiryId}/comparison",
    request: async (p, actor) => ({
      path: `${base(p, actor)}/inquiries/${(await sharedThread(p)).inquiryId}/comparison`,
    }),
    expect: buyerSide(200),
  },
  {
    op: "GET /api/deals/company/{companyId}/inquiries/{inquiryId}/comparison.csv",
    request: async (p, actor) => ({
      path: `${base(p, actor)}/inquiries/${(await sharedThread(p)).inquiryId}/comparison.csv`,
    }),
    expect: buyerSide(200),
  },
];
