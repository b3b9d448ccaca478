import { type Browser, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./support/a11y";
import { approveBulkInquiry, login, ownerLogin, registerCompany, uniqueEmail } from "./support/journey";
import { waitForMail } from "./support/mail";

// Issue 20 (step 6), end to end: a new supplier registers its capabilities and uploads an ISO 22716
// certificate and its 化粧品製造業許可; the operator checks both in the console; the badge shows on
// its public page and search card; a buyer finds it by ISO 22716 + MOQ ≤ 1,000; the buyer's bulk
// inquiry for 3,000 units requiring 化粧品製造業許可 suggests only suppliers holding a verified licence,
// with the reasons; after the operator publishes it, the supplier finds it at the top of its recruits
// sorted by fit, with the reasons. The rules are pinned in the API tests (suggestions, recruits-fit,
// certifications, owner-certifications); this follows one supplier through every hand.

test.describe.configure({ mode: "serial", timeout: 240_000 });

const width = () => (test.info().project.name === "mobile" ? 375 : 1440);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${name}-${width()}.png`, fullPage: true });

const ISO = "ISO 22716（化粧品GMP）";
const LICENCE = "化粧品製造業許可";
// A small but real PDF: the upload checks the content, not the name.
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

function inYears(years: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() + years);
  return d.toISOString().slice(0, 10);
}

async function uploadCertificate(page: Page, type: string, number: string, issuer: string) {
  const form = page.getByRole("form", { name: "証明書の登録" });
  await form.getByLabel(/^認証・許可の種類/).selectOption({ label: type });
  await form.getByLabel(/^登録番号・許可番号/).fill(number);
  await form.getByLabel(/^発行機関/).fill(issuer);
  await form.getByLabel(/^有効期限/).fill(inYears(2));
  await form.locator('input[type="file"]').setInputFiles({
    name: `${number}.pdf`,
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await form.getByRole("button", { name: "証明書を登録する" }).click();
  await expect(
    page.getByText("証明書を登録しました。運営事務局の確認をお待ちください。").last(),
  ).toBeVisible();
  const listed = page
    .getByRole("list", { name: "登録済みの証明書" })
    .getByRole("listitem")
    .filter({ hasText: number });
  await expect(listed).toContainText("確認待ち");
}

/** The operator opens the supplier's certificate of `type` in the console queue and verifies it. */
async function verifyInConsole(browser: Browser, companyId: string, type: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const owner = await context.newPage();
  await ownerLogin(owner);
  await owner.goto(`/owner/certifications?companyId=${companyId}`);
  const row = owner.getByRole("row").filter({ hasText: type });
  await row.getByRole("link", { name: "確認する" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: `${type}の証明書` })).toBeVisible();
  await owner.getByRole("button", { name: "認証確認済みにする" }).first().click();
  const dialog = owner.getByRole("dialog", { name: "認証確認済みにする" });
  await dialog.getByRole("button", { name: "認証確認済みにする" }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByText("認証確認済み").first()).toBeVisible();
  await context.close();
}

test("a verified supplier is found by certification and MOQ, suggested for a fitting inquiry, and sees it first by fit", async ({
  page,
  browser,
  request,
}, info) => {
  const run = `${info.project.name}-${Date.now()}`;
  const supplier = await registerCompany(request, "oem", {
    email: uniqueEmail("cap-supplier", info),
    name: "能力 花子",
    companyName: `ルミナ化粧品工業 ${run}`,
    page,
  });

  // The supplier registers its capabilities…
  await login(page, "oem", supplier.email, "/account/oem/capabilities", supplier.password);
  const form = page.getByRole("form", { name: "対応能力の編集" });
  await form.getByLabel(/^数量の単位/).selectOption("個");
  await form.getByLabel(/^下限/).fill("500");
  await form.getByLabel(/^上限/).fill("5000");
  await form.getByLabel(/^月産能力/).fill("50000");
  await form
    .getByRole("group", { name: /サンプル製作/ })
    .getByLabel("対応する")
    .check();
  await form.getByLabel(/^サンプルの目安日数/).fill("14");
  await form.getByRole("checkbox", { name: "充填", exact: true }).check();
  await form.getByRole("checkbox", { name: "乳化", exact: true }).check();
  await form.getByRole("button", { name: "対応能力を保存する" }).click();
  await expect(page.getByText("対応能力を保存しました。")).toBeVisible();

  // …and its category: only suppliers of the inquiry's category are suggested (issue 33).
  await page.goto("/account/oem/company-information");
  const information = page.getByRole("form", { name: "OEM情報の編集" });
  await information
    .getByRole("group", { name: /対応カテゴリ/ })
    .getByRole("checkbox", { name: "化粧品", exact: true })
    .check();
  await information.getByRole("button", { name: "OEM情報を保存する" }).click();
  await expect(page.getByText(/OEM情報を保存しました。/)).toBeVisible();

  // …and uploads its certificate and licence: both wait for the operator.
  await page.goto("/account/oem/capabilities");
  await uploadCertificate(page, ISO, `JQA-CG${Date.now() % 100_000}`, "一般財団法人日本品質保証機構");
  await uploadCertificate(page, LICENCE, `27CZ${Date.now() % 1_000_000}`, "大阪府");
  expect(await seriousViolations(page, "capabilities and certificates settings")).toEqual([]);
  await shot(page, "capabilities-settings");

  // Not shown publicly before the operator checked it.
  await page.goto(`/oem/company/${supplier.companyId}`);
  const capabilities = page.getByRole("region", { name: "対応能力" });
  await expect(capabilities).toContainText("500");
  await expect(page.getByText(`${ISO}`).first()).toBeHidden();

  // The operator verifies both documents; the supplier is told.
  await verifyInConsole(browser, supplier.companyId, ISO);
  await verifyInConsole(browser, supplier.companyId, LICENCE);
  await waitForMail(supplier.email, `「${ISO}」を認証確認済みとして掲載しました`);

  // The badge on the public page.
  await page.reload();
  const badges = page.getByRole("list", { name: "認証確認済みの認証・許可" }).first();
  await expect(badges).toContainText(ISO);
  await expect(badges).toContainText(LICENCE);
  await expect(badges).toContainText("認証確認済み");
  expect(await seriousViolations(page, "supplier page with verified badges")).toEqual([]);
  await shot(page, "capabilities-public-page");

  // A buyer searches by ISO 22716 and MOQ ≤ 1,000, and finds the supplier with its badge.
  const buyer = await registerCompany(request, "buyer", {
    email: uniqueEmail("cap-buyer", info),
    name: "発注 三郎",
    companyName: `株式会社コスメ企画 ${run}`,
    page,
  });
  const buyerContext = await browser.newContext({
    viewport: { width: width(), height: 900 },
    isMobile: width() === 375,
    hasTouch: width() === 375,
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
  });
  const b = await buyerContext.newPage();
  await login(b, "buyer", buyer.email, "/oem/search", buyer.password);
  const search = b.getByRole("search", { name: "OEMメーカーの検索条件" });
  const filters = search.getByText("条件で絞り込む");
  if (await filters.isVisible()) await filters.click();
  await search.locator("#supplier-keyword").fill(supplier.companyName);
  await search.getByText("認証・許可を選ぶ").click();
  await search.getByRole("checkbox", { name: ISO }).check();
  await search.locator('input[name="moqMax"]').fill("1000");
  await search.getByRole("button", { name: "検索" }).first().click();
  await b.waitForURL(/certificationIds=/);
  expect(new URL(b.url()).searchParams.get("moqMax")).toBe("1000");
  const card = b.getByRole("article").filter({ hasText: supplier.companyName });
  await expect(card).toBeVisible();
  await expect(card).toContainText(ISO);
  expect(await seriousViolations(b, "search by certification and MOQ")).toEqual([]);
  await shot(b, "capabilities-search");
  await card.getByRole("button", { name: `${supplier.companyName}を一括問い合わせに追加` }).click();

  // The bulk inquiry: 3,000 units that need a verified 化粧品製造業許可.
  const title = `無添加化粧水のOEM 3,000個 ${run}`;
  await b.getByRole("link", { name: "選択した企業に一括問い合わせ" }).click();
  await expect(b).toHaveURL(/\/buyer\/bulk-inquiry\?step=1$/);
  await b.getByLabel("案件名").fill(title);
  await b.getByLabel("カテゴリ").selectOption({ label: "化粧品" });
  await b
    .getByLabel("依頼内容")
    .fill("無添加の化粧水を自社ブランドで販売したく、充填・包装までお願いできる企業さまを探しています。");
  await b.getByLabel("数量・ロット").fill("初回3,000個");
  await b.getByRole("button", { name: /詳しい条件（任意）/ }).click();
  await b.getByLabel(/^ロット数量（1回の発注）/).fill("3000");
  await b
    .locator("#field-requirements")
    .getByLabel(/^数量の単位/)
    .selectOption("個");
  await b.locator("#field-requirements").getByRole("checkbox", { name: LICENCE }).check();
  await b.getByRole("button", { name: "確認画面へ進む" }).click();

  // 「条件に合うメーカー」: only holders of a verified licence, each with its reasons.
  await expect(b).toHaveURL(/step=suggest/);
  await expect(b.getByRole("heading", { name: /条件に合うOEMメーカー（\d+社）/ })).toBeVisible();
  const suggested = b.getByRole("article");
  const count = await suggested.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(suggested.nth(i)).toContainText(`${LICENCE} 認証確認済み`);
  const mine = suggested.filter({ hasText: supplier.companyName });
  await expect(mine).toContainText("MOQ 500個 ≤ ご希望 3,000個");
  await expect(
    mine.getByRole("button", { name: `${supplier.companyName}を一括問い合わせに追加` }),
  ).toHaveText(/追加済み/);
  expect(await seriousViolations(b, "suggested suppliers")).toEqual([]);
  await shot(b, "capabilities-suggestions");
  await b.getByRole("button", { name: "確認画面へ進む" }).click();
  await expect(b).toHaveURL(/step=3$/);
  await expect(b.getByText(title)).toBeVisible();
  await b.getByRole("button", { name: "この内容で送信する" }).click();
  await expect(b.getByRole("heading", { level: 1, name: "お問い合わせを受け付けました" })).toBeVisible();
  await buyerContext.close();

  // The operator publishes it; the supplier sees it first among its recruits by fit.
  const inquiryId = await approveBulkInquiry(request, title);
  await page.goto("/account/oem/recruit?sort=fit");
  await expect(page.getByRole("heading", { level: 1, name: "公開案件一覧" })).toBeVisible();
  const first = page.getByRole("list", { name: "公開案件", exact: true }).getByRole("listitem").first();
  await expect(first.getByRole("link", { name: title })).toBeVisible();
  await expect(first).toContainText(`${LICENCE} 認証確認済み`);
  expect(await seriousViolations(page, "recruits sorted by fit")).toEqual([]);
  await shot(page, "capabilities-recruits-by-fit");

  // Its page says why it fits.
  await first.getByRole("link", { name: title }).click();
  await page.waitForURL(`**/account/oem/recruit/${inquiryId}`);
  await expect(page.getByText("MOQ 500個 ≤ ご希望 3,000個").first()).toBeVisible();
});
