import fc from "fast-check";
import { type JsonSchema, typesOf } from "./json-schema";

/**
 * Value generators driven by the JSON schemas of the OpenAPI document: `validValue` builds
 * values that satisfy a schema (with hints by field name, so ids and emails point at real
 * rows), `fieldMutations` breaks one field the ways a client or an attacker might.
 */

/** Replaces the generator of a field, by its name (at any depth of the body). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

const JA_CHARS = [
  ..."株式会社製造化粧品食品試作見積ロット対応テストあいうえおアイウエオABCxyz0123456789-・（）",
];

/** Text a Japanese user types: never blank, within the length limits. */
export function text(min = 1, max = 40): fc.Arbitrary<string> {
  const upper = Math.max(min, Math.min(max, 40));
  const arb = fc
    .array(fc.constantFrom(...JA_CHARS), { minLength: Math.max(1, min), maxLength: Math.max(1, upper) })
    .map((cs) => cs.join(""));
  // Sometimes exactly at the limit: the boundary is where off-by-one bugs live.
  if (max > 40 && max <= 20_000)
    return fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: fc.constant("あ".repeat(max)) });
  return arb;
}

export function isoDate(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

function stringValue(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === "uuid") return fc.uuid();
  if (s.format === "date") return fc.integer({ min: -30, max: 400 }).map(isoDate);
  if (s.format === "date-time")
    return fc.integer({ min: -30, max: 400 }).map((d) => new Date(Date.now() + d * 86_400_000).toISOString());
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    return fc
      .stringMatching(re)
      .filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? 1e9));
  }
  return text(s.minLength ?? 0, s.maxLength ?? 200);
}

function numberValue(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  let min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
  let max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : min + 1_000_000);
  min = Math.max(min, Number.MIN_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  const within = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  const bounds = fc.constantFrom(Math.ceil(min), Math.floor(max));
  const arb = fc.oneof({ weight: 4, arbitrary: within }, { weight: 1, arbitrary: bounds });
  return integer ? arb : arb;
}

/** A value that conforms to `schema`. */
export function validValue(schema: JsonSchema, hints: Hints = {}, name?: string): fc.Arbitrary<unknown> {
  if (name && hints[name]) return hints[name]!;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ("const" in schema) return fc.constant(schema.const);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => validValue(b, hints, name)));
  const types = typesOf(schema);
  if (types.length > 1) {
    const nonNull = types.filter((t) => t !== "null");
    const arbs = types.map((t) => validValue({ ...schema, type: t }, hints, name));
    // Mostly the real type; null now and then.
    return nonNull.length < types.length
      ? fc.oneof(
          { weight: 4, arbitrary: fc.oneof(...arbs.slice(0, -1)) },
          { weight: 1, arbitrary: fc.constant(null) },
        )
      : fc.oneof(...arbs);
  }
  switch (types[0]) {
    case "string":
      return stringValue(schema);
    case "integer":
      return numberValue(schema, true);
    case "number":
      return numberValue(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const itemName = name ? `${name}[]` : undefined;
      const item = itemName && hints[itemName] ? hints[itemName]! : validValue(schema.items ?? {}, hints);
      return fc.array(item, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, Math.max(schema.minItems ?? 0, 5)),
      });
    }
    case "object":
      return objectValue(schema, hints);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectValue(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, s] of Object.entries(props)) record[key] = validValue(s, hints, key);
  return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
}

// ------------------------------------------------------------------ breaking one field

export interface Mutation {
  note: string;
  value: unknown;
  /** false: the value breaks the schema and must be refused; true: odd but may be accepted. */
  mayPass: boolean;
  /** Set to drop the field instead of replacing it. */
  drop?: boolean;
}

/** Strings people and attackers send: control characters, odd unicode, injections. */
export const ODD_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\u202Eevil.exe",
  "\u200B\u200D\uFEFF",
  "\uD800",
  "\uDFFF\uD800",
  "🏭👨‍👩‍👧‍👦🇯🇵",
  "ｔｅｓｔ１２３",
  "' OR '1'='1' --",
  "%' OR 1=1; --",
  "<script>alert(1)</script>",
  "\u0024{jndi:ldap://x}",
  "../../etc/passwd",
  "   ",
  "\t\n\r",
  "Ⅻ㍻㌔髙﨑",
  "a".repeat(10_000),
  "\\",
  "%",
  "_",
];

const WRONG_TYPES: Array<[string, unknown]> = [
  ["string", "文字列"],
  ["number", 12345],
  ["boolean", true],
  ["null", null],
  ["array", [1, "二"]],
  ["object", { nested: { deep: [] } }],
];

/** Ways to break (or stress) one field whose schema is `s`. */
export function fieldMutations(s: JsonSchema): fc.Arbitrary<Mutation> {
  const out: Array<fc.Arbitrary<Mutation>> = [];
  const allowed = allowedTypes(s);
  const wrong = WRONG_TYPES.filter(([t]) => !allowed.has(t) && !(t === "number" && allowed.has("integer")));
  // JSON bodies take JSON types: a number sent as text, a boolean or null is refused, never coerced.
  // A field of any type ({}) has no wrong type.
  if (wrong.length && allowed.size)
    out.push(
      fc.constantFrom(...wrong).map(([t, v]) => ({
        note: `wrong type: ${t}`,
        value: v,
        mayPass: false,
      })),
    );
  const str = stringBranch(s);
  if (str) {
    if (str.maxLength !== undefined)
      out.push(
        fc.integer({ min: 1, max: 3 }).map((k) => ({
          note: `longer than ${str.maxLength}`,
          value: "長".repeat(str.maxLength! + (k === 3 ? 50_000 : k)),
          mayPass: false,
        })),
      );
    if ((str.minLength ?? 0) > 1)
      out.push(
        fc.constant({
          note: `shorter than ${str.minLength}`,
          value: "x".repeat(str.minLength! - 1),
          mayPass: false,
        }),
      );
    if (str.format === "uuid")
      out.push(
        fc
          .constantFrom(
            "not-a-uuid",
            "00000000-0000-0000-0000-00000000000g",
            "123",
            "{a6f3c5d2-8b1e-4f7a-9c3d-2e5b6a7c8d9e}",
            "a6f3c5d28b1e4f7a9c3d2e5b6a7c8d9e0",
            "' OR 1=1 --",
          )
          .map((v) => ({ note: "not a uuid", value: v, mayPass: false })),
      );
    if (str.format === "date" || str.format === "date-time")
      out.push(
        fc
          .constantFrom("2024-13-01", "not-a-date", "2024/01/01", "99999-01-01", "2024-01-01T25:61:00Z")
          .map((v) => ({ note: `not a ${str.format}`, value: v, mayPass: false })),
      );
    if (str.pattern)
      out.push(
        fc
          .constantFrom("abc", "０３-１２３４-５６７８", "\u0000")
          .filter((v) => !new RegExp(str.pattern!).test(v))
          .map((v) => ({ note: `does not match ${str.pattern}`, value: v, mayPass: false })),
      );
    if (str.enum)
      out.push(
        fc
          .constantFrom("UNKNOWN", "buyer", "")
          .map((v) => ({ note: "not in the enum", value: v, mayPass: !!str.enum?.includes(v) })),
      );
    out.push(
      fc
        .constantFrom(...ODD_STRINGS)
        .map((v) => ({ note: `odd string ${JSON.stringify(v.slice(0, 12))}`, value: v, mayPass: true })),
    );
  }
  const num = numberBranch(s);
  if (num) {
    const integer = typesOf(num).includes("integer");
    const bad: Array<[string, number]> = [
      ["huge", 1e308],
      ["huge negative", -1e308],
      ["beyond a safe integer", 2 ** 53 + 2],
    ];
    if (integer)
      bad.push(["a fraction", 1.5], ["beyond a 32-bit integer", 2 ** 31], ["an 11-digit id", 99_999_999_999]);
    if (num.minimum !== undefined) bad.push([`below ${num.minimum}`, num.minimum - 1]);
    if (num.exclusiveMinimum !== undefined)
      bad.push([`not above ${num.exclusiveMinimum}`, num.exclusiveMinimum]);
    if (num.maximum !== undefined) bad.push([`above ${num.maximum}`, num.maximum + 1]);
    // A number without limits may take a big value: only fractions and unsafe integers are sure to fail.
    const limited =
      num.minimum !== undefined || num.maximum !== undefined || num.exclusiveMinimum !== undefined;
    // Every integer declares its bound (the columns are 32-bit or bigger): beyond it is refused.
    out.push(
      fc.constantFrom(...bad).map(([note, v]) => ({
        note: `number ${note}`,
        value: v,
        mayPass: (!limited && !integer) || (Number.isInteger(v) && v > 0 && (num.maximum ?? 0) >= v),
      })),
    );
    if (num.enum) out.push(fc.constant({ note: "number not in the enum", value: 7, mayPass: false }));
  }
  const arr = arrayBranch(s);
  if (arr) {
    if (arr.maxItems !== undefined)
      out.push(
        fc.constant({
          note: `more than ${arr.maxItems} items`,
          value: Array.from({ length: arr.maxItems + 1 }, (_, i) => sampleItem(arr.items, i)),
          mayPass: false,
        }),
      );
    if ((arr.minItems ?? 0) > 0) out.push(fc.constant({ note: "empty array", value: [], mayPass: false }));
    if (arr.items && !allowedTypes(arr.items).has("object"))
      out.push(fc.constant({ note: "an object as an item", value: [{ x: 1 }], mayPass: false }));
    out.push(
      fc.constant({ note: "100,000 items", value: Array.from({ length: 100_000 }, () => 1), mayPass: false }),
    );
  }
  if (!allowed.has("null") && allowed.size)
    out.push(fc.constant({ note: "null", value: null, mayPass: false }));
  // Anything goes in a field of any type; a deeply nested value is the odd one.
  if (!allowed.size) {
    let deep: unknown = "底";
    for (let i = 0; i < 500; i++) deep = { d: [deep] };
    out.push(fc.constantFrom<Mutation>({ note: "a deeply nested value", value: deep, mayPass: true }));
    out.push(
      fc.constantFrom(...ODD_STRINGS).map((v) => ({ note: "an odd string", value: v, mayPass: true })),
    );
  }
  return fc.oneof(...out);
}

function allowedTypes(s: JsonSchema): Set<string> {
  const set = new Set<string>();
  const walk = (x: JsonSchema) => {
    for (const t of typesOf(x)) set.add(t);
    for (const b of [...(x.anyOf ?? []), ...(x.oneOf ?? [])]) walk(b);
    if (x.enum && !x.type) for (const e of x.enum) set.add(e === null ? "null" : typeof e);
  };
  walk(s);
  if (set.has("integer")) set.add("number_int");
  return set;
}

/** The branch of a union that is the field's main shape (anyOf: [pattern, "", null] → the pattern one). */
function branch(s: JsonSchema, type: string): JsonSchema | undefined {
  if (typesOf(s).includes(type)) return s;
  return (s.anyOf ?? s.oneOf)?.find(
    (b) => typesOf(b).includes(type) && !(b.enum?.length === 1 && b.enum[0] === ""),
  );
}
function stringBranch(s: JsonSchema) {
  const b = branch(s, "string");
  // In a union with other shapes, a broken string may still match another branch.
  return b;
}
function numberBranch(s: JsonSchema) {
  return branch(s, "integer") ?? branch(s, "number");
}
function arrayBranch(s: JsonSchema) {
  return branch(s, "array");
}

function sampleItem(items: JsonSchema | undefined, i: number): unknown {
  if (!items) return i;
  const types = typesOf(items);
  if (items.enum) return items.enum[0];
  if (items.format === "uuid") return `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
  if (types.includes("integer") || types.includes("number")) return Math.max(1, items.minimum ?? 1);
  if (types.includes("string")) return "x";
  if (types.includes("object")) return {};
  return i;
}
