import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";

// The supplier's settings on the demo data: basic information with a logo, OEM information
// with a gallery, two case studies, the name publish toggle, members and invitations, and
// what a GENERAL member may not do. Both projects (desktop, mobile) run against one server:
// everything here is idempotent or uses names unique to the run.

const PASSWORD = "Demo-pass-2026";
const ADMIN = "supplier-free@demo.oem-match.jp";
const GENERAL = "supplier-general@demo.oem-match.jp";

async function png(width: number, height: number, color: { r: number; g: number; b: number }) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function login(page: Page, email: string, redirect = "/account/oem") {
  await page.goto(`/oem/login?redirect=${encodeURIComponent(redirect)}`);
  const form = page.getByRole("form", { name: /ログイン/ });
  await form.getByLabel("メールアドレス").fill(email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.getByRole("button", { name: "ログイン", exact: true }).click();
  await page.waitForURL((url) => url.pathname === redirect.split("?")[0]);
}

/** A form control by its visible label (the FormField label ends with 必須 or 任意). */
function field(scope: Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(必須|任意)$`));
}

async function companyIdOf(page: Page): Promise<string> {
  const session = await (await page.request.get("/api/auth/session")).json();
  return session.companyDetails.id as string;
}

test("basic information: edit, logo upload with the API's errors, name publish off", async ({
  page,
}, info) => {
  const run = `${info.project.name}-${Date.now()}`;
  await login(page, ADMIN, "/account/oem/company");
  await expect(page.getByRole("heading", { level: 1, name: "基本情報" })).toBeVisible();
  const form = page.getByRole("form", { name: "基本情報の編集" });
  await expect(field(form, "会社名")).not.toHaveValue("");

  // A client-side error stays with its input, and the input keeps what was typed.
  await field(form, "郵便番号").fill("12-34");
  await field(form, "郵便番号").blur();
  await expect(form.getByText("郵便番号の形式が正しくありません（例: 100-0001）")).toBeVisible();
  await expect(field(form, "郵便番号")).toHaveValue("12-34");

  await field(form, "郵便番号").fill("150-0002");
  await field(form, "都道府県").selectOption({ label: "東京都" });
  await field(form, "住所").fill("渋谷区渋谷2-21-1");
  await field(form, "代表者名").fill(`代表 ${run}`.slice(0, 50));
  await field(form, "設立年").fill("1998");
  await field(form, "資本金（円）").fill("30,000,000");
  await expect(form.getByText("＝ 3,000万円")).toBeVisible();
  await field(form, "従業員数").fill("45");
  await field(form, "Webサイト").fill("https://www.example.co.jp");
  await field(form, "会社紹介").fill(
    "化粧品・日用品のOEMを、処方開発から充填・包装まで一貫してお受けしています。",
  );

  // The logo: a file that is not an image answers the API's 415 message; a PNG uploads.
  if (await form.getByRole("button", { name: "画像を変更" }).isVisible()) {
    await form.getByRole("button", { name: "削除", exact: true }).click();
  }
  const logoInput = form.getByLabel("ロゴ画像のファイル", { exact: true });
  await logoInput.setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("not an image"),
  });
  await expect(
    form.getByText("画像ファイル（JPEG・PNG・WebP・GIF・AVIF）を選択してください。"),
  ).toBeVisible();
  await logoInput.setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: await png(320, 320, { r: 29, g: 78, b: 216 }),
  });
  await expect(form.getByRole("img", { name: "ロゴ画像のプレビュー" })).toBeVisible();
  await expect(form.getByRole("button", { name: "画像を変更" })).toBeVisible();

  await form.getByRole("button", { name: "基本情報を保存する" }).click();
  await expect(page.getByText("基本情報を保存しました。")).toBeVisible();

  await page.reload();
  await expect(field(form, "代表者名")).toHaveValue(`代表 ${run}`.slice(0, 50));
  await expect(field(form, "資本金（円）")).toHaveValue("30000000");
  await expect(form.getByRole("img", { name: "ロゴ画像のプレビュー" })).toBeVisible();

  // The public page link opens in a new tab.
  const companyId = await companyIdOf(page);
  await expect(page.getByRole("link", { name: /^公開ページを見る/ })).toHaveAttribute(
    "href",
    `/oem/company/${companyId}`,
  );
  await expect(page.getByRole("link", { name: /^公開ページを見る/ })).toHaveAttribute("target", "_blank");

  // Name publish off (ADMIN): the explanation says what the public sees.
  const toggle = page.getByRole("switch", { name: "企業名を公開する" });
  await expect(toggle).toBeEnabled();
  if ((await toggle.getAttribute("aria-checked")) === "true") {
    await toggle.click();
    await expect(page.getByText("企業名を非公開にしました。")).toBeVisible();
  }
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(page.getByText(/企業名の代わりに「企業名非公開」と表示され/)).toBeVisible();
  const publicView = await (await page.request.get(`/api/oem/${companyId}`)).json();
  expect(publicView.name).toBe("企業名非公開");

  // Leave the demo company as found: other specs on this server find it by its name.
  const { token } = await (await page.request.get("/api/auth/session")).json();
  const restored = await page.request.patch(`/api/oem/company/${companyId}/namePublishStatus/update`, {
    headers: { authorization: `Bearer ${token}` },
    data: { namePublished: true },
  });
  expect(restored.ok()).toBeTruthy();
});

test("OEM information: sections, categories, a factory and a reordered gallery", async ({ page }) => {
  await login(page, ADMIN, "/account/oem/company-information?from=login");
  await expect(page.getByRole("heading", { level: 1, name: "OEM情報" })).toBeVisible();
  await expect(page.getByText("OEMマッチへようこそ")).toBeVisible();
  const form = page.getByRole("form", { name: "OEM情報の編集" });
  await expect(form.getByRole("progressbar", { name: "プロフィール充実度" })).toBeVisible();
  await expect(form.getByRole("navigation", { name: "OEM情報のセクション" })).toBeVisible();

  await field(form, "キャッチコピー").fill("小ロット300個から、処方開発まで一貫対応");
  await field(form, "強み").fill("・自社ラボでの処方開発\n・最短3週間での試作");
  await field(form, "最小ロット").fill("300個〜");
  await field(form, "納期の目安").fill("試作2週間、量産1〜2か月");
  await field(form, "生産能力").fill("月産10万本");
  await field(form, "価格帯").fill("化粧水150mL 300〜800円／個");
  await field(form, "認証・許認可").fill("ISO 9001、化粧品製造業許可");
  await field(form, "対応サービス").fill("処方開発、容器手配、充填、物流代行");

  // Categories: at most 5; the rest are disabled once 5 are chosen.
  const categories = form.getByRole("group", { name: /対応カテゴリ/ });
  const boxes = categories.getByRole("checkbox");
  for (let i = 0; i < (await boxes.count()); i++) {
    if (await boxes.nth(i).isChecked()) await boxes.nth(i).uncheck();
  }
  for (const name of ["化粧品", "日用品", "雑貨", "食品", "ペット用品"]) {
    await categories.getByRole("checkbox", { name, exact: true }).check();
  }
  await expect(categories.getByRole("checkbox", { name: "電子機器", exact: true })).toBeDisabled();
  await expect(categories.getByText("5 / 5 選択中")).toBeVisible();
  await form
    .getByRole("group", { name: /特徴/ })
    .getByRole("checkbox", { name: "小ロット対応", exact: true })
    .check();

  // Factories: rows are added and removed; a new row's prefecture is required.
  const factoryRows = form.locator("#oem-factories ol > li");
  while ((await factoryRows.count()) > 0) {
    await factoryRows
      .first()
      .getByRole("button", { name: /を削除/ })
      .click();
  }
  await form.getByRole("button", { name: "工場・拠点を追加" }).click();
  await field(factoryRows.first(), "工場名").fill("本社工場");
  await form.getByRole("button", { name: "OEM情報を保存する" }).click();
  await expect(factoryRows.first().getByText("都道府県を選択してください")).toBeVisible();
  await field(factoryRows.first(), "都道府県").selectOption({ label: "神奈川県" });
  await field(factoryRows.first(), "住所").fill("横浜市港北区新横浜3-1-1");

  // Gallery: clear it, upload two images at once, caption, move the second up.
  const gallery = form.locator("#oem-gallery");
  while ((await gallery.getByRole("button", { name: /枚目を削除/ }).count()) > 0) {
    await gallery
      .getByRole("button", { name: /枚目を削除/ })
      .first()
      .click();
  }
  await gallery.getByLabel("ギャラリー画像のファイル", { exact: true }).setInputFiles([
    { name: "line.png", mimeType: "image/png", buffer: await png(640, 480, { r: 220, g: 38, b: 38 }) },
    { name: "lab.png", mimeType: "image/png", buffer: await png(640, 480, { r: 5, g: 150, b: 105 }) },
  ]);
  await expect(gallery.getByLabel("登録済みのギャラリー画像").locator("> li")).toHaveCount(2);
  await gallery.getByLabel("2枚目のキャプション").fill("品質検査室");
  await gallery.getByLabel("2枚目のキャプション").press("Enter");
  await expect(gallery.getByText("キャプションを保存しました")).toBeVisible();
  await gallery.getByRole("button", { name: "ギャラリー画像2枚目を上へ移動" }).click();
  await expect(gallery.getByLabel("1枚目のキャプション")).toHaveValue("品質検査室");

  await form.getByRole("button", { name: "OEM情報を保存する" }).click();
  await expect(page.getByText(/OEM情報を保存しました。プロフィール充実度は\d+%です。/)).toBeVisible();

  await page.goto("/account/oem/company-information");
  await expect(field(form, "キャッチコピー")).toHaveValue("小ロット300個から、処方開発まで一貫対応");
  await expect(field(factoryRows.first(), "工場名")).toHaveValue("本社工場");
  await expect(gallery.getByLabel("1枚目のキャプション")).toHaveValue("品質検査室");
  await expect(categories.getByRole("checkbox", { name: "ペット用品", exact: true })).toBeChecked();
});

test("case studies: two created (one with images), filtered, edited; a third deleted", async ({
  page,
}, info) => {
  const run = `${info.project.name}-${Date.now()}`;
  await login(page, ADMIN, "/account/oem/case");
  await expect(page.getByRole("heading", { level: 1, name: "事例管理" })).toBeVisible();

  const create = async (title: string, status: "公開する" | "下書きとして保存", images: number) => {
    await page.goto("/account/oem/case/create");
    const form = page.getByRole("form", { name: "事例の登録" });
    await field(form, "タイトル").fill(title);
    await field(form, "カテゴリ").selectOption({ label: "化粧品" });
    await field(form, "依頼元の業種").fill("化粧品通販");
    await field(form, "内容").fill(
      "敏感肌向けの化粧水を共同開発しました。試作は3回、使用感を細かく調整しています。",
    );
    await field(form, "ロット").fill("1,000本");
    await field(form, "期間").fill("約3か月");
    if (images) {
      await form.getByLabel("事例の画像のファイル", { exact: true }).setInputFiles(
        await Promise.all(
          Array.from({ length: images }, async (_, i) => ({
            name: `case-${i + 1}.png`,
            mimeType: "image/png",
            buffer: await png(480, 360, { r: 40 * i, g: 100, b: 200 }),
          })),
        ),
      );
      await expect(form.getByLabel("登録済みの事例の画像").locator("> li")).toHaveCount(images);
    }
    await form.getByRole("radio", { name: new RegExp(status) }).check();
    await form
      .getByRole("button", { name: status === "公開する" ? "登録して公開する" : "下書きとして保存する" })
      .click();
    await page.waitForURL("**/account/oem/case");
  };

  // Required fields are checked before sending.
  await page.goto("/account/oem/case/create");
  await page.getByRole("button", { name: "登録して公開する" }).click();
  await expect(page.getByText("タイトルを入力してください")).toBeVisible();
  await expect(page.getByText("事例の内容を入力してください")).toBeVisible();

  await create(`公開事例 ${run}`, "公開する", 2);
  await expect(page.getByText("事例を公開しました。")).toBeVisible();
  await create(`下書き事例 ${run}`, "下書きとして保存", 0);
  await expect(page.getByText("事例を下書きとして保存しました。")).toBeVisible();

  await page.getByRole("tab", { name: "下書き" }).click();
  await expect(page).toHaveURL(/status=DRAFT/);
  await expect(page.getByRole("heading", { name: `下書き事例 ${run}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: `公開事例 ${run}` })).toHaveCount(0);

  // Edit the draft and publish it.
  await page.getByRole("link", { name: `「下書き事例 ${run}」を編集` }).click();
  const edit = page.getByRole("form", { name: "事例の編集" });
  await expect(field(edit, "タイトル")).toHaveValue(`下書き事例 ${run}`);
  await field(edit, "タイトル").fill(`公開した事例 ${run}`);
  await edit.getByRole("radio", { name: /公開する/ }).check();
  await edit.getByRole("button", { name: "更新して公開する" }).click();
  await page.waitForURL("**/account/oem/case");
  await page.getByRole("tab", { name: "公開中" }).click();
  await expect(page.getByRole("heading", { name: `公開した事例 ${run}` })).toBeVisible();

  // A third one is deleted after confirming.
  await create(`削除する事例 ${run}`, "下書きとして保存", 0);
  await page.getByRole("button", { name: `「削除する事例 ${run}」を削除` }).click();
  const dialog = page.getByRole("alertdialog", { name: "事例を削除しますか？" });
  await dialog.getByRole("button", { name: "削除する" }).click();
  await expect(page.getByText(`「削除する事例 ${run}」を削除しました。`)).toBeVisible();
  await expect(page.getByRole("heading", { name: `削除する事例 ${run}` })).toHaveCount(0);

  // An unknown case answers the 404 screen.
  await page.goto("/account/oem/case/edit?id=00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
});

test("members: invite, resend and cancel with confirmations; the last ADMIN is kept", async ({
  page,
}, info) => {
  const email = `colleague-${info.project.name}-${Date.now()}@example.com`;
  await login(page, ADMIN, "/account/oem/member");
  await expect(page.getByRole("heading", { level: 1, name: "メンバー管理" })).toBeVisible();
  await expect(page.getByText(GENERAL)).toBeVisible();

  const invite = page.getByRole("form", { name: "メンバーの招待" });
  await field(invite, "メールアドレス").fill(GENERAL);
  await invite.getByRole("button", { name: "招待メールを送る" }).click();
  await expect(invite.getByText("このメールアドレスの方は既にメンバーです")).toBeVisible();
  await expect(field(invite, "メールアドレス")).toHaveValue(GENERAL);

  await field(invite, "メールアドレス").fill(email);
  await field(invite, "お名前").fill("招待 花子");
  await invite.getByRole("radio", { name: /一般/ }).check();
  await invite.getByRole("button", { name: "招待メールを送る" }).click();
  await expect(page.getByText(`${email} に招待メールを送信しました`)).toBeVisible();
  const invitations = page.locator("#invitations");
  await expect(invitations.getByText(email)).toBeVisible();

  await invitations.getByRole("button", { name: `${email}に招待を再送` }).click();
  await page
    .getByRole("alertdialog", { name: "招待メールを再送しますか？" })
    .getByRole("button", { name: "再送する" })
    .click();
  await expect(page.getByText(`${email} に招待メールを再送しました`)).toBeVisible();

  await invitations.getByRole("button", { name: `${email}への招待を取り消し` }).click();
  await page
    .getByRole("alertdialog", { name: "招待を取り消しますか？" })
    .getByRole("button", { name: "取り消す" })
    .click();
  await expect(page.getByText(`${email} への招待を取り消しました。`)).toBeVisible();
  await expect(invitations.getByText(email)).toHaveCount(0);

  // The only ADMIN cannot step down: the API's 409 message shows in the dialog.
  const me = page.locator("#members li", { has: page.getByText("あなた", { exact: true }) });
  await me.getByLabel(/さんの権限$/).selectOption("GENERAL");
  const dialog = page.getByRole("alertdialog", { name: "権限を変更しますか？" });
  await dialog.getByRole("button", { name: "変更する" }).click();
  await expect(
    dialog.getByText("管理者が1人以上必要です。先に他のメンバーを管理者にしてください。"),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "キャンセル" }).click();
  await expect(me.getByLabel(/さんの権限$/)).toHaveValue("ADMIN");
});

test("a GENERAL member sees the 403 screen on member management and cannot change the name setting", async ({
  page,
}) => {
  await login(page, GENERAL, "/account/oem/member");
  await expect(page.getByRole("heading", { name: "アクセス制限" })).toBeVisible();
  await expect(page.getByText("このページへのアクセス権限がありません。")).toBeVisible();
  await expect(page.getByText("403", { exact: true })).toBeVisible();

  await page.goto("/account/oem/company");
  await expect(page.getByRole("switch", { name: "企業名を公開する" })).toBeDisabled();
  await expect(page.getByText("企業名の公開設定は、管理者のみ変更できます。")).toBeVisible();

  await page.goto("/account/oem/company/delete");
  await expect(page.getByRole("heading", { name: "アクセス制限" })).toBeVisible();
});

test("an invitation link that is not valid shows the API's message and no form", async ({ page }) => {
  await page.goto("/invitation?companyId=00000000-0000-4000-8000-000000000000&token=not-a-real-token-123");
  await expect(page.getByRole("heading", { name: "招待リンクが無効です" })).toBeVisible();
  await expect(
    page.getByText("このリンクからは参加できません。招待したご担当者さまに再送を依頼してください。"),
  ).toBeVisible();
  // Said once, in the heading, not again in the text.
  await expect(page.getByText("招待リンクが無効です")).toHaveCount(1);
  await expect(page.getByRole("form", { name: "招待からの参加" })).toHaveCount(0);
});

test("supplier news: list and detail", async ({ page }) => {
  await login(page, ADMIN, "/account/oem/news");
  await expect(page.getByRole("heading", { level: 1, name: "お知らせ" })).toBeVisible();
  const companyId = await companyIdOf(page);
  const news = await (await page.request.get(`/api/oem/company/${companyId}/news?perPage=1`)).json();
  const title = news.items[0].title as string;
  await page.getByRole("list", { name: "お知らせ一覧" }).getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("link", { name: "お知らせ一覧へ戻る" })).toBeVisible();
});

test("deactivation: reasons, the confirmation of its effects, then the completion page", async ({
  page,
}, info) => {
  const email = `leaver-${info.project.name}-${Date.now()}@example.com`;
  const registered = await page.request.post("/api/oem/register", {
    data: {
      email,
      password: PASSWORD,
      name: "退会 太郎",
      phone: "03-1111-2222",
      companyName: `退会テスト工業 ${info.project.name}`,
      agreeToTerms: true,
    },
  });
  expect(registered.status()).toBe(201);
  await login(page, email, "/account/oem/company/delete");
  const companyId = await companyIdOf(page);

  await page.getByRole("button", { name: "確認画面へ進む" }).click();
  await expect(page.getByText("退会理由を1つ以上選択してください")).toBeVisible();
  await page.getByRole("checkbox", { name: "料金が高い", exact: true }).check();
  await field(page.locator("main"), "ご意見・ご要望").fill("e2eの確認のため退会します。");
  await page.getByRole("button", { name: "確認画面へ進む" }).click();

  await expect(page.getByText("公開ページが削除されます。")).toBeVisible();
  await expect(page.getByText("エントリー中の案件はすべて取り下げられます。")).toBeVisible();
  await expect(page.getByText("メンバー全員がこの会社の情報にアクセスできなくなります。")).toBeVisible();
  const leave = page.getByRole("button", { name: "退会する" });
  await expect(leave).toBeDisabled();
  await page.getByRole("checkbox", { name: /退会に同意します/ }).check();
  await leave.click();

  await page.waitForURL("**/account/oem/company/delete/complete");
  await expect(page.getByRole("heading", { name: "退会手続きが完了しました" })).toBeVisible();
  await expect(page.getByText("一定時間操作がなかったため")).toHaveCount(0);
  expect((await page.request.get(`/api/oem/${companyId}`)).status()).toBe(404);
  await page.goto("/account/oem");
  await expect(page).toHaveURL(/\/oem\/login/);
});
