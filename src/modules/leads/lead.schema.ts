import { z } from "zod";
import { emailField, optionalText, phoneField, requiredText } from "@/lib/validation";

export const documentDownloadInput = z.object({
  companyName: requiredText("会社名", 100),
  name: requiredText("お名前", 50),
  email: emailField,
  phone: phoneField.optional().or(z.literal("").transform(() => undefined)),
  role: z.enum(["BUYER", "SUPPLIER", "OTHER"], { error: "ご検討中の立場を選択してください" }),
  interest: optionalText("ご興味のある内容", 500),
  agreeToPrivacy: z.literal(true, { error: "プライバシーポリシーへの同意が必要です" }),
});

export const SUPPORT_CATEGORIES = [
  "サービスについて",
  "アカウント・ログイン",
  "料金・請求",
  "不具合のご報告",
  "その他",
] as const;

export const supportInput = z.object({
  category: z.enum(SUPPORT_CATEGORIES, { error: "お問い合わせ種別を選択してください" }),
  message: requiredText("お問い合わせ内容", 3000),
  name: requiredText("お名前", 50),
  email: emailField,
  phone: phoneField.optional().or(z.literal("").transform(() => undefined)),
  companyName: optionalText("会社名", 100),
});

export const acceptedResult = z.object({ ok: z.literal(true), id: z.string(), message: z.string() });
