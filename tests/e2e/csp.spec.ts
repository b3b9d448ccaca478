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
