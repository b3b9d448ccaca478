import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";

// Inquiries and entries on the demo data, through the pages: a free supplier opens a
// nomination with a ticket (the buyer's details appear, the sidebar count drops by one) and
// answers it; the entered-projects list is the 403 screen for a free supplier; a paid supplier
// enters a public recruit; the buyer sees that entry with the supplier's details and
// shortlists it. Both projects (desktop, mobile) run against one server, so each run creates
// its own inquiries through the API (a nomination from the buyer, a bulk inquiry approved by
// the operator) and spends one ticket of the free supplier's three.

const PASSWORD = "Demo-pass-2026";
const BUYER = "buyer@demo.oem-match.jp";
const FREE = "supplier-free@demo.oem-match.jp";
const PAID = "supplier-paid@demo.oem-match.jp";
const OWNER = "owner@demo.oem-match.jp";
const PAID_COMPANY_NAME = "美翠コスメティック株式会社";
const QUOTE_NAME = "御見積書.pdf";

/** What one project's run created, for the tests after it. */
const runs: Record<string, { bulkId?: string; bulkTitle?: string; entryMessage?: string }> = {};

async function login(page: Page, area: "oem" | "buyer", email: string, redirect: string) {
  await page.goto(`/${area}/login?redirect=${encodeURIComponent(redirect)}`);
  const form = page.getByRole("form", { name: /ログイン/ });
  await form.getByLabel("メールアドレス").fill(email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.getByRole("button", { name: "ログイン", exact: true }).click();
  await page.waitForURL((url) => url.pathname === redirect.split("?")[0]);
}

async function apiLogin(request: APIRequestContext, email: string) {
  const res = await request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  expect(res.status(), `login ${email}`).toBe(200);
  const body = await res.json();
  return { token: body.token as string, companyId: body.companyDetails.id as string };
}

async function createInquiry(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<string> {
  const categories = await (await request.get("/api/categories")).json();
  const res = await request.post("/api/contact/create", {
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
    data: {
      categoryId: categories.items[0].id,
      quantity: "初回500個",
      targetUnitPriceYen: 800,
      ndaRequired: false,
      ...body,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

async function ownerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/auth/owner-login", { data: { email: OWNER, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).token as string;
}

function ticketCount(page: Page) {
  // The count sits in the sidebar header; on phones the panel is collapsed but still rendered.
  return page.getByTestId("ticket-count");
}

async function readTicketCount(page: Page): Promise<number> {
  await expect(ticketCount(page)).toHaveText(/チケット残り \d+枚/);
  return Number((await ticketCount(page).textContent())!.match(/(\d+)枚/)![1]);
}

test.describe.configure({ mode: "serial", timeout: 120_000 });

test("a free supplier opens a nomination with a ticket, sees the buyer and answers it", async ({
  page,
  request,
}, info) => {
  const run = `${info.project.name}-${Date.now()}`;
  const buyer = await apiLogin(request, BUYER);
  const supplier = await apiLogin(request, FREE);
  const title = `OEMのご相談（指名 ${run}）`;
  const id = await createInquiry(request, buyer.token, {
    type: "NOMINATION",
    title,
    description: "貴社の事例を拝見してご連絡しました。化粧水の小ロット製造についてご相談させてください。",
    nominatedCompanyId: supplier.companyId,
  });

  // The demo free supplier starts with 3 tickets; should other runs have spent them, the
  // operator grants one (the purchase by invoice itself is another test's subject).
  const overview = await (
    await request.get("/api/billing/tickets", { headers: { authorization: `Bearer ${supplier.token}` } })
  ).json();
  if (overview.balance < 1) {
    const grant = await request.post("/api/owner/ticket-purchase", {
      headers: { authorization: `Bearer ${await ownerToken(request)}` },
      data: { companyId: supplier.companyId, quantity: 1 },
    });
    expect(grant.status(), await grant.text()).toBe(201);
  }

  await login(page, "oem", FREE, "/account/oem/contact");
  await expect(page.getByRole("heading", { level: 1, name: "指名案件一覧" })).toBeVisible();
  await page.getByRole("link", { name: title }).click();
  await page.waitForURL(`**/account/oem/contact/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // Before the ticket: no buyer details, no entry form, the way to open them.
  await expect(page.getByText("発注者の連絡先は、チケットを1枚使うと開示されます")).toBeVisible();
  await expect(page.getByText(BUYER)).toHaveCount(0);
  await expect(page.getByRole("form", { name: "エントリー" })).toHaveCount(0);
  const before = await readTicketCount(page);
  expect(before).toBeGreaterThan(0);
  // The sidebar's 「チケットを購入」 comes back here after the purchase, like the in-page button.
  // (On phones the sidebar panel is collapsed: the link is read, not seen.)
  await expect(ticketCount(page).locator("xpath=ancestor::a")).toHaveAttribute(
    "href",
    `/account/oem/ticket-buy?redirectTo=${encodeURIComponent(`/account/oem/contact/${id}`)}`,
  );

  await page.getByRole("button", { name: "チケットを1枚使って連絡先を開示する" }).click();
  const dialog = page.getByRole("alertdialog", { name: "チケットを1枚使いますか？" });
  await expect(dialog).toContainText(`${before}枚`);
  await dialog.getByRole("button", { name: "1枚使って開示する" }).click();

  // After: the buyer's details, the sidebar count one lower, the entry form.
  const contact = page.getByRole("region", { name: "発注者の連絡先" });
  await expect(contact).toBeVisible();
  await expect(contact.getByRole("link", { name: BUYER })).toHaveAttribute("href", `mailto:${BUYER}`);
  await expect(contact).toContainText("株式会社ボタニカルライフ");
  await expect(ticketCount(page)).toHaveText(`チケット残り ${before - 1}枚`);

  // The ledger agrees, and opening the page again costs nothing.
  const usage = await (
    await request.get(`/api/billing/ticket_usage/company/${supplier.companyId}/contact/${id}`, {
      headers: { authorization: `Bearer ${supplier.token}` },
    })
  ).json();
  expect(usage.used).toBe(true);
  await page.reload();
  await expect(page.getByRole("region", { name: "発注者の連絡先" })).toBeVisible();
  await expect(ticketCount(page)).toHaveText(`チケット残り ${before - 1}枚`);

  const form = page.getByRole("form", { name: "エントリー" });
  await form.getByRole("button", { name: "返信する" }).click();
  await expect(form.getByText("メッセージを入力してください")).toBeVisible();
  await form
    .getByLabel(/^メッセージ/)
    .fill(`ご指名ありがとうございます。小ロットから対応できます。（${run}）`);
  await form.getByLabel(/^提案単価/).fill("780");
  await form.getByLabel(/^納期の目安/).fill("サンプル2週間、量産40日");
  await form.getByRole("button", { name: "返信する" }).click();

  const mine = page.getByRole("region", { name: "エントリー済み" });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText("エントリー中");
  await expect(mine).toContainText(run);
  await expect(mine.getByRole("button", { name: "取り消す" })).toBeVisible();

  // The buyer sees it on the inquiry (through the API; the page is walked in the last test).
  const detail = await (
    await request.get(`/api/buyer/company/${buyer.companyId}/contact/${id}`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    })
  ).json();
  expect(detail.entries).toHaveLength(1);
  expect(detail.entries[0].proposedUnitPriceYen).toBe(780);
});

test("a free supplier gets the 403 screen on the entered-projects list", async ({ page }) => {
  await login(page, "oem", FREE, "/account/oem");
  const res = await page.goto("/account/oem/entry");
  expect(res?.status()).toBe(403);
  await expect(page).toHaveTitle("アクセス制限 | OEMマッチ");
  await expect(page.getByRole("heading", { level: 1, name: "アクセス制限" })).toBeVisible();
  await expect(page.getByText("このページへのアクセス権限がありません。")).toBeVisible();
  await expect(page.getByText("403", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "無制限プランを見る" })).toHaveAttribute(
    "href",
    "/account/oem/subscribe",
  );
  // In the sidebar the item is greyed, not a link.
  await expect(page.getByRole("link", { name: "エントリー済み案件一覧" })).toHaveCount(0);
});

test("a paid supplier enters a public recruit", async ({ page, request }, info) => {
  const run = `${info.project.name}-${Date.now()}`;
  const buyer = await apiLogin(request, BUYER);
  const title = `オリジナル化粧水のOEM（公開 ${run}）`;
  const id = await createInquiry(request, buyer.token, {
    type: "BULK",
    title,
    description:
      "自社ブランドの化粧水を製造いただける企業さまを募集します。処方のご提案から承れる企業さまを希望します。",
  });
  const approve = await request.put(`/api/owner/contact/bulk/${id}`, {
    headers: { authorization: `Bearer ${await ownerToken(request)}` },
    data: { action: "APPROVE" },
  });
  expect(approve.status(), await approve.text()).toBe(200);

  await login(page, "oem", PAID, "/account/oem/recruit");
  await expect(page.getByRole("heading", { level: 1, name: "公開案件一覧" })).toBeVisible();
  await page.getByRole("link", { name: title }).click();
  await page.waitForURL(`**/account/oem/recruit/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // Paid suppliers enter without a ticket; the buyer's details come with the entry.
  await expect(page.getByText("エントリーすると、発注者の連絡先が表示されます。")).toBeVisible();

  const message = `処方のご提案から量産まで一貫して承ります。（${run}）`;
  const form = page.getByRole("form", { name: "エントリー" });
  await form.getByLabel(/^メッセージ/).fill(message);
  await form.getByLabel(/^提案単価/).fill("690");
  await form.getByLabel(/^納期の目安/).fill("サンプル3週間、量産45日");
  // A quotation attached with the inquiry form's upload field (issue 15 item 7).
  await form.locator('input[type="file"]').setInputFiles({
    name: QUOTE_NAME,
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
  });
  await expect(form.getByText(QUOTE_NAME)).toBeVisible();
  await expect(form.getByText(/アップロード済み/)).toBeVisible();
  await form.getByText(QUOTE_NAME).scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath("entry-form-attachment.png"), fullPage: false });
  await form.getByRole("button", { name: "エントリーする" }).click();

  await expect(page.getByRole("region", { name: "エントリー済み" })).toContainText(message);
  await expect(
    page.getByRole("region", { name: "エントリー済み" }).getByRole("link", { name: new RegExp(QUOTE_NAME) }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "発注者の連絡先" })).toContainText(BUYER);
  runs[info.project.name] = { bulkId: id, bulkTitle: title, entryMessage: message };

  // It is in the entered-projects list too.
  await page.goto("/account/oem/entry");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
});

test("the buyer sees the entry with the supplier's details and shortlists it", async ({ page }, info) => {
  const run = runs[info.project.name];
  expect(run?.bulkId, "the previous test created the bulk inquiry").toBeTruthy();
  await login(page, "buyer", BUYER, "/account/buyer/inquiry");
  await expect(page.getByRole("heading", { level: 1, name: "問い合わせ履歴" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "問い合わせの種類" })
    .getByRole("link", { name: "一括問い合わせ" })
    .click();
  await page.waitForURL(/contactType=BULK/);
  await page.getByRole("link", { name: run!.bulkTitle! }).click();
  await page.waitForURL(`**/account/buyer/inquiry/${run!.bulkId}`);
  await expect(page.getByRole("heading", { level: 1, name: run!.bulkTitle! })).toBeVisible();
  await expect(page.getByText("公開中", { exact: true }).first()).toBeVisible();

  const entry = page.getByRole("listitem").filter({ hasText: run!.entryMessage! });
  await expect(entry.getByRole("heading", { name: new RegExp(PAID_COMPANY_NAME) })).toBeVisible();
  await expect(entry).toContainText("690円");
  await expect(entry).toContainText("サンプル3週間、量産45日");
  await expect(entry.getByRole("link", { name: PAID })).toHaveAttribute("href", `mailto:${PAID}`);
  await expect(entry).toContainText("エントリー中");
  // The supplier's file, downloadable by this buyer.
  const quote = entry.getByRole("link", { name: new RegExp(QUOTE_NAME) });
  await expect(quote).toBeVisible();
  const file = await page.request.get((await quote.getAttribute("href"))!);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await entry.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath("buyer-entry-attachment.png"), fullPage: false });

  await entry.getByRole("button", { name: "候補にする" }).click();
  await expect(page.getByText(`${PAID_COMPANY_NAME}を候補にしました。`)).toBeVisible();
  await expect(entry).toContainText("候補にしました。連絡先から直接やり取りを進めてください。");
  await expect(entry.getByRole("button", { name: "候補にする" })).toHaveCount(0);

  // The decision is kept.
  await page.reload();
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: run!.entryMessage! })
      .getByRole("button", { name: "見送る" }),
  ).toBeVisible();
});
