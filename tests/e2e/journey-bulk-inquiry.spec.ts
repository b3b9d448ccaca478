import { expect, test } from "@playwright/test";
import { approveBulkInquiry, DEMO_PASSWORD, login, uniqueEmail } from "./support/journey";
import { linkIn, waitForMail } from "./support/mail";

// Issue 5 (bulk inquiry), end to end: a visitor picks three suppliers in the search (the demo paid
// supplier among them), fills the bulk flow, registers a new buyer inside it without losing the
// draft, confirms the email from the emailed link and sends; the operator approves it (owner
// API); the paid supplier, told by email, finds it in the public recruits and enters; the buyer
// sees the entry with the supplier's details and shortlists it; the supplier is told by email.
// buyer-inquiry-flow.spec.ts checks each step's details (errors, reload, login inside the
// flow); this journey follows one inquiry through every hand. The buyer is new for each run.

const PAID = "supplier-paid@demo.oem-match.jp";
const PAID_COMPANY = "美翠コスメティック株式会社";

test.describe.configure({ timeout: 150_000 });

test("a new buyer's bulk inquiry reaches the paid supplier, whose entry the buyer shortlists", async ({
  page,
  browser,
  request,
}, info) => {
  const run = `${info.project.name}-${Date.now()}`;
  const buyerEmail = uniqueEmail("bulk-buyer", info);
  const title = `OEMジャーニー 一括問い合わせ ${run}`;

  // Logged out: three suppliers picked in the search, the paid one first.
  await page.goto("/oem/search");
  const toggles = page.getByRole("button", { name: /を一括問い合わせに追加$/ });
  await expect(toggles.first()).toBeEnabled();
  const paidToggle = page.getByRole("button", { name: `${PAID_COMPANY}を一括問い合わせに追加` }).first();
  await paidToggle.click();
  await expect(paidToggle).toHaveAttribute("aria-pressed", "true");
  const picked = [PAID_COMPANY];
  for (let i = 0; picked.length < 3; i++) {
    const toggle = toggles.nth(i);
    const name = (await toggle.getAttribute("aria-label"))!.replace(/を一括問い合わせに追加$/, "");
    if (picked.includes(name)) continue;
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    picked.push(name);
  }
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("selectedCompanies") ?? "[]"));
  expect(stored).toHaveLength(3);

  // Step 1: the content, with the three recipients.
  await page.getByRole("link", { name: "選択した企業に一括問い合わせ" }).click();
  await expect(page).toHaveURL(/\/buyer\/bulk-inquiry\?step=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "問い合わせ内容の入力" })).toBeVisible();
  const recipients = page.locator("#field-selectedCompanyIds");
  await expect(recipients).toContainText("3社選択中");
  for (const name of picked) await expect(recipients).toContainText(name);
  await page.getByLabel("案件名").fill(title);
  await page.getByLabel("カテゴリ").selectOption({ label: "化粧品" });
  await page
    .getByLabel("依頼内容")
    .fill(
      "無添加の化粧水を自社ブランドで販売したく、処方の提案から充填・包装までお願いできる企業さまを探しています。",
    );
  await page.getByLabel("数量・ロット").fill("初回2,000本");
  await page.getByLabel("希望単価（1個あたり）").fill("520");
  await page.getByRole("button", { name: "次へ進む" }).click();
  // 「条件に合うメーカー」 comes next in the bulk flow; skipped here.
  await expect(page).toHaveURL(/\/buyer\/bulk-inquiry\?step=suggest$/);
  await page.getByRole("button", { name: "スキップ" }).click();

  // Step 2: a new buyer account, registered inside the flow.
  await expect(page).toHaveURL(/\/buyer\/bulk-inquiry\?step=2$/);
  await expect(page.getByText("入力した内容は保存されています")).toBeVisible();
  await page.getByRole("button", { name: "会員登録して続ける" }).click();
  await page.locator('[name="companyName"]').fill(`株式会社ジャーニー商事 ${run}`);
  await page.locator('[name="phone"]').fill("03-2222-3333");
  await page.locator('[name="name"]').fill("発注 次郎");
  await page.locator('[name="email"]').fill(buyerEmail);
  await page.locator('[name="password"]').fill("Journey-pass-2026");
  await page.locator('[name="agreeToTerms"]').check();
  await page.getByRole("button", { name: "同意して登録する" }).click();

  // Step 3: the draft is intact; sending waits for the email to be confirmed.
  await expect(page).toHaveURL(/\/buyer\/bulk-inquiry\?step=3$/);
  await expect(page.getByRole("heading", { level: 1, name: "入力内容の確認" })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText("520円")).toBeVisible();
  for (const name of picked) await expect(page.getByText(name, { exact: true })).toBeVisible();
  const send = page.getByRole("button", { name: "この内容で送信する" });
  await expect(page.getByRole("heading", { name: "メールアドレスの確認が完了していません" })).toBeVisible();
  await expect(send).toBeDisabled();

  // The link in the email, opened elsewhere (a mail app), then 「確認済みの方はこちら」 here.
  const verification = await waitForMail(buyerEmail, "メールアドレスの確認をお願いします");
  const mailApp = await browser.newContext();
  const mailTab = await mailApp.newPage();
  await mailTab.goto(linkIn(verification, "/verify-email"));
  await expect(mailTab.getByRole("heading", { name: "メールアドレスの確認が完了しました" })).toBeVisible();
  await mailApp.close();
  await page.getByRole("button", { name: /確認済みの方はこちら/ }).click();
  await expect(page.getByText("メールアドレスの確認が完了しました。送信できます。")).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await send.click();

  // Step 4: received, waiting for the operator's review.
  await expect(page).toHaveURL(/\/buyer\/bulk-inquiry\?step=4$/);
  await expect(page.getByRole("heading", { level: 1, name: "お問い合わせを受け付けました" })).toBeVisible();
  await expect(page.getByText("運営の確認後に公開")).toBeVisible();
  await waitForMail(buyerEmail, `お問い合わせを受け付けました：${title}`);

  // The operator approves it; the buyer and the selected paid supplier are told.
  const inquiryId = await approveBulkInquiry(request, title);
  await waitForMail(buyerEmail, `一括問い合わせを公開しました：${title}`);
  const published = await waitForMail(PAID, `貴社が選ばれた一括問い合わせが公開されました：${title}`);
  expect(linkIn(published, "/account/oem/recruit")).toBe(`/account/oem/recruit?id=${inquiryId}`);

  // The paid supplier finds it among the public recruits and enters.
  const supplierContext = await browser.newContext();
  const supplier = await supplierContext.newPage();
  await login(supplier, "oem", PAID, "/account/oem/recruit", DEMO_PASSWORD);
  await expect(supplier.getByRole("heading", { level: 1, name: "公開案件一覧" })).toBeVisible();
  await supplier.getByRole("link", { name: title }).click();
  await supplier.waitForURL(`**/account/oem/recruit/${inquiryId}`);
  await expect(supplier.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const message = `無添加処方の実績がございます。初回2,000本から承ります。（${run}）`;
  const entryForm = supplier.getByRole("form", { name: "エントリー" });
  await entryForm.getByLabel(/^メッセージ/).fill(message);
  await entryForm.getByLabel(/^提案単価/).fill("540");
  await entryForm.getByLabel(/^納期の目安/).fill("サンプル2週間、量産45日");
  await entryForm.getByRole("button", { name: "エントリーする" }).click();
  await expect(supplier.getByRole("region", { name: "エントリー済み" })).toContainText(message);
  await expect(supplier.getByRole("region", { name: "発注者の連絡先" })).toContainText(buyerEmail);
  await waitForMail(buyerEmail, `エントリーが届きました：${title}`);

  // The buyer sees the entry with the supplier's details and shortlists it.
  await page.goto("/account/buyer/inquiry");
  await expect(page.getByRole("heading", { level: 1, name: "問い合わせ履歴" })).toBeVisible();
  await page.getByRole("link", { name: title }).click();
  await page.waitForURL(`**/account/buyer/inquiry/${inquiryId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("公開中", { exact: true }).first()).toBeVisible();
  const entry = page.getByRole("listitem").filter({ hasText: message });
  await expect(entry.getByRole("heading", { name: new RegExp(PAID_COMPANY) })).toBeVisible();
  await expect(entry).toContainText("540円");
  await expect(entry).toContainText("サンプル2週間、量産45日");
  await expect(entry.getByRole("link", { name: PAID })).toHaveAttribute("href", `mailto:${PAID}`);
  await entry.getByRole("button", { name: "候補にする" }).click();
  await expect(page.getByText(`${PAID_COMPANY}を候補にしました。`)).toBeVisible();
  await expect(entry).toContainText("候補にしました。連絡先から直接やり取りを進めてください。");

  // The supplier gets the email, and its entered-projects list says so.
  const decision = await waitForMail(PAID, `エントリーが候補に選ばれました：${title}`);
  expect(linkIn(decision, "/account/oem/entry")).toBe("/account/oem/entry");
  await supplier.goto("/account/oem/entry");
  const listed = supplier.getByRole("listitem").filter({ has: supplier.getByRole("link", { name: title }) });
  await expect(listed).toContainText("候補");
  await supplierContext.close();
});
