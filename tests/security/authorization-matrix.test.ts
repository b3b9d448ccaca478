import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACTORS, createPersonas, type Personas } from "../factories/actors";
import { resetDealLimits } from "../factories/deals";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";
import { matrix } from "./authorization/matrix";

let personas: Personas;

/** What app.notFound answers (src/api/app.ts): a path that no operation is mounted on. */
const NO_ROUTE = "APIが見つかりません。";

/** Keys no answer may carry, whoever asks: stored secrets and their hashes. */
const SECRET_KEY = /password|hash|secret|salt/i;

function secretKeys(value: unknown, at = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretKeys(v, `${at}[${i}]`));
  if (!value || typeof value !== "object" || at === "$.error.fields") return []; // names of input fields
  return Object.entries(value).flatMap(([k, v]) => [
    ...(SECRET_KEY.test(k) ? [`${at}.${k}`] : []),
    ...secretKeys(v, `${at}.${k}`),
  ]);
}
let operations: string[];

beforeAll(async () => {
  personas = await createPersonas();
  const doc = await api("GET", "/api/openapi.json");
  operations = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} /api${path.replace(/^\/api/, "")}`),
  );
});

// Setup sends many inquiries and deal messages from the same personas; the limits have their own tests.
beforeEach(async () => {
  await resetInquiryLimits();
  await resetDealLimits();
});

// Every operation × persona: the status each persona gets, the Japanese error envelope on each
// refusal, and no answer carrying a password, token hash or other secret.
const PUBLIC_FILES = ["GET /api/image/{imageId}", "GET /api/document-download/brochure.pdf"];

/** What the security headers of an API answer lack; `authenticated`: sent with a token. */
function headerProblems(h: Headers, authenticated: boolean, op: string): string[] {
  const problems: string[] = [];
  if (h.get("x-content-type-options") !== "nosniff") problems.push("X-Content-Type-Options");
  if (!/frame-ancestors 'none'|sandbox/.test(h.get("content-security-policy") ?? "")) problems.push("CSP");
  if (!h.get("referrer-policy")) problems.push("Referrer-Policy");
  // Files that are the same for everyone (public images, the brochure) may be cached; nothing
  // else a token opens may be.
  const type = h.get("content-type") ?? "";
  if (authenticated && !PUBLIC_FILES.includes(op) && !/no-store|private/.test(h.get("cache-control") ?? "")) {
    problems.push(`Cache-Control on an authenticated ${type} answer: ${h.get("cache-control")}`);
  }
  return problems;
}

describe("authorization matrix", () => {
  it("the secret scan finds a secret however deep, and not the names of input fields", () => {
    expect(secretKeys({ items: [{ user: { passwordHash: "x" } }] })).toEqual([
      "$.items[0].user.passwordHash",
    ]);
    expect(secretKeys({ error: { fields: { currentPassword: "違います" } } })).toEqual([]);
  });

  it("has at least one case for every operation of the OpenAPI document", () => {
    const covered = new Set(matrix.map((c) => c.op));
    const missing = operations.filter((op) => !covered.has(op));
    expect(missing, `operations without a row in tests/security/authorization/matrix.ts`).toEqual([]);
    const unknown = [...covered].filter((op) => !operations.includes(op));
    expect(unknown, "rows naming an operation the API does not have").toEqual([]);
  });

  it("gives every operation a row where some persona succeeds", () => {
    const succeeds = new Set(
      matrix.filter((c) => Object.values(c.expect).some((s) => s >= 200 && s < 300)).map((c) => c.op),
    );
    const refusalsOnly = operations.filter((op) => !succeeds.has(op));
    expect(refusalsOnly, "operations whose rows only ever refuse").toEqual([]);
  });

  for (const row of matrix) {
    it(`${row.op}${row.name ? ` (${row.name})` : ""}`, async () => {
      const got: Record<string, number> = {};
      for (const actor of ACTORS) {
        const req = await row.request(personas, actor);
        const token = req.token === undefined ? personas[actor].token : (req.token ?? undefined);
        const method = row.op.split(" ")[0]!;
        const res = await api(method, req.path, { token, body: req.body, headers: req.headers });
        got[actor] = res.status;
        expect(secretKeys(res.body), `${actor}: an answer carries a secret`).toEqual([]);
        expect(headerProblems(res.headers, Boolean(token), row.op), `${actor}: headers`).toEqual([]);
        if (res.status >= 400) {
          // Every refusal carries the error envelope with a Japanese message: a 404 too, so a
          // route that is not mounted (Hono's plain-text 404) cannot pass as "not found".
          expect(res.body?.error?.message, `${actor}: ${JSON.stringify(res.body)}`).toMatch(
            /[ぁ-んァ-ヶ一-龥]/,
          );
          // The app's answer for a path no route matches is not the operation's own "not found".
          expect(res.body.error.message, `${actor}: ${req.path} reached no route`).not.toBe(NO_ROUTE);
        }
      }
      expect(got).toEqual(row.expect);
    });
  }
});
