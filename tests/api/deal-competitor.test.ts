// A competing supplier on the same inquiry (issue 33, item 26): with a thread of its own it is a
// member of the deal room, yet every read and write of the other supplier's thread, messages,
// quote versions and files answers 404 — through its own company path and through the other's.
import { beforeAll, describe, expect, it } from "vitest";
import { type Account, registerVerified } from "../factories/accounts";
import { addThread, quote } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";

const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

let buyer: Account;
let first: Account;
let rival: Account;

beforeAll(async () => {
  [buyer, first, rival] = await Promise.all([
    registerVerified("BUYER", { companyName: "株式会社競合確認商事" }),
    registerVerified("SUPPLIER", { companyName: "株式会社先行工業" }),
    registerVerified("SUPPLIER", { companyName: "株式会社競合工業" }),
  ]);
});

const base = (a: Account) => `/api/deals/company/${a.companyId}`;

async function upload(a: Account, name: string): Promise<string> {
  const form = new FormData();
  form.set("file", new File([PDF], name, { type: "application/pdf" }));
  const res = await api("POST", `${base(a)}/files`, { token: a.token, body: form });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function say(a: Account, threadId: string, body: string, fileIds: string[] = []): Promise<string> {
  const res = await api("POST", `${base(a)}/threads/${threadId}/messages`, {
    token: a.token,
    body: { body, fileIds },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe("a competing supplier with its own thread on the same inquiry", () => {
  it("gets 404 on every read and write of the other supplier's thread, messages, quotes and files", async () => {
    await resetInquiryLimits();
    const { threadId: theirs, inquiryId } = await openDealThread(buyer, first);
    const own = await addThread(buyer, inquiryId, rival);

    // The first supplier's thread carries a message with a file and a quote with another file.
    const messageFile = await upload(first, "先行図面.pdf");
    const theirMessage = await say(first, theirs, "先行工業の提案です。", [messageFile]);
    const quoteFile = await upload(first, "先行見積.pdf");
    expect((await quote(first, theirs, { fileIds: [quoteFile] })).status).toBe(201);
    // The rival is a real member of the deal room: its own thread works, with its own file.
    const rivalFile = await upload(rival, "競合図面.pdf");
    await say(rival, own, "競合工業の提案です。", [rivalFile]);
    expect((await quote(rival, own)).status).toBe(201);
    expect((await api("GET", `${base(rival)}/threads/${own}`, { token: rival.token })).status).toBe(200);

    // Through its own company path and through the first supplier's (not a member: 404 too).
    for (const path of [base(rival), base(first)]) {
      const t = rival.token;
      const refused: [string, string, unknown?][] = [
        ["GET", `${path}/threads/${theirs}`],
        ["GET", `${path}/threads/${theirs}/messages`],
        ["POST", `${path}/threads/${theirs}/messages`, { body: "割り込みです。", fileIds: [] }],
        ["POST", `${path}/threads/${theirs}/read`],
        ["GET", `${path}/threads/${theirs}/files/${messageFile}`],
        ["GET", `${path}/threads/${theirs}/files/${quoteFile}`],
        ["GET", `${path}/threads/${theirs}/quote/versions`],
        [
          "PUT",
          `${path}/threads/${theirs}/quote`,
          { tiers: [{ quantity: 1, unitPriceYen: 1 }], leadTimeDays: 1, paymentTerms: "前払い" },
        ],
        ["POST", `${path}/threads/${theirs}/no-quote`, { reason: "CAPACITY" }],
        ["POST", `${path}/threads/${theirs}/award`, { version: 1 }],
        ["POST", `${path}/threads/${theirs}/decline`, { reason: "PRICE" }],
        ["GET", `${path}/threads/${theirs}/rating`],
        ["POST", `${path}/messages/${theirMessage}/report`, { reason: "不適切な内容です。" }],
        ["GET", `${path}/inquiries/${inquiryId}/comparison`],
        ["GET", `${path}/inquiries/${inquiryId}/comparison.csv`],
        ["POST", `${path}/inquiries/${inquiryId}/decline-others`, { reason: "PRICE" }],
        // The other supplier's files through the rival's own thread: attached elsewhere, not here.
        ["GET", `${path}/threads/${own}/files/${messageFile}`],
        ["GET", `${path}/threads/${own}/files/${quoteFile}`],
      ];
      for (const [method, url, body] of refused) {
        const res = await api(method, url, { token: t, body });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body.error.message, `${method} ${url}`).toMatch(/[ぁ-んァ-ヶ一-龥]/);
      }
    }
    // Nor by the attachment download, nor by attaching the other's file to its own message.
    for (const id of [messageFile, quoteFile]) {
      expect((await api("GET", `/api/attachment/${id}`, { token: rival.token })).status).toBe(404);
    }
    const stolen = await api("POST", `${base(rival)}/threads/${own}/messages`, {
      token: rival.token,
      body: { body: "他社のファイルを添付します。", fileIds: [messageFile] },
    });
    expect(stolen.status).toBe(422);
    expect(stolen.body.error.fields.fileIds).toBeTruthy();
    const stolenQuote = await quote(rival, own, { fileIds: [quoteFile] });
    expect(stolenQuote.status).toBe(422);

    // Its lists show only its own thread; nothing of the first supplier's leaks into counts.
    const list = await api("GET", `${base(rival)}/threads?inquiryId=${inquiryId}`, { token: rival.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((x: { id: string }) => x.id)).toEqual([own]);
    const page = await api("GET", `${base(rival)}/threads/${own}/messages`, { token: rival.token });
    const bodies = page.body.items.map((m: { body: string }) => m.body).join("\n");
    expect(bodies).not.toContain("先行工業");

    // The first supplier's thread is untouched by the attempts: its messages and quote as they were.
    const after = await api("GET", `${base(first)}/threads/${theirs}/messages`, { token: first.token });
    expect(after.body.items.map((m: { body: string }) => m.body)).toEqual([
      "見積を提出しました（第1版）",
      "先行工業の提案です。",
    ]);
    const versions = await api("GET", `${base(first)}/threads/${theirs}/quote/versions`, {
      token: first.token,
    });
    expect(versions.body.items).toHaveLength(1);
    expect(versions.body.items[0].files.map((f: { id: string }) => f.id)).toEqual([quoteFile]);
  });
});
