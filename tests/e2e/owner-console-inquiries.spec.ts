import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { ownerLogin } from "./support/journey";
import { waitForMail } from "./support/mail";

// The owner console's inquiry pages in the browser: the operator finds a bulk inquiry under
// review from the dashboard's link (/owner/inquiries?type=BULK&status=REVIEW), approves it and
// sees the change in its audit trail, corrects the status of an entry a supplier made, and
// rejects another inquiry with a reason. Both projects share one server and database, so each
// run creates its own inquiries (through the API, as the demo buyer) with titles of its own.

const DEMO_PASSWORD = "Demo-pass-2026";
const BUYER = "buyer@demo.oem-match.jp";
const PAID_SUPPLIER = "supplier-paid@demo.oem-match.jp";
const _OWNER = "owner@demo.oem-match.jp";

async function memberLogin(request: APIRequestContext, email: string) {
  const res = await request.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  return { token: body.token as string, companyId: body.companyDetails.id as string };
}

/** The demo buyer sends a bulk inquiry (it waits for the operator's review); answers its id. */
async function createBulkInquiry(
  request: APIRequestContext,
  title: string,
  selectedCompanyIds: string[] = [],
): Promise<string> {
  const { token } = await memberLogin(request, BUYER);
  const categories = (await (await request.get("/api/categories")).json()).items as Array<{
    id: number;
    name: string;
  }>;
  const category = categories.find((c) => c.name === "化粧品") ?? categories[0]!;
  const res = await request.post("/api/contact/create", {
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
    data: {
      type: "BULK",
      title,
      categoryId: category.id,
      description:
        "敏感肌向けの化粧水を自社ブランドで販売したく、処方の提案から充填までお願いできる企業を探しています。",
      quantity: "初回3,000本",
      targetUnitPriceYen: 480,
      selectedCompanyIds,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const created = await res.json();
  expect(created.status).toBe("REVIEW");
  return created.id as string;
}

test("the operator approves a bulk inquiry under review, sees it in the audit trail and corrects an entry", async ({
  page,
  request,
}, info) => {
  const title = `コンソール承認テスト ${info.project.name}-${Date.now()}`;
  const supplier = await memberLogin(request, PAID_SUPPLIER);
  // The buyer picked the paid demo supplier in search: it is told when the inquiry is published.
  const id = await createBulkInquiry(request, title, [supplier.companyId]);
  await ownerLogin(page);
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();

  // The dashboard's link: bulk inquiries under review, then narrowed by the keyword.
  await page.goto("/owner/inquiries?type=BULK&status=REVIEW");
  await expect(page.getByRole("link", { name: "一括問い合わせ", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const filter = page.getByRole("search", { name: "問い合わせの絞り込み" });
  await expect(filter.getByLabel("状態")).toHaveValue("REVIEW");
  await filter.getByLabel("キーワード").fill(title);
  await filter.getByRole("button", { name: "絞り込む" }).click();
  await expect(page).toHaveURL(/type=BULK/);
  await expect(page).toHaveURL(/status=REVIEW/);
  await expect(page.getByText("全1件", { exact: false })).toBeVisible();
  await page.getByRole("link", { name: title }).click();

  // The detail: approve (the dialog says who is told).
  await page.waitForURL(`**/owner/inquiries/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("審査待ちです")).toBeVisible();
  await expect(page.getByRole("button", { name: "締め切る" })).toHaveCount(0);
  await page.getByRole("button", { name: "承認する" }).click();
  const approve = page.getByRole("alertdialog", { name: "この一括問い合わせを承認しますか？" });
  await expect(approve).toContainText("発注者");
  await approve.getByRole("button", { name: "承認して公開する" }).click();
  await expect(page.getByText("一括問い合わせを承認し、公開しました。")).toBeVisible();
  await expect(approve).toBeHidden();
  await expect(page.getByRole("button", { name: "承認する" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "締め切る" })).toBeVisible();
  const trail = page.getByRole("region", { name: "操作履歴" });
  await expect(trail.getByText("一括問い合わせを承認")).toBeVisible();
  // The buyer and the selected supplier are notified.
  await waitForMail(BUYER, `一括問い合わせを公開しました：${title}`);
  await waitForMail(PAID_SUPPLIER, `貴社が選ばれた一括問い合わせが公開されました：${title}`);

  // The paid demo supplier enters; the operator corrects the entry's status from the entries list.
  const entered = await request.post(`/api/oem/company/${supplier.companyId}/contact/${id}/entries`, {
    headers: { authorization: `Bearer ${supplier.token}` },
    data: { message: "無添加処方の実績がございます。初回3,000本から承ります。", proposedUnitPriceYen: 500 },
  });
  expect(entered.status(), await entered.text()).toBe(201);
  await page.goto(`/owner/entries?contactId=${id}`);
  await expect(page.getByText(`案件「${title}」で絞り込んでいます。`)).toBeVisible();
  await expect(page.getByText("全1件", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: /^状態を訂正/ }).click();
  const dialog = page.getByRole("dialog", { name: "エントリーの状態を訂正" });
  await dialog.getByRole("button", { name: "訂正する" }).click();
  await expect(dialog.getByText("訂正後の状態を選択してください")).toBeVisible();
  await dialog.getByLabel(/^訂正後の状態/).selectOption({ label: "候補入り" });
  await dialog.getByRole("button", { name: "訂正する" }).click();
  await expect(page.getByText("エントリーの状態を「候補入り」に訂正しました。")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    page
      .getByRole("region", { name: "エントリーの一覧" })
      .getByText("候補入り", { exact: true })
      .filter({ visible: true }),
  ).toBeVisible();
});

test("the operator rejects a bulk inquiry with a reason the buyer is shown", async ({
  page,
  request,
}, info) => {
  const title = `コンソール非承認テスト ${info.project.name}-${Date.now()}`;
  const id = await createBulkInquiry(request, title);
  await ownerLogin(page);
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
  await page.goto(`/owner/inquiries/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.getByRole("button", { name: "非承認にする" }).click();
  const dialog = page.getByRole("dialog", { name: "一括問い合わせを非承認にする" });
  await dialog.getByRole("button", { name: "非承認にする" }).click();
  await expect(dialog.getByText("非承認の理由を入力してください")).toBeVisible();
  const reason = "依頼内容に連絡先が書かれているため公開できません。削除して、もう一度お送りください。";
  await dialog.getByLabel(/^非承認の理由/).fill(reason);
  await dialog.getByRole("button", { name: "非承認にする" }).click();
  await expect(page.getByText("一括問い合わせを非承認にしました。")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("alert").filter({ hasText: "非承認の理由（発注者に表示されています）" }),
  ).toContainText(reason);
  await expect(page.getByText("非承認", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "承認する" })).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "操作履歴" }).getByText("一括問い合わせを非承認"),
  ).toBeVisible();
});
