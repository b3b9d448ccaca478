import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// The axe-core scan shared by the accessibility specs (a11y-public: the public pages signed out;
// a11y-personas: every page of every persona). Serious and critical violations fail; minor and
// moderate ones are printed.

export const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** The public pages a11y-public.spec.ts scans signed out ("supplier" is /oem/company/{id}). */
export const PUBLIC_PAGES = [
  "/",
  "/lp",
  "/oem/search",
  "supplier",
  "/support",
  "/buyer/login",
  "/oem/login",
  "/register",
  "/register?type=BUYER",
  "/register?type=SUPPLIER",
  "/buyer/register",
  "/oem/register",
  "/guide/ticket-refund",
  "/guide/track-record",
  "/guide/capabilities",
] as const;

const trackers = new WeakMap<Page, { inflight: number; last: number }>();

/**
 * Counts the page's requests in flight from now on (call once per page, before its first goto).
 * settled() then waits for a short quiet spell instead of networkidle's 500 ms, which cost each of
 * the ~400 scans half a second more than the pages need.
 */
export function trackRequests(page: Page): void {
  if (trackers.has(page)) return;
  const t = { inflight: 0, last: Date.now() };
  trackers.set(page, t);
  page.on("request", () => {
    t.inflight++;
    t.last = Date.now();
  });
  const done = () => {
    t.inflight = Math.max(0, t.inflight - 1);
    t.last = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
}

/**
 * The page has settled: hydrated (<html data-hydrated>, set by the root providers after every
 * component's effects ran, so the client components' first fetches have started), then no request
 * in flight for `quietMs`. Pages that show data load it in those first fetches.
 */
export async function settled(page: Page, quietMs = 200): Promise<void> {
  trackRequests(page);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const t = trackers.get(page)!;
  await expect
    .poll(() => t.inflight === 0 && Date.now() - t.last >= quietMs, { intervals: [50], timeout: 20_000 })
    .toBe(true);
}

/** A public company page with a picture, from GET /api/oem. */
export async function supplierPath(page: Page): Promise<string> {
  const res = await page.request.get("/api/oem?perPage=20");
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: Array<{ id: string; imageUrl: string | null }> };
  const pick = items.find((s) => s.imageUrl) ?? items[0];
  expect(pick, "GET /api/oem returned no supplier").toBeTruthy();
  return `/oem/company/${pick!.id}`;
}

/**
 * Waits (at most 3 s) for the page's finite animations and transitions to end: a colour measured
 * halfway through a transition (a button's hover or focus fading in) is no colour the page shows.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    const ended = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
}

/**
 * The serious and critical violations of the page as it is now, one line block each. Legacy mode
 * runs axe.run() in the page itself: the default runs each frame apart and finishes in a new blank
 * page, which took 2.5 s of each scan against 1.1 s (the pages have no cross-origin frames).
 */
export async function seriousViolations(page: Page, what: string): Promise<string[]> {
  await transitionsEnded(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
  const lines = violations.map(
    (v) =>
      `${what}: [${v.impact}] ${v.id}: ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`)
        .join("\n")}`,
  );
  const minor = violations.filter((v) => v.impact !== "serious" && v.impact !== "critical");
  if (minor.length) console.log(lines.filter((_, i) => minor.includes(violations[i]!)).join("\n"));
  return lines.filter((_, i) => !minor.includes(violations[i]!));
}
