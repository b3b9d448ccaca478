// The buyer's inquiry flows in the browser, on the demo data: the bulk flow from the search
// (logging in inside it), a nomination from a supplier's public page with an attachment, and
// registering inside the flow without losing the draft. Runs at 1440 px and at 375 px.
import { expect, type Page, test } from "@playwright/test";

const DEMO_BUYER = "buyer@demo.oem-match.jp";
const DEMO_PASSWORD = "Demo-pass-2026";
const FREE_SUPPLIER = "株式会社ルミエール化粧品研究所";

/** Inputs by their form name (the registration and login forms' labels carry the 必須 badge). */
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/** The step-1 form, once hydrated (the draft is read from sessionStorage in the browser). */
async function openContentStep(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "問い合わせ内容の入力" })).toBeVisible();
  await expect(page.getByLabel("案件名")).toBeVisible();
}

async function fillContent(page: Page, title: string) {
  await page.getByLabel("案件名").fill(title);
  await page.getByLabel("カテゴリ").selectOption({ label: "化粧品" });
  await page
    .getByLabel("依頼内容")
    .fill(
      "敏感肌向けの化粧水を開発したいと考えています。\n処方の開発から充填・包装までご相談させてください。",
    );
  await page.getByLabel("数量・ロット").fill("初回3,000本、以降月1,000本");
}

async function logInOnForm(page: Page) {
  // Enabled once hydrated: a click before that would be lost.
  await expect(page.getByRole("button", { name: "ログイン", exact: true })).toBeEnabled();
  await field(page, "email").fill(DEMO_BUYER);
  await field(page, "password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
}

test("logged out: select three suppliers, fill the bulk flow, log in inside it and send", async ({
  page,
}) => {
  await page.goto("/oem/search");
  const toggles = page.getByRole("button", { name: /を一括問い合わせに追加$/ });
  await expect(toggles.first()).toBeEnabled();
  const picked: string[] = [];
  for (let i = 0; i < 3; i++) {
    const toggle = toggles.nth(i);
    picked.push((await toggle.getAttribute("aria-label"))!.replace(/を一括問い合わせに追加$/, ""));
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
  }
  await page.getByRole("link", { name: "選択した企業に一括問い合わせ" }).click();
  await expect(page).toHaveURL(/\/buyer\/bulk-inquiry\?step=1$/);
  await openContentStep(page);
  const recipients = page.locator("#field-selectedCompanyIds");
  await expect(recipients).toContainText("3社選択中");
  for (const name of picked) await expect(recipients).toContainText(name);
  // Visitors attach files after signing in; the deadline starts 14 days ahead.
  await expect(
    page.getByText("発注者アカウントでログインすると添付できます", { exact: false }),
  ).toBeVisible();
  await expect(page.getByLabel("エントリー締切")).not.toHaveValue("");

  // Bad input first: the server's field errors in Japanese, and what was typed stays.
  await page.getByLabel("案件名").fill("オーガニック化粧水のOEM製造");
  await page.getByLabel("希望単価（1個あたり）").fill("安くしたい");
  await page.getByRole("button", { name: "次へ進む" }).click();
  await expect(page.getByText("入力内容に誤りがあります。赤字の項目をご確認ください。")).toBeVisible();
  await expect(page.getByText("依頼内容を入力してください").first()).toBeVisible();
  await expect(page.getByText("カテゴリを選択してください").first()).toBeVisible();
  await expect(page.getByText("希望単価は数字で入力してください").first()).toBeVisible();
  await expect(page.getByLabel("案件名")).toHaveValue("オーガニック化粧水のOEM製造");
  await expect(page).toHaveURL(/step=1$/);

  await fillContent(page, "オーガニック化粧水のOEM製造（初回3,000本）");
  await page.getByLabel("希望単価（1個あたり）").fill("450");
  await page.getByRole("radio", { name: "必要" }).check();
  // The draft survives a reload.
  await page.reload();
  await openContentStep(page);
  await expect(page.getByLabel("案件名")).toHaveValue("オーガニック化粧水のOEM製造（初回3,000本）");
  await expect(page.getByLabel("希望単価（1個あたり）")).toHaveValue("450");

  await page.getByRole("button", { name: "次へ進む" }).click();
  // 「条件に合うメーカー」 comes next in the bulk flow; skipped here.
  await expect(page).toHaveURL(/\/buyer\/bulk-inquiry\?step=suggest$/);
  await page.getByRole("button", { name: "スキップ" }).click();
  await expect(page).toHaveURL(/\/buyer\/bulk-inquiry\?step=2$/);
  await expect(page.getByText("入力した内容は保存されています")).toBeVisible();
  await page.getByRole("link", { name: "ログインして続ける" }).click();
  await expect(page).toHaveURL(/\/buyer\/bulk-inquiry\/login\?redirect=/);
  await logInOnForm(page);

  // Back in the flow with the draft intact.
  await expect(page).toHaveURL(/\/buyer\/bulk-inquiry\?step=3$/);
  await expect(page.getByRole("heading", { level: 1, name: "入力内容の確認" })).toBeVisible();
  await expect(page.getByText("オーガニック化粧水のOEM製造（初回3,000本）")).toBeVisible();
  await expect(page.getByText("450円")).toBeVisible();
  await expect(page.getByText("締結が必要")).toBeVisible();
  for (const name of picked) await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /修正する/ }).first()).toBeVisible();

  await page.getByRole("button", { name: "この内容で送信する" }).click();
  await expect(page).toHaveURL(/\/buyer\/bulk-inquiry\?step=4$/);
  await expect(page.getByRole("heading", { level: 1, name: "お問い合わせを受け付けました" })).toBeVisible();
  await expect(page.getByText("運営の確認後に公開")).toBeVisible();
  await expect(page.getByRole("link", { name: "問い合わせ履歴を見る" })).toHaveAttribute(
    "href",
    "/account/buyer/inquiry",
  );
  // The draft and the selection are spent.
  expect(await page.evaluate(() => localStorage.getItem("selectedCompanies"))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem("inquiryDraft:bulk"))).toBeNull();
});

test("signed in: nominate a supplier from its public page, with an attachment", async ({ page }) => {
  await page.goto("/buyer/login");
  await logInOnForm(page);
  await expect(page).toHaveURL(/\/account\/buyer$/);

  await page.goto(`/oem/search?keyword=${encodeURIComponent("ルミエール")}`);
  await page.getByRole("link", { name: FREE_SUPPLIER }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: FREE_SUPPLIER })).toBeVisible();
  await page.getByRole("link", { name: "この企業に問い合わせる" }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/buyer\/single-inquiry\?step=1&companyId=[0-9a-f-]{36}$/);
  await openContentStep(page);
  await expect(page.locator("#field-nominatedCompanyId")).toContainText(FREE_SUPPLIER);

  await fillContent(page, "敏感肌向け化粧水の指名問い合わせ");
  // A real PDF and a text file pretending to be one: the server decides by the content.
  await page.locator('input[type="file"]').setInputFiles([
    {
      name: "仕様書_化粧水.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(
        "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
      ),
    },
    { name: "偽物.pdf", mimeType: "application/pdf", buffer: Buffer.from("これはPDFではありません") },
  ]);
  await expect(page.getByText("アップロード済み", { exact: false })).toBeVisible();
  await expect(page.getByText("添付できるのは PDF・画像", { exact: false })).toBeVisible();

  // A signed-in buyer skips the account step.
  await page.getByRole("button", { name: "確認画面へ進む" }).click();
  await expect(page).toHaveURL(/\/buyer\/single-inquiry\?step=3&companyId=/);
  await expect(page.getByText(FREE_SUPPLIER)).toBeVisible();
  await expect(page.getByText("仕様書_化粧水.pdf")).toBeVisible();
  await page.getByRole("button", { name: "この内容で送信する" }).click();
  await expect(page).toHaveURL(/step=4/);
  await expect(page.getByRole("heading", { level: 1, name: "お問い合わせを受け付けました" })).toBeVisible();
  await expect(page.getByText("企業に届きました")).toBeVisible();

  // Without a supplier, the flow explains how to pick one and offers the supplier seen last.
  const res = await page.goto("/buyer/single-inquiry?step=1");
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/問い合わせ先のOEMメーカーを選んでください/);
  await expect(
    page.getByRole("heading", { level: 1, name: "問い合わせ先のOEMメーカーを選んでください" }),
  ).toBeVisible();
  await expect(page.getByText("「この企業に問い合わせる」からお進みください")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "OEMメーカーを探す" })).toHaveAttribute(
    "href",
    "/oem/search",
  );
  const recent = page.getByRole("region", { name: "最近ご覧になったOEMメーカー" });
  await expect(recent.getByRole("link", { name: FREE_SUPPLIER, exact: true })).toHaveAttribute(
    "href",
    /^\/oem\/company\/[0-9a-f-]{36}$/,
  );
  await page.screenshot({
    path: `test-results/item25-pick-supplier-${test.info().project.name}.png`,
    fullPage: true,
  });
  await recent.getByRole("link", { name: `${FREE_SUPPLIER}に問い合わせる` }).click();
  await expect(page).toHaveURL(/\/buyer\/single-inquiry\?step=1&companyId=[0-9a-f-]{36}$/);
  await openContentStep(page);

  // The complete step confirms only an inquiry this tab sent: opened directly, it goes to step 1.
  await page.goto(page.url().replace("step=1", "step=4"));
  await expect(page).toHaveURL(/\/buyer\/single-inquiry\?step=1&companyId=/);
  await openContentStep(page);
  await page.goto("/buyer/bulk-inquiry?step=4");
  await expect(page).toHaveURL(/\/buyer\/bulk-inquiry\?step=1$/);
  await expect(page.getByRole("heading", { name: "お問い合わせを受け付けました" })).toHaveCount(0);
});

test("registering inside the flow keeps the draft; the unverified account is asked to confirm its email", async ({
  page,
}, info) => {
  const email = `e2e-flow-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto("/buyer/bulk-inquiry?step=1");
  await openContentStep(page);
  await expect(page.locator("#field-selectedCompanyIds")).toContainText("企業は選ばれていません");
  await fillContent(page, "登録しながら送る化粧水の案件");
  await page.getByRole("button", { name: "次へ進む" }).click();
  // 「条件に合うメーカー」 comes next in the bulk flow; skipped here.
  await expect(page).toHaveURL(/\/buyer\/bulk-inquiry\?step=suggest$/);
  await page.getByRole("button", { name: "スキップ" }).click();
  await expect(page).toHaveURL(/step=2$/);

  await page.getByRole("button", { name: "会員登録して続ける" }).click();
  await field(page, "companyName").fill("株式会社フロー登録テスト");
  await field(page, "phone").fill("03-1234-5678");
  await field(page, "name").fill("登録 太郎");
  await field(page, "email").fill(email);
  await field(page, "password").fill("Passw0rd-e2e");
  await field(page, "agreeToTerms").check();
  await page.getByRole("button", { name: "同意して登録する" }).click();

  await expect(page).toHaveURL(/\/buyer\/bulk-inquiry\?step=3$/);
  await expect(page.getByRole("heading", { name: "メールアドレスの確認が完了していません" })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByText("登録しながら送る化粧水の案件")).toBeVisible();
  await expect(page.locator("dd", { hasText: "株式会社フロー登録テスト" })).toBeVisible();
  await expect(page.getByRole("button", { name: "確認メールを再送する" })).toBeVisible();
  await expect(page.getByRole("button", { name: /確認済みの方はこちら/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "この内容で送信する" })).toBeDisabled();

  // Still unverified: the refresh says so and sending stays closed.
  await page.getByRole("button", { name: /確認済みの方はこちら/ }).click();
  await expect(page.getByText("まだ確認が完了していません", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "この内容で送信する" })).toBeDisabled();
});
