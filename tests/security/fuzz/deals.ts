import fc from "fast-check";
import type { Persona, Personas } from "../../factories/actors";
import { api, idem } from "../../factories/http";
import { inquiryBody } from "../../factories/inquiries";
import { isoDate } from "./generate";
import type { Operation } from "./requests";

// The deal room's part of the fuzzer: the rows its operations point at (threads between the buyer
// and the paid supplier with messages of both sides, files and a quote), and per operation the
// persona and the ids. Operations that use a state up (award, decline, 辞退, resolving a report)
// get rows of their own, made when their plan is drawn, so their order does not matter.

export interface DealFuzzContext {
  /** Threads buyerAdmin ↔ paidSupplier on nominations: open, quoted (version 1), messages of both sides. */
  threadIds: string[];
  inquiryIds: string[];
  buyerMessageIds: string[];
  /** A file the supplier attached in threadIds[0]. */
  attachedFileId: string;
  /** Files the supplier uploaded and attached nowhere (for fileIds of messages and quotes). */
  freeFileIds: string[];
}

async function ok<T = any>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const deal = (p: Persona, method: string, rest: string, body?: unknown) =>
  api(method, `/api/deals/company/${p.companyId}${rest}`, { token: p.token, body });

const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
const QUOTE = {
  tiers: [{ quantity: 1000, unitPriceYen: 320 }],
  leadTimeDays: 30,
  paymentTerms: "月末締め翌月末払い",
};

async function uploadDealFile(supplier: Persona, name: string): Promise<string> {
  const form = new FormData();
  form.set("file", new File([PDF], name, { type: "application/pdf" }));
  return (await ok(deal(supplier, "POST", "/files", form), "deal file")).id;
}

/** A new nomination from the buyer to the paid supplier, its thread opened by the supplier. */
async function freshThread(p: Personas, quoted: boolean): Promise<{ inquiryId: string; threadId: string }> {
  const created = await ok(
    api("POST", "/api/contact/create", {
      headers: idem(),
      token: p.buyerAdmin.token,
      body: inquiryBody({ type: "NOMINATION", nominatedCompanyId: p.paidSupplier.companyId }),
    }),
    "nominate for a thread",
  );
  const thread = await ok(deal(p.paidSupplier, "POST", `/inquiries/${created.id}/thread`), "open thread");
  if (quoted) await ok(deal(p.paidSupplier, "PUT", `/threads/${thread.id}/quote`, QUOTE), "quote");
  return { inquiryId: created.id, threadId: thread.id };
}

export async function createDealContext(p: Personas, nominations: string[]): Promise<DealFuzzContext> {
  const supplier = p.paidSupplier;
  const threadIds: string[] = [];
  const buyerMessageIds: string[] = [];
  let attachedFileId = "";
  for (const [i, inquiryId] of nominations.entries()) {
    const thread = await ok(deal(supplier, "POST", `/inquiries/${inquiryId}/thread`), "open thread");
    threadIds.push(thread.id);
    const fileIds = i === 0 ? [await uploadDealFile(supplier, "仕様書.pdf")] : [];
    if (i === 0) attachedFileId = fileIds[0]!;
    await ok(
      deal(supplier, "POST", `/threads/${thread.id}/messages`, { body: "仕様書をお送りします。", fileIds }),
      "supplier message",
    );
    const fromBuyer = await ok(
      deal(p.buyerAdmin, "POST", `/threads/${thread.id}/messages`, { body: "ありがとうございます。" }),
      "buyer message",
    );
    buyerMessageIds.push(fromBuyer.id);
    await ok(deal(supplier, "PUT", `/threads/${thread.id}/quote`, QUOTE), "quote");
  }
  const freeFileIds: string[] = [];
  for (let i = 0; i < 4; i++) freeFileIds.push(await uploadDealFile(supplier, `図面${i}.pdf`));
  return { threadIds, inquiryIds: nominations, buyerMessageIds, attachedFileId, freeFileIds };
}

const DEAL = "/api/deals/company/{companyId}";
/** Deal operations only the buyer's side may call (the others: the supplier's, or both). */
const BUYER_OPS = [
  `POST ${DEAL}/threads/{threadId}/award`,
  `POST ${DEAL}/threads/{threadId}/award-request`,
  `POST ${DEAL}/threads/{threadId}/decline`,
  `POST ${DEAL}/inquiries/{inquiryId}/decline-others`,
  `GET ${DEAL}/inquiries/{inquiryId}/comparison`,
  `GET ${DEAL}/inquiries/{inquiryId}/comparison.csv`,
];

/** Who calls a deal operation: the buyer for its decisions and comparisons, else the paid supplier. */
export function dealPersona(op: Operation, p: Personas): Persona | undefined {
  if (!op.path.startsWith("/api/deals/")) return undefined;
  return BUYER_OPS.includes(op.id) ? p.buyerAdmin : p.paidSupplier;
}

const pick = <T>(xs: T[]) => fc.constantFrom(...xs);
const idFrom = (xs: string[]): fc.Arbitrary<string> =>
  fc.oneof({ weight: 4, arbitrary: pick(xs) }, { weight: 1, arbitrary: fc.uuid() });

/** The ids and field hints of a deal operation (member or console); rows of its own where it uses them up. */
export async function planDeal(
  op: Operation,
  p: Personas,
  d: DealFuzzContext,
  params: Record<string, fc.Arbitrary<string>>,
  hints: Record<string, fc.Arbitrary<unknown>>,
): Promise<void> {
  const id = op.id;
  if (!id.includes("/deals/") && !id.includes("/deal-threads/") && !id.includes("/deal-reports/")) return;
  params.threadId = idFrom(d.threadIds);
  params.inquiryId = idFrom(d.inquiryIds);
  hints.inquiryId = idFrom(d.inquiryIds);
  hints.fileIds = fc.oneof(
    { weight: 3, arbitrary: fc.constant([]) },
    { weight: 1, arbitrary: fc.subarray(d.freeFileIds, { minLength: 1, maxLength: 2 }) },
  );
  hints.validUntil = fc.integer({ min: 0, max: 90 }).map(isoDate);
  hints.version = fc.oneof(
    { weight: 4, arbitrary: fc.constant(1) },
    { weight: 1, arbitrary: fc.integer({ min: 2, max: 9 }) },
  );

  if (id === `GET ${DEAL}/threads/{threadId}/files/{fileId}`) {
    params.threadId = idFrom([d.threadIds[0]!]);
    params.fileId = idFrom([d.attachedFileId]);
  }
  if (id === `POST ${DEAL}/messages/{messageId}/report`) params.messageId = idFrom(d.buyerMessageIds);

  const fresh = async (n: number, quoted: boolean) => {
    const made = [];
    for (let i = 0; i < n; i++) made.push(await freshThread(p, quoted));
    return made;
  };
  if (
    id === `POST ${DEAL}/threads/{threadId}/award` ||
    id === `POST ${DEAL}/threads/{threadId}/award-request` ||
    id === `POST ${DEAL}/threads/{threadId}/decline`
  )
    params.threadId = idFrom((await fresh(3, true)).map((t) => t.threadId));
  if (id === `POST ${DEAL}/threads/{threadId}/no-quote`)
    params.threadId = idFrom((await fresh(3, false)).map((t) => t.threadId));
  if (id === `POST ${DEAL}/inquiries/{inquiryId}/decline-others`)
    params.inquiryId = idFrom((await fresh(2, true)).map((t) => t.inquiryId));
  // Ratings (issue 19): the supplier rates once per awarded thread, so a few fresh ones (then 409).
  if (id === `POST ${DEAL}/threads/{threadId}/rating` || id === `GET ${DEAL}/threads/{threadId}/rating`) {
    const awarded = await fresh(3, true);
    for (const t of awarded)
      await ok(deal(p.buyerAdmin, "POST", `/threads/${t.threadId}/award`, { version: 1 }), "award");
    params.threadId = idFrom([...awarded.map((t) => t.threadId), d.threadIds[0]!]);
    hints.communication = fc.integer({ min: 1, max: 5 });
    hints.accuracy = fc.integer({ min: 1, max: 5 });
    hints.speed = fc.integer({ min: 1, max: 5 });
  }
  if (id === "POST /api/owner/deal-reports/{messageId}/resolve") {
    const reported: string[] = [];
    for (let i = 0; i < 3; i++) {
      const posted = await ok(
        deal(p.paidSupplier, "POST", `/threads/${d.threadIds[0]}/messages`, { body: `通報される${i}` }),
        "message to report",
      );
      await ok(
        deal(p.buyerAdmin, "POST", `/messages/${posted.id}/report`, { reason: "不適切な表現" }),
        "report",
      );
      reported.push(posted.id);
    }
    params.messageId = idFrom(reported);
  }
}
