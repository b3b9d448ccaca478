import { expect, test } from "@playwright/test";

test("the top page renders in Japanese with categories from the database", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/OEMマッチ/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("理想のOEMメーカー");
  await expect(page.getByRole("heading", { name: "カテゴリから探す" })).toBeVisible();
  await expect(page.getByText("化粧品", { exact: true })).toBeVisible();
});

test("the API reference at /api/docs renders every documented tag and operation", async ({ page }, info) => {
  await page.goto("/api/docs");
  // The bundle is large: give it time on a busy machine.
  await expect(page.locator(".info .title")).toContainText("OEMマッチ API", { timeout: 30_000 });
  const doc = await (await page.request.get("/api/openapi.json")).json();
  const ops = Object.entries(doc.paths as Record<string, Record<string, { tags?: string[] }>>).flatMap(
    ([path, byMethod]) => Object.values(byMethod).map((op) => ({ path, tag: op.tags?.[0] ?? "default" })),
  );
  const tags = [...new Set(ops.map((o) => o.tag))];
  await expect(page.locator(".opblock-summary-path", { hasText: "/api/auth/login" }).first()).toBeVisible();
  // Swagger UI virtualizes its DOM: ask it what it parsed — every operation and tag, no errors.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const ui = (window as unknown as { ui: any }).ui;
        return [
          ui.specSelectors.operations().size,
          ui.specSelectors.taggedOperations().size,
          ui.errSelectors.allErrors().size,
        ];
      }),
    )
    .toEqual([ops.length, tags.length, 0]);
  if (info.project.name === "desktop") await page.screenshot({ path: "test-results/api-docs.png" });
});
