// The public supplier directory, as an anonymous visitor sees it, on the demo data:
// 東邦精工株式会社 (機械部品, 東京都; its texts contain 部品) and 大和樹脂成形株式会社
// (樹脂成形, 埼玉県; name not published). Runs at 1440 px and at 375 px (playwright.config).
import { expect, type Page, test } from "@playwright/test";

const PUBLIC_NAME = "東邦精工株式会社";
const HIDDEN_REAL_NAME = "大和樹脂成形株式会社";
const HIDDEN = "企業名非公開";

/** On phones the filters are folded under 「条件で絞り込む」; desktop shows them open. */
async function openFilters(page: Page) {
  const summary = page.getByText("条件で絞り込む");
  if (await summary.isVisible()) await summary.click();
}

async function searchBy(page: Page, category: string, prefecture: string) {
  await page.goto("/oem/search");
  await openFilters(page);
  await page.getByRole("checkbox", { name: category, exact: true }).check();
  await page.getByText("都道府県を選ぶ").click();
  await page.getByRole("checkbox", { name: prefecture, exact: true }).check();
  await page.getByRole("button", { name: "この条件で検索" }).click();
  await expect(page).toHaveURL(/categoryIds=\d+/);
  await expect(page).toHaveURL(/prefectureIds=\d+/);
}

const results = (page: Page) => page.getByRole("article");
const resultCount = (page: Page) => page.locator("#search-result-count");

test("a two-character keyword finds the company whose texts contain it", async ({ page }) => {
  await page.goto("/oem/search");
  await expect(page).toHaveTitle(/OEMメーカー一覧・検索/);
  await expect(resultCount(page)).toContainText("件のOEMメーカーが見つかりました");
  const keyword = page.getByLabel("キーワード", { exact: true });
  await keyword.fill("部品");
  await keyword.press("Enter");
  await expect(page).toHaveURL(/keyword=%E9%83%A8%E5%93%81/);
  await expect(page).toHaveTitle(/部品のOEMメーカー一覧/);
  await expect(page.getByRole("heading", { level: 3, name: PUBLIC_NAME })).toBeVisible();
  // Every card links to its company page; the plan of a company is never shown.
  await expect(results(page).first().getByRole("link").first()).toHaveAttribute("href", /^\/oem\/company\//);
  await expect(page.getByText(/有料プラン|OEM_PAID/)).toHaveCount(0);
});

test("category and prefecture filters narrow the list; the order survives sorting and paging", async ({
  page,
}) => {
  await searchBy(page, "機械部品", "東京都");
  await expect(page).toHaveTitle(/東京都の機械部品OEMメーカー一覧/);
  await expect(resultCount(page)).toHaveText(/^\d+件のOEMメーカーが見つかりました$/);
  // Every result offers the category (the prefecture may be a factory's, so only the category is on the card).
  for (const card of await results(page).all()) await expect(card).toContainText("機械部品");
  await expect(page.getByRole("heading", { level: 3, name: PUBLIC_NAME })).toBeVisible();
  await expect(page.getByRole("link", { name: "東京都の条件を外す" })).toBeVisible();

  await page.getByLabel("並び順").selectOption("cases");
  await expect(page).toHaveURL(/sort=cases/);
  await expect(page).toHaveURL(/categoryIds=\d+/);
  await expect(page.getByRole("heading", { level: 3, name: PUBLIC_NAME })).toBeVisible();

  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(/\/oem\/search\?categoryIds=\d+&prefectureIds=\d+$/);

  // The 30 demo suppliers make two pages of 20; the page links keep the order.
  await page.goto("/oem/search?sort=newest");
  await expect(results(page)).toHaveCount(20);
  // The link hands the page to Next's router once hydrated; in one CI run (mobile, a busy
  // machine) a click while the page was hydrating left the URL at page 1 for 20 s, not reproduced
  // in about 70 local tries, throttled or not. Click on the hydrated page, as journey.ts and a11y.ts do.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page
    .getByRole("navigation", { name: "検索結果のページ送り" })
    .getByRole("link", { name: "次へ" })
    .click();
  await expect(page).toHaveURL(/sort=newest&page=2$/);
  await expect(page.getByText(/^21〜\d+件を表示$/)).toBeVisible();
  await expect(page.getByLabel("並び順")).toHaveValue("newest");
});

test("a search without results explains what to try", async ({ page }) => {
  await page.goto(`/oem/search?keyword=${encodeURIComponent(HIDDEN_REAL_NAME)}`);
  await expect(page.getByText("条件に合うOEMメーカーが見つかりませんでした")).toBeVisible();
  await expect(page.getByRole("link", { name: "すべてのOEMメーカーを見る" })).toBeVisible();
  // Bad parameters fall back to the defaults instead of failing.
  const res = await page.goto("/oem/search?sort=cheapest&page=-1&categoryIds=abc");
  expect(res?.status()).toBe(200);
  await expect(resultCount(page)).toContainText("件のOEMメーカーが見つかりました");
});

test("a company page shows its profile, OEM information, case studies and the inquiry button", async ({
  page,
}) => {
  await page.goto(`/oem/search?keyword=${encodeURIComponent("部品")}`);
  await page.getByRole("link", { name: PUBLIC_NAME }).click();
  await expect(page).toHaveURL(/\/oem\/company\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: PUBLIC_NAME })).toBeVisible();
  await expect(page).toHaveTitle(`${PUBLIC_NAME}｜OEMメーカー詳細 | OEMマッチ`);
  await expect(page.getByRole("heading", { name: "会社概要" })).toBeVisible();
  await expect(page.getByRole("row", { name: /資本金/ })).toContainText("6,000万円");
  await expect(page.getByRole("heading", { name: "OEM情報" })).toBeVisible();
  await expect(page.getByRole("row", { name: /最小ロット/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^事例（\d+件）$/ })).toBeVisible();

  const cta = page.getByRole("link", { name: "この企業に問い合わせる" }).first();
  await expect(cta).toHaveAttribute("href", `/buyer/single-inquiry?step=1&companyId=${id}`);

  // Metadata for sharing and search engines.
  // As search engines and share previews read it: the page's own HTML, not the head after a
  // client-side navigation (where the search page's tags can stay if the visitor left it before
  // its metadata had hydrated).
  await page.reload();
  const og = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(og).toMatch(/^https?:\/\/.+\/api\/image\/[0-9a-f-]{36}$/);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld).toMatchObject({
    "@type": "Organization",
    name: PUBLIC_NAME,
    address: { addressRegion: "東京都" },
  });
  expect(ld.url).toBeTruthy();
});

test("a company that hides its name shows 企業名非公開 and nothing that identifies it", async ({ page }) => {
  await searchBy(page, "樹脂成形", "埼玉県");
  await page.getByRole("link", { name: HIDDEN }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: HIDDEN })).toBeVisible();
  await expect(page).toHaveTitle(/^企業名非公開｜OEMメーカー詳細/);
  const html = await page.content();
  expect(html).not.toContain(HIDDEN_REAL_NAME);
  expect(html).not.toContain("yamato-jushi");
  await expect(page.getByRole("row", { name: /Webサイト/ })).toHaveCount(0);
  await expect(page.getByRole("row", { name: /代表者/ })).toHaveCount(0);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld.name).toBe(HIDDEN);
  expect(ld.url).toBeUndefined();
  expect(ld.logo).toBeUndefined();

  await page
    .getByRole("button", { name: /一括問い合わせに追加/ })
    .first()
    .click();
  await expect(page.getByText("1社を選択中")).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("selectedCompanies") ?? "[]"));
  expect(stored).toEqual([{ id: page.url().split("/").pop(), name: HIDDEN }]);
});

test("two companies selected for a bulk inquiry stay selected after a reload and in other tabs", async ({
  page,
  context,
}) => {
  await page.goto("/oem/search");
  const toggles = page.getByRole("button", { name: /一括問い合わせに追加/ });
  await toggles.nth(0).click();
  await expect(toggles.nth(0)).toHaveAttribute("aria-pressed", "true");
  await toggles.nth(1).click();
  await expect(page.getByText("2社を選択中")).toBeVisible();

  await page.reload();
  await expect(page.getByText("2社を選択中")).toBeVisible();
  await expect(toggles.nth(0)).toHaveAttribute("aria-pressed", "true");
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("selectedCompanies") ?? "[]"));
  expect(stored).toHaveLength(2);
  expect(stored[0]).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: expect.any(String) });
  await expect(page.getByRole("link", { name: "選択した企業に一括問い合わせ" })).toHaveAttribute(
    "href",
    "/buyer/bulk-inquiry?step=1",
  );

  // Another tab sees the same selection, and follows when this one changes it.
  const other = await context.newPage();
  await other.goto(`/oem/company/${stored[0].id}`);
  await expect(other.getByText("2社を選択中")).toBeVisible();
  await expect(other.getByRole("button", { name: /一括問い合わせに追加/ }).first()).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await toggles.nth(1).click();
  await expect(other.getByText("1社を選択中")).toBeVisible();

  await page.getByRole("button", { name: "選択をクリア" }).click();
  await expect(page.getByText(/社を選択中/)).toHaveCount(0);
  await expect(other.getByText(/社を選択中/)).toHaveCount(0);
});

test("an unknown or malformed company id shows the 404 screen", async ({ page }) => {
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-company"]) {
    const res = await page.goto(`/oem/company/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "ページが見つかりません" })).toBeVisible();
    await expect(page.getByRole("link", { name: "トップページへ" })).toBeVisible();
  }
  // The bare /oem/company lists nothing itself: it leads to the search.
  await page.goto("/oem/company");
  await expect(page).toHaveURL(/\/oem\/search$/);
});
