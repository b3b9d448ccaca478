import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./support/a11y";
import { login, nominateNewFreeSupplier, sidebar } from "./support/journey";
import { waitForMail } from "./support/mail";

// Issue 19 (step 5): a free supplier sees a new buyer's track record (「実績なし（新規）」) before it
// spends a ticket, uses the ticket and writes first; the buyer stays silent; the clock moves past
// five business days (the test-only hook, TEST_HOOKS=1 in playwright.config.ts) and the refund job
// runs; the supplier's ticket is back in the sidebar and in its usage history, and the email came.
// The exact day of the refund (a Friday before a holiday → the 5th business day) is pinned with a
// set clock in tests/api/ticket-refund.test.ts.

test.describe.configure({ mode: "serial", timeout: 180_000 });

const width = () => (test.info().project.name === "mobile" ? 375 : 1440);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${name}-${width()}.png`, fullPage: true });

async function ticketCount(page: Page): Promise<string> {
  const side = await sidebar(page);
  return (await side.getByTestId("ticket-count").first().textContent()) ?? "";
}

test.afterEach(async ({ request }) => {
  // the other specs run on the real clock
  await request.post("/api/test-hooks/clock", { data: { reset: true } });
});

test("a silent buyer: the free supplier's ticket comes back after five business days", async ({
  page,
  request,
}, info) => {
  const { supplier, buyer, title, inquiryId } = await nominateNewFreeSupplier(request, page, info, {
    key: "trust",
    supplier: { name: "返却 一郎", companyName: "トラスト化成株式会社" },
    buyer: { name: "沈黙 二郎", companyName: "株式会社トラスト雑貨" },
    title: "ステンレス製タンブラーの名入れ製造",
    description: "ステンレス製タンブラーに社名を入れて300個製造いただけるか、ご相談させてください。",
    quantity: "300個",
  });

  // Before the ticket: the buyer's record, computed by the platform, without its name.
  await login(page, "oem", supplier.email, `/account/oem/contact/${inquiryId}`, supplier.password);
  const record = page.getByRole("region", { name: /発注者の実績/ });
  await expect(record).toBeVisible();
  await expect(record.getByText("実績なし（新規）").first()).toBeVisible();
  await expect(record).not.toContainText(buyer.companyName);
  // The refund promise sits beside the buyer's figures (issue 33 item 25).
  await expect(
    record.getByText(
      /5営業日（土日・祝日・年末年始を除く）以内に開封・返信しない場合、チケットは自動で返却されます/,
    ),
  ).toBeVisible();
  expect(await ticketCount(page)).toContain("1");
  expect(await seriousViolations(page, "nominated inquiry with the buyer record")).toEqual([]);
  await shot(page, "trust-buyer-record");

  await page.getByRole("button", { name: "チケットを1枚使って連絡先を開示する" }).click();
  await page
    .getByRole("alertdialog", { name: "チケットを1枚使いますか？" })
    .getByRole("button", { name: "1枚使って開示する" })
    .click();
  await expect(page.getByRole("region", { name: "発注者の連絡先" })).toBeVisible();
  await expect.poll(() => ticketCount(page)).toContain("0");

  // The supplier writes first (its reply is the thread's first message): the five business days start now.
  const reply = page.getByRole("form", { name: "エントリー" });
  await reply
    .getByLabel(/^メッセージ/)
    .fill("ご指名ありがとうございます。名入れの版下をお送りいただけますか。");
  await reply.getByRole("button", { name: "返信する" }).click();
  await expect(page.getByRole("region", { name: "エントリー済み" })).toBeVisible();
  await page
    .getByRole("link", { name: /商談スレッドを開く/ })
    .or(page.getByRole("button", { name: "商談スレッドを開く" }))
    .first()
    .click();
  await page.waitForURL(/\/account\/oem\/deals\/[0-9a-f-]{36}$/);
  await expect(page.getByText("名入れの版下をお送りいただけますか")).toBeVisible();

  // Before the deadline the job returns nothing.
  const early = await request.post("/api/test-hooks/jobs/ticket-refunds");
  expect(early.status(), await early.text()).toBe(200);
  expect((await early.json()).refunded).toBe(0);

  // The buyer never opens the thread; two weeks later (more than five business days, holidays or not)…
  const clock = await request.post("/api/test-hooks/clock", { data: { advanceMs: 14 * 86_400_000 } });
  expect(clock.status(), await clock.text()).toBe(200);
  const job = await request.post("/api/test-hooks/jobs/ticket-refunds");
  expect(job.status(), await job.text()).toBe(200);
  expect((await job.json()).refunded).toBeGreaterThanOrEqual(1);

  // …the ticket is back: the sidebar count, the usage history and the email.
  await page.goto("/account/oem/ticket-buy#ticket-usages");
  await expect.poll(() => ticketCount(page)).toContain("1");
  const usages = page.locator("#ticket-usages");
  const row = usages
    .getByRole("listitem")
    .filter({ hasText: title })
    .or(usages.getByRole("row").filter({ hasText: title }));
  await expect(row.first()).toContainText("返却済み");
  await expect(row.first()).toContainText("発注者から5営業日以内に返信がなかったため自動返却");
  expect(await seriousViolations(page, "ticket usage history")).toEqual([]);
  await shot(page, "trust-ticket-refunded");
  const mail = await waitForMail(supplier.email, "チケットを1枚返却しました");
  expect(mail.text).toContain(title);

  // The supplier keeps the conversation and the buyer's details.
  await page.goto(`/account/oem/contact/${inquiryId}`);
  await expect(page.getByRole("region", { name: "発注者の連絡先" })).toBeVisible();
});
