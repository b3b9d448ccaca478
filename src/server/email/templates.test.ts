import { describe, expect, it } from "vitest";
import { bulkDigestMail, bulkPublishedMail, nominationReceivedMail } from "./templates";

// The rules the product applies (PRODUCT.md "Entries and who may respond"): a ticket opens a
// nominated inquiry; entering a public (bulk) recruit needs the unlimited plan.
describe("emails state who may respond, as the product applies it", () => {
  it("a public recruit mail says entering needs the unlimited plan, never a ticket", () => {
    for (const mail of [
      bulkPublishedMail({ title: "化粧水のOEM", inquiryId: "i-1" }),
      bulkDigestMail({ items: [{ title: "化粧水のOEM", id: "i-1" }] }),
    ]) {
      expect(mail.text).toContain("エントリーは、無制限プランをご契約中の企業様");
      expect(mail.text).not.toContain("チケット");
    }
  });

  it("a nomination mail says a free supplier opens it with one ticket, the plan needs none", () => {
    const mail = nominationReceivedMail({ title: "化粧水のOEM", inquiryId: "i-1" });
    expect(mail.text).toContain("チケットを1枚使うと発注者の連絡先が開示され、返信できます");
    expect(mail.text).toContain("無制限プランならチケットは不要");
  });
});
