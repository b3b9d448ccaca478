import { z } from "zod";

type Issue = Parameters<NonNullable<ReturnType<typeof z.config>["localeError"]>>[0];

const EXPECTED: Record<string, string> = {
  number: "数値で入力してください",
  int: "整数で入力してください",
  bigint: "整数で入力してください",
  string: "文字で入力してください",
  boolean: "「はい」か「いいえ」で指定してください",
  array: "一覧の形式が正しくありません",
  object: "正しい形式で入力してください",
  date: "日付の形式が正しくありません",
};

const FORMAT: Record<string, string> = {
  email: "メールアドレスの形式が正しくありません",
  url: "URLの形式が正しくありません",
  uuid: "IDの形式が正しくありません",
  date: "日付の形式が正しくありません（例: 2026-12-01）",
  datetime: "日時の形式が正しくありません",
};

/**
 * The product's own wording for every message a schema does not set itself: a person never reads
 * a library's phrasing (「無効な入力: …が期待されましたが…」), in the API or in a form.
 */
export function productMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "入力してください";
      return EXPECTED[issue.expected] ?? "正しい形式で入力してください";
    case "invalid_value":
      return "選択肢から選んでください";
    case "too_big": {
      const max = String(issue.maximum);
      if (issue.origin === "string") return `${max}文字以内で入力してください`;
      if (issue.origin === "array" || issue.origin === "set") return `${max}件以内で指定してください`;
      return issue.inclusive ? `${max}以下で入力してください` : `${max}未満で入力してください`;
    }
    case "too_small": {
      const min = String(issue.minimum);
      if (issue.origin === "string")
        return min === "1" ? "入力してください" : `${min}文字以上で入力してください`;
      if (issue.origin === "array" || issue.origin === "set") return `${min}件以上指定してください`;
      return issue.inclusive ? `${min}以上で入力してください` : `${min}より大きい値を入力してください`;
    }
    case "invalid_format":
      return FORMAT[issue.format] ?? "正しい形式で入力してください";
    case "not_multiple_of":
      return `${String(issue.divisor)}単位で入力してください`;
    case "unrecognized_keys":
      return "使用できない項目が含まれています";
    default:
      return "正しい形式で入力してください";
  }
}

// Every message a person reads is the product's Japanese, including the ones no schema sets.
z.config({ localeError: productMessage });

export const emailField = z
  .string({ error: "メールアドレスを入力してください" })
  .trim()
  .min(1, "メールアドレスを入力してください")
  .max(254, "メールアドレスは254文字以内で入力してください")
  .pipe(z.email("メールアドレスの形式が正しくありません"))
  .transform((v) => v.toLowerCase());

export const passwordField = z
  .string({ error: "パスワードを入力してください" })
  .min(8, "パスワードは8文字以上で入力してください")
  .max(128, "パスワードは128文字以内で入力してください")
  .regex(/[A-Za-z]/, "パスワードには英字を含めてください")
  .regex(/[0-9]/, "パスワードには数字を含めてください");

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label}を入力してください` })
    .trim()
    .min(1, `${label}を入力してください`)
    .max(max, `${label}は${max}文字以内で入力してください`);

export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label}は${max}文字以内で入力してください`)
    .optional()
    .transform((v) => (v === "" ? undefined : v));

// A PUT carries the complete document (docs/decisions/0005): a field left out is refused, never
// read as "clear it", so a client bug cannot erase what it did not send.
export const MISSING_FIELD = "この項目がありません。空にする場合は null を送ってください";
export const MISSING_LIST = "この項目がありません。空にする場合は [] を送ってください";
const missingOr = (message?: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? MISSING_FIELD : message;

/** Text of a complete document: "" or null clears it (null in the output), leaving it out is refused. */
export const clearableText = (label: string, max: number) =>
  z
    .string({ error: missingOr(`${label}は文字列で入力してください`) })
    .trim()
    .max(max, `${label}は${max}文字以内で入力してください`)
    .transform((v) => (v === "" ? null : v))
    .nullable();

/** Any other field of a complete document: "" or null clears it, leaving it out is refused. */
export const clearable = <T extends z.ZodType>(schema: T) =>
  // null and "" first: a coercing number schema would read them as 0.
  z.union([z.null(), z.literal("").transform(() => null), schema], {
    error: missingOr("入力の形式が正しくありません"),
  });

/** A list of a complete document: [] clears it, leaving it out is refused. */
export const requiredList = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: (issue) => (issue.input === undefined ? MISSING_LIST : undefined) });

export const phoneField = z
  .string()
  .trim()
  .regex(/^0\d{1,4}-?\d{1,4}-?\d{3,4}$/, "電話番号の形式が正しくありません（例: 03-1234-5678）");

export const postalCodeField = z
  .string()
  .trim()
  .regex(/^\d{3}-?\d{4}$/, "郵便番号の形式が正しくありません（例: 100-0001）");

export const urlField = z
  .string()
  .trim()
  .max(500, "URLは500文字以内で入力してください")
  .pipe(z.url({ protocol: /^https?$/, error: "URLの形式が正しくありません（https://から始まるURL）" }));

export const uuidParam = z.uuid("IDの形式が正しくありません");

/**
 * A form's text as the JSON number the API takes ("13" → 13, "−10" → -10, "1.5" → 1.5): a number out
 * of range is then refused with the schema's range message, not 「数字で入力してください」. Other text
 * stays, for the schema to refuse.
 */
export function numberFromText(value: string): number | string {
  const t = value.trim().replace(/^[−－‐]/, "-");
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : value;
}

/** Turns zod issues into `{ "field.path": "message" }`, first message per field. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The largest id an `integer` column holds: a bigger one is refused, not sent to the database. */
export const MAX_INT_ID = 2_147_483_647;

/** An id of a master row (category, feature, reason) in a JSON body: a positive 32-bit integer. */
export const idNumber = (label: string) =>
  z
    .number(`${label}の指定が正しくありません`)
    .int(`${label}の指定が正しくありません`)
    .positive(`${label}の指定が正しくありません`)
    .max(MAX_INT_ID, `${label}の指定が正しくありません`);

/** `{ "field.path": message }` for every string holding a NUL character (PostgreSQL cannot store it). */
export function nulCharFields(value: unknown): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  const visit = (v: unknown, path: string[]) => {
    if (typeof v === "string") {
      if (v.includes("\u0000")) fields[path.join(".") || "_"] ??= "使用できない文字が含まれています";
    } else if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) visit(x, [...path, String(i)]);
    } else if (v && typeof v === "object" && !(v instanceof Blob)) {
      for (const [k, x] of Object.entries(v)) visit(x, [...path, k]);
    }
  };
  visit(value, []);
  return Object.keys(fields).length ? fields : undefined;
}
