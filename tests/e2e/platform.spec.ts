import { expect, test } from "@playwright/test";

test("the top page renders in Japanese with categories from the database", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/OEMマッチ/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("理想のOEMメーカー");
  await expect(page.getByRole("heading", { name: "カテゴリから探す" })).toBeVisible();
  await expect(page.getByText("化粧品", { exact: true })).toBeVisible();
});

test("the API reference at /api/docs renders every documented operation", async ({ page }, info) => {
  await page.goto("/api/docs");
  await expect(page.getByText("OEMマッチ API").first()).toBeVisible();
  const doc = await (await page.request.get("/api/openapi.json")).json();
  const count = Object.values(doc.paths as Record<string, object>).reduce(
    (n, ops) => n + Object.keys(ops).length,
    0,
  );
  await expect(page.locator(".opblock")).toHaveCount(count);
  await expect(page.locator(".opblock-summary-path", { hasText: "/api/auth/login" }).first()).toBeVisible();
  if (info.project.name === "desktop") await page.screenshot({ path: "test-results/api-docs.png" });
});
