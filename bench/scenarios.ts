// What `npm run bench` measures. To add a scenario, append one entry to `scenarios`.
import { randomUUID } from "node:crypto";
import { BENCH_CERTIFICATION_SLUG, BENCH_MOQ_MAX } from "./capability-data";
import { BENCH_ORDER_TITLE } from "./order-data";

/**
 * The child servers: bench/servers.ts starts all but the sites, which are the project's own server.ts
 * (Next pages and the API) in production mode on the large PostgreSQL data of "api-large-pg"
 * (needs BENCH_DATABASE_URL and a build in .next-bench, see docs/benchmarks.md): "ssr-pg" with the
 * page cache off (every page rendered per request), "site-pg" as deployed (public pages cached).
 */
export const serverKinds = ["bare", "hono", "api", "api-large", "api-large-pg", "ssr-pg", "site-pg"] as const;
export type ServerKind = (typeof serverKinds)[number];
export const siteKinds: readonly ServerKind[] = ["ssr-pg", "site-pg"];

/** The database behind an API server. */
export const databaseOf: Record<ServerKind, string | undefined> = {
  bare: undefined,
  hono: undefined,
  api: "PGlite",
  "api-large": "PGlite",
  "api-large-pg": "PostgreSQL",
  "ssr-pg": "PostgreSQL",
  "site-pg": "PostgreSQL",
};

export interface RequestSpec {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Connections for this scenario when it is measured at another load than the run's default. */
  connections?: number;
  /**
   * A fresh path and headers for every request, for writes that cannot repeat (issue 35: one
   * prepared thread and one Idempotency-Key per order issued).
   */
  perRequest?: () => { path: string; headers?: Record<string, string> };
}

export interface Scenario extends RequestSpec {
  name: string;
  server: ServerKind;
  /** The scenario every other one is compared with (exactly one). */
  baseline?: boolean;
  /** Runs once before the warm-up against the scenario's server; its result is merged into the request. */
  prepare?: (baseUrl: string) => Promise<Partial<RequestSpec>>;
  /**
   * Started once the scenario is prepared, beside its load (warm-up and measured window); the
   * function it answers stops it and says how many writes it made.
   */
  during?: (baseUrl: string) => Promise<() => Promise<number>>;
}

export const scenarios: Scenario[] = [
  { name: "bare node:http JSON", server: "bare", path: "/", baseline: true },
  { name: "Hono (no middleware) JSON", server: "hono", path: "/" },
  { name: "API middleware + static JSON (no DB)", server: "api", path: "/api/__bench/static" },
  { name: "API GET /api/prefectures", server: "api", path: "/api/prefectures" },
  {
    name: "API GET /api/account/me (bearer)",
    server: "api",
    path: "/api/account/me",
    prepare: async (baseUrl) => ({ headers: { authorization: `Bearer ${await registerBuyer(baseUrl)}` } }),
  },
  ...largeDataScenarios("api-large"),
  ...largeDataScenarios("api-large-pg"),
  ...orderScenarios("api-large-pg"),
  ...pageScenarios("ssr-pg"),
  ...cachedPageScenarios("site-pg"),
];

/** The public search with these conditions (no sign-in). */
function search(
  server: "api-large" | "api-large-pg",
  name: string,
  conditions: Record<string, unknown>,
  connections?: number,
): Scenario {
  return {
    name,
    server,
    connections,
    method: "POST",
    path: "/api/oem/search",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(conditions),
  };
}

/** The bench buyer's history of inquiries (200 of them, with their entries), signed in by bearer token. */
function buyerHistory(server: "api-large" | "api-large-pg", name: string, connections?: number): Scenario {
  return {
    name,
    server,
    connections,
    path: "/api/buyer/company/{companyId}/contacts",
    prepare: async (baseUrl) => {
      const b = await benchLogin(baseUrl, "bench-buyer@example.com");
      return {
        headers: { authorization: `Bearer ${b.token}` },
        path: `/api/buyer/company/${b.companyId}/contacts`,
      };
    },
  };
}

/**
 * The bench supplier's list of public recruits (BULK) or of its nominations, signed in by bearer
 * token; `extraQuery` adds parameters (`&sort=fit`).
 */
function supplierList(
  server: "api-large" | "api-large-pg",
  name: string,
  contactType: "BULK" | "NOMINATION",
  connections?: number,
  extraQuery = "",
): Scenario {
  return {
    name,
    server,
    connections,
    path: `/api/oem/company/{companyId}/contacts?contactType=${contactType}${extraQuery}`,
    prepare: async (baseUrl) => {
      const s = await benchLogin(baseUrl, "bench-supplier@example.com");
      return {
        headers: { authorization: `Bearer ${s.token}` },
        path: `/api/oem/company/${s.companyId}/contacts?contactType=${contactType}${extraQuery}`,
      };
    },
  };
}

/** The id of a certification type of the master list (GET /api/capabilities), by slug. */
async function certificationTypeId(baseUrl: string, slug: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/capabilities`);
  const data = (await res.json()) as { certificationTypes?: Array<{ id: number; slug: string }> };
  const found = data.certificationTypes?.find((t) => t.slug === slug);
  if (!found) throw new Error(`GET /api/capabilities answered ${res.status} without ${slug}`);
  return found.id;
}

/** The main authenticated reads and the search, over large data; run on PGlite and on PostgreSQL alike. */
function largeDataScenarios(server: "api-large" | "api-large-pg"): Scenario[] {
  return [
    {
      name: "me: GET /api/account/me (bearer)",
      server,
      path: "/api/account/me",
      prepare: async (baseUrl) => ({ headers: { authorization: `Bearer ${await registerBuyer(baseUrl)}` } }),
    },
    search(server, "search: POST /api/oem/search 部品 + category (10k suppliers)", {
      keyword: "部品",
      categoryIds: [3],
    }),
    // Issue 21: the search at interactive speed, at 10 connections: a keyword of two Japanese
    // characters with a category, and no condition at all (the whole ranking of 10,000 suppliers).
    search(server, "search: POST /api/oem/search 部品 + category", { keyword: "部品", categoryIds: [3] }, 10),
    search(server, "search: POST /api/oem/search, no conditions", {}, 10),
    supplierList(server, "recruits: GET public recruits (100k inquiries)", "BULK"),
    buyerHistory(server, "buyer history: GET contacts (100k inquiries)"),
    // Issue 21: the lists at p95 ≤ 20 ms, at 10 connections (the recruits' and nominations' rows
    // with buyer figures below are the supplier's two lists).
    buyerHistory(server, "lists: GET buyer history", 10),
    // The supplier's own lists: the nominations it received (about 330) and its entered projects.
    supplierList(server, "supplier nominations: GET contacts?contactType=NOMINATION", "NOMINATION"),
    {
      name: "supplier entries: GET entered projects",
      server,
      path: "/api/oem/company/{companyId}/entries",
      prepare: async (baseUrl) => {
        const s = await benchLogin(baseUrl, "bench-supplier@example.com");
        return {
          headers: { authorization: `Bearer ${s.token}` },
          path: `/api/oem/company/${s.companyId}/entries`,
        };
      },
    },
    // Issue 19: the supplier's lists with each buyer's track record (one batched statement per page),
    // at the 10 connections the issue measures them with.
    supplierList(server, "trust: GET public recruits with buyer figures", "BULK", 10),
    supplierList(server, "trust: GET nominations with buyer figures", "NOMINATION", 10),
    // The nominated inquiry's page loads its content from this call (the buyer's figures come with
    // the page's own render, one statement): decision 0022 measures the page's 30 ms target here.
    {
      name: "trust: GET nominated inquiry (the page's data)",
      server,
      connections: 10,
      path: "/api/oem/company/{companyId}/contact/{id}",
      prepare: async (baseUrl) => {
        const s = await benchLogin(baseUrl, "bench-supplier@example.com");
        const headers = { authorization: `Bearer ${s.token}` };
        const res = await fetch(`${baseUrl}/api/oem/company/${s.companyId}/contacts?contactType=NOMINATION`, {
          headers,
        });
        const data = (await res.json()) as { items?: Array<{ id: string }> };
        const id = data.items?.[0]?.id;
        if (!id) throw new Error(`the bench supplier has no nomination (${res.status})`);
        return { headers, path: `/api/oem/company/${s.companyId}/contact/${id}` };
      },
    },
    // Issue 20: the search with the capability filters (a verified certification held by a fifth of
    // the suppliers, an MOQ bound) and the recruits ranked by their fit with the bench supplier's
    // capabilities (every open recruit scored in SQL), at 10 connections.
    {
      name: "capabilities: search 部品 + certification + MOQ",
      server,
      connections: 10,
      method: "POST",
      path: "/api/oem/search",
      headers: { "content-type": "application/json" },
      prepare: async (baseUrl) => ({
        body: JSON.stringify({
          keyword: "部品",
          certificationIds: [await certificationTypeId(baseUrl, BENCH_CERTIFICATION_SLUG)],
          moqMax: BENCH_MOQ_MAX,
        }),
      }),
    },
    supplierList(server, "capabilities: recruits sorted by fit", "BULK", 10, "&sort=fit"),
    // The deal room (issue 18): the buyer's comparison table of an inquiry with 20 suppliers' quotes
    // of 3 versions each, and the first page of a 500-message thread, at 10 connections.
    {
      name: "deal comparison: GET comparison (20 quotes × 3 versions)",
      server,
      connections: 10,
      path: "/api/deals/company/{companyId}/inquiries/{inquiryId}/comparison",
      prepare: async (baseUrl) => {
        const b = await benchLogin(baseUrl, "bench-buyer@example.com");
        const inquiryId = await benchInquiry(baseUrl, b, "ベンチマーク比較案件");
        return {
          headers: { authorization: `Bearer ${b.token}` },
          path: `/api/deals/company/${b.companyId}/inquiries/${inquiryId}/comparison`,
        };
      },
    },
    {
      name: "deal thread: GET messages, first page (500 messages)",
      server,
      connections: 10,
      path: "/api/deals/company/{companyId}/threads/{threadId}/messages",
      prepare: async (baseUrl) => {
        const b = await benchLogin(baseUrl, "bench-buyer@example.com");
        const inquiryId = await benchInquiry(baseUrl, b, "ベンチマーク商談");
        const auth = { authorization: `Bearer ${b.token}` };
        const res = await fetch(
          `${baseUrl}/api/deals/company/${b.companyId}/threads?inquiryId=${inquiryId}`,
          {
            headers: auth,
          },
        );
        const data = (await res.json()) as { items?: Array<{ id: string }> };
        const threadId = data.items?.[0]?.id;
        if (!threadId) throw new Error(`the bench thread was not found (${res.status})`);
        return { headers: auth, path: `/api/deals/company/${b.companyId}/threads/${threadId}/messages` };
      },
    },
    // The owner console's lists over every company, page 1 of 20 with the total, newest first.
    ...(
      [
        ["owner inquiries: GET /api/owner/contact", "/api/owner/contact"],
        ["owner entries: GET /api/owner/contact/entry", "/api/owner/contact/entry"],
        ["owner suppliers: GET /api/owner/oem", "/api/owner/oem"],
        ["owner buyers: GET /api/owner/buyer", "/api/owner/buyer"],
      ] as const
    ).map(
      ([name, path]): Scenario => ({
        name,
        server,
        path,
        prepare: async (baseUrl) => ({ headers: { authorization: `Bearer ${await ownerLogin(baseUrl)}` } }),
      }),
    ),
    // Issue 21's target for the console's largest list (1,000,000 entries): p95 ≤ 50 ms at 10.
    {
      name: "owner entries: GET /api/owner/contact/entry (10 connections)",
      server,
      connections: 10,
      path: "/api/owner/contact/entry",
      prepare: async (baseUrl) => ({ headers: { authorization: `Bearer ${await ownerLogin(baseUrl)}` } }),
    },
  ];
}

/** Pages rendered by Next (server.ts in production mode), anonymous, over the large data. */
function pageScenarios(server: "ssr-pg"): Scenario[] {
  return [
    { name: "SSR GET / (top page)", server, path: "/" },
    // Issue 19: a nominated inquiry's page as the supplier sees it, with the buyer's track record
    // next to 「チケットを使う」 (signed in by the session cookie, 10 connections).
    {
      name: "SSR GET /account/oem/contact/{id} (nomination with buyer figures)",
      server,
      connections: 10,
      path: "/account/oem/contact/{id}",
      prepare: async (baseUrl) => {
        const s = await benchLogin(baseUrl, "bench-supplier@example.com");
        const res = await fetch(`${baseUrl}/api/oem/company/${s.companyId}/contacts?contactType=NOMINATION`, {
          headers: { authorization: `Bearer ${s.token}` },
        });
        const data = (await res.json()) as { items?: Array<{ id: string }> };
        const id = data.items?.[0]?.id;
        if (!id) throw new Error(`the bench supplier has no nomination (${res.status})`);
        return { headers: { cookie: `oem_session=${s.token}` }, path: `/account/oem/contact/${id}` };
      },
    },
    { name: "SSR GET /lp (featured suppliers, news)", server, path: "/lp" },
    { name: "SSR GET /oem/search (10k suppliers)", server, path: "/oem/search" },
    // Issue 21: the search page at 10 connections, with a keyword of two Japanese characters and a
    // category (the API's row above), and with no condition.
    {
      name: "SSR GET /oem/search?keyword=部品&categoryIds=3",
      server,
      connections: 10,
      path: `/oem/search?keyword=${encodeURIComponent("部品")}&categoryIds=3`,
    },
    { name: "SSR GET /oem/search, no conditions", server, connections: 10, path: "/oem/search" },
    {
      name: "SSR GET /oem/company/{id} (supplier page)",
      server,
      path: "/oem/company/{id}",
      // The first supplier the search shows; every visit also notes a page view (in memory).
      prepare: firstSupplierPage,
    },
  ];
}

/** The first supplier the search for 部品 shows: its public page. */
async function firstSupplierPage(baseUrl: string): Promise<Partial<RequestSpec>> {
  const res = await fetch(`${baseUrl}/api/oem/search`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ keyword: "部品" }),
  });
  const data = (await res.json()) as { items?: Array<{ id: string }> };
  const id = data.items?.[0]?.id;
  if (!id) throw new Error(`POST /api/oem/search answered ${res.status} without suppliers`);
  return { path: `/oem/company/${id}` };
}

/**
 * Issue 21: the public pages as deployed, served from the page cache after their first render
 * (decision 0027), to signed-out visitors such as crawlers; each copy gets its own nonce.
 */
function cachedPageScenarios(server: "site-pg"): Scenario[] {
  const keyword = `/oem/search?keyword=${encodeURIComponent("部品")}&categoryIds=3`;
  return [
    { name: "cached GET / (top page)", server, path: "/" },
    { name: "cached GET /lp", server, path: "/lp" },
    { name: "cached GET /oem/search (10k suppliers)", server, path: "/oem/search" },
    // What a browser or a crawler asks for: the page compressed (brotli, as server.ts chooses).
    {
      name: "cached GET /oem/search, compressed",
      server,
      path: "/oem/search",
      headers: { "accept-encoding": "gzip, deflate, br" },
    },
    {
      name: "cached GET /oem/company/{id} (supplier page)",
      server,
      path: "/oem/company/{id}",
      prepare: firstSupplierPage,
    },
    { name: "cached GET /oem/search?keyword=部品&categoryIds=3", server, connections: 10, path: keyword },
    { name: "cached GET /oem/search, no conditions", server, connections: 10, path: "/oem/search" },
    // Issue 34: a buyer company's own edit every 2 s dropped every kept page (decision 0040).
    {
      name: "cached GET /oem/company/{id} (supplier page), a buyer-company write every 2 s",
      server,
      path: "/oem/company/{id}",
      prepare: firstSupplierPage,
      during: buyerCompanyWriter(2000),
    },
    {
      name: "cached GET /oem/search (10k suppliers), a buyer-company write every 2 s",
      server,
      path: "/oem/search",
      during: buyerCompanyWriter(2000),
    },
  ];
}

/**
 * A buyer that edits its own company's information through the API every `everyMs` (PUT
 * /api/buyer/company/{id}/update, as its settings page does), one write at a time.
 */
function buyerCompanyWriter(everyMs: number): (baseUrl: string) => Promise<() => Promise<number>> {
  return async (baseUrl) => {
    const token = await registerBuyer(baseUrl);
    const auth = { authorization: `Bearer ${token}` };
    const me = (await (await fetch(`${baseUrl}/api/account/me`, { headers: auth })).json()) as {
      companies?: Array<{ id: string; type: string }>;
    };
    const companyId = me.companies?.find((c) => c.type === "BUYER")?.id;
    if (!companyId) throw new Error("GET /api/account/me answered no buyer company");
    const url = `${baseUrl}/api/buyer/company/${companyId}`;
    let writes = 0;
    const write = async () => {
      const current = (await (await fetch(url, { headers: auth })).json()) as Record<string, unknown>;
      const res = await fetch(`${url}/update`, {
        method: "PUT",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ ...current, description: `ベンチマークの更新 ${writes + 1}` }),
      });
      const text = await res.text();
      if (res.status !== 200)
        throw new Error(`PUT ${url}/update answered ${res.status}: ${text.slice(0, 300)}`);
      writes += 1;
    };
    await write();
    let failed: unknown;
    let running: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      running = running.then(write).catch((err) => {
        failed ??= err;
      });
    }, everyMs);
    return async () => {
      clearInterval(timer);
      await running;
      if (failed) throw failed;
      return writes;
    };
  };
}

/**
 * Signs in a bench user (or the operator) once per server and reuses the token: a scenario starts
 * while the server may still be answering the previous one's queued requests, so a failed sign-in
 * (a 5xx after waiting for a database connection) is tried again a few times.
 */
const signedIn = new Map<string, Promise<{ token: string; companyId: string }>>();

function signIn(
  baseUrl: string,
  email: string,
  owner: boolean,
): Promise<{ token: string; companyId: string }> {
  const key = `${baseUrl} ${email}`;
  let found = signedIn.get(key);
  if (!found) {
    found = (async () => {
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`${baseUrl}/api/auth/${owner ? "owner-login" : "login"}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "bench-password-1" }),
        });
        const text = await res.text();
        if (res.status === 200) {
          const data = JSON.parse(text) as { token: string; companyDetails?: { id: string } };
          return { token: data.token, companyId: data.companyDetails?.id ?? "" };
        }
        if (res.status < 500 || attempt === 5) {
          throw new Error(`sign-in of ${email} answered ${res.status}: ${text.slice(0, 500)}`);
        }
        await new Promise((r) => setTimeout(r, 3000));
      }
    })();
    found.catch(() => signedIn.delete(key));
    signedIn.set(key, found);
  }
  return found;
}

async function ownerLogin(baseUrl: string): Promise<string> {
  return (await signIn(baseUrl, "bench-owner@example.com", true)).token;
}

/** Signs in one of the bench users that bench/servers.ts created with the large data. */
function benchLogin(baseUrl: string, email: string): Promise<{ token: string; companyId: string }> {
  return signIn(baseUrl, email, false);
}

/** Registers a fresh buyer and returns its bearer token. */
export async function registerBuyer(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/buyer/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      password: "bench-password-1",
      name: "ベンチ 太郎",
      phone: "03-1234-5678",
      companyName: "ベンチマーク株式会社",
      agreeToTerms: true,
    }),
  });
  const text = await res.text();
  if (res.status !== 201)
    throw new Error(`POST /api/buyer/register answered ${res.status}: ${text.slice(0, 500)}`);
  const { token } = JSON.parse(text) as { token?: string };
  if (!token) throw new Error("POST /api/buyer/register answered no token");
  return token;
}

/** Rows of the bench's PostgreSQL database (what a scenario prepares on, not what it measures). */
async function benchRows<T>(text: string, values: unknown[]): Promise<T[]> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A Japan date (YYYY-MM-DD) `days` after today. */
function japanDate(days: number): string {
  return new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Issue 35 (PostgreSQL, bench/order-data.ts): issuing an order with its PDF, one prepared quoted
 * thread and Idempotency-Key per request, at 2 connections (an order is a person's deliberate act,
 * not a crowd's); and the buyer's order list (20,000 of 100,000 orders), first and a deep page by
 * cursor, at 10 connections.
 */
function orderScenarios(server: "api-large-pg"): Scenario[] {
  const buyerOrders = (name: string, deep: boolean): Scenario => ({
    name,
    server,
    connections: 10,
    path: "/api/orders/company/{companyId}/orders",
    prepare: async (baseUrl) => {
      const b = await benchLogin(baseUrl, "bench-buyer@example.com");
      const path = `/api/orders/company/${b.companyId}/orders`;
      if (!deep) return { headers: { authorization: `Bearer ${b.token}` }, path };
      const [row] = await benchRows<{ issued_at: Date; id: string }>(
        `select issued_at, id from orders where buyer_company_id = $1
         order by issued_at desc, id desc offset 9999 limit 1`,
        [b.companyId],
      );
      if (!row) throw new Error("the bench buyer has fewer than 10,000 orders");
      const cursor = Buffer.from(`${row.issued_at.toISOString()}|${row.id}`).toString("base64url");
      return { headers: { authorization: `Bearer ${b.token}` }, path: `${path}?cursor=${cursor}` };
    },
  });
  return [
    {
      name: "orders: POST issue an order with its PDF",
      server,
      connections: 2,
      method: "POST",
      path: "/api/orders/company/{companyId}/threads/{threadId}/orders",
      prepare: async (baseUrl) => {
        const b = await benchLogin(baseUrl, "bench-buyer@example.com");
        const threads = await benchRows<{ id: string }>(
          `select t.id from deal_threads t join inquiries i on i.id = t.inquiry_id
           where i.title like $1 and t.status = 'QUOTED' order by t.id`,
          [`${BENCH_ORDER_TITLE} %`],
        );
        if (!threads.length) throw new Error("no quoted thread to order on (bench/order-data.ts)");
        let next = 0;
        return {
          headers: { authorization: `Bearer ${b.token}`, "content-type": "application/json" },
          body: JSON.stringify({
            quoteVersion: 1,
            quantity: 3000,
            includeTooling: true,
            includeSample: false,
            deliveries: [
              { date: japanDate(30), quantity: 1500 },
              { date: japanDate(60), quantity: 1500 },
            ],
            place: { address: "東京都江東区有明3-1-1 第二倉庫", contact: "物流課 田中 03-1234-5678" },
            inspection: { required: true, daysAfterReceipt: 10 },
            payment: {
              terms: { kind: "CLOSING", closingDay: 31, monthsLater: 1, payDay: 31 },
              method: "BANK_TRANSFER",
            },
          }),
          // Past the prepared threads a request answers 409 (counted as non-2xx): prepare more.
          perRequest: () => ({
            path: `/api/orders/company/${b.companyId}/threads/${threads[next++ % threads.length]!.id}/orders`,
            headers: { "idempotency-key": randomUUID() },
          }),
        };
      },
    },
    buyerOrders("orders: GET buyer's orders, first page (20k of 100k)", false),
    buyerOrders("orders: GET buyer's orders, page after row 10,000 by cursor", true),
    // The console's list of every company's orders, page 1 with the total and the late counts.
    {
      name: "orders: GET /api/owner/orders (console, all 100k)",
      server,
      connections: 10,
      path: "/api/owner/orders",
      prepare: async (baseUrl) => ({ headers: { authorization: `Bearer ${await ownerLogin(baseUrl)}` } }),
    },
  ];
}

/** The id of the bench buyer's newest inquiry with this title (bench/deal-data.ts creates them). */
async function benchInquiry(baseUrl: string, b: { token: string; companyId: string }, title: string) {
  const res = await fetch(`${baseUrl}/api/buyer/company/${b.companyId}/contacts?perPage=20`, {
    headers: { authorization: `Bearer ${b.token}` },
  });
  const data = (await res.json()) as { items?: Array<{ id: string; title: string }> };
  const found = data.items?.find((i) => i.title === title);
  if (!found) throw new Error(`the bench inquiry ${title} was not found (${res.status})`);
  return found.id;
}
