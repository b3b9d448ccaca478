import { openThread } from "@/modules/deals/thread.repository";
import { db } from "@/server/db/client";
import type { ActorName, Personas } from "../../factories/actors";
import { openDealThread } from "../../factories/deals";
import { api, idem } from "../../factories/http";
import { inquiryBody } from "../../factories/inquiries";
import type { MatrixCase } from "./matrix";
import { members, ownCompany } from "./matrix-helpers";

// The deal room's rows of the authorization matrix (threads): one thread between buyerAdmin's
// company and paidSupplier's company; each persona calls through its own company's path.
// otherSupplier competes on the same inquiry with a thread of its own (issue 33, item 26), so the
// rows below show that a supplier that is a member of the deal room still gets 404 on another's.

interface DealSetup {
  threadId: string;
  inquiryId: string;
  fileId: string;
  /** otherSupplier's own thread on the same inquiry, with a file of its own attached. */
  rivalThreadId: string;
  rivalFileId: string;
}

const setups = new WeakMap<Personas, Promise<DealSetup>>();
const asAccount = (p: Personas, a: ActorName) => ({
  token: p[a].token!,
  email: p[a].email!,
  userId: p[a].userId!,
  companyId: p[a].companyId!,
});

async function uploadPdf(p: Personas, actor: ActorName, name: string): Promise<string> {
  const form = new FormData();
  const pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
  form.set("file", new File([pdf], name, { type: "application/pdf" }));
  const uploaded = await api("POST", `/api/deals/company/${p[actor].companyId}/files`, {
    token: p[actor].token,
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`deal upload failed: ${uploaded.status}`);
  return uploaded.body.id;
}

/** The threads of the matrix (cached per Personas), each with a file attached to one of its messages. */
function dealSetup(p: Personas): Promise<DealSetup> {
  let setup = setups.get(p);
  if (!setup) {
    setup = (async () => {
      const { threadId, inquiryId } = await openDealThread(
        asAccount(p, "buyerAdmin"),
        asAccount(p, "paidSupplier"),
      );
      const fileId = await uploadPdf(p, "paidSupplier", "図面.pdf");
      await message(p, "paidSupplier", threadId, [fileId]);
      // The competitor's thread is opened as an entry would open it (the comparison tests do the same).
      const { thread: rival } = await openThread(db(), {
        inquiryId,
        buyerCompanyId: p.buyerAdmin.companyId!,
        supplierCompanyId: p.otherSupplier.companyId!,
      });
      const rivalFileId = await uploadPdf(p, "otherSupplier", "競合図面.pdf");
      await message(p, "otherSupplier", rival.id, [rivalFileId]);
      return { threadId, inquiryId, fileId, rivalThreadId: rival.id, rivalFileId };
    })();
    setups.set(p, setup);
  }
  return setup;
}

async function message(
  p: Personas,
  from: ActorName,
  threadId: string,
  fileIds: string[] = [],
): Promise<string> {
  const res = await api("POST", `/api/deals/company/${p[from].companyId}/threads/${threadId}/messages`, {
    token: p[from].token,
    body: { body: "権限確認用のメッセージです。", fileIds },
  });
  if (res.status !== 201) throw new Error(`deal message failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** The thread's members (both companies) get `ok`, other members 404. */
const threadMembers = (ok: number): Record<ActorName, number> => ({
  ...members(404),
  buyerAdmin: ok,
  buyerGeneral: ok,
  paidSupplier: ok,
});

const SUPPLIERS: ActorName[] = ["freeSupplier", "paidSupplier", "otherSupplier"];

/** A new nomination from buyerAdmin to the calling supplier (an unknown id for anyone else). */
async function ownNomination(p: Personas, actor: ActorName): Promise<string> {
  if (!SUPPLIERS.includes(actor)) return crypto.randomUUID();
  const res = await api("POST", "/api/contact/create", {
    headers: idem(),
    token: p.buyerAdmin.token,
    body: inquiryBody({ type: "NOMINATION", nominatedCompanyId: p[actor].companyId }),
  });
  if (res.status !== 201) throw new Error(`nominate failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

const threadPath = async (p: Personas, actor: ActorName, rest = "") =>
  `/api/deals/company/${ownCompany(p, actor)}/threads/${(await dealSetup(p)).threadId}${rest}`;

export const dealThreadMatrix: MatrixCase[] = [
  {
    op: "GET /api/deals/company/{companyId}/threads",
    request: (p, actor) => ({ path: `/api/deals/company/${ownCompany(p, actor)}/threads` }),
    expect: members(200),
  },
  {
    op: "GET /api/deals/company/{companyId}/threads",
    name: "another company's path",
    request: (p) => ({ path: `/api/deals/company/${p.paidSupplier.companyId}/threads` }),
    expect: { ...members(404), paidSupplier: 200 },
  },
  {
    op: "GET /api/deals/company/{companyId}/unread",
    request: (p, actor) => ({ path: `/api/deals/company/${ownCompany(p, actor)}/unread` }),
    expect: members(200),
  },
  {
    op: "POST /api/deals/company/{companyId}/inquiries/{inquiryId}/thread",
    name: "the thread's inquiry (open already, for both competitors)",
    request: async (p, actor) => ({
      path: `/api/deals/company/${ownCompany(p, actor)}/inquiries/${(await dealSetup(p)).inquiryId}/thread`,
    }),
    // otherSupplier finds its own thread on the inquiry, never paidSupplier's.
    expect: { ...members(404), paidSupplier: 200, otherSupplier: 200 },
  },
  {
    op: "POST /api/deals/company/{companyId}/inquiries/{inquiryId}/thread",
    name: "a new nomination to the caller (free suppliers need a ticket)",
    request: async (p, actor) => ({
      path: `/api/deals/company/${ownCompany(p, actor)}/inquiries/${await ownNomination(p, actor)}/thread`,
    }),
    expect: { ...members(404), paidSupplier: 201, freeSupplier: 402, otherSupplier: 402 },
  },
  {
    op: "GET /api/deals/company/{companyId}/threads/{threadId}",
    request: async (p, actor) => ({ path: await threadPath(p, actor) }),
    expect: threadMembers(200),
  },
  {
    op: "GET /api/deals/company/{companyId}/threads/{threadId}/messages",
    request: async (p, actor) => ({ path: await threadPath(p, actor, "/messages") }),
    expect: threadMembers(200),
  },
  {
    op: "POST /api/deals/company/{companyId}/threads/{threadId}/messages",
    request: async (p, actor) => ({
      path: await threadPath(p, actor, "/messages"),
      body: { body: "権限の確認です。" },
    }),
    expect: threadMembers(201),
  },
  {
    op: "POST /api/deals/company/{companyId}/threads/{threadId}/read",
    request: async (p, actor) => ({ path: await threadPath(p, actor, "/read") }),
    expect: threadMembers(200),
  },
  {
    op: "POST /api/deals/company/{companyId}/files",
    request: (p, actor) => {
      const form = new FormData();
      const pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
      form.set("file", new File([pdf], "見積.pdf", { type: "application/pdf" }));
      return { path: `/api/deals/company/${ownCompany(p, actor)}/files`, body: form };
    },
    expect: members(201),
  },
  {
    op: "GET /api/deals/company/{companyId}/threads/{threadId}/files/{fileId}",
    request: async (p, actor) => ({
      path: await threadPath(p, actor, `/files/${(await dealSetup(p)).fileId}`),
    }),
    expect: threadMembers(200),
  },
  {
    op: "POST /api/deals/company/{companyId}/messages/{messageId}/report",
    name: "a new message of the other side of the thread",
    request: async (p, actor) => {
      const { threadId } = await dealSetup(p);
      const from: ActorName = actor === "paidSupplier" ? "buyerAdmin" : "paidSupplier";
      return {
        path: `/api/deals/company/${ownCompany(p, actor)}/messages/${await message(p, from, threadId)}/report`,
        body: { reason: "取引に関係のない勧誘です。" },
      };
    },
    expect: threadMembers(200),
  },
  {
    op: "GET /api/deals/company/{companyId}/threads/{threadId}",
    name: "the competing supplier's own thread on the same inquiry",
    request: async (p, actor) => ({
      path: `/api/deals/company/${ownCompany(p, actor)}/threads/${(await dealSetup(p)).rivalThreadId}`,
    }),
    expect: { ...members(404), buyerAdmin: 200, buyerGeneral: 200, otherSupplier: 200 },
  },
  {
    op: "GET /api/deals/company/{companyId}/threads/{threadId}/files/{fileId}",
    name: "the other supplier's file through the competitor's own thread",
    request: async (p, actor) => {
      const { rivalThreadId, fileId } = await dealSetup(p);
      return { path: `/api/deals/company/${ownCompany(p, actor)}/threads/${rivalThreadId}/files/${fileId}` };
    },
    expect: members(404),
  },
  {
    op: "GET /api/deals/company/{companyId}/threads/{threadId}/files/{fileId}",
    name: "the competitor's file through the other supplier's thread",
    request: async (p, actor) => {
      const { rivalFileId } = await dealSetup(p);
      return { path: await threadPath(p, actor, `/files/${rivalFileId}`) };
    },
    expect: members(404),
  },
];
