// What `npm run bench` measures. To add a scenario, append one entry to `scenarios`.

/** The child servers bench/servers.ts can start ("api-large-pg" needs BENCH_DATABASE_URL). */
export const serverKinds = ["bare", "hono", "api", "api-large", "api-large-pg"] as const;
export type ServerKind = (typeof serverKinds)[number];

/** The database behind an API server. */
export const databaseOf: Record<ServerKind, string | undefined> = {
  bare: undefined,
  hono: undefined,
  api: "PGlite",
  "api-large": "PGlite",
  "api-large-pg": "PostgreSQL",
};

export interface RequestSpec {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Scenario extends RequestSpec {
  name: string;
  server: ServerKind;
  /** The scenario every other one is compared with (exactly one). */
  baseline?: boolean;
  /** Runs once before the warm-up against the scenario's server; its result is merged into the request. */
  prepare?: (baseUrl: string) => Promise<Partial<RequestSpec>>;
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
];

/** The main authenticated reads and the search, over large data; run on PGlite and on PostgreSQL alike. */
function largeDataScenarios(server: "api-large" | "api-large-pg"): Scenario[] {
  return [
    {
      name: "me: GET /api/account/me (bearer)",
      server,
      path: "/api/account/me",
      prepare: async (baseUrl) => ({ headers: { authorization: `Bearer ${await registerBuyer(baseUrl)}` } }),
    },
    {
      name: "search: POST /api/oem/search 部品 + category (10k suppliers)",
      server,
      method: "POST",
      path: "/api/oem/search",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ keyword: "部品", categoryIds: [3] }),
    },
    {
      name: "recruits: GET public recruits (100k inquiries)",
      server,
      path: "/api/oem/company/{companyId}/contacts?contactType=BULK",
      prepare: async (baseUrl) => {
        const s = await benchLogin(baseUrl, "bench-supplier@example.com");
        return {
          headers: { authorization: `Bearer ${s.token}` },
          path: `/api/oem/company/${s.companyId}/contacts?contactType=BULK`,
        };
      },
    },
    {
      name: "buyer history: GET contacts (100k inquiries)",
      server,
      path: "/api/buyer/company/{companyId}/contacts",
      prepare: async (baseUrl) => {
        const b = await benchLogin(baseUrl, "bench-buyer@example.com");
        return {
          headers: { authorization: `Bearer ${b.token}` },
          path: `/api/buyer/company/${b.companyId}/contacts`,
        };
      },
    },
  ];
}

/** Signs in one of the bench users that bench/servers.ts created with the large data. */
async function benchLogin(baseUrl: string, email: string): Promise<{ token: string; companyId: string }> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench-password-1" }),
  });
  const data = (await res.json()) as { token: string; companyDetails: { id: string } };
  return { token: data.token, companyId: data.companyDetails.id };
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
