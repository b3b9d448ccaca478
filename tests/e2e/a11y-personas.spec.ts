import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES, seriousViolations } from "./support/a11y";
import { EXCLUDED, PERSONAS } from "./support/a11y-personas";

// Every page.tsx of src/app is scanned by axe: by a persona list (tests/e2e/support/a11y-personas.ts,
// scanned by the a11y-persona-*.spec.ts files), by a11y-public.spec.ts, or excluded with a reason.

// ------------------------------------------------------------------ every page is in a list

/** The URL path of each src/app/**\/page.tsx, route groups dropped ("/oem/company/[id]"). */
function pageRoutes(): string[] {
  const root = path.resolve("src/app");
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "page.tsx" || entry.name === "page.ts") {
        const segments = path
          .relative(root, dir)
          .split(path.sep)
          .filter((s) => s && !/^\(.*\)$/.test(s) && !s.startsWith("@"));
        routes.push(`/${segments.join("/")}`);
      }
    }
  };
  walk(root);
  return routes.sort();
}

function matches(route: string, urlPath: string): boolean {
  const pattern = route
    .split("/")
    .map((s) =>
      /^\[\[?\.\.\./.test(s) ? ".*" : /^\[.+\]$/.test(s) ? "[^/]+" : s.replace(/[.*+?^${}()|\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`^${pattern}$`).test(urlPath);
}

test("every page route of src/app is scanned by a persona list, a11y-public, or excluded with a reason", () => {
  const opened = [
    ...PERSONAS.flatMap((p) => p.pages.filter((t) => !t.route).map((t) => t.url)),
    ...PUBLIC_PAGES.map((p) => (p === "supplier" ? "/oem/company/{id}" : p)),
  ].map((u) => u.split("?")[0]!.replace(/\{\w+\}/g, "x"));
  const routes = pageRoutes();
  expect(routes.length).toBeGreaterThan(50);
  const missing = routes.filter((r) => !(r in EXCLUDED) && !opened.some((u) => matches(r, u)));
  expect(
    missing,
    `pages no accessibility scan opens: add them to a list above, or to EXCLUDED with a reason`,
  ).toEqual([]);
  const stale = Object.keys(EXCLUDED).filter((r) => !routes.includes(r));
  expect(stale, "EXCLUDED names routes that no longer exist").toEqual([]);
});

test("the scan finds serious violations: a nameless button and an image without alt text fail it", async ({
  page,
}) => {
  await page.goto("/support");
  await expect(page.locator("h1").first()).toBeVisible();
  expect(await seriousViolations(page, "/support")).toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector("main")!;
    main.insertAdjacentHTML("afterbegin", '<button type="button"></button><img src="/icon.svg">');
  });
  const found = (await seriousViolations(page, "/support (broken)")).join("\n");
  expect(found).toContain("button-name");
  expect(found).toContain("image-alt");
});
