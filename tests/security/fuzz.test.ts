import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../factories/http";
import { createContext, type FuzzContext } from "./fuzz/context";
import { type JsonSchema, preview, undeclaredKeys, validate } from "./fuzz/json-schema";
import { LAST, planFor } from "./fuzz/operations";
import {
  boundaryRequests,
  type FuzzRequest,
  type Operation,
  operationsOf,
  requestsFor,
} from "./fuzz/requests";

/**
 * OpenAPI-driven fuzzing: every operation of /api/openapi.json gets 100 generated requests,
 * valid ones (from its schemas, pointing at rows that exist) and broken or odd ones, sent as
 * the persona allowed to call it. No answer may be a 5xx; broken input is refused with the
 * error envelope (a Japanese message, the field named); every success matches its schema.
 * FUZZ_SEED reruns another seed; a failure prints the seed and the request that broke.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_801);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

// Read at collection time from the app itself: one `it` per operation.
const { createApp } = await import("@/api/app");
const doc = await (await createApp().request("/api/openapi.json")).json();
const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
const operations = operationsOf(doc)
  .sort((a, b) => LAST.indexOf(a.id) - LAST.indexOf(b.id))
  .filter((op) => !only || only.test(op.id));

const REFUSALS = [400, 401, 402, 403, 404, 409, 413, 415, 422, 429];
const JAPANESE = /[ぁ-んァ-ヶ一-龥]/;

let ctx: FuzzContext;
interface Stats {
  ms: number;
  requests: number;
  statuses: Record<number, number>;
  /** 2xx answers whose body was checked against the declared response. */
  checked2xx: number;
}
const stats = new Map<string, Stats>();

beforeAll(async () => {
  ctx = await createContext();
}, 120_000);

afterAll(() => {
  const rows = [...stats.entries()].sort((a, b) => b[1].ms - a[1].ms);
  const total = rows.reduce((n, [, s]) => n + s.requests, 0);
  const ok = rows.filter(([, s]) => s.checked2xx > 0).length;
  console.log(
    `fuzz: seed ${SEED}, ${rows.length} operations, ${total} requests, ${ok} operations answered 2xx at least once; slowest: ${rows
      .slice(0, 5)
      .map(([id, s]) => `${id} ${Math.round(s.ms)} ms`)
      .join(", ")}`,
  );
  // Per operation, how many successes had their body checked against the document.
  console.log(
    [...stats.entries()]
      .sort((a, b) => a[1].checked2xx - b[1].checked2xx)
      .map(([id, s]) => `${String(s.checked2xx).padStart(3)} 2xx checked  ${id}`)
      .join("\n"),
  );
  if (process.env.FUZZ_REPORT)
    for (const [id, s] of rows)
      console.log(`${id.padEnd(80)} ${Math.round(s.ms)} ms ${JSON.stringify(s.statuses)}`);
});

function send(req: FuzzRequest, method: string, token: string | undefined) {
  let body: unknown;
  if (req.multipart) {
    const form = new FormData();
    for (const part of req.multipart) {
      if (part.fileName !== undefined)
        form.append(part.name, new File([part.value as BlobPart], part.fileName, { type: part.type }));
      else
        form.append(
          part.name,
          typeof part.value === "string" ? part.value : new Blob([part.value as BlobPart]),
        );
    }
    body = form;
  } else body = req.json;
  return api(method, req.path, {
    token,
    headers: req.headers,
    ...(req.raw !== undefined ? { raw: req.raw } : body !== undefined ? { body } : {}),
  });
}

/** What is wrong with an answer; empty when it is fine. */
function problemsOf(
  op: Operation,
  req: FuzzRequest,
  res: { status: number; body: any; headers: Headers },
): string[] {
  const problems: string[] = [];
  const { status, body } = res;
  if (status >= 500) return [`${status} ${JSON.stringify(body)?.slice(0, 300)}`];
  const declared = op.responses[String(status)];
  if (status < 300) {
    if (req.kind === "invalid") problems.push(`accepted broken input with ${status}`);
    if (!declared) problems.push(`${status} is not a declared answer`);
    const type = res.headers.get("content-type") ?? "";
    const content = declared?.content ?? {};
    // A file served as stored (attachments) is declared application/octet-stream: any type.
    const matching = Object.keys(content).find((t) =>
      t.endsWith("/*")
        ? type.startsWith(t.slice(0, -1))
        : t === "application/octet-stream" || type.startsWith(t),
    );
    if (status !== 204 && status !== 304 && Object.keys(content).length && !matching)
      problems.push(`content-type ${type} is none of ${Object.keys(content).join(", ")}`);
    if (matching === "application/json") {
      const schema = content[matching]?.schema as JsonSchema;
      problems.push(...validate(schema, body).slice(0, 5));
      problems.push(
        ...undeclaredKeys(schema, body)
          .slice(0, 5)
          .map((k) => `${k}: not in the response schema`),
      );
    }
    return problems;
  }
  if (!REFUSALS.includes(status)) problems.push(`unexpected status ${status}`);
  if (req.expect && !req.expect.includes(status))
    problems.push(
      `expected ${req.expect.join(" or ")}, got ${status} ${JSON.stringify(body)?.slice(0, 200)}`,
    );
  const error = body?.error;
  if (!error || typeof error.code !== "string" || typeof error.message !== "string")
    problems.push(`no error envelope: ${preview(body)}`);
  else {
    if (!JAPANESE.test(error.message)) problems.push(`message not in Japanese: ${error.message}`);
    if (error.fields !== undefined) {
      const bad = Object.entries(error.fields).filter(
        ([, m]) => typeof m !== "string" || !JAPANESE.test(m as string),
      );
      if (bad.length || typeof error.fields !== "object")
        problems.push(`fields not Japanese strings: ${preview(error.fields)}`);
    }
    if (status === 422 && error.code === "VALIDATION_FAILED") {
      const keys = Object.keys(error.fields ?? {});
      if (!keys.length) problems.push("422 without field errors");
      if (req.field && !keys.some((k) => k === req.field || k.startsWith(`${req.field}.`)))
        problems.push(`422 does not name ${req.field}: ${keys.join(", ")}`);
    }
  }
  return problems;
}

describe("OpenAPI fuzzing", () => {
  it("covers every operation of the document", () => {
    if (!only) expect(operations.length).toBe(operationsOf(doc).length);
    expect(operations.length).toBeGreaterThan(only ? 0 : 100);
  });

  for (const op of operations) {
    it(op.id, async () => {
      const plan = await planFor(op, ctx);
      const requests = requestsFor(op, plan.shape);
      const s: Stats = { ms: 0, requests: 0, statuses: {}, checked2xx: 0 };
      stats.set(op.id, s);
      const started = performance.now();
      const check = async (req: FuzzRequest) => {
        const token = plan.tokenPerRequest ? await plan.tokenPerRequest() : plan.persona.token;
        const res = await send(
          plan.headers ? { ...req, headers: { ...plan.headers, ...req.headers } } : req,
          op.method,
          token,
        );
        s.requests++;
        s.statuses[res.status] = (s.statuses[res.status] ?? 0) + 1;
        const problems = problemsOf(op, req, res);
        if (problems.length)
          throw new Error(`${op.id} [${req.kind}: ${req.note}] ${req.path}\n  - ${problems.join("\n  - ")}`);
        if (res.status < 300) s.checked2xx++;
        if (res.status < 300 && plan.after) await plan.after();
      };
      for (const req of boundaryRequests(op, plan.shape, SEED)) await check(req);
      const params = { numRuns: Math.ceil(RUNS / plan.batch), seed: SEED, endOnFailure: true };
      if (plan.batch > 1)
        await fc.assert(
          fc.asyncProperty(
            fc.array(requests, { minLength: plan.batch, maxLength: plan.batch }),
            async (batch) => {
              await Promise.all(batch.map(check));
            },
          ),
          params,
        );
      else await fc.assert(fc.asyncProperty(requests, check), params);
      s.ms = performance.now() - started;
      // A valid request answered with a refusal every time would leave the 2xx schema check unrun.
      expect(
        s.checked2xx,
        `${op.id}: no request succeeded for ${plan.persona.email ?? "nobody signed in"}: ${JSON.stringify(s.statuses)}`,
      ).toBeGreaterThan(0);
    });
  }
});
