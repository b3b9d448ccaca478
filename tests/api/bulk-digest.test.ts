import { beforeAll, describe, expect, it } from "vitest";
import { sendBulkDigest } from "@/modules/inquiries/bulk-digest.service";
import { approveBulkInquiry } from "@/modules/inquiries/inquiry.service";
import { db } from "@/server/db/client";
import { companyCategories } from "@/server/db/schema";
import { type Account, createOwner, emailsTo, registerVerified } from "../factories/accounts";
import { createInquiry } from "../factories/inquiries";

// The daily digest (src/server/jobs/background.ts): one email per supplier of the inquiry's category
// listing the bulk inquiries published in the last day, except to suppliers the buyer selected
// (they had their own email) and never for inquiries still under review.

let buyer: Account;
let inCategory: Account;
let selected: Account;
let otherCategory: Account;
let ownerId: string;

const digests = async (a: Account) => (await emailsTo(a.email)).filter((m) => m.template === "bulk-digest");

beforeAll(async () => {
  buyer = await registerVerified("BUYER");
  inCategory = await registerVerified("SUPPLIER");
  selected = await registerVerified("SUPPLIER");
  otherCategory = await registerVerified("SUPPLIER");
  await db()
    .insert(companyCategories)
    .values([
      { companyId: inCategory.companyId, categoryId: 1 },
      { companyId: selected.companyId, categoryId: 1 },
      { companyId: otherCategory.companyId, categoryId: 2 },
    ]);
  ownerId = (await createOwner()).id;
});

describe("the daily bulk-inquiry digest", () => {
  it("tells the category's suppliers of what was published, not the selected ones, not what is under review", async () => {
    const published = await createInquiry(buyer, {
      title: "化粧水の小ロットOEM（ダイジェスト確認用）",
      categoryId: 1,
      selectedCompanyIds: [selected.companyId],
    });
    await approveBulkInquiry(db(), ownerId, published);
    await createInquiry(buyer, { title: "審査中の案件（届かないこと）", categoryId: 1 });

    const sent = await sendBulkDigest(db());

    const mine = await digests(inCategory);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toContain("新着の公開案件が1件あります");
    expect(mine[0]!.textBody).toContain("化粧水の小ロットOEM（ダイジェスト確認用）");
    expect(mine[0]!.textBody).not.toContain("審査中の案件");
    expect(await digests(selected)).toHaveLength(0);
    expect(await digests(otherCategory)).toHaveLength(0);
    expect(sent).toBeGreaterThanOrEqual(1);
  });

  it("sends nothing the next day when nothing new was published", async () => {
    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    expect(await sendBulkDigest(db(), tomorrow)).toBe(0);
  });
});
