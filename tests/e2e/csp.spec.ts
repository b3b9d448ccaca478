import { expect, type Page, test } from "@playwright/test";
import { login, ownerLogin } from "./support/journey";

// Step 8: every page carries a nonce-based Content-Security-Policy (src/server/http/page-headers.ts).
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
  for (const path of ["/", "/lp", "/oem/search", "/buyer/login", "/owner/login", "/no-such-page"]) {
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

// Decision 0027: the public pages of signed-out visitors are kept after their first render; each
// copy served still carries a nonce of its own, and no other.
test("a kept public page carries a new nonce on every copy, in the header and on every script", async ({
  request,
}) => {
  const search = await (await request.get("/oem/search")).text();
  const supplier = /\/oem\/company\/[0-9a-f-]{36}/.exec(search)?.[0];
  expect(supplier, "a supplier page linked from the search").toBeTruthy();
  const nonces = new Set<string>();
  for (const path of ["/", "/lp", "/oem/search", supplier!]) {
    for (let copy = 1; copy <= 3; copy++) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      if (copy > 1) expect(res.headers()["x-page-cache"], `${path}, copy ${copy}`).toBe("HIT");
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(res.headers()["content-security-policy"] ?? "")?.[1];
      expect(nonce, path).toBeTruthy();
      nonces.add(nonce!);
      const html = await res.text();
      const inPage = new Set([...html.matchAll(/\bnonce="([^"]*)"/g)].map((m) => m[1]));
      expect([...inPage], `${path}, copy ${copy}: the page's nonces`).toEqual([nonce]);
      const executable = [...html.matchAll(/<script\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((s) => !s.includes("application/ld+json"));
      expect(executable.length, path).toBeGreaterThan(0);
      for (const s of executable)
        expect(s, `${path}: a script without the nonce`).toContain(`nonce="${nonce}"`);
    }
  }
  expect(nonces.size).toBe(12);
});

test("a kept page hydrates under its policy, and a script with an earlier copy's nonce is refused", async ({
  page,
  request,
}) => {
  // Kept, and the nonce of a copy served before.
  await request.get("/lp");
  const earlier = await request.get("/lp");
  expect(earlier.headers()["x-page-cache"]).toBe("HIT");
  const stale = /'nonce-([A-Za-z0-9+/=]+)'/.exec(earlier.headers()["content-security-policy"] ?? "")![1]!;
  const violations = violationsOf(page);
  // The copy this browser gets, with one script added that carries the earlier copy's nonce.
  await page.route("**/lp", async (route) => {
    const res = await route.fetch();
    expect(res.headers()["x-page-cache"]).toBe("HIT");
    const body = (await res.text()).replace(
      "</body>",
      `<script nonce="${stale}">window.__staleNonceRan = 1</script></body>`,
    );
    await route.fulfill({ response: res, body });
  });
  await page.goto("/lp");
  // The page's own scripts run: the brochure form hydrates and answers in the page.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForFunction(() => "next" in window);
  expect(await page.evaluate(() => (window as { __staleNonceRan?: number }).__staleNonceRan)).toBeUndefined();
  expect(violations.length, violations.join("\n")).toBe(1);
  expect(violations[0]).toMatch(/inline script/i);
});
