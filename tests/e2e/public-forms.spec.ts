import { expect, type Page, test } from "@playwright/test";
import { linkIn, waitForMail } from "./support/mail";

// Step 7's public forms: the brochure request of /lp and the contact form of /support, with
// Japanese field errors that keep the input, the complete pages and the emails that follow.

const DEMO_PASSWORD = "Demo-pass-2026";

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function ready(page: Page, formName: string) {
  const form = page.getByRole("form", { name: formName });
  await expect(form.locator('button[type="submit"]')).toBeEnabled();
  return form;
}

test("/lp: the landing page shows prices, suppliers from the database and both sign-up calls", async ({
  page,
}) => {
  await page.goto("/lp");
  await expect(page).toHaveTitle(/OEMマッチ/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/lp$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /OEM/);
  for (const price of ["¥5,000", "¥22,500", "¥40,000"]) {
    await expect(page.getByText(price, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText(/¥30,000\s*／月/).first()).toBeVisible();
  await expect(page.getByText(/税抜/).first()).toBeVisible();
  await expect(page.getByText(/請求書払い/).first()).toBeVisible();
  // The rules as the product applies them (PRODUCT.md): a ticket opens a nominated inquiry;
  // entering a public (bulk) recruit needs the unlimited plan.
  const price = page.getByRole("region", { name: "料金プラン" });
  await expect(price).toContainText(
    "指名問い合わせに返信するときはチケットを1件につき1枚使い、一括問い合わせの公開案件へのエントリーは無制限プランでご利用いただけます。",
  );
  await expect(price.getByRole("heading", { name: "チケット（指名問い合わせ1件につき1枚）" })).toBeVisible();
  await expect(price).toContainText("一括問い合わせの公開案件へのエントリーは無制限プランのみ");
  const main = page.getByRole("main");
  await expect(main).not.toContainText("1エントリー1枚");
  await expect(main).not.toContainText("チケットでエントリー");
  await expect(main).not.toContainText("エントリーにチケット");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /指名問い合わせへの返信はチケット/,
  );
  await price.scrollIntoViewIfNeeded();
  await price.screenshot({ path: `test-results/item21-lp-price-${test.info().project.name}.png` });
  const suppliers = page
    .getByRole("region", { name: "掲載中のOEMメーカー" })
    .locator('a[href^="/oem/company/"]');
  await expect(suppliers).toHaveCount(6);
  await expect(page.getByRole("main").locator('a[href="/register?type=BUYER"]').first()).toBeVisible();
  await expect(page.getByRole("main").locator('a[href="/register?type=SUPPLIER"]').first()).toBeVisible();
});

test("brochure form: bad input shows Japanese field errors and keeps the input; good input sends the PDF link", async ({
  page,
}, info) => {
  const email = `lp-${info.project.name}-${Date.now()}@example.co.jp`;
  await page.goto("/lp#document-download");
  const form = await ready(page, "サービス資料の請求");

  await field(page, "companyName").fill("株式会社資料確認");
  await field(page, "email").fill("not-an-email");
  await field(page, "phone").fill("12345");
  await form.getByRole("button", { name: "無料で資料を受け取る" }).click();

  await expect(form.getByText("お名前を入力してください")).toBeVisible();
  await expect(form.getByText("メールアドレスの形式が正しくありません")).toBeVisible();
  await expect(form.getByText(/電話番号の形式が正しくありません/)).toBeVisible();
  await expect(form.getByText("ご検討中の立場を選択してください")).toBeVisible();
  await expect(form.getByText("プライバシーポリシーへの同意が必要です")).toBeVisible();
  await expect(field(page, "companyName")).toHaveValue("株式会社資料確認");
  await expect(field(page, "email")).toHaveValue("not-an-email");
  await expect(page).toHaveURL(/\/lp/);

  await field(page, "name").fill("資料 花子");
  await field(page, "email").fill(email);
  await field(page, "phone").fill("03-1234-5678");
  await form.getByRole("radio", { name: /発注者として/ }).check();
  await field(page, "interest").fill("化粧品の小ロットOEMを検討しています。");
  await form.getByRole("checkbox", { name: /プライバシーポリシー.*同意/ }).check();
  await expect(form.getByText("お名前を入力してください")).toHaveCount(0);
  await form.getByRole("button", { name: "無料で資料を受け取る" }).click();

  await expect(page).toHaveURL(/\/lp\/document-download\/complete$/);
  await expect(page.getByRole("heading", { name: "資料請求ありがとうございます" })).toBeVisible();
  const direct = page.getByRole("link", { name: /資料（PDF）を開く/ });
  await expect(direct).toHaveAttribute("href", "/api/document-download/brochure.pdf");

  const mail = await waitForMail(email, "サービス資料をお届けします");
  const res = await page.request.get(linkIn(mail, "/api/document-download"));
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/pdf");
  expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("support form: bad input shows Japanese field errors and keeps the input; good input is acknowledged by email", async ({
  page,
}, info) => {
  const email = `support-${info.project.name}-${Date.now()}@example.co.jp`;
  await page.goto("/support");
  await expect(page.getByRole("heading", { level: 1, name: "運営へのお問い合わせ" })).toBeVisible();
  const form = await ready(page, "運営へのお問い合わせ");

  await field(page, "message").fill("請求書の宛名を変更したいです。");
  await field(page, "email").fill("support@");
  await form.getByRole("button", { name: "送信する" }).click();

  await expect(form.getByText("お問い合わせ種別を選択してください")).toBeVisible();
  await expect(form.getByText("お名前を入力してください")).toBeVisible();
  await expect(form.getByText("メールアドレスの形式が正しくありません")).toBeVisible();
  await expect(field(page, "message")).toHaveValue("請求書の宛名を変更したいです。");
  await expect(field(page, "email")).toHaveValue("support@");

  await field(page, "category").selectOption("料金・請求");
  await field(page, "name").fill("問合 次郎");
  await field(page, "email").fill(email);
  await field(page, "companyName").fill("株式会社問い合わせ確認");
  await form.getByRole("button", { name: "送信する" }).click();

  await expect(page).toHaveURL(/\/support\/complete$/);
  await expect(page.getByRole("heading", { name: "お問い合わせを受け付けました" })).toBeVisible();
  // The acknowledgement is a fixed text: it echoes nothing typed into the form (no relay for strangers).
  const mail = await waitForMail(email, "お問い合わせを受け付けました");
  expect(mail.text).toContain("お問い合わせを受け付けました");
  for (const typed of ["請求書の宛名を変更したいです。", "問合 次郎", "株式会社問い合わせ確認"])
    expect(mail.text).not.toContain(typed);
});

test("the complete pages of the public forms show only after a submission; else back to the form", async ({
  page,
}) => {
  await page.goto("/lp/document-download/complete");
  await expect(page).toHaveURL(/\/lp#document-download$/);
  await expect(page.getByRole("heading", { name: "資料請求ありがとうございます" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /資料（PDF）を開く/ })).toHaveCount(0);
  await page.goto("/support/complete");
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole("heading", { level: 1, name: "運営へのお問い合わせ" })).toBeVisible();
  // A receipt is bound to its own form: a forged or foreign cookie does not open the page.
  await page.context().addCookies([
    {
      name: "oem_done_support",
      value: "9999999999.forged",
      url: `${new URL(page.url()).origin}/support/complete`,
    },
  ]);
  await page.goto("/support/complete");
  await expect(page).toHaveURL(/\/support$/);
});

test("support form: a signed-in buyer finds name, email and company filled in", async ({ page }) => {
  await page.goto("/buyer/login");
  await expect(page.locator('form button[type="submit"]').first()).toBeEnabled();
  await field(page, "email").fill("buyer@demo.oem-match.jp");
  await field(page, "password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/buyer$/);

  await page.goto("/support");
  await expect(field(page, "email")).toHaveValue("buyer@demo.oem-match.jp");
  await expect(field(page, "name")).not.toHaveValue("");
  await expect(field(page, "companyName")).not.toHaveValue("");
});

test("sitemap.xml lists the public pages and supplier pages; robots.txt points to it", async ({
  request,
}) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const path of ["/lp", "/oem/search", "/support", "/register?type=BUYER", "/guide/ticket-refund"]) {
    expect(xml).toContain(`${path}</loc>`);
  }
  expect(xml).toMatch(/\/oem\/company\/[0-9a-f-]{36}<\/loc>/);

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /account");
  expect(robots).toContain("Disallow: /api");
  expect(robots).toMatch(/Sitemap: http.+\/sitemap\.xml/);
});

test("brochure form: field errors answered by the API appear on their fields in Japanese", async ({
  page,
}) => {
  await page.route("**/api/document-download", (route) =>
    route.fulfill({
      status: 422,
      contentType: "application/json",
      body: JSON.stringify({
        error: {
          code: "VALIDATION_ERROR",
          message: "入力内容に誤りがあります。",
          fields: { email: "このメールアドレスには送信できません" },
        },
      }),
    }),
  );
  await page.goto("/lp#document-download");
  const form = await ready(page, "サービス資料の請求");
  await field(page, "companyName").fill("株式会社API確認");
  await field(page, "name").fill("確認 三郎");
  await field(page, "email").fill("blocked@example.co.jp");
  await form.getByRole("radio", { name: "その他" }).check();
  await form.getByRole("checkbox", { name: /プライバシーポリシー.*同意/ }).check();
  await form.getByRole("button", { name: "無料で資料を受け取る" }).click();
  await expect(form.getByText("このメールアドレスには送信できません")).toBeVisible();
  await expect(field(page, "email")).toHaveValue("blocked@example.co.jp");
  await expect(field(page, "companyName")).toHaveValue("株式会社API確認");
  await expect(page).toHaveURL(/\/lp/);
  await expect(form.getByRole("button", { name: "無料で資料を受け取る" })).toBeEnabled();
});
