import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { linkIn, waitForMail } from "./mail";

// Helpers of the journey specs (tests/e2e/journey-*.spec.ts): fresh companies registered through
// the API and verified through the emailed link, signing in on the login pages, the operator's
// actions through the owner API (the console UI is not needed), and the account sidebar, which
// is folded into a bar on phones.

export const DEMO_PASSWORD = "Demo-pass-2026";
export const OWNER = "owner@demo.oem-match.jp";

/** An address nobody else on this server uses (both projects share one server and database). */
export function uniqueEmail(prefix: string, info: TestInfo): string {
  return `${prefix}-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export interface Account {
  email: string;
  password: string;
  name: string;
  companyId: string;
  companyName: string;
  token: string;
}

/**
 * Registers a new company with its ADMIN (POST /api/buyer/register or /api/oem/register) and,
 * unless told otherwise, verifies the email by opening the emailed link in `page`.
 */
export async function registerCompany(
  request: APIRequestContext,
  type: "buyer" | "oem",
  p: { email: string; name: string; companyName: string; page?: Page },
): Promise<Account> {
  const password = "Journey-pass-2026";
  const res = await request.post(`/api/${type}/register`, {
    data: {
      email: p.email,
      password,
      name: p.name,
      phone: "03-5555-0100",
      companyName: p.companyName,
      agreeToTerms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  const account: Account = {
    email: p.email,
    password,
    name: p.name,
    companyId: body.companyDetails.id,
    companyName: p.companyName,
    token: body.token,
  };
  if (p.page) await verifyEmailByLink(p.page, p.email);
  return account;
}

/** Opens the verification link of the newest verification email to `email`. */
export async function verifyEmailByLink(page: Page, email: string) {
  const mail = await waitForMail(email, "メールアドレスの確認をお願いします");
  await page.goto(linkIn(mail, "/verify-email"));
  await expect(page.getByRole("heading", { name: "メールアドレスの確認が完了しました" })).toBeVisible();
}

/** Signs in on /buyer/login or /oem/login and waits for the page it redirects to. */
export async function login(
  page: Page,
  area: "oem" | "buyer",
  email: string,
  redirect: string,
  password = DEMO_PASSWORD,
) {
  await page.goto(`/${area}/login?redirect=${encodeURIComponent(redirect)}`);
  const form = page.getByRole("form", { name: /ログイン/ });
  await expect(form.getByRole("button", { name: "ログイン", exact: true })).toBeEnabled();
  await form.getByLabel("メールアドレス").fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole("button", { name: "ログイン", exact: true }).click();
  await page.waitForURL((url) => url.pathname === redirect.split("?")[0]);
}

/** Signs the operator in on /owner/login (the form waits for hydration) and waits for the dashboard. */
export async function ownerLogin(page: Page) {
  await page.goto("/owner/login");
  const form = page.getByRole("form", { name: "運営者ログイン" });
  await expect(form.getByRole("button", { name: "ログイン", exact: true })).toBeEnabled();
  await form.getByLabel("メールアドレス").fill(OWNER);
  await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "ログイン", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/owner");
}

// ------------------------------------------------------------------ the operator (owner API)

export async function ownerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/auth/owner-login", {
    data: { email: OWNER, password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}

async function ownerCall(
  request: APIRequestContext,
  method: "get" | "put",
  path: string,
  data?: Record<string, unknown>,
) {
  const token = await ownerToken(request);
  const res = await request.fetch(`/api/owner${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(res.status(), `${method.toUpperCase()} /api/owner${path}: ${await res.text()}`).toBe(200);
  return res.json();
}

/** The operator publishes the bulk inquiry under review with this exact title; answers its id. */
export async function approveBulkInquiry(request: APIRequestContext, title: string): Promise<string> {
  const list = await ownerCall(
    request,
    "get",
    `/contact/bulk?status=REVIEW&perPage=100&keyword=${encodeURIComponent(title)}`,
  );
  const found = (list.items as Array<{ id: string; title: string }>).filter((i) => i.title === title);
  expect(found, `one bulk inquiry under review titled ${title}`).toHaveLength(1);
  await ownerCall(request, "put", `/contact/bulk/${found[0]!.id}`, { action: "APPROVE" });
  return found[0]!.id;
}

/** The operator confirms the payment of the company's purchases waiting for it; answers how many. */
export async function confirmPendingPurchases(request: APIRequestContext, companyId: string) {
  const list = await ownerCall(request, "get", `/ticket-purchase?status=PENDING&companyId=${companyId}`);
  const items = list.items as Array<{ id: string }>;
  for (const p of items) {
    const done = await ownerCall(request, "put", `/ticket-purchase/${p.id}`, { action: "CONFIRM_PAYMENT" });
    expect(done.status).toBe("PAID");
  }
  return items.length;
}

/** The operator activates the company's waiting plan application (payment confirmed). */
export async function activatePlan(request: APIRequestContext, companyId: string) {
  const state = await ownerCall(request, "put", `/plan-contract/${companyId}`, { action: "ACTIVATE" });
  expect(state.paymentStatus).toBe("OEM_PAID");
  return state;
}

// ------------------------------------------------------------------ the account sidebar

/** The sidebar panel, opened on phones (below 1025px it is folded into a bar). */
export async function sidebar(page: Page): Promise<Locator> {
  const aside = page.getByRole("complementary", { name: "マイページメニュー" });
  const bar = aside.getByRole("button", { name: /メニュー/ });
  if (await bar.isVisible()) {
    // A tap before the page has hydrated reaches no handler (after a reload, say): wait for it.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    if ((await bar.getAttribute("aria-expanded")) !== "true") await bar.click();
    await expect(bar).toHaveAttribute("aria-expanded", "true");
  }
  return aside;
}

/**
 * The browser session is read again when the tab becomes visible (SessionProvider's
 * refetchOnWindowFocus), as when the supplier comes back to the tab after the operator acted.
 */
export async function returnToTab(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
}

/** A form control by its visible label (the FormField label ends with 必須 or 任意). */
export function field(scope: Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(必須|任意)$`));
}

/** The link of the newest matching email once it differs from `previous` (a resent email). */
export async function waitForNewLink(to: string, subject: string, pathPrefix: string, previous: string) {
  let link = previous;
  await expect
    .poll(
      async () => {
        link = linkIn(await waitForMail(to, subject), pathPrefix);
        return link;
      },
      { timeout: 20_000, message: `a new "${subject}" email to ${to}` },
    )
    .not.toBe(previous);
  return link;
}

// ------------------------------------------------------------------ a nomination to a new free supplier

export interface NominationStory {
  /** e-mail prefixes of the two new companies */
  key: string;
  supplier: { name: string; companyName: string };
  buyer: { name: string; companyName: string };
  title: string;
  description: string;
  quantity: string;
}

/**
 * Registers a new free supplier and a new buyer (emails verified through `page`); the buyer nominates
 * the supplier (POST /api/contact/create) and the operator grants the supplier one ticket. Names
 * and the title end with the run id, so both projects and reruns stay apart.
 */
export async function nominateNewFreeSupplier(
  request: APIRequestContext,
  page: Page,
  info: TestInfo,
  story: NominationStory,
) {
  const run = `${info.project.name}-${Date.now()}`;
  const supplier = await registerCompany(request, "oem", {
    email: uniqueEmail(`${story.key}-supplier`, info),
    name: story.supplier.name,
    companyName: `${story.supplier.companyName} ${run}`,
    page,
  });
  const buyer = await registerCompany(request, "buyer", {
    email: uniqueEmail(`${story.key}-buyer`, info),
    name: story.buyer.name,
    companyName: `${story.buyer.companyName} ${run}`,
    page,
  });
  const title = `${story.title} ${run}`;
  const created = await request.post("/api/contact/create", {
    headers: { authorization: `Bearer ${buyer.token}`, "idempotency-key": crypto.randomUUID() },
    data: {
      type: "NOMINATION",
      nominatedCompanyId: supplier.companyId,
      title,
      categoryId: 1,
      description: story.description,
      quantity: story.quantity,
      prefectureIds: [13],
      ndaRequired: false,
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const grant = await request.post("/api/owner/ticket-purchase", {
    headers: { authorization: `Bearer ${await ownerToken(request)}` },
    data: { companyId: supplier.companyId, quantity: 1 },
  });
  expect(grant.status(), await grant.text()).toBe(201);
  return { run, supplier, buyer, title, inquiryId: (await created.json()).id as string };
}

/** A signed-in API caller (POST /api/auth/login): its bearer token and current company. */
export interface Caller {
  token: string;
  companyId: string;
  email: string;
}

export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Caller> {
  const res = await request.post("/api/auth/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  return { token: body.token as string, companyId: body.companyDetails.id as string, email };
}

/** One API call as `who`, with a fresh idempotency key: the status and the parsed body. */
export async function apiCall(
  request: APIRequestContext,
  who: Pick<Caller, "token">,
  method: string,
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${who.token}`, "idempotency-key": crypto.randomUUID() },
    data,
  });
  const text = await res.text();
  return { status: res.status(), body: text ? JSON.parse(text) : undefined, text };
}

/** `apiCall` that must succeed (2xx): the parsed body. */
export async function apiOk(
  request: APIRequestContext,
  who: Pick<Caller, "token">,
  method: string,
  path: string,
  data?: unknown,
) {
  const r = await apiCall(request, who, method, path, data);
  expect(r.status, `${method} ${path}: ${r.text}`).toBeLessThan(300);
  return r.body;
}
