import { beforeAll, describe, expect, it } from "vitest";
import { sendBulkDigest } from "@/modules/inquiries/bulk-digest.service";
import { approveBulkInquiry } from "@/modules/inquiries/inquiry.service";
import { db } from "@/server/db/client";
import { companyCategories } from "@/server/db/schema";
import { type Account, createOwner, emailsTo, registerVerified } from "../factories/accounts";
import {
  certificationIdsOf,
  setInquiryRequirements,
  setSupplierCapabilities,
} from "../factories/capabilities";
import { createInquiry } from "../factories/inquiries";

// The daily digest (src/server/jobs/background.ts): one email per supplier of the inquiry's category
// listing the bulk inquiries published in the last day, except to suppliers the buyer selected
// (they had their own email) and never for inquiries still under review. Issue 20: only the inquiries
// the supplier fits (hard rules: verified certifications, lot, monthly quantity), with the number of
// the others it does not fit.

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

describe("the digest and the supplier's capabilities", () => {
  const CATEGORY = 3;
  it("lists only the inquiries the supplier fits and says how many others it does not", async () => {
    const [gmp, license] = await certificationIdsOf("iso-22716", "cosmetics-manufacturing");
    const capable = await registerVerified("SUPPLIER");
    const unregistered = await registerVerified("SUPPLIER");
    const fitsNothing = await registerVerified("SUPPLIER");
    await db()
      .insert(companyCategories)
      .values(
        [capable, unregistered, fitsNothing].map((a) => ({ companyId: a.companyId, categoryId: CATEGORY })),
      );
    await setSupplierCapabilities(capable.companyId, {
      quantityUnit: "個",
      moqMin: 1000,
      monthlyCapacity: 10_000,
      verifiedCertificationIds: [gmp],
    });
    await setSupplierCapabilities(fitsNothing.companyId, {
      quantityUnit: "個",
      moqMin: 100_000,
      monthlyCapacity: 1,
    });

    const publish = async (title: string, needs: Parameters<typeof setInquiryRequirements>[1]) => {
      const id = await createInquiry(buyer, { title, categoryId: CATEGORY });
      await setInquiryRequirements(id, needs);
      await approveBulkInquiry(db(), ownerId, id);
    };
    await publish("GMP認証が必要な化粧水", { requiredCertificationIds: [gmp] });
    await publish("5,000個ロットの乳液", { lotQuantity: 5000, monthlyQuantity: 5000, quantityUnit: "個" });
    await publish("100個だけの試作", { lotQuantity: 100, quantityUnit: "個" });
    await publish("月5万個の量産", { monthlyQuantity: 50_000, quantityUnit: "個" });
    await publish("製造業許可が必要な美容液", { requiredCertificationIds: [license] });

    await sendBulkDigest(db());

    const [mine] = await digests(capable);
    expect(mine!.subject).toContain("新着の公開案件が2件あります");
    expect(mine!.textBody).toContain("GMP認証が必要な化粧水");
    expect(mine!.textBody).toContain("5,000個ロットの乳液");
    expect(mine!.textBody).not.toContain("100個だけの試作");
    expect(mine!.textBody).not.toContain("月5万個の量産");
    expect(mine!.textBody).not.toContain("製造業許可が必要な美容液");
    expect(mine!.textBody).toContain("条件（必要な認証・数量）が合わない案件が他に3件あります");
    expect(mine!.textBody).toContain("/account/oem/recruit");

    // Nothing registered: the quantities are unknown (never a miss), the certifications are not held.
    const [theirs] = await digests(unregistered);
    expect(theirs!.subject).toContain("新着の公開案件が3件あります");
    expect(theirs!.textBody).not.toContain("GMP認証が必要な化粧水");
    expect(theirs!.textBody).toContain("100個だけの試作");
    expect(theirs!.textBody).toContain("条件（必要な認証・数量）が合わない案件が他に2件あります");

    expect(await digests(fitsNothing)).toHaveLength(0);
  });
});
