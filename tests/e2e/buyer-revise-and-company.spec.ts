import { expect, test } from "@playwright/test";
import { field, login, ownerToken, registerCompany, uniqueEmail } from "./support/journey";

// Issue 15 #28: 「内容を見直して問い合わせる」 on a rejected inquiry starts from its content.
// Issue 15 #31: a buyer edits its company details; the top page shows more than a hero.

test("revising a rejected bulk inquiry opens step 1 filled with its content", async ({
  page,
  request,
}, info) => {
  const buyer = await registerCompany(request, "buyer", {
    email: uniqueEmail("revise", info),
    name: "見直 太郎",
    companyName: `見直し商事株式会社 ${info.project.name}-${Date.now()}`,
    page,
  });
  const title = `見直す案件 ${info.project.name}-${Date.now()}`;
  const created = await request.post("/api/contact/create", {
    headers: { authorization: `Bearer ${buyer.token}`, "idempotency-key": crypto.randomUUID() },
    data: {
      type: "BULK",
      title,
      categoryId: 1,
      description:
        "敏感肌向けの化粧水を自社ブランドで販売したく、処方の提案から充填までお願いできる企業を探しています。",
      quantity: "初回3,000本",
      targetUnitPriceYen: 480,
      budgetYen: 1500000,
      prefectureIds: [13],
      ndaRequired: true,
      selectedCompanyIds: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const rejected = await request.put(`/api/owner/contact/bulk/${id}`, {
    headers: { authorization: `Bearer ${await ownerToken(request)}` },
    data: { action: "REJECT", reason: "連絡先の記載がない案件は掲載できません。" },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);

  await login(page, "buyer", buyer.email, `/account/buyer/inquiry/${id}`, buyer.password);
  await page.getByRole("link", { name: "内容を見直して問い合わせる" }).click();
  await page.waitForURL((url) => url.pathname === "/buyer/bulk-inquiry" && !url.searchParams.has("from"));
  const form = page.getByRole("form", { name: "問い合わせ内容の入力" });
  await expect(form.locator('[name="title"]')).toHaveValue(title);
  await expect(form.locator('[name="categoryId"]')).toHaveValue("1");
  await expect(form.locator('[name="description"]')).toHaveValue(/敏感肌向けの化粧水/);
  await expect(form.locator('[name="quantity"]')).toHaveValue("初回3,000本");
  await expect(form.locator('[name="targetUnitPrice"]')).toHaveValue("480");
  await expect(form.locator('[name="budget"]')).toHaveValue("1500000");
  await expect(form.getByRole("list", { name: "選択中の都道府県" })).toContainText("東京都");
  await expect(form.getByRole("radio", { name: "必要" })).toBeChecked();
  await page.screenshot({ path: info.outputPath("revise-step1.png"), fullPage: true });
});

test("a buyer edits its company details on the account page", async ({ page, request }, info) => {
  const buyer = await registerCompany(request, "buyer", {
    email: uniqueEmail("buyer-company", info),
    name: "会社 編集",
    companyName: `会社編集商事株式会社 ${info.project.name}-${Date.now()}`,
    page,
  });
  await login(page, "buyer", buyer.email, "/account/buyer/account", buyer.password);
  const form = page.getByRole("form", { name: "会社情報の編集" });
  await expect(field(form, "会社名")).toHaveValue(buyer.companyName);
  const renamed = `${buyer.companyName} 改`;
  await field(form, "会社名").fill(renamed);
  await field(form, "住所").fill("千代田区丸の内1-1-1");
  await field(form, "Webサイト").fill("https://example.co.jp");
  await form.getByRole("button", { name: "会社情報を保存する" }).click();
  await expect(page.getByText("会社情報を保存しました。")).toBeVisible();
  const saved = await request.get(`/api/buyer/company/${buyer.companyId}`, {
    headers: { authorization: `Bearer ${buyer.token}` },
  });
  expect(await saved.json()).toMatchObject({
    name: renamed,
    address: "千代田区丸の内1-1-1",
    website: "https://example.co.jp",
  });
  await page.reload();
  // The form loads its data after hydration (slow on a busy machine).
  await expect(field(page.getByRole("form", { name: "会社情報の編集" }), "会社名")).toHaveValue(renamed, {
    timeout: 20_000,
  });
  await page.screenshot({ path: info.outputPath("buyer-company.png"), fullPage: true });
});

test("the top page shows featured suppliers, how it works and the latest news", async ({ page }, info) => {
  await page.goto("/");
  const steps = page.getByRole("region", { name: "ご利用の流れ" });
  await expect(steps.getByRole("listitem")).toHaveCount(3);
  const featured = page.getByRole("region", { name: "注目のOEMメーカー" });
  await expect(featured.getByRole("article").first()).toBeVisible();
  expect(await featured.getByRole("article").count()).toBeGreaterThan(0);
  expect(await featured.getByRole("article").count()).toBeLessThanOrEqual(6);
  await expect(page.getByRole("region", { name: "お知らせ" }).getByRole("listitem").first()).toBeVisible();
  await expect(
    page.getByRole("region", { name: "カテゴリから探す" }).getByRole("link").first(),
  ).toHaveAttribute("href", /\/oem\/search\?categoryIds=\d+/);
  // Pictures below the hero load lazily and have their size.
  for (const img of await featured.locator("img").all()) {
    await expect(img).toHaveAttribute("loading", "lazy");
    await expect(img).toHaveAttribute("width", /\d+/);
  }
  await page.screenshot({ path: info.outputPath("home.png"), fullPage: true });
});
