import fc from "fast-check";
import { fieldMutations, type Hints, ODD_STRINGS, validValue } from "./generate";
import { type JsonSchema, typesOf } from "./json-schema";

/** One operation of the OpenAPI document, as the fuzzer reads it. */
export interface Operation {
  method: string;
  /** "/api/oem/company/{companyId}" */
  path: string;
  id: string;
  parameters: Array<{
    name: string;
    in: "path" | "query" | "header";
    required?: boolean;
    schema: JsonSchema;
  }>;
  jsonBody?: JsonSchema;
  multipartBody?: JsonSchema;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security: Array<Record<string, unknown>>;
}

export function operationsOf(doc: any): Operation[] {
  return Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const p = path.startsWith("/api") ? path : `/api${path}`;
      return {
        method: method.toUpperCase(),
        path: p,
        id: `${method.toUpperCase()} ${p}`,
        parameters: op.parameters ?? [],
        jsonBody: op.requestBody?.content?.["application/json"]?.schema,
        multipartBody: op.requestBody?.content?.["multipart/form-data"]?.schema,
        responses: op.responses ?? {},
        security: op.security ?? [],
      };
    }),
  );
}

export interface Part {
  name: string;
  value: string | Uint8Array;
  fileName?: string;
  type?: string;
}

/** A generated request, plain data so fast-check can print and shrink it. */
export interface FuzzRequest {
  /** valid: conforms to the schemas; invalid: breaks them (must be refused); odd: strange but may pass. */
  kind: "valid" | "invalid" | "odd";
  note: string;
  path: string;
  headers: Record<string, string>;
  json?: unknown;
  raw?: string;
  multipart?: Part[];
  /** For an invalid request: the statuses it may get. */
  expect?: number[];
  /** The field an invalid request broke: the 422 must name it. */
  field?: string;
}

/** How valid values are made for one operation (ids that exist, the caller's company, …). */
export interface Shape {
  params: Record<string, fc.Arbitrary<string>>;
  hints: Hints;
  /** Valid multipart parts (uploads). */
  parts?: fc.Arbitrary<Part[]>;
}

/** Percent-encodes a path segment; a lone surrogate becomes its (invalid) UTF-8 bytes. */
function encodeSegment(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return [...v].map((ch) => (/[\uD800-\uDFFF]/.test(ch) ? "%ED%A0%80" : encodeURIComponent(ch))).join("");
  }
}

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => encodeSegment(params[k] ?? ""));
}

function queryString(q: Record<string, unknown>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) sp.append(k, String(x));
    else sp.append(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : "";
}

interface Base {
  params: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  json?: unknown;
  multipart?: Part[];
}

function build(
  op: Operation,
  b: Base,
  extra: Omit<FuzzRequest, "path" | "headers" | "json" | "multipart">,
): FuzzRequest {
  return {
    ...extra,
    path: fill(op.path, b.params) + queryString(b.query),
    headers: b.headers,
    ...(b.json !== undefined ? { json: b.json } : {}),
    ...(b.multipart ? { multipart: b.multipart } : {}),
  };
}

/** A valid request's parts: path, query, headers and body from the schemas and the shape's hints. */
function baseOf(op: Operation, shape: Shape): fc.Arbitrary<Base> {
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const headerParams = op.parameters.filter((p) => p.in === "header");
  const paramArbs: Record<string, fc.Arbitrary<string>> = {};
  for (const p of pathParams)
    paramArbs[p.name] = shape.params[p.name] ?? validValue(p.schema, shape.hints, p.name).map(String);
  const queryArbs: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of queryParams) queryArbs[p.name] = validValue(p.schema, shape.hints, p.name);
  const headerArbs: Record<string, fc.Arbitrary<string>> = {};
  for (const p of headerParams) headerArbs[p.name] = fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/);
  return fc.record({
    params: fc.record(paramArbs),
    query: fc.record(queryArbs, { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) }),
    headers: fc.record(headerArbs, {
      requiredKeys: headerParams.filter((p) => p.required).map((p) => p.name),
    }),
    json: op.jsonBody ? validValue(op.jsonBody, shape.hints) : fc.constant(undefined),
    multipart: op.multipartBody && shape.parts ? shape.parts : fc.constant(undefined),
  }) as fc.Arbitrary<Base>;
}

/**
 * Every integer of the body (array items included) just beyond its bound and beyond 32 bits, each
 * sent once: a 5xx from an unbounded id must not depend on the random draw finding it.
 */
export function boundaryRequests(op: Operation, shape: Shape, seed: number): FuzzRequest[] {
  const body = op.jsonBody;
  if (!body || op.path.endsWith("/upload") || (body.oneOf ?? body.anyOf)) return [];
  const [b] = fc.sample(baseOf(op, shape), { seed, numRuns: 1 });
  return fieldsOf(body).flatMap(([key, s]) => {
    const int = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].find((x) => typesOf(x).includes("integer"));
    if (!int) return [];
    const values = [...new Set([(int.maximum ?? 2 ** 31 - 1) + 1, 2 ** 31, 99_999_999_999])].filter(
      (v) => v > (int.maximum ?? 2 ** 31 - 1),
    );
    return values.map((v) =>
      build(
        op,
        { ...b!, json: setPath(b!.json, key, v) },
        {
          kind: "invalid",
          note: `body ${key}: ${v}, beyond its bound`,
          expect: [422],
          field: key.split(".")[0],
        },
      ),
    );
  });
}

/** Every request the fuzzer may send to `op`: about 40 % valid, the rest broken or odd. */
export function requestsFor(op: Operation, shape: Shape): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const headerParams = op.parameters.filter((p) => p.in === "header");
  const base = baseOf(op, shape);

  const valid = base.map((b) => build(op, b, { kind: "valid", note: "valid" }));
  const broken: Array<fc.Arbitrary<FuzzRequest>> = [];

  // ---- path parameters
  for (const p of pathParams) {
    const s = p.schema;
    const bad = [
      ...(s.format === "uuid"
        ? ["not-a-uuid", "123", "00000000-0000-0000-0000-00000000000g", "' OR 1=1 --", "ＡＢＣ"]
        : []),
      ...(s.maxLength !== undefined ? ["a".repeat(s.maxLength + 1)] : []),
    ];
    if (bad.length)
      broken.push(
        fc.tuple(base, fc.constantFrom(...bad)).map(([b, v]) =>
          build(
            op,
            { ...b, params: { ...b.params, [p.name]: v } },
            {
              kind: "invalid",
              note: `path ${p.name}=${JSON.stringify(v.slice(0, 20))}`,
              expect: [404, 422],
            },
          ),
        ),
      );
    broken.push(
      fc
        .tuple(
          base,
          fc.constantFrom(
            "00000000-0000-0000-0000-000000000000",
            "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF",
            "a/b",
            "..",
            "%00",
            "\u0000",
            "\uD800",
            "🏭",
            "1e308",
            "-1",
            "0",
            "999999999999999999999",
            ...ODD_STRINGS.filter((x) => x.length < 50),
          ),
        )
        .map(([b, v]) =>
          build(
            op,
            { ...b, params: { ...b.params, [p.name]: v } },
            {
              kind: "odd",
              note: `path ${p.name}=${JSON.stringify(v)}`,
            },
          ),
        ),
    );
  }

  // ---- query parameters
  for (const p of queryParams) {
    const s = p.schema;
    const types = JSON.stringify(s);
    const bad: unknown[] = [];
    if (types.includes('"integer"') && !s.anyOf) bad.push("abc", "1.5", "1e400", "99999999999999999999999");
    if (s.maximum !== undefined) bad.push(String(s.maximum + 1));
    if (s.minimum !== undefined) bad.push(String(s.minimum - 1));
    if (s.enum) bad.push("UNKNOWN", ["a", "b"]);
    if (s.format === "uuid") bad.push("not-a-uuid", "' OR 1=1 --");
    if (s.maxLength !== undefined) bad.push("長".repeat(s.maxLength + 1));
    const badValues = bad;
    if (badValues.length)
      broken.push(
        fc.tuple(base, fc.constantFrom(...badValues)).map(([b, v]) =>
          build(
            op,
            { ...b, query: { ...b.query, [p.name]: v } },
            {
              kind: "invalid",
              note: `query ${p.name}=${JSON.stringify(v).slice(0, 30)}`,
              expect: [422],
              field: p.name,
            },
          ),
        ),
      );
    if (p.required)
      broken.push(
        base.map((b) => {
          const { [p.name]: _, ...rest } = b.query;
          return build(
            op,
            { ...b, query: rest },
            {
              kind: "invalid",
              note: `query ${p.name} missing`,
              expect: [422],
              field: p.name,
            },
          );
        }),
      );
    broken.push(
      fc
        .tuple(
          base,
          fc.constantFrom(...ODD_STRINGS, ["1", "2"], "%", "%%32%", "&=&=", "0x10", "-1", "", "2147483648"),
        )
        .map(([b, v]) =>
          build(
            op,
            { ...b, query: { ...b.query, [p.name]: v } },
            {
              kind: "odd",
              note: `query ${p.name}=${JSON.stringify(v).slice(0, 30)}`,
            },
          ),
        ),
    );
  }
  // Unknown query parameters are ignored.
  broken.push(
    base.map((b) =>
      build(
        op,
        { ...b, query: { ...b.query, __proto__x: "1", "constructor[prototype]": "x" } },
        {
          kind: "odd",
          note: "unknown query parameters",
        },
      ),
    ),
  );

  // ---- headers
  for (const p of headerParams) {
    const s = p.schema;
    const bad = [
      ...(s.minLength ? ["x".repeat(s.minLength - 1)] : []),
      ...(s.maxLength ? ["x".repeat(s.maxLength + 1)] : []),
    ];
    if (bad.length)
      broken.push(
        fc.tuple(base, fc.constantFrom(...bad)).map(([b, v]) =>
          build(
            op,
            { ...b, headers: { ...b.headers, [p.name]: v } },
            {
              kind: "invalid",
              note: `header ${p.name} length ${v.length}`,
              expect: [422],
              field: p.name,
            },
          ),
        ),
      );
  }

  // ---- JSON body
  // Upload routes read their bodies themselves (their own size limit, the company checked first).
  const selfParsed = op.path.endsWith("/upload");
  const handlerRefusals = [400, 403, 404, 413, 415, 422];
  if (op.jsonBody) {
    const body = op.jsonBody;
    const objectBranches = body.oneOf ?? body.anyOf ?? [body];
    // A body with no required field may be empty: a missing or unreadable one is then no error.
    const needsBody = objectBranches.length === 1 && (body.required ?? []).length > 0;
    // In a union, a field of one branch is ignored by another: breaking it is odd, not invalid.
    const union = objectBranches.length > 1;
    for (const [key, propSchema] of fieldsOf(objectBranches[0]!)) {
      broken.push(
        fc.tuple(base, fieldMutations(propSchema)).map(([b, m]) => {
          const json = setPath(b.json, key, m.value);
          const odd = m.mayPass || union;
          return build(
            op,
            { ...b, json },
            {
              kind: odd ? "odd" : "invalid",
              note: `body ${key}: ${m.note}`,
              ...(odd ? {} : { expect: selfParsed ? handlerRefusals : [422], field: key.split(".")[0] }),
            },
          );
        }),
      );
    }
    for (const key of objectBranches.length === 1 ? (body.required ?? []) : []) {
      broken.push(
        base.map((b) => {
          const { [key]: _, ...rest } = (b.json ?? {}) as Record<string, unknown>;
          return build(
            op,
            { ...b, json: rest },
            {
              kind: "invalid",
              note: `body ${key} missing`,
              expect: [422],
              field: key,
            },
          );
        }),
      );
    }
    broken.push(
      fc
        .tuple(
          base,
          fc.constantFrom<[string, unknown, number[]]>(
            ["an array", [{ a: 1 }], [422]],
            ["a string", "本文", [422]],
            ["a number", 42, [422]],
            ["null", null, [422]],
            ["an empty object", {}, [200, 201, 422]],
          ),
        )
        .map(([b, [note, json, expect]]) =>
          build(
            op,
            { ...b, json },
            {
              kind: expect.includes(200) ? "odd" : "invalid",
              note: `body is ${note}`,
              ...(expect.includes(200) ? {} : { expect }),
            },
          ),
        ),
    );
    broken.push(
      fc
        .tuple(
          base,
          fc.constantFrom(
            "{",
            '{"a":',
            "nul",
            "{'single': 1}",
            '{"a":1,}',
            "\u0000",
            '{"a":"\\ud800"',
            `${"[".repeat(5000)}${"]".repeat(5000)}`,
            `{"x":${"[".repeat(100_000)}`,
          ),
        )
        .map(([b, raw]) => ({
          ...build(op, b, {
            kind: "invalid",
            note: `malformed JSON ${JSON.stringify(raw.slice(0, 12))}`,
            // A long one may be refused by its size first where an operation reads little (client log: 2 kB).
            expect: raw.length > 2048 ? [400, 413, 422] : [400, 422],
          }),
          json: undefined,
          raw,
          headers: { ...b.headers, "content-type": "application/json" },
        })),
    );
    broken.push(
      fc
        .tuple(base, fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/xml"))
        .map(([b, type]) => ({
          ...build(
            op,
            b,
            needsBody
              ? { kind: "invalid", note: `body as ${type}`, expect: [400, 415, 422] }
              : { kind: "odd", note: `body as ${type}` },
          ),
          json: undefined,
          raw: JSON.stringify(b.json ?? {}),
          headers: { ...b.headers, "content-type": type },
        })),
    );
    broken.push(
      base.map((b) => ({
        // Uploads take up to about 14 MB: 2 MB is no error there.
        ...build(
          op,
          b,
          selfParsed
            ? { kind: "odd", note: "a 2 MB body" }
            : { kind: "invalid", note: "a 2 MB body", expect: [413] },
        ),
        json: undefined,
        raw: JSON.stringify({ ...(b.json as object), padding: "x".repeat(2 * 1024 * 1024) }),
        headers: { ...b.headers, "content-type": "application/json" },
      })),
    );
    broken.push(
      base.map((b) => ({
        ...build(
          op,
          b,
          needsBody
            ? { kind: "invalid", note: "no body", expect: selfParsed ? handlerRefusals : [400, 422] }
            : { kind: "odd", note: "no body" },
        ),
        json: undefined,
      })),
    );
  }

  // ---- multipart body (uploads)
  if (op.multipartBody) {
    const tooLongCaption = "長".repeat(201);
    broken.push(
      fc
        .tuple(
          base,
          fc.constantFrom<[string, Part[], number[]]>(
            ["no file", [{ name: "caption", value: "説明" }], [422]],
            ["file as a text field", [{ name: "file", value: "not a file" }], [415, 422]],
            [
              "an empty file",
              [{ name: "file", value: new Uint8Array(0), fileName: "a.png", type: "image/png" }],
              [415, 422],
            ],
            [
              "text named .png",
              [{ name: "file", value: "hello world", fileName: "写真.png", type: "image/png" }],
              [415, 422],
            ],
            [
              "an SVG",
              [
                {
                  name: "file",
                  value: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
                  fileName: "a.svg",
                  type: "image/svg+xml",
                },
              ],
              [415, 422],
            ],
            [
              "an HTML file named .pdf",
              [
                {
                  name: "file",
                  value: "<html><script>alert(1)</script></html>",
                  fileName: "a.pdf",
                  type: "application/pdf",
                },
              ],
              [415, 422],
            ],
            [
              "random bytes",
              [
                {
                  name: "file",
                  value: new Uint8Array([0, 1, 2, 3, 255, 254, 0, 0]),
                  fileName: "\u0000.bin",
                  type: "application/octet-stream",
                },
              ],
              [415, 422],
            ],
          ),
        )
        .map(([b, [note, parts, expect]]) => ({
          ...build(op, b, { kind: "invalid", note: `upload: ${note}`, expect: [...expect, 403, 404] }),
          multipart: parts,
        })),
    );
    if (op.multipartBody.properties?.caption)
      broken.push(
        base.map((b) => ({
          ...build(op, b, { kind: "invalid", note: "upload: caption too long", expect: [403, 404, 422] }),
          multipart: [
            ...(b.multipart ?? []).filter((p) => p.name !== "caption"),
            { name: "caption", value: tooLongCaption },
          ],
        })),
      );
    broken.push(
      fc.tuple(base, fc.constantFrom("--x\r\nbroken", "", "not multipart at all")).map(([b, raw]) => ({
        ...build(op, b, {
          kind: "invalid",
          note: `malformed multipart ${JSON.stringify(raw)}`,
          expect: [400, 403, 404, 415, 422],
        }),
        multipart: undefined,
        raw,
        headers: { ...b.headers, "content-type": "multipart/form-data; boundary=zzz" },
      })),
    );
    broken.push(
      base.map((b) => ({
        ...build(op, b, {
          kind: "invalid",
          note: "JSON instead of multipart",
          expect: [400, 403, 404, 415, 422],
        }),
        multipart: undefined,
        json: { file: "data:image/png;base64,AAAA" },
      })),
    );
  }

  // ---- a stray body where none is expected (ignored)
  if (!op.jsonBody && !op.multipartBody && op.method !== "GET")
    broken.push(
      base.map((b) => ({
        ...build(op, b, { kind: "odd", note: "unexpected body" }),
        raw: '{"isAdmin":true,"companyId":"x"',
        headers: { ...b.headers, "content-type": "application/json" },
      })),
    );

  return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 3, arbitrary: fc.oneof(...broken) });
}

/**
 * The fields of an object body, into arrays: the items themselves ("categoryIds.0") and the
 * fields of items that are objects ("factories.0.name"), so an item's value is broken too.
 */
export function fieldsOf(schema: JsonSchema): Array<[string, JsonSchema]> {
  const out: Array<[string, JsonSchema]> = [];
  for (const [k, s] of Object.entries(schema.properties ?? {})) {
    out.push([k, s]);
    const items = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].find((b) => b.items)?.items;
    if (!items) continue;
    out.push([`${k}.0`, items]);
    if (items.properties)
      for (const [k2, s2] of Object.entries(items.properties)) out.push([`${k}.0.${k2}`, s2]);
  }
  return out;
}

export function setPath(json: unknown, path: string, value: unknown): unknown {
  const root = structuredClone((json ?? {}) as Record<string, unknown>);
  const keys = path.split(".");
  let at: any = root;
  for (const [i, k] of keys.slice(0, -1).entries()) {
    const next = keys[i + 1]!;
    if (at[k] === undefined || at[k] === null || typeof at[k] !== "object")
      at[k] = /^\d+$/.test(next) ? [] : {};
    // An item whose field is broken starts as a valid one (a factory, a gallery image).
    if (Array.isArray(at[k]) && at[k].length === 0 && i + 2 < keys.length)
      at[k].push({ name: "工場", prefectureId: 13, fileId: "00000000-0000-4000-8000-000000000000" });
    at = at[k];
  }
  at[keys[keys.length - 1]!] = value;
  return root;
}
