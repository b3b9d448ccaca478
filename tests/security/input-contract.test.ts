import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createPersonas, type Personas } from "../factories/actors";
import { api } from "../factories/http";
import type { JsonSchema } from "./fuzz/json-schema";
import { type Operation, operationsOf } from "./fuzz/requests";

/**
 * The input contract, generated from /api/openapi.json: authentication comes before the body
 * (issue 15 item 1), JSON bodies take JSON types (item 3), every message is the product's own
 * Japanese wording (item 4) and every integer has a bound, array items included (item 5).
 */
const { createApp } = await import("@/api/app");
const doc = await (await createApp().request("/api/openapi.json")).json();
const operations = operationsOf(doc);

const schemes = (op: Operation) => op.security.map((s) => Object.keys(s));
/** Operations nobody may call without a token (no `{}` alternative in their security). */
const protectedOps = operations.filter(
  (op) => op.security.length > 0 && !schemes(op).some((keys) => keys.length === 0),
);
const ownerOnly = (op: Operation) => schemes(op).every((keys) => keys.includes("OwnerBearer"));

/** Phrases of zod's own messages (its ja locale and its English default): none may reach a person. */
const LIBRARY_WORDING =
  /無効な(入力|選択|文字列|数値)|が期待されました|が入力されました|大きすぎる値|小さすぎる値|認識されていないキー|内の無効な|である必要があります|Invalid|Expected|Too (big|small)|received/;

function pathOf(op: Operation): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const schema = op.parameters.find((p) => p.name === name)?.schema ?? {};
    const types = JSON.stringify(schema);
    if (types.includes('"integer"') || types.includes('"number"')) return String(schema.minimum ?? 2026);
    return randomUUID();
  });
}

function tokenFor(op: Operation, p: Personas): string | undefined {
  if (op.security.length === 0) return undefined;
  return ownerOnly(op) ? p.owner.token : p.buyerAdmin.token;
}

function typesOf(s: JsonSchema): string[] {
  const own = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  return [...own, ...[...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(typesOf)];
}

/** Every field of a body, arrays entered ("categoryIds.0", "factories.0.name"). */
function fieldsOf(schema: JsonSchema, at = ""): Array<[string, JsonSchema]> {
  const out: Array<[string, JsonSchema]> = [];
  const branches = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  for (const b of branches) {
    for (const [k, s] of Object.entries(b.properties ?? {})) {
      const key = at ? `${at}.${k}` : k;
      out.push([key, s]);
      out.push(...fieldsOf(s, key));
    }
    const items = b.items;
    if (items) {
      out.push([`${at}.0`, items]);
      out.push(...fieldsOf(items, `${at}.0`));
    }
  }
  return out;
}

/** An object holding `value` at `path` ("factories.0.name"). */
function bodyWith(path: string, value: unknown): unknown {
  const keys = path.split(".");
  const root: any = /^\d+$/.test(keys[0]!) ? [] : {};
  let at = root;
  for (const [i, k] of keys.entries()) {
    if (i === keys.length - 1) at[k] = value;
    else at = at[k] = /^\d+$/.test(keys[i + 1]!) ? [] : {};
  }
  return root;
}

/** A value of a JSON type the field does not take. */
function wrongTypeFor(types: string[]): unknown {
  if (types.includes("integer") || types.includes("number")) return types.includes("string") ? [] : "10";
  if (types.includes("boolean")) return "true";
  if (types.includes("string")) return 12;
  if (types.includes("array")) return "1,2";
  if (types.includes("object")) return "x";
  return undefined;
}

const jsonOps = operations.filter((op) => op.jsonBody && !op.path.endsWith("/upload"));

let p: Personas;
beforeAll(async () => {
  p = await createPersonas();
}, 60_000);

describe("input contract (generated from the OpenAPI document)", () => {
  it("finds the operations it checks", () => {
    expect(protectedOps.length).toBeGreaterThan(80);
    expect(jsonOps.length).toBeGreaterThan(40);
  });

  it("every protected operation answers an anonymous empty body 401, before validating it", async () => {
    const wrong: string[] = [];
    for (const op of protectedOps) {
      const res = await api(op.method, pathOf(op), op.method === "GET" ? {} : { body: {} });
      const envelope = typeof res.body?.error?.message === "string";
      if (res.status !== 401 || !envelope) wrong.push(`${op.id} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a signed-in user gets 403, not a validation error, from an operator-only operation", async () => {
    const wrong: string[] = [];
    for (const op of protectedOps.filter(ownerOnly)) {
      const res = await api(op.method, pathOf(op), {
        token: p.buyerAdmin.token,
        ...(op.method === "GET" ? {} : { body: {} }),
      });
      if (res.status !== 403) wrong.push(`${op.id} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("JSON bodies take JSON types: a number sent as a string is refused, naming the field", async () => {
    const accepted: string[] = [];
    let checked = 0;
    for (const op of jsonOps) {
      for (const [field, schema] of fieldsOf(op.jsonBody!)) {
        const types = typesOf(schema);
        if (!(types.includes("integer") || types.includes("number")) || types.includes("string")) continue;
        checked++;
        const res = await api(op.method, pathOf(op), { token: tokenFor(op, p), body: bodyWith(field, "10") });
        const named = Object.keys(res.body?.error?.fields ?? {}).some(
          (k) => k === field || k.startsWith(`${field}.`),
        );
        if (res.status !== 422 || !named) accepted.push(`${op.id} ${field}: ${res.status}`);
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(accepted).toEqual([]);
  });

  it("every integer is bounded, array items included: one above its maximum is a 422 naming the field", async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const op of jsonOps) {
      for (const [field, schema] of fieldsOf(op.jsonBody!)) {
        const integer = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((s) =>
          typesOf({ type: s.type }).includes("integer"),
        );
        if (!integer) continue;
        checked++;
        if (integer.maximum === undefined) problems.push(`${op.id} ${field}: no maximum`);
        const value = integer.maximum === undefined ? 99_999_999_999 : integer.maximum + 1;
        const res = await api(op.method, pathOf(op), {
          token: tokenFor(op, p),
          body: bodyWith(field, value),
        });
        const named = Object.keys(res.body?.error?.fields ?? {}).some(
          (k) => k === field || k.startsWith(`${field}.`),
        );
        if (res.status !== 422 || !named) problems.push(`${op.id} ${field}=${value}: ${res.status}`);
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });

  it("the supplier's OEM information refuses out-of-range ids in its arrays with 422, not 500", async () => {
    for (const field of ["categoryIds", "featureIds"]) {
      const res = await api("PUT", `/api/oem/company/${p.paidSupplier.companyId}/information/update`, {
        token: p.paidSupplier.token,
        body: { [field]: [99_999_999_999] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(Object.keys(res.body.error.fields)).toContain(`${field}.0`);
    }
  });

  it("a wrong type in any field of any JSON body, or in a query parameter, is answered in the product's own words", async () => {
    const library: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const requests: Array<{ what: string; path: string; body?: unknown }> = [];
      if (jsonOps.includes(op))
        for (const [field, schema] of fieldsOf(op.jsonBody!)) {
          const value = wrongTypeFor(typesOf(schema));
          if (value !== undefined)
            requests.push({ what: field, path: pathOf(op), body: bodyWith(field, value) });
        }
      for (const q of op.parameters.filter((x) => x.in === "query"))
        requests.push({ what: `?${q.name}`, path: `${pathOf(op)}?${q.name}=abc` });
      for (const r of requests) {
        const res = await api(op.method, r.path, {
          token: tokenFor(op, p),
          ...(r.body !== undefined ? { body: r.body } : op.jsonBody ? { body: {} } : {}),
        });
        checked++;
        const messages = [res.body?.error?.message, ...Object.values(res.body?.error?.fields ?? {})];
        for (const m of messages)
          if (typeof m === "string" && LIBRARY_WORDING.test(m)) library.push(`${op.id} ${r.what}: ${m}`);
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect([...new Set(library)]).toEqual([]);
  });
});
