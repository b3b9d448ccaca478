/**
 * The subset of JSON Schema (OpenAPI 3.1) that /api/openapi.json uses, and a validator for it.
 * Unknown keywords fail loudly, so a schema the validator cannot judge never passes silently.
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  description?: string;
}

const KNOWN = new Set([
  "type",
  "enum",
  "const",
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "items",
  "minItems",
  "maxItems",
  "properties",
  "required",
  "additionalProperties",
  "anyOf",
  "oneOf",
  "allOf",
  "default",
  "description",
  "example",
  "examples",
  "title",
]);

const FORMATS: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  "date-time": /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  email: /^[^@\s]+@[^@\s]+$/,
};

export function typesOf(schema: JsonSchema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Every way `value` breaks `schema`, as "path: problem" lines; empty when it conforms. */
export function validate(schema: JsonSchema, value: unknown, at = "$"): string[] {
  const unknown = Object.keys(schema).filter((k) => !KNOWN.has(k));
  if (unknown.length) return [`${at}: the fuzz validator does not know ${unknown.join(", ")}`];
  const errors: string[] = [];
  const types = typesOf(schema);
  if (types.length) {
    const t = jsonType(value);
    const ok = types.some((want) => want === t || (want === "number" && t === "integer"));
    if (!ok) return [`${at}: expected ${types.join("|")}, got ${t} (${preview(value)})`];
  }
  if (schema.enum && !schema.enum.some((e) => e === value))
    errors.push(`${at}: ${preview(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if ("const" in schema && schema.const !== value)
    errors.push(`${at}: expected ${JSON.stringify(schema.const)}`);
  if (typeof value === "string") {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength)
      errors.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && length > schema.maxLength)
      errors.push(`${at}: longer than ${schema.maxLength}`);
    if (schema.pattern && !new RegExp(schema.pattern, "u").test(value))
      errors.push(`${at}: ${preview(value)} does not match ${schema.pattern}`);
    const format = schema.format && FORMATS[schema.format];
    if (format && !format.test(value)) errors.push(`${at}: ${preview(value)} is not a ${schema.format}`);
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum)
      errors.push(`${at}: ${value} < ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum)
      errors.push(`${at}: ${value} > ${schema.maximum}`);
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum)
      errors.push(`${at}: ${value} <= ${schema.exclusiveMinimum}`);
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum)
      errors.push(`${at}: ${value} >= ${schema.exclusiveMaximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      errors.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      errors.push(`${at}: more than ${schema.maxItems} items`);
    if (schema.items)
      for (const [i, v] of value.entries()) errors.push(...validate(schema.items, v, `${at}[${i}]`));
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const key of schema.required ?? [])
      if (!(key in obj)) errors.push(`${at}.${key}: required, missing`);
    for (const [key, v] of Object.entries(obj)) {
      const prop = schema.properties?.[key];
      if (prop) errors.push(...validate(prop, v, `${at}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${at}.${key}: not declared`);
      else if (typeof schema.additionalProperties === "object")
        errors.push(...validate(schema.additionalProperties, v, `${at}.${key}`));
    }
  }
  if (schema.anyOf && !schema.anyOf.some((s) => validate(s, value, at).length === 0))
    errors.push(
      `${at}: matches none of anyOf (${schema.anyOf.map((s) => validate(s, value, at)[0]).join(" / ")})`,
    );
  if (schema.oneOf) {
    const matching = schema.oneOf.filter((s) => validate(s, value, at).length === 0).length;
    if (matching !== 1) errors.push(`${at}: matches ${matching} of oneOf, not exactly one`);
  }
  for (const s of schema.allOf ?? []) errors.push(...validate(s, value, at));
  return errors;
}

/** Keys an object carries that its schema does not declare (an answer saying more than its contract). */
export function undeclaredKeys(schema: JsonSchema, value: unknown, at = "$"): string[] {
  if (Array.isArray(value))
    return schema.items ? value.flatMap((v, i) => undeclaredKeys(schema.items!, v, `${at}[${i}]`)) : [];
  if (!value || typeof value !== "object") return [];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const fit = branches.find((s) => validate(s, value).length === 0);
    return fit ? undeclaredKeys(fit, value, at) : [];
  }
  if (!schema.properties || schema.additionalProperties) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    schema.properties![k] ? undeclaredKeys(schema.properties![k], v, `${at}.${k}`) : [`${at}.${k}`],
  );
}

export function preview(value: unknown): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
