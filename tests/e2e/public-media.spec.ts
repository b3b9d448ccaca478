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

test("the public pages' icons come from the sprite, which draws every icon they use", async ({ page }) => {
  const company = await supplierPath(page);
  const used = new Map<string, string>(); // icon id → the page that uses it
  let spriteUrl = "";
  for (const path of ["/", "/lp", "/oem/search", company]) {
    await page.goto(path);
    const hrefs = await page
      .locator("svg.icon > use")
      .evaluateAll((uses) => uses.map((u) => u.getAttribute("href")));
    expect(hrefs.length, `${path} shows sprite icons`).toBeGreaterThan(3);
    for (const href of hrefs) {
      const [url, id] = href!.split("#");
      spriteUrl ||= url!;
      expect(url, `${path}: one sprite URL for every icon`).toBe(spriteUrl);
      used.set(id!, path);
    }
    // drawn: a visible icon has lucide's size and stroke from .icon (the sprite's symbols carry neither)
    const drawn = await page
      .locator("svg.icon")
      .first()
      .evaluate((svg) => [getComputedStyle(svg).stroke !== "none", getComputedStyle(svg).fill]);
    expect(drawn, path).toEqual([true, "none"]);
  }

  const res = await page.request.get(spriteUrl);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
  // its URL names its version, so a browser keeps it; any other version is revalidated
  expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const sprite = await res.text();
  for (const [id, path] of used) expect(sprite, `#${id} (used on ${path})`).toContain(`<symbol id="${id}" `);
  const stale = await page.request.get("/icons.svg?v=00000000");
  expect(stale.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
});
