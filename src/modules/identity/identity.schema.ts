import { z } from "zod";
import type { SessionUser } from "@/lib/session/session-user";
import {
  emailField,
  optionalText,
  passwordField,
  phoneField,
  postalCodeField,
  requiredText,
  urlField,
} from "@/lib/validation";

export const loginInput = z.object({
  email: emailField,
  password: z
    .string({ error: "パスワードを入力してください" })
    .min(1, "パスワードを入力してください")
    .max(128),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The person and the company they register; the same body for buyer and supplier. */
export const registerInput = z.object({
  email: emailField,
  password: passwordField,
  name: requiredText("お名前", 50),
  department: optionalText("部署名", 100),
  phone: phoneField,
  companyName: requiredText("会社名", 100),
  companyNameKana: optionalText("会社名（カナ）", 100),
  postalCode: postalCodeField.optional(),
  prefectureId: z
    .number("都道府県を選択してください")
    .int("都道府県を選択してください")
    .min(1, "都道府県を選択してください")
    .max(47, "都道府県を選択してください")
    .optional(),
  address: optionalText("住所", 200),
  website: urlField.optional(),
  agreeToTerms: z.literal(true, { error: "利用規約とプライバシーポリシーへの同意が必要です" }),
});
export type RegisterInput = z.infer<typeof registerInput>;

export const accountType = z.enum(["BUYER", "SUPPLIER"], { error: "アカウント種別を選択してください" });
export const registerWithTypeInput = registerInput.extend({ accountType });

export const companySummary = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(["BUYER", "SUPPLIER"]),
  role: z.enum(["ADMIN", "GENERAL"]),
});

/** The session user of spec §3 / PRODUCT.md "API contract". */
export const sessionUser = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), emailVerified: z.boolean() }),
  companyType: z.enum(["BUYER", "SUPPLIER"]).nullable(),
  companyUserProfile: z.object({ name: z.string(), role: z.enum(["ADMIN", "GENERAL"]) }).nullable(),
  companyDetails: z
    .object({
      id: z.string(),
      name: z.string(),
      companyWebsite: z.string().nullable(),
      ticketCount: z.number().int(),
      paymentStatus: z.enum(["OEM_FREE", "OEM_PAID"]).nullable(),
    })
    .nullable(),
  companies: z.array(companySummary),
});
export type { SessionUser };

/** Fails to compile when the zod schema and the shared type of src/lib drift apart. */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sessionUserMatches: SameShape<z.infer<typeof sessionUser>, SessionUser> = true;
void sessionUserMatches;

export const loginResult = sessionUser.extend({ token: z.string(), expiresAt: z.string() });
export type LoginResult = z.infer<typeof loginResult>;

export const ownerProfile = z.object({ id: z.string(), name: z.string(), email: z.string() });
export const ownerLoginResult = z.object({ token: z.string(), expiresAt: z.string(), owner: ownerProfile });

export const passwordEmailInput = z.object({ email: emailField });
export const passwordResetInput = z.object({
  token: z.string({ error: "リンクが正しくありません" }).min(10, "リンクが正しくありません").max(200),
  password: passwordField,
});
export const verifyEmailInput = z.object({
  token: z.string({ error: "リンクが正しくありません" }).min(10, "リンクが正しくありません").max(200),
});

export const okResult = z.object({ ok: z.literal(true), message: z.string().optional() });

// ---------------------------------------------------------------- browser sign-in mechanism

const csrfToken = z.string({ error: "セキュリティ確認用のトークンがありません" }).min(1).max(200);

export const signinInput = loginInput.extend({
  csrfToken,
  accountType: z.enum(["BUYER", "SUPPLIER"]).optional(),
  callbackUrl: z.string().max(2000).optional(),
});

export const signoutInput = z.object({ csrfToken, callbackUrl: z.string().max(2000).optional() });

export const signinResult = z.object({ ok: z.literal(true), url: z.string() });

/** GET /api/auth/session: the session user with its token, or {} when signed out. */
export const browserSession = z.union([
  sessionUser.extend({ token: z.string(), expires: z.string() }),
  z.object({}).strict(),
]);

export const csrfResult = z.object({ csrfToken: z.string() });

export const providersResult = z.object({
  credentials: z.object({
    id: z.literal("credentials"),
    name: z.string(),
    type: z.literal("credentials"),
    signinUrl: z.string(),
    callbackUrl: z.string(),
  }),
});

export const clientLogInput = z.object({
  level: z.enum(["error", "warn", "debug"]).default("error"),
  code: z.string().max(100).optional(),
  // The whole body is read up to 2 kB (routes/auth.ts), so a message stays well below it.
  message: z.string().max(500, "メッセージは500文字以内で送信してください").optional(),
  metadata: z.unknown().optional(),
});
