import { randomUUID } from "node:crypto";
import type { Account } from "../../factories/accounts";
import type { ActorName, Personas } from "../../factories/actors";
import { openDealThread } from "../../factories/deals";
import { api } from "../../factories/http";
import type { MatrixCase } from "./matrix";
import { ownerOnly } from "./matrix-helpers";

// The deal room's rows of the authorization matrix (console): only the operator, members get 403.

const asAccount = (p: Personas, actor: ActorName) => p[actor] as Account;

const shared = new WeakMap<Personas, Promise<{ inquiryId: string; threadId: string }>>();
/** A thread between the buyer and the paid supplier on a nomination, made once per personas. */
function sharedThread(p: Personas) {
  if (!shared.has(p)) shared.set(p, openDealThread(asAccount(p, "buyerAdmin"), asAccount(p, "paidSupplier")));
  return shared.get(p)!;
}

/** A message of the paid supplier, reported by the buyer: a fresh open report per call (through the members' API). */
async function reportedMessage(p: Personas): Promise<string> {
  const { threadId } = await sharedThread(p);
  const posted = await api(
    "POST",
    `/api/deals/company/${p.paidSupplier.companyId}/threads/${threadId}/messages`,
    {
      token: p.paidSupplier.token,
      body: { body: "通報される予定のメッセージです。" },
    },
  );
  if (posted.status !== 201)
    throw new Error(`post message failed: ${posted.status} ${JSON.stringify(posted.body)}`);
  const reported = await api(
    "POST",
    `/api/deals/company/${p.buyerAdmin.companyId}/messages/${posted.body.id}/report`,
    { token: p.buyerAdmin.token, body: { reason: "不適切な表現が含まれています" } },
  );
  if (reported.status >= 300)
    throw new Error(`report failed: ${reported.status} ${JSON.stringify(reported.body)}`);
  return posted.body.id;
}

export const dealConsoleMatrix: MatrixCase[] = [
  {
    op: "GET /api/owner/contact/{contactId}/deal-threads",
    request: async (p) => ({ path: `/api/owner/contact/${(await sharedThread(p)).inquiryId}/deal-threads` }),
    expect: ownerOnly(200),
  },
  {
    op: "GET /api/owner/contact/{contactId}/deal-threads",
    name: "an inquiry that does not exist",
    request: () => ({ path: `/api/owner/contact/${randomUUID()}/deal-threads` }),
    expect: ownerOnly(404),
  },
  {
    op: "POST /api/owner/deal-threads/{threadId}/read",
    request: async (p) => ({
      path: `/api/owner/deal-threads/${(await sharedThread(p)).threadId}/read`,
      body: { reason: "通報の内容を確認するため（権限の確認）" },
    }),
    expect: ownerOnly(200),
  },
  {
    op: "POST /api/owner/deal-threads/{threadId}/read",
    name: "without a reason",
    request: async (p) => ({
      path: `/api/owner/deal-threads/${(await sharedThread(p)).threadId}/read`,
      body: {},
    }),
    expect: ownerOnly(422),
  },
  {
    op: "GET /api/owner/deal-reports",
    request: () => ({ path: "/api/owner/deal-reports?status=open" }),
    expect: ownerOnly(200),
  },
  {
    op: "POST /api/owner/deal-reports/{messageId}/resolve",
    request: async (p, actor) => ({
      // Members are refused before the message is looked at: only the operator's call needs a report.
      path: `/api/owner/deal-reports/${actor === "owner" ? await reportedMessage(p) : randomUUID()}/resolve`,
      body: { note: "会員に注意喚起のメールを送りました" },
    }),
    expect: ownerOnly(200),
  },
];
