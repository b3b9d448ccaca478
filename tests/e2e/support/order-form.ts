import { expect, type Page } from "@playwright/test";

// The award is an order form (issue 35): 「発注先に決定」 opens /account/buyer/deals/{id}/order; the
// journeys fill what an order needs (quantity, one delivery date, the act's missing figures if
// asked), confirm the totals and land on the issued order.

/** A delivery date a month ahead (YYYY-MM-DD in Japan): never refused as past. */
function monthAhead(): string {
  return new Date(Date.now() + 9 * 3_600_000 + 30 * 86_400_000).toISOString().slice(0, 10);
}

/** On the order form: fills it, sends it and waits for the issued order's page. */
export async function issueOrderThroughForm(
  page: Page,
  opts: {
    quantity: number /** Runs on the filled form before it is sent (a11y, screenshots). */;
    filled?: () => Promise<void>;
  },
): Promise<string> {
  await expect(page).toHaveURL(/\/account\/buyer\/deals\/[^/]+\/order/);
  const form = page.getByRole("form", { name: "発注フォーム" });
  await form.getByLabel(/^数量/).fill(String(opts.quantity));
  await expect(form.locator("[data-order-amounts]")).toContainText("以上の単価");
  await form.getByLabel(/^納期/).fill(monthAhead());
  // 納入場所 starts as the buyer's address; a freshly registered company has none yet.
  const place = form.getByLabel(/^納入場所/);
  if (!(await place.inputValue())) await place.fill("東京都千代田区丸の内1-1-1 第一倉庫");
  // The act's figures the companies have not given yet (a freshly registered buyer has none).
  for (const input of await form.getByLabel(/の資本金（円）/).all()) await input.fill("50000000");
  for (const input of await form.getByLabel(/の従業員数/).all()) await input.fill("100");
  for (const radio of await form.getByRole("radio", { name: "法人" }).all()) await radio.check();
  await opts.filled?.();
  await form.getByRole("button", { name: "この内容で発注する" }).click();
  const confirm = page.getByRole("alertdialog", { name: /に発注しますか/ });
  await expect(confirm).toContainText("合計（税込）");
  await confirm.getByRole("button", { name: "発注する" }).click();
  await expect(page.getByText("発注書を発行しました").first()).toBeVisible();
  await page.waitForURL(/\/account\/buyer\/orders\/[0-9a-f-]+/);
  return /\/orders\/([0-9a-f-]+)/.exec(page.url())![1]!;
}
