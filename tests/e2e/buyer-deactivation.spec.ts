import { expect, test } from "@playwright/test";
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
});
