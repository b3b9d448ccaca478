import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { type Account, login, ownerLogin, registerCompany, sidebar, uniqueEmail } from "./support/journey";

// The operator's console, as one journey on companies registered for the run (both projects
// share one server and database): a supplier is signed in on the site while the operator signs in
// to /owner/login in the same browser, and both sessions survive each other's sign-in and sign-out.
// The operator confirms the supplier's ticket purchase (its balance rises), refunds a ticket the
// supplier spent on a nomination, activates its plan application (OEM_PAID), publishes news for
// suppliers only (a buyer does not get it), finds each change in the audit log, and downloads a
// CSV export (UTF-8 with BOM, Japanese intact). Approving bulk inquiries is
// owner-console-inquiries.spec.ts.

test.describe.configure({ mode: "serial", timeout: 240_000 });

const auth = (a: Account) => ({ authorization: `Bearer ${a.token}` });

async function api<T>(
  request: APIRequestContext,
  method: "get" | "post",
  path: string,
  who: Account,
  data?: Record<string, unknown>,
  status = method === "post" ? 201 : 200,
): Promise<T> {
  // One Idempotency-Key per call: a retry after a dropped keep-alive connection is not charged twice.
  const headers = { ...auth(who), "idempotency-key": `owner-console-${Date.now()}-${Math.random()}` };
  const send = () => request.fetch(path, { method, headers, data });
  const res = await send().catch((e: Error) => {
    if (!/ECONNRESET|socket hang up/.test(e.message)) throw e;
    return send();
  });
  expect(res.status(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

const balanceOf = async (request: APIRequestContext, supplier: Account) =>
  (
    await api<{ balance: number; paymentStatus: string }>(
      request,
      "get",
      "/api/billing/tickets",
      supplier,
      undefined,
    )
  ).balance;

/** The list of a console page: the table on desktop, the cards on phones. */
function listOf(page: Page, title: string): Locator {
  return page.getByRole("region", { name: `${title}の一覧` });
}

/** The one visible match (the table and the phone cards hold the same rows). */
const visible = (l: Locator) => l.filter({ visible: true }).first();

async function openConsole(page: Page) {
  await ownerLogin(page);
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
}

/** The supplier's my page still shows the supplier after a reload (the site session is intact). */
async function supplierStillSignedIn(page: Page, supplier: Account) {
  await page.reload();
  await expect(page).toHaveURL(/\/account\/oem$/);
  const menu = await sidebar(page);
  await expect(visible(menu.getByText(supplier.companyName))).toBeVisible();
}

test("the operator confirms a purchase, refunds a ticket, starts a plan, publishes supplier news, finds it all in the audit log and exports CSV", async ({
  browser,
  request,
}, info) => {
  const run = `${info.project.name}-${Date.now()}`;
  const context = await browser.newContext();
  const supplierPage = await context.newPage();
  const supplier = await registerCompany(request, "oem", {
    email: uniqueEmail("console-supplier", info),
    name: "運営 確認子",
    companyName: `コンソール精工株式会社 ${run}`,
    page: supplierPage,
  });
  const buyer = await registerCompany(request, "buyer", {
    email: uniqueEmail("console-buyer", info),
    name: "発注 一郎",
    companyName: `株式会社コンソール商事 ${run}`,
    page: supplierPage,
  });

  // ---------------------------------------------------------------- two sessions, one browser
  await login(supplierPage, "oem", supplier.email, "/account/oem", supplier.password);
  const page = await context.newPage();
  await openConsole(page);
  await supplierStillSignedIn(supplierPage, supplier);
  expect(await page.evaluate(() => localStorage.getItem("admin_token"))).toBeTruthy();

  // ---------------------------------------------------------------- confirm a ticket purchase
  const purchase = await api<{ id: string; status: string }>(
    request,
    "post",
    "/api/billing/ticket_purchase",
    supplier,
    { quantity: 5 },
  );
  expect(purchase.status).toBe("PENDING");
  expect(await balanceOf(request, supplier)).toBe(0);

  await page.goto(
    `/owner/ticket-purchases?status=PENDING&keyword=${encodeURIComponent(supplier.companyName)}`,
  );
  await expect(page.getByRole("heading", { level: 1, name: "チケット購入" })).toBeVisible();
  await visible(listOf(page, "チケット購入").getByRole("link", { name: /入金を確認する/ })).click();
  await page.waitForURL(`**/owner/ticket-purchases/${purchase.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "チケット5枚の購入" })).toBeVisible();
  await page.getByRole("button", { name: "入金を確認", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "入金を確認しますか？" });
  await expect(confirm).toContainText(`${supplier.companyName}のチケット残数が5枚増えます（0枚 → 5枚）`);
  await confirm.getByRole("button", { name: "入金を確認する" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("region", { name: "購入の内容" })).toContainText("支払済み");
  await expect(page.getByRole("region", { name: "操作履歴" })).toContainText("入金を確認");
  await expect(page.getByRole("button", { name: "入金を確認", exact: true })).toHaveCount(0);
  expect(await balanceOf(request, supplier)).toBe(5);
  await supplierPage.reload();
  await expect((await sidebar(supplierPage)).getByTestId("ticket-count")).toHaveText("チケット残り 5枚");

  // ---------------------------------------------------------------- refund a ticket usage
  const categories = (await (await request.get("/api/categories")).json()) as {
    items: Array<{ id: number }>;
  };
  const title = `指名のご相談 ${run}`;
  const inquiry = await api<{ id: string }>(request, "post", "/api/contact/create", buyer, {
    type: "NOMINATION",
    title,
    categoryId: categories.items[0]!.id,
    description: "精密部品の試作をお願いできる工場を探しています。図面はご相談後にお送りします。",
    quantity: "試作10個、量産月500個",
    nominatedCompanyId: supplier.companyId,
  });
  const usage = await api<{ id: string; balance: number }>(
    request,
    "post",
    "/api/billing/ticket_usage",
    supplier,
    {
      contactId: inquiry.id,
    },
  );
  expect(usage.balance).toBe(4);

  await page.goto(`/owner/ticket-usages?companyId=${supplier.companyId}`);
  await expect(page.getByRole("heading", { level: 1, name: "チケット利用" })).toBeVisible();
  const usages = listOf(page, "チケット利用");
  await visible(
    usages.getByRole("button", { name: `${supplier.companyName}の「${title}」のチケットを返還` }),
  ).click();
  const refund = page.getByRole("alertdialog", { name: "チケットを返還しますか？" });
  await expect(refund).toContainText(`${supplier.companyName}のチケット残数が1枚増えます。`);
  await refund.getByRole("button", { name: "返還する" }).click();
  await expect(refund).toBeHidden();
  await expect(visible(usages.getByText("返還済み", { exact: true }))).toBeVisible();
  expect(await balanceOf(request, supplier)).toBe(5);

  // ---------------------------------------------------------------- activate a plan application
  const contract = await api<{ id: string; status: string }>(
    request,
    "post",
    "/api/billing/plan_contract/waiting",
    supplier,
    {},
  );
  expect(contract.status).toBe("WAITING");
  await page.goto("/owner/plans");
  await expect(page.getByRole("heading", { level: 1, name: "無制限プラン" })).toBeVisible();
  const waiting = page.getByRole("list", { name: "申込待ちの一覧" });
  await expect(waiting).toContainText(supplier.companyName);
  await waiting.getByRole("button", { name: `${supplier.companyName}の申込を開始` }).click();
  const activate = page.getByRole("alertdialog", { name: "無制限プランを開始しますか？" });
  await expect(activate.getByLabel("開始日")).not.toHaveValue("");
  await activate.getByRole("button", { name: "プランを開始する" }).click();
  await expect(activate).toBeHidden();
  await expect(page.getByRole("button", { name: `${supplier.companyName}の申込を開始` })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "契約中の一覧" })).toContainText(supplier.companyName);
  const me = await api<{ companyDetails: { paymentStatus: string } }>(
    request,
    "get",
    "/api/account/me",
    supplier,
  );
  expect(me.companyDetails.paymentStatus).toBe("OEM_PAID");
  await supplierPage.reload();
  await expect((await sidebar(supplierPage)).getByText("無制限プラン", { exact: true })).toBeVisible();

  // ---------------------------------------------------------------- news for suppliers only
  const newsTitle = `OEMメーカーの皆さまへ：新機能のお知らせ ${run}`;
  await page.goto("/owner/news/new");
  const form = page.getByRole("form", { name: "お知らせの作成" });
  await form.getByRole("button", { name: "下書きを保存" }).click();
  await expect(form.getByText("タイトルを入力してください")).toBeVisible();
  await form.getByLabel(/^タイトル/).fill(newsTitle);
  await form.getByLabel(/^本文/).fill("指名案件の通知設定を追加しました。\nマイページからご確認ください。");
  await form.getByRole("radio", { name: "OEMメーカー" }).check();
  await form.getByRole("radio", { name: "公開", exact: true }).check();
  await form.getByRole("button", { name: "公開する" }).click();
  await page.waitForURL(/\/owner\/news\/[0-9a-f-]{36}$/);
  const newsId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: "お知らせを編集" })).toBeVisible();
  await expect(page.getByRole("region", { name: "操作履歴" })).toContainText("お知らせを作成");

  const titles = (body: { items: Array<{ title: string }> }) => body.items.map((n) => n.title);
  const forSupplier = await api<{ items: Array<{ title: string }> }>(
    request,
    "get",
    `/api/oem/company/${supplier.companyId}/news?perPage=100`,
    supplier,
  );
  expect(titles(forSupplier)).toContain(newsTitle);
  const forBuyer = await api<{ items: Array<{ title: string }> }>(
    request,
    "get",
    `/api/buyer/company/${buyer.companyId}/news?perPage=100`,
    buyer,
  );
  expect(titles(forBuyer)).not.toContain(newsTitle);
  const publicNews = (await (await request.get("/api/news?perPage=100")).json()) as {
    items: Array<{ title: string }>;
  };
  expect(titles(publicNews)).not.toContain(newsTitle);
  await supplierPage.goto("/account/oem/news");
  await expect(supplierPage.getByText(newsTitle)).toBeVisible();

  // ---------------------------------------------------------------- every change in the audit log
  await page.goto("/owner/audit-log");
  await expect(page.getByRole("heading", { level: 1, name: "操作履歴" })).toBeVisible();
  const filters = page.getByRole("search", { name: "操作履歴の絞り込み" });
  await filters.getByLabel("操作").selectOption({ label: "入金を確認" });
  await filters.getByLabel("対象ID").fill(purchase.id);
  await filters.getByRole("button", { name: "絞り込む" }).click();
  await expect(page).toHaveURL(new RegExp(`targetId=${purchase.id}`));
  const log = listOf(page, "操作履歴");
  await expect(log).toContainText("全1件");
  await expect(visible(log.getByText("入金を確認", { exact: true }))).toBeVisible();
  await expect(visible(log.getByRole("link", { name: "チケット5枚の購入" }))).toHaveAttribute(
    "href",
    `/owner/ticket-purchases/${purchase.id}`,
  );
  // Named by its company, not only by ids (issue 15 #31).
  await expect(visible(log.getByRole("link", { name: supplier.companyName }))).toHaveAttribute(
    "href",
    `/owner/suppliers/${supplier.companyId}`,
  );

  const expectations: Array<[string, string, string]> = [
    ["ticket_usage", usage.id, "チケット利用を返還"],
    ["plan_contract", contract.id, "無制限プランを開始"],
    ["news", newsId, "お知らせを作成"],
  ];
  for (const [targetType, targetId, label] of expectations) {
    await page.goto(`/owner/audit-log?targetType=${targetType}&targetId=${targetId}`);
    await expect(log).toContainText("全1件");
    await expect(visible(log.getByText(label, { exact: true }))).toBeVisible();
    if (targetType !== "news") await expect(log).toContainText(supplier.companyName);
  }

  // ---------------------------------------------------------------- CSV export (UTF-8 with BOM)
  await page.goto(`/owner/ticket-purchases?keyword=${encodeURIComponent(supplier.companyName)}`);
  await expect(listOf(page, "チケット購入")).toContainText("全1件");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "CSVダウンロード" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString("utf8");
  expect(csv.split("\r\n")[0]).toContain("企業名");
  expect(csv).toContain(supplier.companyName);
  expect(csv).toContain("支払済み");

  // ---------------------------------------------------------------- sign out of the console only
  await page.getByRole("button", { name: "ログアウト" }).click();
  await page.waitForURL(/\/owner\/login\?signedOut=1/);
  await expect(page.getByText("ログアウトしました。")).toBeVisible();
  await expect(page.getByRole("form", { name: "運営者ログイン" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("admin_token"))).toBeNull();
  await supplierPage.goto("/account/oem");
  await supplierStillSignedIn(supplierPage, supplier);
  await page.goto("/owner/plans");
  await page.waitForURL(/\/owner\/login\?redirectTo=/);
  await context.close();
});
