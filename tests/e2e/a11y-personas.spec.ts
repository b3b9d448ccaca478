import { readdirSync } from "node:fs";
import path from "node:path";
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  request as requests,
} from "@playwright/test";
import { PUBLIC_PAGES, seriousViolations, settled, trackRequests } from "./support/a11y";
import { DEMO_PASSWORD, login, OWNER, ownerLogin, registerCompany } from "./support/journey";

// Step 8: axe-core finds no serious or critical violation (WCAG 2.x A/AA and best practices) on
// every page of every persona: signed out (the pages a11y-public.spec.ts does not scan), the buyer's
// ADMIN and GENERAL member, the free supplier's ADMIN and GENERAL member, the paid supplier, and
// the operator's console, with real ids of the demo data for detail pages, each step of the
// inquiry flows, the list tabs, and the 403 / 404 screens. On each persona's top page the menus
// (header menus, the folded sidebar on phones, the console's navigation) are scanned open too.
// The last test reads src/app: a page.tsx that no list below opens fails it.

type PersonaKey =
  | "anonymous"
  | "buyer"
  | "buyerGeneral"
  | "supplierFree"
  | "supplierGeneral"
  | "supplierPaid"
  | "owner";

/** Ids of the demo data the detail pages open, read through the API once per worker. */
interface Demo {
  [key: string]: string;
}

interface Target {
  /** The URL; {name} takes the id of that name from Demo. */
  url: string;
  /** The route of src/app it opens when not the URL's own path (a redirect alias, an error screen). */
  route?: string;
  /** sessionStorage / localStorage entries set before the page loads (the inquiry flows' drafts). */
  storage?: (demo: Demo) => { session?: Record<string, unknown>; local?: Record<string, unknown> };
  /** Also scan with the menus open. */
  menus?: boolean;
  /** The action a completion page confirms, done for real first (it leaves the page's receipt). */
  before?: (page: Page) => Promise<void>;
  /** The heading the page must show before the scan (the page settled where it should). */
  heading?: string | RegExp;
}

const BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;

const SUPPLIER_FREE = "supplier-free@demo.oem-match.jp";
const SUPPLIER_PAID = "supplier-paid@demo.oem-match.jp";
const SUPPLIER_GENERAL = "supplier-general@demo.oem-match.jp";
const BUYER = "buyer@demo.oem-match.jp";
const BUYER_GENERAL = "buyer-general@demo.oem-match.jp";

// ------------------------------------------------------------------ inquiry-flow drafts

function draft(demo: Demo, kind: "bulk" | "single") {
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  return {
    title: "オーガニック化粧水の共同開発（アクセシビリティ確認）",
    categoryId: demo.categoryId,
    description: "植物由来成分の化粧水を小ロットで製造できる企業を探しています。",
    quantity: "3000個",
    targetUnitPrice: "800",
    budget: "2400000",
    desiredDeliveryDate: inDays(90),
    entryDeadline: kind === "bulk" ? inDays(14) : "",
    prefectureIds: [13, 14],
    ndaRequired: true,
    attachments: [],
    checked: true,
  };
}

const bulkDraft = (demo: Demo) => ({
  session: { "inquiryDraft:bulk": draft(demo, "bulk") },
  local: { selectedCompanies: [{ id: demo.supplierId, name: demo.supplierName }] },
});
const singleDraft = (demo: Demo) => ({
  session: { [`inquiryDraft:single:${demo.supplierId}`]: draft(demo, "single") },
});
const singleSent = (demo: Demo) => ({
  session: {
    [`inquiryDraft:single:${demo.supplierId}:done`]: {
      id: demo.supplierId,
      type: "NOMINATION",
      title: "オーガニック化粧水の共同開発",
      companyCount: 1,
      companyName: demo.supplierName,
    },
  },
});
const bulkSent = (demo: Demo) => ({
  session: {
    "inquiryDraft:bulk:done": {
      id: demo.supplierId,
      type: "BULK",
      title: "オーガニック化粧水の共同開発",
      companyCount: 1,
    },
  },
});

// ------------------------------------------------------------------ the actions completion pages confirm

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function brochureRequested(page: Page) {
  const res = await page.request.post("/api/document-download", {
    data: {
      companyName: "株式会社アクセシビリティ確認",
      name: "確認 太郎",
      email: `a11y-lead-${unique()}@example.co.jp`,
      role: "OTHER",
      agreeToPrivacy: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function supportSent(page: Page) {
  const res = await page.request.post("/api/support", {
    data: {
      category: "その他",
      message: "アクセシビリティ確認のための送信です。",
      name: "確認 太郎",
      email: `a11y-support-${unique()}@example.co.jp`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A throwaway company deactivated in its own context; only the receipt comes over to this tab. */
function deactivated(type: "buyer" | "oem") {
  return async (page: Page) => {
    const ctx = await requests.newContext({ baseURL: BASE_URL });
    const account = await registerCompany(ctx, type, {
      email: `a11y-leaver-${unique()}@example.com`,
      name: "退会 確認",
      companyName: `退会確認 ${unique()}`,
    });
    const res = await ctx.delete(`/api/${type}/company/${account.companyId}/deactivate`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { cookies } = await ctx.storageState();
    await page.context().addCookies(cookies.filter((c) => c.name.startsWith("oem_done_")));
    await ctx.dispose();
  };
}

// ------------------------------------------------------------------ the pages of each persona

const ANONYMOUS: Target[] = [
  { url: "/no-such-page", route: "(404)", heading: "ページが見つかりません" },
  { url: "/oem/company/00000000-0000-4000-8000-000000000000", route: "(404 in the site group)" },
  { url: "/auth/error?error=SessionRequired&callbackUrl=%2Faccount%2Fbuyer" },
  { url: "/auth/error?error=Configuration" },
  { url: "/password-reset/email" },
  { url: "/password-reset?token=not-a-valid-token-0000" },
  { url: "/verify-email?token=not-a-valid-token-0000" },
  { url: "/invitation?companyId={freeCompanyId}&token=demo-expired-invitation-0001" },
  { url: "/owner/login" },
  { url: "/support/complete", before: supportSent, heading: "お問い合わせを受け付けました" },
  {
    url: "/lp/document-download/complete",
    before: brochureRequested,
    heading: "資料請求ありがとうございます",
  },
  { url: "/buyer/bulk-inquiry?step=1" },
  { url: "/buyer/bulk-inquiry?step=2", storage: bulkDraft },
  { url: "/buyer/bulk-inquiry/login?redirect=%2Fbuyer%2Fbulk-inquiry%3Fstep%3D3" },
  { url: "/buyer/single-inquiry?step=1", heading: "問い合わせ先のOEMメーカーを選んでください" },
  { url: "/buyer/single-inquiry?step=1&companyId={supplierId}" },
  { url: "/buyer/single-inquiry?step=2&companyId={supplierId}", storage: singleDraft },
  { url: "/account/buyer/account/delete/complete", before: deactivated("buyer") },
  { url: "/account/oem/company/delete/complete", before: deactivated("oem") },
  { url: "/oem/login?redirect=%2Faccount%2Foem&reason=session-expired" },
];

const BUYER_PAGES: Target[] = [
  { url: "/account/buyer", menus: true },
  { url: "/account/buyer/inquiry" },
  { url: "/account/buyer/inquiry?contactType=BULK" },
  { url: "/account/buyer/inquiry?contactType=NOMINATION" },
  { url: "/account/buyer/inquiry/{buyerBulkId}" },
  { url: "/account/buyer/inquiry/{buyerNominationId}" },
  { url: "/account/buyer/deals" },
  { url: "/account/buyer/deals/{buyerThreadId}" },
  { url: "/account/buyer/orders" },
  { url: "/account/buyer/inquiry/{buyerThreadInquiryId}/compare" },
  { url: "/account/buyer/news" },
  { url: "/account/buyer/news/{buyerNewsId}" },
  { url: "/account/buyer/account" },
  { url: "/account/buyer/account/delete" },
  { url: "/buyer/bulk-inquiry?step=1" },
  { url: "/buyer/bulk-inquiry?step=3", storage: bulkDraft },
  { url: "/buyer/bulk-inquiry?step=4", storage: bulkSent },
  { url: "/buyer/single-inquiry?step=1&companyId={supplierId}" },
  { url: "/buyer/single-inquiry?step=3&companyId={supplierId}", storage: singleDraft },
  { url: "/buyer/single-inquiry?step=4&companyId={supplierId}", storage: singleSent },
  // The public pages with a buyer's header.
  { url: "/", menus: true },
  { url: "/oem/search" },
  { url: "/oem/company/{supplierId}" },
  { url: "/support" },
  { url: "/account/buyer/inquiry/00000000-0000-4000-8000-000000000000", route: "(404 of a detail page)" },
];

// The GENERAL member sees the same pages as the ADMIN except where the role matters.
const BUYER_GENERAL_PAGES: Target[] = [
  { url: "/account/buyer", menus: true },
  { url: "/account/buyer/account" },
  { url: "/account/buyer/account/delete", heading: "アクセス制限" },
];

const SUPPLIER_PAGES: Target[] = [
  { url: "/account/oem", menus: true },
  { url: "/account/oem/news" },
  { url: "/account/oem/news/{supplierNewsId}" },
  { url: "/account/oem/recruit" },
  { url: "/account/oem/recruit?sort=fit&fit=only" },
  { url: "/account/oem/recruit/{recruitId}" },
  { url: "/account/oem/contact" },
  { url: "/account/oem/contact/{nominationId}" },
  { url: "/account/oem/entry" },
  { url: "/account/oem/deals" },
  { url: "/account/oem/orders" },
  { url: "/account/oem/ticket-buy" },
  { url: "/account/oem/ticket-buy?redirectTo=%2Faccount%2Foem%2Fcontact" },
  { url: "/account/oem/subscribe" },
  // Completion pages confirm only what happened: here they land on the flow's start (the pages
  // themselves are scanned in journey-tickets-plan.spec.ts, after a real application and cancellation).
  { url: "/account/oem/subscribe/complete", route: "(nothing applied: the plan page)" },
  { url: "/account/oem/subscribe/cancel" },
  { url: "/account/oem/subscribe/cancel-complete", route: "(nothing cancelled: the cancel page)" },
  {
    url: "/account/oem/subscribe/cancel-complete?withdrawn=1",
    route: "(nothing withdrawn: the cancel page)",
  },
  { url: "/account/oem/company" },
  { url: "/account/oem/company-information" },
  { url: "/account/oem/company-information?from=login" },
  { url: "/account/oem/capabilities" },
  { url: "/account/oem/case" },
  { url: "/account/oem/case?status=DRAFT" },
  { url: "/account/oem/case/create" },
  { url: "/account/oem/case/edit?id={caseId}" },
  { url: "/account/oem/member" },
  { url: "/account/oem/company/delete" },
  { url: "/account/oem/me" },
  { url: "/oem/company/{ownCompanyId}" },
];

// The paid supplier has deal threads in the demo (a thread for every live entry).
const SUPPLIER_PAID_PAGES: Target[] = [...SUPPLIER_PAGES, { url: "/account/oem/deals/{paidThreadId}" }];

const SUPPLIER_GENERAL_PAGES: Target[] = [
  { url: "/account/oem", menus: true },
  { url: "/account/oem/member", heading: "アクセス制限" },
  { url: "/account/oem/company/delete", heading: "アクセス制限" },
  { url: "/account/oem/me" },
];

const OWNER_PAGES: Target[] = [
  { url: "/owner", menus: true },
  { url: "/owner/buyers" },
  { url: "/owner/buyers/{ownerBuyerId}" },
  { url: "/owner/suppliers" },
  { url: "/owner/suppliers/{ownerSupplierId}" },
  { url: "/owner/inquiries" },
  { url: "/owner/inquiries?type=BULK" },
  { url: "/owner/inquiries?type=NOMINATION" },
  { url: "/owner/inquiries/{ownerContactId}" },
  { url: "/owner/entries" },
  { url: "/owner/orders" },
  { url: "/owner/orders?overdue=ACKNOWLEDGEMENT" },
  { url: "/owner/deal-reports" },
  { url: "/owner/news" },
  { url: "/owner/news/new" },
  { url: "/owner/news/{ownerNewsId}" },
  { url: "/owner/ticket-purchases" },
  { url: "/owner/ticket-purchases/grant" },
  { url: "/owner/ticket-purchases/{ownerPurchaseId}" },
  { url: "/owner/ticket-usages" },
  { url: "/owner/plans" },
  { url: "/owner/leads" },
  { url: "/owner/support-requests" },
  { url: "/owner/outbox" },
  { url: "/owner/outbox/{ownerOutboxId}" },
  { url: "/owner/audit-log" },
  { url: "/owner/system" },
  { url: "/owner/trust-signals" },
  { url: "/owner/trust-signals?tab=suppliers" },
  { url: "/owner/trust-signals?tab=reports" },
  { url: "/owner/certifications" },
  { url: "/owner/certifications?status=VERIFIED" },
  { url: "/owner/certifications/{ownerCertificationId}" },
  { url: "/owner/master-data" },
];

const PERSONAS: Array<{ key: PersonaKey; label: string; pages: Target[] }> = [
  { key: "anonymous", label: "signed out", pages: ANONYMOUS },
  { key: "buyer", label: "buyer ADMIN", pages: BUYER_PAGES },
  { key: "buyerGeneral", label: "buyer GENERAL", pages: BUYER_GENERAL_PAGES },
  { key: "supplierFree", label: "free supplier ADMIN", pages: SUPPLIER_PAGES },
  { key: "supplierGeneral", label: "free supplier GENERAL", pages: SUPPLIER_GENERAL_PAGES },
  { key: "supplierPaid", label: "paid supplier ADMIN", pages: SUPPLIER_PAID_PAGES },
  { key: "owner", label: "operator", pages: OWNER_PAGES },
];

/** Page routes no list opens, each with the reason. */
const EXCLUDED: Record<string, string> = {
  "/oem/company": "redirects to /oem/search (scanned)",
  "/account/oem/cancel": "alias: redirects to /account/oem/subscribe/cancel (scanned)",
  "/account/oem/cancel-complete": "alias: redirects to /account/oem/subscribe/cancel-complete (scanned)",
  "/account/oem/complete": "alias: redirects to /account/oem/subscribe/complete",
  "/account/oem/subscribe/complete":
    "shows only after a real application: scanned in journey-tickets-plan.spec.ts after applying",
  "/account/oem/subscribe/cancel-complete":
    "shows only after a real cancellation: scanned in journey-tickets-plan.spec.ts after cancelling",
  "/account/deactivated":
    "needs a user whose companies are all deactivated: scanned in buyer-deactivation.spec.ts",
  // The demo has no orders, and issuing one would award a demo thread other specs read undecided.
  "/account/buyer/deals/[threadId]/order":
    "the order form awards the thread it is sent on: scanned in journey-order.spec.ts (1440 and 375 px)",
  "/account/buyer/orders/[orderId]":
    "needs an issued order: scanned in journey-order.spec.ts after a change order and a price consultation",
  "/account/oem/orders/[orderId]":
    "needs an issued order: scanned in journey-order.spec.ts after 受注 and a price consultation request",
};

// ------------------------------------------------------------------ sessions and demo ids

// One signed-in tab per persona for the whole worker: the pages share its HTTP cache (the scripts
// load once) and its session. A failed test restarts the worker, which signs in again.
const test = base.extend<{ persona: PersonaKey }, { demo: Demo; pageOf: (p: PersonaKey) => Promise<Page> }>({
  // The persona of the describe block (test.use); the tests take its tab from pageOf.
  persona: ["anonymous", { option: true }],
  demo: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: BASE_URL });
      await use(await readDemo(request));
      await request.dispose();
    },
    { scope: "worker" },
  ],
  pageOf: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, isMobile, hasTouch, locale, timezoneId } = workerInfo.project.use;
      const pages = new Map<PersonaKey, Page>();
      const contexts: BrowserContext[] = [];
      await use(async (persona) => {
        const known = pages.get(persona);
        if (known) return known;
        const context = await browser.newContext({
          baseURL: BASE_URL,
          viewport,
          isMobile,
          hasTouch,
          locale,
          timezoneId,
        });
        contexts.push(context);
        const page = await context.newPage();
        trackRequests(page);
        if (persona !== "anonymous") await signIn(page, persona);
        pages.set(persona, page);
        return page;
      });
      for (const c of contexts) await c.close();
    },
    { scope: "worker" },
  ],
});

async function signIn(page: Page, persona: PersonaKey) {
  switch (persona) {
    case "buyer":
      return login(page, "buyer", BUYER, "/account/buyer");
    case "buyerGeneral":
      return login(page, "buyer", BUYER_GENERAL, "/account/buyer");
    case "supplierFree":
      return login(page, "oem", SUPPLIER_FREE, "/account/oem");
    case "supplierGeneral":
      return login(page, "oem", SUPPLIER_GENERAL, "/account/oem");
    case "supplierPaid":
      return login(page, "oem", SUPPLIER_PAID, "/account/oem");
    case "owner":
      return ownerLogin(page);
  }
}

async function apiGet<T>(request: APIRequestContext, url: string, token?: string): Promise<T> {
  const res = await request.get(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.status(), `GET ${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

async function firstId(request: APIRequestContext, url: string, token: string): Promise<string> {
  const { items } = await apiGet<{ items: Array<{ id: string }> }>(request, url, token);
  expect(items.length, `GET ${url} lists nothing`).toBeGreaterThan(0);
  return items[0]!.id;
}

async function signInApi(request: APIRequestContext, email: string) {
  const res = await request.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { token: string; companyDetails: { id: string } };
  return { token: body.token, companyId: body.companyDetails.id };
}

async function readDemo(request: APIRequestContext): Promise<Demo> {
  const demo: Demo = {};
  const categories = await apiGet<Array<{ id: number }> | { items: Array<{ id: number }> }>(
    request,
    "/api/categories",
  );
  demo.categoryId = String((Array.isArray(categories) ? categories : categories.items)[0]!.id);

  const buyer = await signInApi(request, BUYER);
  const buyerBase = `/api/buyer/company/${buyer.companyId}`;
  demo.buyerBulkId = await firstId(request, `${buyerBase}/contacts?contactType=BULK`, buyer.token);
  demo.buyerNominationId = await firstId(
    request,
    `${buyerBase}/contacts?contactType=NOMINATION`,
    buyer.token,
  );
  demo.buyerNewsId = await firstId(request, `${buyerBase}/news`, buyer.token);
  const buyerThreads = await apiGet<{ items: Array<{ id: string; inquiry: { id: string } }> }>(
    request,
    `/api/deals/company/${buyer.companyId}/threads`,
    buyer.token,
  );
  expect(buyerThreads.items.length, "the demo buyer has no deal thread").toBeGreaterThan(0);
  demo.buyerThreadId = buyerThreads.items[0]!.id;
  demo.buyerThreadInquiryId = buyerThreads.items[0]!.inquiry.id;

  const paid = await signInApi(request, SUPPLIER_PAID);
  const free = await signInApi(request, SUPPLIER_FREE);
  demo.freeCompanyId = free.companyId;
  demo.supplierId = paid.companyId;
  const profile = await apiGet<{ id: string; name: string }>(
    request,
    `/api/oem/${paid.companyId}`,
    paid.token,
  );
  demo.supplierName = profile.name;
  demo.paidThreadId = await firstId(request, `/api/deals/company/${paid.companyId}/threads`, paid.token);

  // The supplier pages take the ids of the signed-in supplier: one set per supplier.
  for (const [prefix, s] of [
    ["free", free],
    ["paid", paid],
  ] as const) {
    const b = `/api/oem/company/${s.companyId}`;
    demo[`${prefix}:ownCompanyId`] = s.companyId;
    demo[`${prefix}:supplierNewsId`] = await firstId(request, `${b}/news`, s.token);
    demo[`${prefix}:recruitId`] = await firstId(request, `${b}/contacts?contactType=BULK`, s.token);
    demo[`${prefix}:nominationId`] = await firstId(request, `${b}/contacts?contactType=NOMINATION`, s.token);
    demo[`${prefix}:caseId`] = await firstId(request, `${b}/case`, s.token);
  }

  const ownerRes = await request.post("/api/auth/owner-login", {
    data: { email: OWNER, password: DEMO_PASSWORD },
  });
  expect(ownerRes.status()).toBe(200);
  const owner = ((await ownerRes.json()) as { token: string }).token;
  demo.ownerBuyerId = await firstId(request, "/api/owner/buyer", owner);
  demo.ownerSupplierId = await firstId(request, "/api/owner/oem", owner);
  demo.ownerContactId = await firstId(request, "/api/owner/contact/common", owner);
  demo.ownerNewsId = await firstId(request, "/api/owner/news", owner);
  demo.ownerPurchaseId = await firstId(request, "/api/owner/ticket-purchase", owner);
  // The demo's certificate waiting for the operator (the queue's default tab).
  demo.ownerCertificationId = await firstId(request, "/api/owner/certifications", owner);
  // A fresh database has sent no email yet: a password-reset request writes one to the outbox.
  const outbox = await apiGet<{ items: Array<{ id: string }> }>(request, "/api/owner/outbox", owner);
  if (!outbox.items.length) {
    const res = await request.post("/api/password/email", { data: { email: BUYER_GENERAL } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  demo.ownerOutboxId = await firstId(request, "/api/owner/outbox", owner);
  return demo;
}

function resolve(url: string, demo: Demo, persona: PersonaKey): string {
  const scope = persona === "supplierPaid" ? "paid" : "free";
  return url.replace(/\{(\w+)\}/g, (_, name: string) => {
    const id = demo[`${scope}:${name}`] ?? demo[name];
    if (!id) throw new Error(`no demo id ${name}`);
    return id;
  });
}

// ------------------------------------------------------------------ the scan

/** The page settled: its h1 shows, the client components fetched their data. */
async function settle(page: Page, target: Target) {
  await settled(page);
  const h1 = page.locator("h1").first();
  if (target.heading) await expect(h1).toContainText(target.heading);
  else await expect(h1).toBeVisible();
  // SWR lists show a skeleton first (aria-busy) until their data arrives.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
}

/** Opens each collapsed menu of the header, the sidebar and the console in turn, scanning each. */
async function scanMenus(page: Page, what: string): Promise<string[]> {
  const found: string[] = [];
  const selector = ["header", "aside", "nav"].map((s) => `${s} button[aria-expanded="false"]`).join(", ");
  // Each toggle is marked once: its name changes when it opens (「メニューを開く」→「メニューを閉じる」).
  const count = await page.locator(selector).evaluateAll((buttons) => {
    const shown = buttons.filter((b) => (b as HTMLElement).offsetParent !== null);
    shown.forEach((b, i) => {
      b.setAttribute("data-a11y-toggle", String(i));
    });
    return shown.length;
  });
  for (let i = 0; i < count; i++) {
    const toggle = page.locator(`[data-a11y-toggle="${i}"]`);
    if (!(await toggle.isVisible()) || (await toggle.getAttribute("aria-expanded")) !== "false") continue;
    const label = (await toggle.getAttribute("aria-label")) ?? ((await toggle.textContent()) ?? "").trim();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    found.push(...(await seriousViolations(page, `${what} (${label} open)`)));
    await page.keyboard.press("Escape");
    if ((await toggle.isVisible()) && (await toggle.getAttribute("aria-expanded")) === "true") {
      await toggle.click({ timeout: 5_000 }).catch(() => undefined);
    }
  }
  return found;
}

for (const persona of PERSONAS) {
  test.describe(`axe as ${persona.label}`, () => {
    test.use({ persona: persona.key });
    for (const target of persona.pages) {
      test(`${target.url} has no serious or critical violation`, async ({ pageOf, demo }) => {
        const page = await pageOf(persona.key);
        const url = resolve(target.url, demo, persona.key);
        const storage = target.storage?.(demo);
        if (storage) {
          // The flows read their draft from this tab's storage (same origin) when they load.
          if (!page.url().startsWith(BASE_URL)) await page.goto("/support");
          await page.evaluate((s) => {
            for (const [k, v] of Object.entries(s.session ?? {}))
              sessionStorage.setItem(k, JSON.stringify(v));
            for (const [k, v] of Object.entries(s.local ?? {})) localStorage.setItem(k, JSON.stringify(v));
          }, storage);
        }
        await target.before?.(page);
        await page.goto(url);
        await settle(page, target);
        // A signed-in page that bounced to a login page would scan the wrong page.
        const want = new URL(url, BASE_URL).pathname;
        if (persona.key !== "anonymous" && !target.route) expect(new URL(page.url()).pathname).toBe(want);
        const found = await seriousViolations(page, url);
        if (target.menus) found.push(...(await scanMenus(page, url)));
        if (found.length) console.log(`FAILED ${found.join("\n")}`);
        expect(found, found.join("\n")).toEqual([]);
      });
    }
  });
}

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

test("the scan measures colours after their transitions end, not halfway", async ({ page }) => {
  await page.goto("/support");
  await settled(page);
  // A button turning from a pale blue (3.97:1 against white, as CI once measured one) to a dark
  // one when its 2.5 s transition ends: a scan that does not wait measures the pale blue.
  await page.evaluate(() => {
    const main = document.querySelector("main")!;
    main.insertAdjacentHTML(
      "afterbegin",
      '<button type="button" id="fading" style="color:#fff;background-color:#4f7cdf;transition:background-color 2.5s steps(1, end)">送信</button>',
    );
    const button = document.getElementById("fading")!;
    button.getBoundingClientRect(); // the pale colour is drawn first
    button.style.backgroundColor = "#1e3a8a";
  });
  expect(await seriousViolations(page, "/support (a transition)")).toEqual([]);
  await expect(page.locator("#fading")).toHaveCSS("background-color", "rgb(30, 58, 138)");
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
