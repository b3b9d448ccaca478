// Deal message mails (issue 18): one mail per thread and side at most every 15 minutes, sent at
// its due time, not at all when the side has read meanwhile, and once whatever the runners.
import { beforeAll, describe, expect, it } from "vitest";
import { sendDueDealMails } from "@/modules/deals/deal-mail.service";
import { db } from "@/server/db/client";
import { type Account, emailsTo, registerVerified } from "../factories/accounts";
import { addGeneralMember, makePaid } from "../factories/actors";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { itConcurrently } from "../support/concurrency";

let buyer: Account;
let buyerColleague: Account;
let supplier: Account;

beforeAll(async () => {
  buyer = await registerVerified("BUYER", { companyName: "株式会社通知発注" });
  buyerColleague = await addGeneralMember(buyer.companyId);
  supplier = await registerVerified("SUPPLIER", { companyName: "通知精工株式会社" });
  await makePaid(supplier.companyId);
});

const MINUTE = 60_000;
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

async function say(from: Account, threadId: string, body: string) {
  const res = await api("POST", `/api/deals/company/${from.companyId}/threads/${threadId}/messages`, {
    token: from.token,
    body: { body },
  });
  expect(res.status).toBe(201);
}

async function dealMails(to: Account, threadId: string) {
  return (await emailsTo(to.email)).filter(
    (m) => m.template === "deal-message" && m.textBody.includes(threadId),
  );
}

describe("deal message mails", () => {
  it("10 messages within 15 minutes make exactly one mail per member of the other side, at the due time", async () => {
    const { threadId } = await openDealThread(buyer, supplier);
    for (let i = 1; i <= 10; i++) await say(supplier, threadId, `ご連絡 ${i}: ${"詳細".repeat(300)}`);

    expect(await sendDueDealMails(db(), later(14))).toBe(0);
    expect(await dealMails(buyer, threadId)).toHaveLength(0);

    await sendDueDealMails(db(), later(16));
    const mails = await dealMails(buyer, threadId);
    expect(mails).toHaveLength(1);
    expect(await dealMails(buyerColleague, threadId)).toHaveLength(1);
    // The supplier wrote: nothing goes to its own side.
    expect(await dealMails(supplier, threadId)).toHaveLength(0);

    const mail = mails[0]!;
    expect(mail.subject).toMatch(/通知精工株式会社から商談メッセージが届いています/);
    expect(mail.textBody).toContain(`/account/buyer/deals/${threadId}`);
    expect(mail.textBody).toContain("未読のメッセージが10件");
    // The 5 newest bodies, each cut at 500 characters; the older ones only counted.
    for (let i = 6; i <= 10; i++) expect(mail.textBody).toContain(`ご連絡 ${i}:`);
    expect(mail.textBody).not.toContain("ご連絡 5:");
    expect(mail.textBody).toContain("ほか5件");
    expect(mail.textBody).not.toContain("詳細".repeat(260));

    // Nothing more for the same messages.
    expect(await sendDueDealMails(db(), later(60))).toBe(0);
    expect(await dealMails(buyer, threadId)).toHaveLength(1);
  });

  it("a side that reads before the due time gets no mail", async () => {
    const { threadId } = await openDealThread(buyer, supplier);
    await say(buyer, threadId, "サンプルの送付先をご連絡します。");
    const read = await api("POST", `/api/deals/company/${supplier.companyId}/threads/${threadId}/read`, {
      token: supplier.token,
    });
    expect(read.status).toBe(200);
    await sendDueDealMails(db(), later(16));
    expect(await dealMails(supplier, threadId)).toHaveLength(0);
  });

  it("a new message after a mail starts a new window", async () => {
    const { threadId } = await openDealThread(buyer, supplier);
    await say(buyer, threadId, "一通目です。");
    await sendDueDealMails(db(), later(16));
    expect(await dealMails(supplier, threadId)).toHaveLength(1);
    await say(buyer, threadId, "二通目です。");
    expect(await sendDueDealMails(db(), later(10))).toBe(0);
    await sendDueDealMails(db(), later(16));
    const mails = await dealMails(supplier, threadId);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.textBody).toContain(`/account/oem/deals/${threadId}`);
  });

  itConcurrently("two concurrent runs send once", async () => {
    const { threadId } = await openDealThread(buyer, supplier);
    await say(supplier, threadId, "同時に送られないことの確認です。");
    const [a, b] = await Promise.all([sendDueDealMails(db(), later(16)), sendDueDealMails(db(), later(16))]);
    expect(await dealMails(buyer, threadId)).toHaveLength(1);
    expect(await dealMails(buyerColleague, threadId)).toHaveLength(1);
    expect(a + b).toBeGreaterThanOrEqual(2);
  });
});
