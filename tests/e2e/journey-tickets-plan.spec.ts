import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./support/a11y";
import {
  type Account,
  activatePlan,
  confirmPendingPurchases,
  login,
  registerCompany,
  returnToTab,
  sidebar,
  uniqueEmail,
} from "./support/journey";
import { linkIn, waitForMail } from "./support/mail";

// Issues 5 (nomination) and 6 (tickets and the plan), as one story on companies registered for
// the run, so the demo free supplier keeps its three tickets: a buyer nominates a new free
// supplier from its public page; the supplier, without tickets, sees the nomination but not the
// buyer, is sent to buy tickets and back; the operator confirms the payment (owner API) and the
// sidebar count rises as soon as the supplier returns to the tab; the ticket opens the buyer's
// details and the supplier answers. Then the supplier applies for the unlimited plan, the
// operator activates it, the paid badge appears and the entered-projects list opens; cancelling
// keeps the plan to the end of the month. (That it really ends then is tested with a set clock
// in tests/api/plan-month-end.test.ts.) supplier-inquiries.spec.ts covers the same screens on
// the demo suppliers; this journey connects them from the buyer's click to the plan's end.

test.describe.configure({ mode: "serial", timeout: 150_000 });

/** What the first test leaves to the second, per project. */
const runs: Record<string, { supplier: Account; inquiryTitle: string }> = {};

function ticketCount(page: Page) {
  return page.getByTestId("ticket-count");
}

/** The last day of this month in Japan, as the pages write it (「3月31日」) and as YYYY-MM-DD. */
function endOfMonthJst(): { label: string; iso: string } {
  const today = new Date(Date.now() + 9 * 3_600_000);
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return {
    label: `${m}月${last}日`,
    iso: `${y}-${String(m).padStart(2, "0")}-${String(last).padStart(2, "0")}`,
  };
}

test("a buyer nominates a new free supplier, who buys a ticket, opens the buyer's details and answers", async ({
  page,
  browser,
  request,
}, info) => {
  const run = `${info.project.name}-${Date.now()}`;
  const supplier = await registerCompany(request, "oem", {
    email: uniqueEmail("tickets-supplier", info),
    name: "指名 三郎",
    companyName: `ジャーニー化成株式会社 ${run}`,
    page,
  });
  const buyer = await registerCompany(request, "buyer", {
    email: uniqueEmail("tickets-buyer", info),
    name: "購買 四郎",
    companyName: `株式会社ジャーニー通販 ${run}`,
    page,
  });
  const title = `指名のご相談（ジャーニー ${run}）`;
  runs[info.project.name] = { supplier, inquiryTitle: title };

  // The buyer nominates the supplier from its public page.
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  await login(buyerPage, "buyer", buyer.email, "/account/buyer", buyer.password);
  await buyerPage.goto(`/oem/company/${supplier.companyId}`);
  await expect(buyerPage.getByRole("heading", { level: 1, name: supplier.companyName })).toBeVisible();
  await buyerPage
    .getByRole("link", { name: "この企業に問い合わせる" })
    .filter({ visible: true })
    .first()
    .click();
  await expect(buyerPage).toHaveURL(
    new RegExp(`/buyer/single-inquiry\\?step=1&companyId=${supplier.companyId}$`),
  );
  await expect(buyerPage.getByLabel("案件名")).toBeVisible();
  await expect(buyerPage.locator("#field-nominatedCompanyId")).toContainText(supplier.companyName);
  await buyerPage.getByLabel("案件名").fill(title);
  await buyerPage.getByLabel("カテゴリ").selectOption({ label: "化粧品" });
  await buyerPage
    .getByLabel("依頼内容")
    .fill("貴社の公開ページを拝見しました。ボディミルクを小ロットで製造いただけるかご相談させてください。");
  await buyerPage.getByLabel("数量・ロット").fill("初回500本");
  await buyerPage.getByRole("button", { name: "確認画面へ進む" }).click();
  await expect(buyerPage).toHaveURL(/\/buyer\/single-inquiry\?step=3/);
  // In the page, not in Next's route announcer (which reads out the previous page's title).
  await expect(buyerPage.getByRole("main").getByText(supplier.companyName)).toBeVisible();
  await buyerPage.getByRole("button", { name: "この内容で送信する" }).click();
  await expect(buyerPage).toHaveURL(/step=4/);
  await expect(buyerPage.getByText("企業に届きました")).toBeVisible();

  // The supplier is told at once, and finds it in its nominated inquiries.
  const told = await waitForMail(supplier.email, `貴社を指名したお問い合わせが届きました：${title}`);
  const inquiryId = new URLSearchParams(linkIn(told, "/account/oem/contact").split("?")[1]).get("id");
  expect(inquiryId).toMatch(/^[0-9a-f-]{36}$/);
  await login(page, "oem", supplier.email, "/account/oem/contact", supplier.password);
  await expect(page.getByRole("heading", { level: 1, name: "指名案件一覧" })).toBeVisible();
  await expect(ticketCount(page)).toHaveText("チケット残り 0枚");
  await page.getByRole("link", { name: title }).click();
  await page.waitForURL(`**/account/oem/contact/${inquiryId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // No ticket: the content, but neither the buyer's details nor a way to answer; buying leads back here.
  await expect(page.getByText("ボディミルクを小ロットで製造いただけるか")).toBeVisible();
  await expect(page.getByText("発注者の連絡先は、チケットを1枚使うと開示されます")).toBeVisible();
  await expect(page.getByText(buyer.email)).toHaveCount(0);
  await expect(page.getByText(buyer.companyName)).toHaveCount(0);
  await expect(page.getByRole("form", { name: "エントリー" })).toHaveCount(0);
  await expect(page.getByText("チケットが残っていません")).toBeVisible();
  await page.getByRole("link", { name: "チケットを購入する", exact: true }).click();
  await expect(page).toHaveURL(
    `/account/oem/ticket-buy?redirectTo=${encodeURIComponent(`/account/oem/contact/${inquiryId}`)}`,
  );
  await expect(page.getByRole("heading", { level: 1, name: "チケット購入" })).toBeVisible();

  // One ticket, paid by invoice: the purchase waits for the payment.
  await expect(page.getByRole("radio", { checked: true })).toHaveValue("1");
  await page.getByRole("button", { name: "購入を申し込む" }).click();
  const confirm = page.getByRole("alertdialog", { name: "チケットの購入を申し込みますか？" });
  await expect(confirm).toContainText("ご請求額（税込）¥5,500");
  await confirm.getByRole("button", { name: "申し込む" }).click();
  await expect(page.getByRole("heading", { name: "お申し込みを受け付けました" })).toBeVisible();
  await expect(page.getByText("チケット1枚（ご請求額 ¥5,500・税込）")).toBeVisible();
  await expect(page.getByRole("region", { name: "入金確認待ちのお申し込み" })).toContainText("入金確認待ち");
  await waitForMail(supplier.email, "請求書を発行しました");
  await expect(ticketCount(page)).toHaveText("チケット残り 0枚");
  await page.getByRole("link", { name: "元のページに戻る" }).click();
  await page.waitForURL(`**/account/oem/contact/${inquiryId}`);
  await expect(page.getByText("チケットが残っていません")).toBeVisible();

  // The operator confirms the payment; back on the tab, the count has risen.
  expect(await confirmPendingPurchases(request, supplier.companyId)).toBe(1);
  await waitForMail(supplier.email, "チケットを付与しました");
  await returnToTab(page);
  await expect(ticketCount(page)).toHaveText("チケット残り 1枚");
  await expect(page.getByText("チケットが残っていません")).toHaveCount(0);

  // The ticket opens the buyer's details.
  await page.getByRole("button", { name: "チケットを1枚使って連絡先を開示する" }).click();
  const use = page.getByRole("alertdialog", { name: "チケットを1枚使いますか？" });
  await expect(use).toContainText("1枚");
  await use.getByRole("button", { name: "1枚使って開示する" }).click();
  const contact = page.getByRole("region", { name: "発注者の連絡先" });
  await expect(contact).toBeVisible();
  await expect(contact.getByRole("link", { name: buyer.email })).toHaveAttribute(
    "href",
    `mailto:${buyer.email}`,
  );
  await expect(contact).toContainText(buyer.companyName);
  await expect(contact).toContainText("購買 四郎");
  await expect(ticketCount(page)).toHaveText("チケット残り 0枚");

  // The supplier answers; the buyer is told and sees the answer with the supplier's details.
  const message = `ご指名ありがとうございます。500本から承ります。（${run}）`;
  const form = page.getByRole("form", { name: "エントリー" });
  await form.getByLabel(/^メッセージ/).fill(message);
  await form.getByLabel(/^提案単価/).fill("880");
  await form.getByRole("button", { name: "返信する" }).click();
  await expect(page.getByRole("region", { name: "エントリー済み" })).toContainText(message);
  await waitForMail(buyer.email, `エントリーが届きました：${title}`);

  await buyerPage.goto(`/account/buyer/inquiry/${inquiryId}`);
  const entry = buyerPage.getByRole("listitem").filter({ hasText: message });
  await expect(entry.getByRole("heading", { name: new RegExp(supplier.companyName) })).toBeVisible();
  await expect(entry.getByRole("link", { name: supplier.email })).toHaveAttribute(
    "href",
    `mailto:${supplier.email}`,
  );
  await buyerContext.close();
});

test("the free supplier applies for the plan, gets the paid badge and the entered list, and cancels to the month's end", async ({
  page,
  request,
}, info) => {
  const prior = runs[info.project.name];
  expect(prior, "the previous test registered the supplier").toBeTruthy();
  const { supplier, inquiryTitle } = prior!;
  const end = endOfMonthJst();

  // Free: the entered-projects list is greyed; the upgrade button leads to the plan page.
  await login(page, "oem", supplier.email, "/account/oem", supplier.password);
  // Completion pages confirm only what happened: with no application or contract they go back.
  for (const [path, back] of <const>[
    ["/account/oem/subscribe/complete", "/account/oem/subscribe"],
    ["/account/oem/complete", "/account/oem/subscribe"],
    ["/account/oem/subscribe/cancel-complete", "/account/oem/subscribe/cancel"],
    ["/account/oem/subscribe/cancel-complete?withdrawn=1", "/account/oem/subscribe/cancel"],
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL((url) => url.pathname === back);
    await expect(
      page.getByText(/お申し込みを受け付けました|解約を受け付けました|取り消しました/),
    ).toHaveCount(0);
  }
  await page.goto("/account/oem");
  let menu = await sidebar(page);
  await expect(menu.locator('[aria-disabled="true"]', { hasText: "エントリー済み案件一覧" })).toBeVisible();
  await menu.getByRole("link", { name: "無制限プランにアップグレード" }).click();
  await page.waitForURL("**/account/oem/subscribe");
  const current = page.getByRole("region", { name: /現在のご契約/ });
  await expect(current).toContainText("無料プラン");
  await page.getByRole("button", { name: "無制限プランに申し込む" }).click();
  const apply = page.getByRole("alertdialog", { name: "無制限プランに申し込みますか？" });
  await expect(apply).toContainText("¥30,000（税抜）");
  // One rule everywhere: the operator starts the plan, then it is invoiced monthly (never "after payment").
  await expect(apply).toContainText("開始月の分から毎月請求書をお送りします");
  await expect(page.getByText(/入金/)).toHaveCount(0);
  await apply.getByRole("button", { name: "申し込む" }).click();
  await page.waitForURL("**/account/oem/subscribe/complete");
  expect(await seriousViolations(page, "/account/oem/subscribe/complete")).toEqual([]);
  await expect(page.getByText("お申し込みを受け付けました。運営事務局が確認して開始します。")).toBeVisible();
  await expect(page.getByText(/入金/)).toHaveCount(0);

  // Still free until the operator activates it.
  await page.goto("/account/oem/entry");
  await expect(page.getByRole("heading", { name: "アクセス制限" })).toBeVisible();
  await page.goto("/account/oem/subscribe");
  await expect(current).toContainText("お申し込み中");

  await activatePlan(request, supplier.companyId);
  await waitForMail(supplier.email, "無制限プランが開始されました");

  // Back on the tab: the paid badge, no ticket button, the entered list a link that opens.
  await returnToTab(page);
  menu = await sidebar(page);
  await expect(menu.getByText("無制限プラン", { exact: true })).toBeVisible();
  await expect(ticketCount(page)).toHaveCount(0);
  await expect(menu.locator('[aria-disabled="true"]', { hasText: "無制限プラン設定" })).toBeVisible();
  await menu.getByRole("link", { name: "エントリー済み案件一覧" }).click();
  await page.waitForURL("**/account/oem/entry");
  await expect(page.getByRole("heading", { level: 1, name: "エントリー済み案件一覧" })).toBeVisible();
  await expect(page.getByRole("link", { name: inquiryTitle })).toBeVisible();

  // An active plan is no application to confirm, and not yet a cancellation.
  await page.goto("/account/oem/subscribe/complete");
  await expect(page).toHaveURL((url) => url.pathname === "/account/oem/subscribe");
  await page.goto("/account/oem/subscribe/cancel-complete");
  await expect(page).toHaveURL((url) => url.pathname === "/account/oem/subscribe/cancel");

  // Cancelling from the my page keeps the plan to the end of the month.
  await page.goto("/account/oem");
  await page.getByRole("link", { name: "解約のお手続き" }).click();
  await page.waitForURL("**/account/oem/subscribe/cancel");
  await expect(page.getByRole("heading", { level: 1, name: "無制限プランの解約" })).toBeVisible();
  await expect(page.getByText(`${end.label}（今月末）まで`)).toBeVisible();
  const cancel = page.getByRole("button", { name: "解約する", exact: true });
  await expect(cancel).toBeDisabled();
  await page.getByRole("checkbox", { name: "上記の内容を確認しました。" }).check();
  await cancel.click();
  await page.waitForURL("**/account/oem/subscribe/cancel-complete");
  await expect(page.getByRole("heading", { name: "解約を受け付けました" })).toBeVisible();
  expect(await seriousViolations(page, "/account/oem/subscribe/cancel-complete")).toEqual([]);
  await expect(
    page.getByText(`${end.label}（今月末）まで、無制限プランをご利用いただけます。`),
  ).toBeVisible();

  // Still paid today: the badge, the entered list, the plan page's notice, the API's state.
  await page.goto("/account/oem/subscribe");
  await expect(current).toContainText("解約予定");
  await expect(current).toContainText(`${end.label}まで利用可能です`);
  await page.goto("/account/oem/entry");
  await expect(page.getByRole("heading", { level: 1, name: "エントリー済み案件一覧" })).toBeVisible();
  await expect((await sidebar(page)).getByText("無制限プラン", { exact: true })).toBeVisible();
  const { token } = await (await page.request.get("/api/auth/session")).json();
  const state = await (
    await page.request.get(`/api/billing/plan_contract/waiting/company/${supplier.companyId}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  expect(state.paymentStatus).toBe("OEM_PAID");
  expect(state.contract).toMatchObject({ status: "CANCEL_SCHEDULED", endsOn: end.iso });
});
