import { expect, type Page, test } from "@playwright/test";

// The sign-in, registration, password and personal-account pages, in the browser.
// Following emailed links is covered by the API tests (the e2e run cannot read mail yet).

const SESSION_EXPIRED = "一定時間操作がなかったため、ログアウトしました。再度ログインしてください";
const WRONG_CREDENTIALS = "メールアドレスまたはパスワードが正しくありません。";
const PASSWORD = "Passw0rd-e2e";

const uniqueEmail = (tag: string, project: string) =>
  `e2e-${tag}-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Inputs by their form name: the labels also carry the 必須/任意 badge. */
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
// The account page also holds the company's details (a `name` of its own): the person's profile form.
const profileField = (page: Page, name: string) =>
  page.getByRole("form", { name: "プロフィールの編集" }).locator(`[name="${name}"]`);

/** Opens a form page and waits until it is interactive: its submit button is enabled once hydrated. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('form button[type="submit"]').first()).toBeEnabled();
}

async function signOut(page: Page) {
  const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
  const res = await page.request.post("/api/auth/signout", { data: { csrfToken } });
  expect(res.ok()).toBeTruthy();
}

test("a buyer registers, signs in again with ?redirect= and edits the profile", async ({ page }, info) => {
  const project = info.project.name;
  // Someone already registered with this address (through the API).
  const takenEmail = uniqueEmail("taken", project);
  const taken = await page.request.post("/api/buyer/register", {
    data: {
      email: takenEmail,
      password: PASSWORD,
      name: "先行 登録",
      phone: "03-0000-0000",
      companyName: "先行登録株式会社",
      agreeToTerms: true,
    },
  });
  expect(taken.status()).toBe(201);

  await open(page, "/register?type=BUYER");
  await expect(page.getByRole("heading", { level: 1, name: "発注者 新規会員登録" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "1. 会社情報" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "2. ご担当者情報" })).toBeVisible();

  // Bad input first: Japanese field errors, and nothing typed is lost.
  await field(page, "companyName").fill("株式会社E2Eテスト");
  await field(page, "phone").fill("12345");
  await field(page, "website").fill("example");
  await field(page, "email").fill("not-an-email");
  await field(page, "password").fill("abc");
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page.getByText("電話番号の形式が正しくありません（例: 03-1234-5678）")).toBeVisible();
  await expect(page.getByText("URLの形式が正しくありません（https://から始まるURL）")).toBeVisible();
  await expect(page.getByText("お名前を入力してください")).toBeVisible();
  await expect(page.getByText("メールアドレスの形式が正しくありません")).toBeVisible();
  await expect(page.getByText("パスワードは8文字以上で入力してください")).toBeVisible();
  await expect(page.getByText("利用規約とプライバシーポリシーへの同意が必要です")).toBeVisible();
  await expect(field(page, "companyName")).toHaveValue("株式会社E2Eテスト");
  await expect(field(page, "phone")).toHaveValue("12345");
  await expect(field(page, "email")).toHaveValue("not-an-email");
  await expect(page).toHaveURL(/\/register\?type=BUYER$/);

  // Fixed, but with the address that is already registered: the server's field error.
  await field(page, "phone").fill("03-1234-5678");
  await field(page, "website").fill("https://e2e.example.co.jp");
  await field(page, "prefectureId").selectOption({ label: "東京都" });
  await field(page, "name").fill("山田 太郎");
  await field(page, "department").fill("購買部");
  await field(page, "password").fill(PASSWORD);
  await page.getByRole("checkbox", { name: /利用規約.*プライバシーポリシー.*同意/ }).check();
  // The address is checked with the server shortly after typing stops.
  await field(page, "email").fill(takenEmail);
  await expect(page.getByText("このメールアドレスは既に登録されています。", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page.getByText("このメールアドレスは既に登録されています。", { exact: false })).toBeVisible();
  await expect(field(page, "name")).toHaveValue("山田 太郎");

  const email = uniqueEmail("buyer", project);
  await field(page, "email").fill(email);
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page.getByRole("heading", { name: "会員登録が完了しました" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole("button", { name: "確認メールを再送する" })).toBeVisible();
  await expect(page.getByRole("link", { name: "マイページへ" })).toHaveAttribute("href", "/account/buyer");
  // The completion state signed the browser in.
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session.user.email).toBe(email);
  expect(session.companyType).toBe("BUYER");

  await signOut(page);

  await open(page, "/buyer/login?redirect=/account/buyer/account");
  await field(page, "email").fill(email);
  await field(page, "password").fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/buyer\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "個人アカウント情報" })).toBeVisible();
  await expect(profileField(page, "name")).toHaveValue("山田 太郎");
  await expect(profileField(page, "department")).toHaveValue("購買部");

  await profileField(page, "name").fill("山田 花子");
  await page
    .getByRole("form", { name: "プロフィールの編集" })
    .getByRole("button", { name: "変更を保存する" })
    .click();
  await expect(page.getByText("プロフィールを更新しました。")).toBeVisible();
  // The session (sidebar / header) shows the new name too.
  await expect
    .poll(async () => (await (await page.request.get("/api/auth/session")).json()).companyUserProfile.name)
    .toBe("山田 花子");
  await page.reload();
  await expect(profileField(page, "name")).toHaveValue("山田 花子");

  // Signed in already: the login page goes straight on to the my page.
  await page.goto("/buyer/login");
  await expect(page).toHaveURL(/\/account\/buyer$/);
});

test("a wrong password shows the one Japanese message and keeps the input", async ({ page }) => {
  await open(page, "/buyer/login");
  await field(page, "email").fill("buyer@demo.oem-match.jp");
  await field(page, "password").fill("wrong-password-1");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: WRONG_CREDENTIALS })).toBeVisible();
  await expect(field(page, "email")).toHaveValue("buyer@demo.oem-match.jp");
  await expect(field(page, "password")).toHaveValue("wrong-password-1");
  await expect(page).toHaveURL(/\/buyer\/login$/);
  await expect(page.getByRole("link", { name: "パスワードをお忘れの方" })).toHaveAttribute(
    "href",
    "/password-reset/email",
  );
  await expect(page.getByRole("link", { name: "OEMメーカーの方はこちら" })).toHaveAttribute(
    "href",
    "/oem/login",
  );
});

test("the login pages show the exact session-expired notice", async ({ page }) => {
  await open(page, "/buyer/login?reason=session-expired&redirect=%2Faccount%2Fbuyer");
  await expect(page.getByText(SESSION_EXPIRED, { exact: true })).toBeVisible();
  await open(page, "/oem/login?reason=session-expired");
  await expect(page.getByText(SESSION_EXPIRED, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "発注者の方はこちら" })).toHaveAttribute(
    "href",
    "/buyer/login",
  );
  await open(page, "/oem/login");
  await expect(page.getByText(SESSION_EXPIRED)).toHaveCount(0);
});

test("the password reset request answers with the neutral message", async ({ page }, info) => {
  await open(page, "/password-reset/email");
  await expect(page.getByRole("heading", { level: 1, name: "パスワードをお忘れの方" })).toBeVisible();
  await field(page, "email").fill(uniqueEmail("nobody", info.project.name));
  await page.getByRole("button", { name: "再設定メールを送信する" }).click();
  await expect(
    page.getByText(
      "ご入力のメールアドレスが登録されている場合、パスワード再設定のご案内をお送りしました。メールをご確認ください。",
    ),
  ).toBeVisible();
});

test("a broken reset or verification link explains itself in Japanese", async ({ page }) => {
  await open(page, "/password-reset?token=not-a-real-token-0000");
  await field(page, "password").fill(PASSWORD);
  await field(page, "passwordConfirmation").fill(PASSWORD);
  await page.getByRole("button", { name: "パスワードを再設定する" }).click();
  await expect(page.getByRole("heading", { name: "このリンクはご利用いただけません" })).toBeVisible();
  await expect(page.getByRole("link", { name: "再設定メールを再度受け取る" })).toHaveAttribute(
    "href",
    "/password-reset/email",
  );

  await page.goto("/verify-email?token=not-a-real-token-0000");
  await expect(page.getByRole("heading", { name: "メールアドレスを確認できませんでした" })).toBeVisible();
  await expect(page.getByText("リンクが無効か、有効期限が切れています。", { exact: false })).toBeVisible();
});
