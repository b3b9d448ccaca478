import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./support/a11y";
import { approveBulkInquiry, DEMO_PASSWORD, login, registerCompany, sidebar, uniqueEmail } from "./support/journey";
import { waitForMail } from "./support/mail";

// Issue 18 (the deal room), as two stories in two browser contexts side by side, at 1440 and 375 px.
// 1. A buyer's public inquiry (the operator approves it); three paid demo suppliers enter; one quotes in
//    the page and revises, one quotes through the API, one declines (辞退) in the page with a reason;
//    buyer and supplier exchange messages with a PDF and a STEP file, the unread badges rise and fall;
//    the buyer compares, awards one supplier and declines the others in one action; each supplier is
//    told by email; both sides download the purchase order (pdftotext).
// 2. A nomination to a new free supplier: the thread opens only after the ticket is used.
// Email batching (one mail per thread per 15 minutes) is tested with a set clock in
// tests/api/deal-mail-batching.test.ts.

test.describe.configure({ mode: "serial", timeout: 240_000 });

const SUPPLIERS = {
  toho: "oem-toho@demo.oem-match.jp",
  arc: "oem-arc@demo.oem-match.jp",
  tsubame: "oem-tsubame@demo.oem-match.jp",
} as const;

async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post("/api/auth/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  return { token: body.token as string, companyId: body.companyDetails.id as string, email };
}

type Caller = Awaited<ReturnType<typeof apiLogin>>;

async function call(request: APIRequestContext, who: Caller, method: string, path: string, data?: unknown) {
  const res = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${who.token}`, "idempotency-key": crypto.randomUUID() },
    data,
  });
  const text = await res.text();
  expect(res.status(), `${method} ${path}: ${text}`).toBeLessThan(300);
  return text ? JSON.parse(text) : undefined;
}

/** A signed-in page in its own browser context (the other side of the deal, side by side). */
async function contextFor(browser: Browser, info: { project: { use: { viewport?: unknown } } }) {
  const context = await browser.newContext({
    viewport: info.project.use.viewport as { width: number; height: number },
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
  });
  return context.newPage();
}

function unreadBadge(scope: Page | ReturnType<Page["locator"]>) {
  return scope.getByLabel(/^未読 \d+件$/);
}

/** The unread count of the sidebar's 商談 link (0 when no badge is shown). */
async function sidebarUnread(page: Page): Promise<number> {
  const side = await sidebar(page);
  const link = side.getByRole("link", { name: /商談/ });
  await expect(link).toBeVisible();
  const label = await link.getByLabel(/^未読 \d+件$/).getAttribute("aria-label", { timeout: 1000 }).catch(() => null);
  return label ? Number(/(\d+)/.exec(label)![1]) : 0;
}

function pdfText(bytes: Buffer, name: string): string {
  const file = test.info().outputPath(name);
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

const STEP_FILE = Buffer.from(
  [
    "ISO-10303-21;",
    "HEADER;",
    "FILE_DESCRIPTION(('bracket'),'2;1');",
    "FILE_NAME('bracket.stp','2026-11-26T10:00:00',(''),(''),'','','');",
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN'));",
    "ENDSEC;",
    "DATA;",
    "#1=CARTESIAN_POINT('',(0.,0.,0.));",
    "ENDSEC;",
    "END-ISO-10303-21;",
    "",
  ].join("\n"),
);
const PDF_FILE = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
