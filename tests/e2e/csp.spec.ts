import { createHash, randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { login, ownerLogin } from "./support/journey";

// Step 8: every page carries a nonce-based Content-Security-Policy (src/server/http/page-headers.ts);
// a kept public page, the same bytes for everyone, allows its inline scripts by hash (decision 0041).
// The app's own scripts run (pages hydrate, forms work) with no violation reported, and markup
// injected into the page cannot run script.

function violationsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect)/i.test(m.text()))
      seen.push(m.text());
  });
  return seen;
}

test("every page response carries its own nonce, and every script of the page has it", async ({
  request,
}) => {
  const nonces = new Set<string>();
  // A kept page's first answer, its render, has a nonce of its own too: a query no one asked before.
  const fresh = `?csp=${randomUUID()}`;
  for (const path of [
    `/${fresh}`,
    `/lp${fresh}`,
    `/oem/search${fresh}`,
    "/buyer/login",
    "/owner/login",
    "/no-such-page",
  ]) {
    const res = await request.get(path);
    const csp = res.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce, `${path}: ${csp}`).toBeTruthy();
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["referrer-policy"]).toBeTruthy();
    nonces.add(nonce!);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length, path).toBeGreaterThan(0);
    // JSON-LD is data, not script: the browser never runs it, so it needs no nonce
    const executable = scripts.filter((s) => !s.includes("application/ld+json"));
    for (const s of executable)
      expect(s, `${path}: a script without the nonce`).toContain(`nonce="${nonce}"`);
  }
  expect(nonces.size).toBe(6);
});

test("the app runs under the policy: public search, a buyer and the operator sign in without a violation", async ({
  page,
}) => {
  const violations = violationsOf(page);
  await page.goto("/oem/search");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await login(page, "buyer", "buyer@demo.oem-match.jp", "/buyer/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await ownerLogin(page);
  expect(violations).toEqual([]);
});

// (A script element created by code that already runs is allowed by 'strict-dynamic', by design:
// the policy stops markup, which is what an injection into HTML is.)
test("markup injected into a page cannot run script", async ({ page }) => {
  await page.goto("/oem/search");
  const blocked = new Promise<string>((resolve) =>
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) resolve(m.text());
    }),
  );
  await page.evaluate(() => {
    document.body.insertAdjacentHTML(
      "beforeend",
      `<img src="/no-such-image.png" onerror="window.__injected = 1"><div id="x"></div>`,
    );
  });
  await blocked;
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
});

// Decision 0041: a kept public page goes out the same bytes to every signed-out visitor, for
// shared caches too: no nonce, its inline scripts allowed by their SHA-256, 'strict-dynamic' kept.
test("a kept public page carries no nonce, the hash of every inline script, and the same bytes on every copy", async ({
  request,
}) => {
  const search = await (await request.get("/oem/search")).text();
  const supplier = /\/oem\/company\/[0-9a-f-]{36}/.exec(search)?.[0];
  expect(supplier, "a supplier page linked from the search").toBeTruthy();
  for (const path of ["/", "/lp", "/oem/search", supplier!]) {
    await request.get(path);
    const copies = [await request.get(path), await request.get(path)];
    const bodies: string[] = [];
    for (const res of copies) {
      expect(res.headers()["x-page-cache"], path).toBe("HIT");
      expect(res.headers()["cache-control"], path).toMatch(
        /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=/,
      );
      const csp = res.headers()["content-security-policy"] ?? "";
      expect(csp, path).not.toContain("'nonce-");
      expect(csp).toContain("'strict-dynamic'");
      expect(csp).toContain("frame-ancestors 'none'");
      const html = await res.text();
      bodies.push(html);
      expect(html, path).not.toMatch(/\bnonce="/);
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      const inline = scripts.filter(
        ([, attrs]) => !/\bsrc=/.test(attrs!) && !attrs!.includes("application/ld+json"),
      );
      expect(inline.length, path).toBeGreaterThan(0);
      for (const [, , code] of inline) {
        const hash = createHash("sha256").update(code!).digest("base64");
        expect(csp, `${path}: an inline script without its hash`).toContain(`'sha256-${hash}'`);
      }
      // The only external script the parser meets is the noModule polyfill, which no browser with
      // 'strict-dynamic' runs: Next's chunks are added by the inline loader.
      for (const [tag] of scripts.filter(([, attrs]) => /\bsrc=/.test(attrs!)))
        expect(tag, path).toMatch(/\bnoModule\b/);
    }
    expect(bodies[1], `${path}: two copies`).toBe(bodies[0]);
    expect(copies[1]!.headers().etag).toBe(copies[0]!.headers().etag);
  }
});

test("a kept supplier page hydrates under its hash policy with no violation, and an injected script is refused", async ({
  page,
  request,
}) => {
  const search = await (await request.get("/oem/search")).text();
  const supplier = /\/oem\/company\/[0-9a-f-]{36}/.exec(search)![0];
  await request.get(supplier);
  expect((await request.get(supplier)).headers()["x-page-cache"]).toBe("HIT");
  const violations = violationsOf(page);
  // The copy this browser gets, with one inline script added that no hash allows.
  await page.route(`**${supplier}`, async (route) => {
    const res = await route.fetch();
    expect(res.headers()["x-page-cache"]).toBe("HIT");
    const body = (await res.text()).replace("</body>", "<script>window.__injectedRan = 1</script></body>");
    await route.fulfill({ response: res, body });
  });
  // The page's view beacon (decision 0045) is bundle code: it runs under the hash policy too.
  const companyId = supplier.split("/").pop()!;
  const beacon = page.waitForResponse(
    (r) => r.url().endsWith(`/api/oem/view/${companyId}`) && r.request().method() === "POST",
  );
  await page.goto(supplier);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect((await beacon).status()).toBe(204);
  // The page's own scripts run: a client component answers a click.
  // (A click before hydration does nothing: clicked again until the page answers it.)
  const toggle = page.getByRole("button", { name: /一括問い合わせに追加/ }).first();
  await expect(async () => {
    if ((await toggle.getAttribute("aria-pressed")) !== "true") await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true", { timeout: 2_000 });
  }).toPass();
  await expect(page.getByText("1社を選択中")).toBeVisible();
  expect(await page.evaluate(() => (window as { __injectedRan?: number }).__injectedRan)).toBeUndefined();
  expect(violations.length, violations.join("\n")).toBe(1);
  expect(violations[0]).toMatch(/inline script/i);
});

test("the view beacon falls back to a keepalive POST when the browser refuses the beacon", async ({
  page,
  request,
}) => {
  const search = await (await request.get("/oem/search")).text();
  const supplier = /\/oem\/company\/[0-9a-f-]{36}/.exec(search)![0];
  const companyId = supplier.split("/").pop()!;
  // a browser whose beacon queue is full (sendBeacon answers false)
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "sendBeacon", { value: () => false, configurable: true });
  });
  const posted = page.waitForRequest(
    (r) => r.url().endsWith(`/api/oem/view/${companyId}`) && r.method() === "POST",
  );
  await page.goto(supplier);
  const view = await posted;
  expect(view.resourceType()).toBe("fetch");
  expect((await view.response())?.status()).toBe(204);
});
