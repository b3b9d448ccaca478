import { expect, test } from "@playwright/test";
import { login, ownerLogin, registerCompany, uniqueEmail } from "./support/journey";

// Issue 15 #29: wording a person reads on the rendered pages (registration stepper, operator
// login, /lp section labels, the supplier's entry counts, the purchase-cancel dialog).

test("the registration stepper marks 登録完了 as done, not 入力中, once registered", async ({
  page,
}, info) => {
  await page.goto("/register?type=BUYER");
  await expect(page.locator('form button[type="submit"]').first()).toBeEnabled();
  const input = (name: string) => page.locator(`[name="${name}"]`);
  await input("companyName").fill("株式会社ステップ確認");
  await input("phone").fill("03-1234-5678");
  await input("name").fill("佐藤 一郎");
  await input("email").fill(uniqueEmail("stepper", info));
  await input("password").fill("Stepper-pass-2026");
  await page.getByRole("checkbox", { name: /利用規約.*同意/ }).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page.getByRole("heading", { name: "会員登録が完了しました" })).toBeVisible();
  const steps = page.getByRole("list", { name: "登録の流れ" });
  await expect(steps).not.toContainText("入力中");
  await expect(steps).toContainText("登録完了（完了）");
  await page.screenshot({ path: info.outputPath("register-complete.png") });
});

test("the operator login page shows no developer command", async ({ page }, info) => {
  await page.goto("/owner/login");
  await expect(page.getByRole("form", { name: "運営者ログイン" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("npm run");
  await expect(page.locator("code")).toHaveCount(0);
  await page.screenshot({ path: info.outputPath("owner-login.png") });
});

test("/lp labels its sections in Japanese", async ({ page }, info) => {
  await page.goto("/lp");
  for (const english of ["FOR BOTH SIDES", "HOW IT WORKS", "PRICE", "SUPPLIERS", "NEWS", "DOCUMENT"]) {
    await expect(page.getByText(english, { exact: true })).toHaveCount(0);
  }
  await expect(page.getByText("ご利用の流れ", { exact: true })).toBeVisible();
  await expect(page.getByText("料金", { exact: true })).toBeVisible();
  await page.screenshot({ path: info.outputPath("lp.png"), fullPage: true });
});

test("the supplier my page counts active entries as the sum its breakdown shows", async ({ page }, info) => {
  await login(page, "oem", "supplier-paid@demo.oem-match.jp", "/account/oem");
  const summary = page.getByRole("region", { name: "現在の状況" });
  const tile = summary.getByRole("link", { name: /進行中のエントリー/ });
  await expect(tile).toBeVisible();
  await expect(summary.getByText("エントリー中", { exact: true })).toHaveCount(0);
  const breakdown = page.getByRole("region", { name: "エントリー状況" });
  const count = async (label: string) => {
    const cell = breakdown.locator("dl > div", { has: page.getByText(label, { exact: true }) }).locator("dd");
    return Number(((await cell.textContent()) ?? "").replace(/\D/g, ""));
  };
  const entered = await count("エントリー中");
  const shortlisted = await count("候補入り");
  await expect(tile).toContainText(`${entered + shortlisted}件`);
  await expect(tile).toContainText(`エントリー中 ${entered}件・候補入り ${shortlisted}件`);
  await page.screenshot({ path: info.outputPath("supplier-dashboard.png") });
});

test("the purchase-cancel dialog offers 閉じる beside 購入をキャンセルする", async ({
  page,
  request,
}, info) => {
  const supplier = await registerCompany(request, "oem", {
    email: uniqueEmail("cancel-dialog", info),
    name: "取消 確認",
    companyName: `取消確認工業株式会社 ${info.project.name}-${Date.now()}`,
  });
  const res = await request.post("/api/billing/ticket_purchase", {
    headers: { authorization: `Bearer ${supplier.token}`, "idempotency-key": crypto.randomUUID() },
    data: { quantity: 1 },
  });
  expect(res.status(), await res.text()).toBe(201);
  const purchase = (await res.json()) as { id: string };
  await ownerLogin(page);
  await page.goto(`/owner/ticket-purchases/${purchase.id}`);
  await page
    .getByRole("button", { name: /キャンセル/ })
    .first()
    .click();
  const dialog = page.getByRole("alertdialog", { name: "この購入をキャンセルしますか？" });
  await expect(dialog.getByRole("button", { name: "購入をキャンセルする" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "閉じる" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "キャンセル", exact: true })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath("purchase-cancel.png") });
  await dialog.getByRole("button", { name: "閉じる" }).click();
  await expect(dialog).toBeHidden();

  // Cancelled for real, the audit log names the company and the purchase (issue 15 #31).
  await page
    .getByRole("button", { name: /キャンセル/ })
    .first()
    .click();
  await dialog.getByRole("button", { name: "購入をキャンセルする" }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`/owner/audit-log?targetId=${purchase.id}`);
  const log = page.getByRole("main");
  await expect(log.getByRole("link", { name: "チケット1枚の購入" }).filter({ visible: true })).toBeVisible();
  await expect(log.getByRole("link", { name: supplier.companyName }).filter({ visible: true })).toBeVisible();
  await page.screenshot({ path: info.outputPath("audit-log.png"), fullPage: true });
});
