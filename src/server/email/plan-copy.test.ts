import { describe, expect, it } from "vitest";
import { invoiceIssuedMail, planActivatedMail } from "./templates";

// One rule for the unlimited plan (PRODUCT.md): the operator starts it from a date, and it is
// paid by the monthly invoice afterwards; no email says payment comes first.
describe("plan emails", () => {
  it("say the plan started on a Japanese date and is invoiced monthly, not that payment came first", () => {
    const mail = planActivatedMail({ startsOn: "2026-12-01" });
    expect(mail.text).toContain("2026年12月1日から無制限プランを開始しました");
    expect(mail.text).toContain("開始月の分から毎月、請求書をメールでお送りします");
    expect(mail.text).not.toContain("入金");
  });

  it("give the payment deadline of an invoice as a Japanese date", () => {
    const plan = invoiceIssuedMail({
      number: "INV-1",
      totalYen: 33000,
      dueOn: "2027-01-31",
      billingMonth: "2026-12",
    });
    expect(plan.text).toContain("お支払期限は 2027年1月31日 です");
    const tickets = invoiceIssuedMail({ number: "INV-2", totalYen: 5500, dueOn: "2026-12-31" });
    expect(tickets.text).toContain("お支払期限は 2026年12月31日 です");
    expect(`${plan.text}${tickets.text}`).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
