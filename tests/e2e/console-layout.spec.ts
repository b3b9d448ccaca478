import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, ownerLogin } from "./support/journey";

// Issue 33 item 24: the console's deal-room screens at both widths. At 375 px a screen-reader-only
// text in a table cell (absolutely placed, against the page) widened the inquiry page to 1,096 px
// and 不正・信頼シグナル to 391 px; at 1440 px the deal-thread table was wider than its panel and cut
// 「内容を確認（理由を記録）」 off, and the report list broke 「未対応」 over two lines.

/** A demo inquiry of the demo buyer that has deal threads, with one supplier message reported. */
async function inquiryWithThreads(page: Page): Promise<string> {
  const login = await page.request.post("/api/auth/login", {
    data: { email: "buyer@demo.oem-match.jp", password: DEMO_PASSWORD },
  });
  const buyer = await login.json();
  const auth = { authorization: `Bearer ${buyer.token}` };
  const base = `/api/deals/company/${buyer.companyDetails.id}`;
  const threads = await (await page.request.get(`${base}/threads`, { headers: auth })).json();
  for (const thread of threads.items) {
    const messages = await (
      await page.request.get(`${base}/threads/${thread.id}/messages`, { headers: auth })
    ).json();
    const theirs = messages.items.find(
      (m: { side: string; kind: string }) => m.side === "SUPPLIER" && m.kind === "MESSAGE",
    );
    if (!theirs) continue;
    // 409 when this run's other project reported it already.
    const report = await page.request.post(`${base}/messages/${theirs.id}/report`, {
      headers: auth,
      data: { reason: "外部の連絡先への誘導があり、規約に反する可能性があるため通報します。" },
    });
    expect([200, 201, 409], await report.text()).toContain(report.status());
    return thread.inquiry.id as string;
  }
  throw new Error("no demo thread with a supplier's message");
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test("the console's deal-room screens fit their width", async ({ page }, info) => {
  const inquiryId = await inquiryWithThreads(page);
  await ownerLogin(page);
  const width = page.viewportSize()!.width;

  await page.goto(`/owner/inquiries/${inquiryId}`);
  const threads = page.getByRole("region", { name: "商談スレッドの一覧" });
  await expect(threads.getByRole("button", { name: /内容を確認（理由を記録）/ }).first()).toBeVisible();
  expect(await pageWidth(page), "the inquiry page scrolls sideways").toBeLessThanOrEqual(width);
  if (info.project.name === "desktop") {
    // The whole table in its panel: nothing to scroll, the read button inside the panel.
    const { scroll, client } = await threads.evaluate((e) => ({
      scroll: e.scrollWidth,
      client: e.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
    const panel = (await threads.boundingBox())!;
    const button = (await threads
      .getByRole("button", { name: /内容を確認/ })
      .first()
      .boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(panel.x + panel.width + 1);
  }

  await page.goto("/owner/trust-signals");
  await expect(page.getByRole("navigation", { name: "シグナルの種類" })).toBeVisible();
  expect(await pageWidth(page), "不正・信頼シグナル scrolls sideways").toBeLessThanOrEqual(width);

  await page.goto("/owner/deal-reports");
  // The table at 1440 px, the cards at 375 px: the one shown.
  const badge = page
    .locator(".badge", { hasText: /^未対応$/ })
    .filter({ visible: true })
    .first();
  await expect(badge).toBeVisible();
  // One line: as tall as the badge's own line box, not two.
  const lineHeight = await badge.evaluate((e) => Number.parseFloat(getComputedStyle(e).lineHeight) || 16);
  expect((await badge.boundingBox())!.height).toBeLessThan(lineHeight * 1.8);
  expect(await pageWidth(page), "the report list scrolls sideways").toBeLessThanOrEqual(width);
});

// Issue 35: the console's orders, with their late counts, at both widths.
test("the console's orders fit their width", async ({ page }) => {
  await ownerLogin(page);
  const width = page.viewportSize()!.width;
  await page.goto("/owner/orders");
  await expect(page.getByRole("link", { name: /回答の遅れ/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /価格協議の遅れ/ })).toBeVisible();
  expect(await pageWidth(page), "発注 scrolls sideways").toBeLessThanOrEqual(width);
});
