// The console's outbox and deal content (issue 33, item 20): deal mails carry what the members
// wrote (messages, the notes of 辞退 and お見送り). The operator reads those only through the deal
// room's audited read (a reason, an audit row); the outbox shows the mail with that content hidden.
import { beforeAll, describe, expect, it } from "vitest";
import { sendDueDealMails } from "@/modules/deals/deal-mail.service";
import { db } from "@/server/db/client";
import { type Account, createOwner, emailsTo, registerVerified } from "../factories/accounts";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";

let buyer: Account;
let supplier: Account;
let owner: { id: string; token: string };

beforeAll(async () => {
  [buyer, supplier, owner] = await Promise.all([
    registerVerified("BUYER", { companyName: "株式会社伏字確認商事" }),
    registerVerified("SUPPLIER", { companyName: "伏字確認工業株式会社" }),
    createOwner(),
  ]);
});

const base = (a: Account) => `/api/deals/company/${a.companyId}`;
const SECRET_MESSAGE = "試作単価は一個あたり三百八十円、金型は当社負担で進めます";
const SECRET_NO_QUOTE = "来春まで充填ラインが埋まっており社内事情で対応できません";
const SECRET_DECLINE = "他社の見積が二割安かったため今回は見送ります";

async function outboxText(mailId: string): Promise<string> {
  const res = await api("GET", `/api/owner/outbox/${mailId}`, { token: owner.token });
  expect(res.status).toBe(200);
  return res.body.textBody;
}

describe("deal mails in the console's outbox", () => {
  it("hides messages and the notes of 辞退 and お見送り, keeps who, what and the link", async () => {
    await resetInquiryLimits();
    // A message mail (batched after 15 minutes), a 辞退 with a note, an お見送り with a note.
    const { threadId: talk } = await openDealThread(buyer, supplier);
    const said = await api("POST", `${base(supplier)}/threads/${talk}/messages`, {
      token: supplier.token,
      body: { body: SECRET_MESSAGE },
    });
    expect(said.status).toBe(201);
    await sendDueDealMails(db(), new Date(Date.now() + 16 * 60_000));
    const { threadId: withdrawn } = await openDealThread(buyer, supplier);
    const noQuote = await api("POST", `${base(supplier)}/threads/${withdrawn}/no-quote`, {
      token: supplier.token,
      body: { reason: "OTHER", note: SECRET_NO_QUOTE },
    });
    expect(noQuote.status).toBe(200);
    const { threadId: declined } = await openDealThread(buyer, supplier);
    const decline = await api("POST", `${base(buyer)}/threads/${declined}/decline`, {
      token: buyer.token,
      body: { reason: "PRICE", note: SECRET_DECLINE },
    });
    expect(decline.status).toBe(200);

    const mails = [
      ...(await emailsTo(buyer.email)).filter(
        (m) => m.template === "deal-message" || m.template === "deal-no-quote",
      ),
      ...(await emailsTo(supplier.email)).filter((m) => m.template === "deal-declined"),
    ];
    const byTemplate = new Map(mails.map((m) => [m.template, m]));
    expect([...byTemplate.keys()].sort()).toEqual(["deal-declined", "deal-message", "deal-no-quote"]);
    // The members' own mail carries the content (what is sent is unchanged).
    expect(byTemplate.get("deal-message")!.textBody).toContain(SECRET_MESSAGE);

    const cases: [string, string, string][] = [
      ["deal-message", SECRET_MESSAGE, talk],
      ["deal-no-quote", SECRET_NO_QUOTE, withdrawn],
      ["deal-declined", SECRET_DECLINE, declined],
    ];
    for (const [template, secret, threadId] of cases) {
      const text = await outboxText(byTemplate.get(template)!.id);
      expect(text, template).not.toContain(secret);
      expect(text, template).toContain("商談の内容は運営コンソールでは表示しません");
      // Who and which inquiry stay readable, and the link to the thread.
      expect(text, template).toContain("伏字確認");
      expect(text, template).toContain(threadId);
    }
    // The reason label of 辞退 and お見送り is a fixed choice, not what a member wrote: it stays.
    expect(await outboxText(byTemplate.get("deal-declined")!.id)).toContain("理由：価格");

    // Searching the outbox for the content finds nothing either.
    const search = await api("GET", `/api/owner/outbox?keyword=${encodeURIComponent("三百八十円")}`, {
      token: owner.token,
    });
    expect(search.status).toBe(200);
    expect(search.body.total).toBe(0);
    // The deal room's audited read still shows it, with its reason recorded.
    const read = await api("POST", `/api/owner/deal-threads/${talk}/read`, {
      token: owner.token,
      body: { reason: "通報内容の確認のため、やり取りを確認します。" },
    });
    expect(read.status).toBe(200);
    expect(read.body.items.map((m: { body: string }) => m.body)).toContain(SECRET_MESSAGE);
  });
});
