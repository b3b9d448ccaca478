import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./support/a11y";
import {
  apiLogin,
  apiOk,
  approveBulkInquiry,
  type Caller,
  login,
  registerCompany,
  uniqueEmail,
} from "./support/journey";

// Issue 35's journey, buyer and supplier side by side at 1440 and 375 px: the award is an order
// form (3,000本 in two deliveries, a place, inspection and payment dates); a payment date on day 61
// after a delivery is refused with the reason; the supplier accepts (注文請書); a change order moves
// one delivery date and is accepted; the supplier asks for a price consultation and the buyer
// answers; the 発注書 holds every 4条 item and the prefecture once; the 7条 record lists each event.
// The rules are pinned in tests/api/orders*.test.ts; this proves the screens do what they say.

test.describe.configure({ mode: "serial", timeout: 300_000 });

const ARC = "oem-arc@demo.oem-match.jp";
const width = () => (test.info().project.name === "mobile" ? 375 : 1440);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${name}-${width()}.png`, fullPage: true });
const jst = (days: number) =>
  new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function pageFor(browser: Browser) {
  const mobile = width() === 375;
  const context = await browser.newContext({
    viewport: { width: width(), height: 900 },
    isMobile: mobile,
    hasTouch: mobile,
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
  });
  return context.newPage();
}

function pdfText(bytes: Buffer, name: string): string {
  const file = test.info().outputPath(name);
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
}

test("an order under 取適法: form, day 61 refused, 受注, a change order, a price consultation, the 発注書 and the 7条 record", async ({
  page,
  browser,
  request,
}, info) => {
  const run = `${info.project.name}-${Date.now()}`;
  const buyer = await registerCompany(request, "buyer", {
    email: uniqueEmail("order-buyer", info),
    name: "発注 花子",
    companyName: `株式会社オーダー化成 ${run}`,
    page,
  });
  const b = { token: buyer.token, companyId: buyer.companyId, email: buyer.email } satisfies Caller;
  // The buyer's address starts with its prefecture, as 33 of the demo's 40 companies' do.
  await apiOk(request, b, "PUT", `/api/buyer/company/${b.companyId}/update`, {
    name: buyer.companyName,
    nameKana: null,
    postalCode: "1500002",
    prefectureId: 13,
    address: "東京都渋谷区渋谷2-1-1 渋谷ビル5F",
    phone: "03-5555-0100",
    website: null,
    representativeName: null,
    establishedYear: null,
    capitalYen: 500_000_000,
    employeeCount: 800,
    description: null,
    logoFileId: null,
    corporateNumber: null,
  });
  const title = `樹脂キャップの射出成形（3,000本）${run}`;
  await apiOk(request, b, "POST", "/api/contact/create", {
    type: "BULK",
    title,
    categoryId: 1,
    description: "PP製のボトルキャップ（φ28mm）です。色は白、金型は新規で製作をお願いします。",
    quantity: "初回3,000本",
    lotQuantity: 3000,
    quantityUnit: "本",
    desiredDeliveryDate: jst(90),
    prefectureIds: [13],
    ndaRequired: false,
  });
  const inquiryId = await approveBulkInquiry(request, title);
  const arc = await apiLogin(request, ARC);
  await apiOk(request, arc, "POST", `/api/oem/company/${arc.companyId}/contact/${inquiryId}/entries`, {
    message: "金型から製作いたします。お見積りをお送りします。",
  });
  const threadId = (
    await apiOk(request, arc, "GET", `/api/deals/company/${arc.companyId}/threads?inquiryId=${inquiryId}`)
  ).items[0].id as string;
  await apiOk(request, arc, "PUT", `/api/deals/company/${arc.companyId}/threads/${threadId}/quote`, {
    tiers: [
      { quantity: 1000, unitPriceYen: 380 },
      { quantity: 3000, unitPriceYen: 350 },
    ],
    toolingCostYen: 120_000,
    moq: 1000,
    leadTimeDays: 40,
    paymentTerms: "月末締め翌月末払い",
  });

  // The buyer opens the order form from 「発注先に決定」.
  await login(page, "buyer", buyer.email, `/account/buyer/deals/${threadId}`, buyer.password);
  await page.getByRole("link", { name: "発注先に決定" }).first().click();
  const form = page.getByRole("form", { name: "発注フォーム" });
  await form.getByLabel(/^数量/).fill("3000");
  await expect(form.locator("[data-order-amounts]")).toContainText("3,000本以上の単価");
  await expect(form.locator("[data-order-amounts]")).toContainText("1,287,000"); // (3,000×350+120,000)×1.1 = 1,287,000
  const first = jst(20);
  const second = jst(50);
  await form.getByText("分納（複数回）").click();
  await form.getByLabel("1回目の納期").fill(first);
  await form.getByLabel(/^1回目の数量/).fill("1500");
  await form.getByRole("button", { name: /納入回を追加/ }).click();
  await form.getByLabel("2回目の納期").fill(second);
  await form.getByLabel(/^2回目の数量/).fill("1500");
  await expect(form.locator("[data-schedule-sum]")).toContainText("納入数量の合計 3,000本／発注数量 3,000本");
  await form.getByLabel(/^納入場所/).fill("東京都江東区有明3-1-1 第二倉庫");
  await form.getByLabel(/^担当者・連絡先/).fill("物流課 田中 03-1234-5678");
  await form.getByText("検査する").click();
  await form.getByRole("textbox", { name: "検査完了期日" }).fill("10");
  await expect(form.getByRole("list", { name: "納入回ごとの検査完了期日" })).toContainText("検査完了期日");
  // A date set by hand on day 61 after the first delivery: the form says so, and the API refuses it.
  await form.getByText("支払期日を個別に指定").click();
  await form.getByLabel("1回目の支払期日").fill(addDays(first, 60));
  await form.getByLabel("2回目の支払期日").fill(addDays(second, 30));
  await expect(form.locator("[data-limit-message]").first()).toContainText("61日目");
  for (const input of await form.getByLabel(/の資本金（円）/).all()) await input.fill("5000000");
  for (const input of await form.getByLabel(/の従業員数/).all()) await input.fill("40");
  for (const radio of await form.getByRole("radio", { name: "法人" }).all()) await radio.check();
  await form.getByRole("button", { name: "この内容で発注する" }).click();
  const confirm = page.getByRole("alertdialog", { name: /に発注しますか/ });
  await confirm.getByRole("button", { name: "発注する" }).click();
  await expect(page.getByText(/61日目です。取適法では受領日から60日以内/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/order/); // nothing issued: still the form, input kept
  await expect(form.getByLabel(/^数量/)).toHaveValue("3000");
  await shot(page, "order-form-day61");
  // 月末締め翌月末払い (the JFTC's 2-month reading for monthly closing) is lawful.
  await form.getByText("締め日と支払日で決める").click();
  expect(await seriousViolations(page, "order form")).toEqual([]);
  await form.getByRole("button", { name: "この内容で発注する" }).click();
  await expect(confirm).toContainText("合計（税込）");
  await confirm.getByRole("button", { name: "発注する" }).click();
  await expect(page.getByText("発注書を発行しました").first()).toBeVisible();
  await page.waitForURL(/\/account\/buyer\/orders\/[0-9a-f-]+/);
  const orderId = /\/orders\/([0-9a-f-]+)/.exec(page.url())![1]!;
  const main = page.getByRole("main");
  await expect(main).toContainText("受注者の回答待ち");
  await expect(main).toContainText("取適法の対象");
  await expect(main).toContainText("未開封");

  // The supplier, side by side: the order arrived (opening it is recorded); it accepts.
  const s = await pageFor(browser);
  await login(s, "oem", ARC, "/account/oem/orders");
  const order = await apiOk(request, b, "GET", `/api/orders/company/${b.companyId}/orders/${orderId}`);
  await s
    .getByRole("link", { name: new RegExp(order.number) })
    .first()
    .click();
  await s.getByRole("button", { name: "受注する（注文請書を発行）" }).click();
  await s
    .getByRole("alertdialog", { name: "この発注を受注しますか？" })
    .getByRole("button", { name: "受注する" })
    .click();
  await expect(s.getByRole("main")).toContainText("受注済み");
  await expect(s.getByRole("link", { name: /注文請書/ })).toBeVisible();
  await shot(s, "order-supplier-accepted");
  await page.reload();
  await expect(main).toContainText("受注済み");
  await expect(main).not.toContainText("未開封");

  // A change order moves the second delivery by five days; the supplier accepts it.
  const moved = addDays(second, 5);
  await main.getByRole("button", { name: "変更発注" }).click();
  const change = page.getByRole("dialog", { name: "変更発注" });
  await change.getByLabel("第2回 納期").fill(moved);
  await change.getByLabel(/^変更の理由/).fill("納入先倉庫の棚卸しのため、2回目の納期を5日後ろにずらします。");
  await change.getByRole("radio", { name: "発注者" }).check();
  await change.getByRole("button", { name: "変更発注書を送付する" }).click();
  await expect(change).toHaveCount(0);
  await s.reload();
  await s.getByRole("button", { name: "変更を承諾する" }).click();
  await s
    .getByRole("alertdialog", { name: "変更発注を承諾しますか？" })
    .getByRole("button", { name: "変更を承諾する" })
    .click();
  await expect(s.getByRole("button", { name: "変更を承諾する" })).toHaveCount(0);

  // The supplier asks for a price consultation; the buyer answers it.
  await s.getByRole("button", { name: "価格協議を申し入れる" }).click();
  const consult = s.getByRole("dialog", { name: "価格協議を申し入れる" });
  await consult.getByLabel("上昇率（%）").fill("12");
  await consult.getByLabel(/^説明/).fill("PP樹脂の仕入価格が前年比12%上昇しています。");
  await consult.getByLabel(/^希望単価/).fill("370");
  await consult
    .getByLabel(/^協議の依頼内容/)
    .fill("原料価格の上昇分について、単価の見直しをご相談させてください。");
  await consult.getByRole("button", { name: "申し入れる" }).click();
  await expect(consult).toHaveCount(0);
  expect(await seriousViolations(s, "supplier's order page")).toEqual([]);
  await shot(s, "order-supplier-consultation");
  await page.reload();
  await main.getByRole("button", { name: "価格協議に回答する" }).click();
  const answer = page.getByRole("dialog", { name: "価格協議に回答する" });
  await answer.getByRole("radio", { name: "別の単価を提示" }).check();
  await answer.getByLabel(/^提示単価/).fill("360");
  await answer.getByLabel(/^回答内容/).fill("原料の上昇分の一部として、1本360円でいかがでしょうか。");
  await answer.getByRole("button", { name: "回答する" }).click();
  await expect(answer).toHaveCount(0);
  expect(await seriousViolations(page, "order page")).toEqual([]);
  await shot(page, "order-buyer");

  // The 発注書 (version 1) holds every 4条 item, the prefecture once and no quote validity.
  const pdf = await request.get(`/api/orders/company/${b.companyId}/orders/${orderId}/versions/1/pdf`, {
    headers: { authorization: `Bearer ${b.token}` },
  });
  expect(pdf.status()).toBe(200);
  const bytes = Buffer.from(await pdf.body());
  const text = pdfText(bytes, "order.pdf");
  for (const item of [
    "発注書",
    order.number,
    "発注日",
    buyer.companyName.split(" ")[0]!,
    "御中",
    "発行者",
    "発注 花子",
    "品名",
    "3,000本",
    "350",
    "消費税",
    "1,287,000",
    "納期",
    "1,500本",
    "検査完了期日",
    "支払期日",
    "納入場所",
    "東京都江東区有明3-1-1",
    "銀行振込",
    "振込手数料は発注者負担",
    "有償支給",
    "取適法",
    "〒150-0002 東京都渋谷区渋谷2-1-1",
  ]) {
    expect(text, item).toContain(item);
  }
  expect(text).not.toContain("東京都東京都");
  expect(text).not.toContain("有効期限");
  const pdfFile = test.info().outputPath("order-v1.pdf");
  writeFileSync(pdfFile, bytes);
  execFileSync("pdftoppm", [
    "-png",
    "-r",
    "60",
    "-singlefile",
    pdfFile,
    `test-results/screenshots/order-pdf-${width()}`,
  ]);

  // The 7条 record lists each event, from the buyer's CSV export.
  const csv = await request.get(`/api/orders/company/${b.companyId}/orders/${orderId}/record/csv`, {
    headers: { authorization: `Bearer ${b.token}` },
  });
  expect(csv.status()).toBe(200);
  const record = await csv.text();
  for (const label of [
    "発注（発注書の発行）",
    "発注書の送付（電子）",
    "受注者が発注書を開封",
    "受注（注文請書）",
    "変更発注の提示",
    "変更発注の承諾",
    "価格協議の申し入れ",
    "価格協議への回答",
  ]) {
    expect(record, label).toContain(label);
  }
  expect(record).toContain("納入先倉庫の棚卸し");
  await expect(main.getByRole("link", { name: "CSVで出力" })).toBeVisible();
  await s.context().close();
});
