import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/a11y";
import { login, registerCompany } from "./support/journey";

// The buyer's deactivation: reasons, the effects the buyer is shown (with the count of its
// inquiries still in review), then the completion page, after which the session is gone.

test("a buyer ADMIN deactivates the company: reasons, effects, completion, signed out", async ({
  page,
  request,
}, info) => {
  const buyer = await registerCompany(request, "buyer", {
    email: `buyer-leaver-${info.project.name}-${Date.now()}@example.com`,
    name: "退会 花子",
    companyName: `退会確認商事 ${info.project.name}-${Date.now()}`,
  });
  await login(page, "buyer", buyer.email, "/account/buyer/account/delete", buyer.password);
  await expect(page.getByRole("link", { name: "個人アカウント情報へ戻る" })).toBeVisible();
  // The completion page confirms nothing that did not happen: back to the start of the flow.
  await page.goto("/account/buyer/account/delete/complete");
  await expect(page).toHaveURL((url) => url.pathname === "/account/buyer/account/delete");
  await expect(page.getByRole("heading", { name: "退会手続きが完了しました" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "個人アカウント情報へ戻る" })).toBeVisible();

  await page.getByRole("button", { name: "確認画面へ進む" }).click();
  await expect(page.getByText("退会理由を1つ以上選択してください")).toBeVisible();
  await page.locator("main fieldset").getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "確認画面へ進む" }).click();

  await expect(page.getByText("審査中・公開中の問い合わせはすべて締め切られます。")).toBeVisible();
  await expect(page.getByText("メンバー全員がこの会社の情報にアクセスできなくなります。")).toBeVisible();
  const leave = page.getByRole("button", { name: "退会する" });
  await expect(leave).toBeDisabled();
  await page.getByRole("checkbox", { name: /退会に同意します/ }).check();
  await leave.click();

  await page.waitForURL("**/account/buyer/account/delete/complete");
  await expect(page.getByRole("heading", { name: "退会手続きが完了しました" })).toBeVisible();
  await expect(page.getByText("審査中・公開中だった問い合わせは締め切られ")).toBeVisible();
  await expect(page.getByRole("link", { name: "ログインページへ" })).toHaveAttribute("href", "/buyer/login");
  const me = await request.get("/api/account/me", { headers: { authorization: `Bearer ${buyer.token}` } });
  expect(me.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole("heading", { name: "退会手続きが完了しました" })).toBeVisible();

  // Signing in again: a page that says the company is gone, with logout and a new company.
  await page.goto("/buyer/login");
  const form = page.getByRole("form", { name: /ログイン/ });
  await expect(form.getByRole("button", { name: "ログイン", exact: true })).toBeEnabled();
  await form.getByLabel("メールアドレス").fill(buyer.email);
  await form.locator('input[name="password"]').fill(buyer.password);
  await form.getByRole("button", { name: "ログイン", exact: true }).click();
  await page.waitForURL("**/account/deactivated");
  await expect(page).toHaveTitle("ご所属の企業は退会済みです | OEMマッチ");
  await expect(page.getByRole("heading", { level: 1, name: "ご所属の企業は退会済みです" })).toBeVisible();
  await expect(page.getByText(`${buyer.email} でログインしています。`)).toBeVisible();
  await expect(page.getByRole("button", { name: "ログアウト" }).last()).toBeVisible();
  await page.screenshot({ path: `test-results/item24-deactivated-${info.project.name}.png`, fullPage: true });
  expect(await seriousViolations(page, "/account/deactivated")).toEqual([]);
  // Any page of an area lands here too, never on a sign-in error.
  await page.goto("/account/buyer/inquiry");
  await expect(page).toHaveURL(/\/account\/deactivated$/);

  await page.getByRole("button", { name: "新しい企業を登録する" }).click();
  const register = page.getByRole("form", { name: "新しい企業の登録" });
  await register.getByRole("button", { name: "この内容で登録する" }).click();
  await expect(register.getByText(/会社名を入力してください/)).toBeVisible();
  await register.getByLabel(/^会社名/).fill(`再開確認商事 ${info.project.name}-${Date.now()}`);
  await register.getByLabel(/^お名前/).fill("退会 花子");
  await register.getByRole("button", { name: "この内容で登録する" }).click();
  await page.waitForURL((url) => url.pathname === "/account/buyer");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
});
