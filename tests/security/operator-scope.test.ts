import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createOwner, registerAccount } from "../factories/accounts";
import { api, idem } from "../factories/http";
import { validValue } from "./fuzz/generate";
import { type Operation, operationsOf } from "./fuzz/requests";

// Issue 15 item 9: an operator token works only on /api/owner/* and the operator's own session
// calls (owner-me, logout), where every write is audited; on every other bearer operation of the
// OpenAPI document it is refused with 403, and the members' answer is never reached.

const OPERATOR_OWN = ["GET /api/account/owner-me", "POST /api/auth/logout"];

const EMAIL = fc.constant("operator-scope@example.com");
const HINTS = { email: EMAIL, newEmail: EMAIL };

let owner: { token: string };
let operations: Operation[];

beforeAll(async () => {
  owner = await createOwner();
  operations = operationsOf((await api("GET", "/api/openapi.json")).body);
});

/** A request that passes the operation's validation, so the refusal is the token's, not the body's. */
function validRequest(op: Operation, companyId: string) {
  const one = (schema: Operation["parameters"][number]["schema"], name?: string) =>
    fc.sample(validValue(schema, HINTS, name), { numRuns: 1, seed: 15 })[0];
  const value = (p: Operation["parameters"][number]) =>
    p.name === "companyId"
      ? companyId
      : p.schema.format === "uuid"
        ? randomUUID()
        : String(one(p.schema, p.name));
  const params = Object.fromEntries(
    op.parameters.filter((x) => x.in === "path").map((p) => [p.name, value(p)]),
  );
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? randomUUID()),
  );
  const query = new URLSearchParams();
  for (const p of op.parameters.filter((x) => x.in === "query" && x.required)) query.set(p.name, value(p));
  const body = op.jsonBody ? one(op.jsonBody) : undefined;
  return { path: query.size ? `${path}?${query}` : path, body };
}

describe("operator tokens outside the console", () => {
  it("the document has member bearer operations to check, and the operator's own calls are known", () => {
    const ids = operations.map((o) => o.id);
    for (const own of OPERATOR_OWN) expect(ids).toContain(own);
    expect(memberOperations().length).toBeGreaterThan(60);
  });

  it("an operator token is refused with 403 on every non-owner bearer operation of the OpenAPI document", async () => {
    const supplier = await registerAccount("SUPPLIER");
    const wrong: string[] = [];
    for (const op of memberOperations()) {
      const req = validRequest(op, supplier.companyId);
      const multipart = op.multipartBody ? new FormData() : undefined;
      const res = await api(op.method, req.path, {
        token: owner.token,
        headers: idem(),
        body: multipart ?? req.body,
      });
      const message = res.body?.error?.message ?? "";
      if (res.status !== 403 || !/運営アカウント/.test(message))
        wrong.push(`${op.id} → ${res.status} ${message}`);
    }
    expect(wrong).toEqual([]);
  });

  it("the operator's own calls still take the operator token", async () => {
    const me = await api("GET", "/api/account/owner-me", { token: owner.token });
    expect(me.status).toBe(200);
    const listed = await api("GET", "/api/owner/buyer", { token: owner.token });
    expect(listed.status).toBe(200);
  });
});

/** Bearer operations outside /api/owner/* and the operator's own session calls. */
function memberOperations(): Operation[] {
  return operations.filter((op) => {
    const schemes = op.security.flatMap((s) => Object.keys(s));
    return schemes.includes("Bearer") && !op.path.startsWith("/api/owner/") && !OPERATOR_OWN.includes(op.id);
  });
}
