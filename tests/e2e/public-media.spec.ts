import { expect, type Page, test } from "@playwright/test";

// Step 7: the public pages' pictures come resized from the image optimizer (the spec's widths,
// quality 75, WebP), and every public page carries a share image and its structured data.

async function supplierPath(page: Page): Promise<string> {
  const res = await page.request.get("/api/oem?perPage=20");
  const { items } = (await res.json()) as { items: Array<{ id: string; imageUrl: string | null }> };
  const pick = items.find((s) => s.imageUrl);
  expect(pick, "a demo supplier with photos").toBeTruthy();
  return `/oem/company/${pick!.id}`;
}

test("uploaded pictures are served resized through /_next/image at quality 75", async ({ page }) => {
  for (const path of ["/oem/search", "/lp", await supplierPath(page)]) {
    await page.goto(path);
    const img = page.locator('main img[srcset*="%2Fapi%2Fimage%2F"]').first();
    await img.scrollIntoViewIfNeeded(); // most pictures load lazily
    await expect(img).toBeVisible();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    const { src, srcset } = await img.evaluate((el: HTMLImageElement) => ({
      src: el.currentSrc,
      srcset: el.srcset,
    }));
    expect(src, path).toMatch(/\/_next\/image\?url=%2Fapi%2Fimage%2F[0-9a-f-]{36}&w=\d+&q=75$/);
    for (const [, width] of srcset.matchAll(/&w=(\d+)&q=75 \d+[wx]/g)) {
      expect([32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840]).toContain(
        Number(width),
      );
    }
    const res = await page.request.get(src, { headers: { Accept: "image/avif,image/webp,*/*" } });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/webp");
  }
});

test("/, /lp, /oem/search and a company page have a share image and structured data", async ({ page }) => {
  const company = await supplierPath(page);
  for (const path of ["/", "/lp", "/oem/search", company]) {
    await page.goto(path);
    const og = await page.locator('meta[property="og:image"]').first().getAttribute("content");
    expect(og, path).toMatch(/^https?:\/\//);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const res = await page.request.get(og!);
    expect(res.status(), `${path} og:image ${og}`).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^image\//);
  }

  await page.goto("/");
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  const types = (ld["@graph"] as Array<{ "@type": string }>).map((n) => n["@type"]);
  expect(types).toEqual(expect.arrayContaining(["WebSite", "Organization"]));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\/[^/]+\/?$/);
});
