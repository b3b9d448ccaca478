import { z } from "zod";
import { ja } from "zod/v4/locales";

// Every message a person reads is Japanese, including zod's defaults.
z.config(ja());

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
