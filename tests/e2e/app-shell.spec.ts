import { expect, type Page, test } from "@playwright/test";
import { linkIn, waitForMail } from "./support/mail";

// Step 2's walkthrough: the shell, the sidebars of every persona, the session lost on a
// protected page, and the error screens — on the demo data, with real emails.

const DEMO_PASSWORD = "Demo-pass-2026";
const SESSION_EXPIRED = "一定時間操作がなかったため、ログアウトしました。再度ログインしてください";

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function login(page: Page, side: "buyer" | "oem", email: string, password = DEMO_PASSWORD) {
  await page.goto(`/${side}/login`);
  await expect(page.locator('form button[type="submit"]').first()).toBeEnabled();
  await field(page, "email").fill(email);
  await field(page, "password").fill(password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/account/${side}$`));
}

const _sidebar = (page: Page) =>
  page.getByRole("navigation", { name: /メニュー|サイドバー|アカウント/ }).first();

/** A sidebar item that is greyed: not a link, marked aria-disabled. */
async function expectGreyed(page: Page, label: string) {
  const item = page.locator('[aria-disabled="true"]', { hasText: label }).first();
  await expect(item).toBeVisible();
  await expect(page.getByRole("link", { name: label, exact: true })).toHaveCount(0);
}

async function openSidebarOnMobile(page: Page, isMobile: boolean) {
  if (!isMobile) return;
  const toggle = page.getByRole("button", { name: /メニュー/ }).last();
  if (await toggle.isVisible()) await toggle.click();
}

test("a new buyer registers, verifies the email from the sent link, signs in and sees the buyer sidebar", async ({
  page,
}, info) => {
  const email = `shell-${info.project.name}-${Date.now()}@example.co.jp`;
  await page.goto("/register?type=BUYER");
  await expect(page.locator('form button[type="submit"]').first()).toBeEnabled();
  await field(page, "companyName").fill("株式会社シェル確認");
  await field(page, "phone").fill("03-1234-5678");
  await field(page, "name").fill("佐藤 一郎");
  await field(page, "email").fill(email);
  await field(page, "password").fill("Shell-pass-2026");
  await page.getByRole("checkbox", { name: /利用規約.*同意/ }).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page.getByRole("heading", { name: "会員登録が完了しました" })).toBeVisible();

  const mail = await waitForMail(email, "メールアドレスの確認をお願いします");
  await page.goto(linkIn(mail, "/verify-email"));
  await expect(page.getByText("メールアドレスの確認が完了しました")).toBeVisible();
  await expect
    .poll(async () => (await (await page.request.get("/api/auth/session")).json()).user.emailVerified)
    .toBe(true);

  const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
  await page.request.post("/api/auth/signout", { data: { csrfToken } });
  await login(page, "buyer", email, "Shell-pass-2026");
  await openSidebarOnMobile(page, info.project.name === "mobile");
  for (const label of ["マイページトップ", "問い合わせ履歴", "個人アカウント情報", "運営へのお問い合わせ"]) {
    await expect(page.getByRole("link", { name: label }).first()).toBeVisible();
  }
  await expect(page.getByText("株式会社シェル確認").filter({ visible: true }).first()).toBeVisible();
});

test("a free supplier sees the ticket count, the upgrade button and entered projects greyed", async ({
  page,
}, info) => {
  await login(page, "oem", "supplier-free@demo.oem-match.jp");
  await openSidebarOnMobile(page, info.project.name === "mobile");
  // The count is the live balance (other specs on this server may spend the demo tickets).
  const session = await (await page.request.get("/api/auth/session")).json();
  const count = session.companyDetails.ticketCount as number;
  await expect(page.getByText(new RegExp(`チケット残り\\s*${count}\\s*枚`)).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "無制限プランにアップグレード" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /自社の公開ページを見る/ }).first()).toHaveAttribute(
    "target",
    "_blank",
  );
  await expectGreyed(page, "エントリー済み案件一覧");
  // The current item is highlighted.
  await expect(page.locator('[aria-current="page"]', { hasText: "マイページトップ" }).first()).toBeVisible();
});

test("a GENERAL member sees member management greyed", async ({ page }, info) => {
  await login(page, "oem", "supplier-general@demo.oem-match.jp");
  await openSidebarOnMobile(page, info.project.name === "mobile");
  await expectGreyed(page, "メンバー管理");
});

test("a paid supplier sees the paid badge and plan settings greyed", async ({ page }, info) => {
  await login(page, "oem", "supplier-paid@demo.oem-match.jp");
  await openSidebarOnMobile(page, info.project.name === "mobile");
  await expect(page.getByText("無制限プラン", { exact: true }).first()).toBeVisible();
  await expectGreyed(page, "無制限プラン設定");
  await expect(page.getByRole("link", { name: "エントリー済み案件一覧" }).first()).toBeVisible();
});

test("losing the session on a protected page lands on the login route with the exact notice", async ({
  page,
}) => {
  await login(page, "oem", "supplier-paid@demo.oem-match.jp");
  // The session ends elsewhere (expired or revoked): its token stops working.
  const { token } = await (await page.request.get("/api/auth/session")).json();
  await page.request.post("/api/auth/logout", { headers: { authorization: `Bearer ${token}` } });
  // Coming back to the tab refetches the session.
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(page).toHaveURL(/\/oem\/login\?redirect=%2Faccount%2Foem&reason=session-expired/);
  await expect(page.getByText(SESSION_EXPIRED)).toBeVisible();
});

test("a missing page shows the 404 screen of the catalogue", async ({ page }) => {
  const res = await page.goto("/no-such-page-here");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("404").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
  await expect(page.getByText("お探しのページが見つかりませんでした。")).toBeVisible();
  await expect(page.getByRole("link", { name: "トップページへ" })).toHaveAttribute("href", "/");
});

/** A plain HTTP fetch with the page's cookies: the status and the <title> the server answered. */
async function fetched(page: Page, path: string) {
  const res = await page.request.get(path, { maxRedirects: 0 });
  const title = /<title>([^<]*)<\/title>/.exec(await res.text())?.[1];
  return { status: res.status(), title };
}

test("403 and 404 screens answer their real HTTP status and the error's title", async ({ page }) => {
  const missing = "00000000-0000-4000-8000-000000000000";
  await login(page, "oem", "supplier-general@demo.oem-match.jp");
  expect(await fetched(page, "/account/oem/member")).toEqual({
    status: 403,
    title: "アクセス制限 | OEMマッチ",
  });
  expect(await fetched(page, "/account/oem/company/delete")).toEqual({
    status: 403,
    title: "アクセス制限 | OEMマッチ",
  });
  for (const path of [
    `/account/oem/contact/${missing}`,
    `/account/oem/recruit/${missing}`,
    `/account/oem/news/x`,
    `/account/oem/case/edit?id=${missing}`,
    "/account/oem/case/edit",
  ]) {
    expect(await fetched(page, path), path).toEqual({
      status: 404,
      title: "ページが見つかりません | OEMマッチ",
    });
  }
  await page.goto("/account/oem/member");
  await expect(page.getByRole("heading", { level: 1, name: "アクセス制限" })).toBeVisible();
  await expect(page.getByText("このページへのアクセス権限がありません。")).toBeVisible();
  await page.screenshot({ path: "test-results/item26-member-403.png", fullPage: true });

  await page.context().clearCookies();
  await login(page, "buyer", "buyer@demo.oem-match.jp");
  expect(await fetched(page, `/account/buyer/inquiry/${missing}`)).toEqual({
    status: 404,
    title: "ページが見つかりません | OEMマッチ",
  });
  expect(await fetched(page, `/buyer/single-inquiry?step=1&companyId=${missing}`)).toEqual({
    status: 404,
    title: "ページが見つかりません | OEMマッチ",
  });
  await page.goto(`/account/buyer/inquiry/${missing}`);
  await expect(page.getByRole("heading", { level: 1, name: "ページが見つかりません" })).toBeVisible();
  await page.screenshot({ path: "test-results/item26-buyer-inquiry-404.png", fullPage: true });
});

test("a 401 shows the screen with the two login buttons", async ({ page }) => {
  await page.goto("/auth/error?error=SessionRequired&callbackUrl=/account/oem");
  await expect(page.getByRole("heading", { name: "認証エラー" })).toBeVisible();
  await expect(page.getByText("ログインが必要です。")).toBeVisible();
  await expect(page.getByRole("link", { name: "OEMメーカーとしてログイン" })).toBeVisible();
  await expect(page.getByRole("link", { name: "発注者としてログイン" })).toBeVisible();
  await expect(page.getByRole("link", { name: "トップページへ" })).toHaveCount(0);
});

test("my pages of a buyer and a supplier, for the screenshots in docs/screenshots", async ({
  page,
}, info) => {
  const width = info.project.name === "mobile" ? 375 : 1440;
  await login(page, "buyer", "buyer@demo.oem-match.jp");
  await expect(page.getByRole("heading", { level: 1, name: "マイページ" })).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/buyer-mypage-${width}.png`, fullPage: true });
  const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
  await page.request.post("/api/auth/signout", { data: { csrfToken } });
  await login(page, "oem", "supplier-free@demo.oem-match.jp");
  await expect(page.getByRole("heading", { level: 1, name: "マイページ" })).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/supplier-mypage-${width}.png`, fullPage: true });
});
