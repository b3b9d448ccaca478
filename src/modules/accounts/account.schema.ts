import { z } from "zod";
import { paginationQuery } from "@/lib/pagination";
import {
  clearable,
  clearableText,
  emailField,
  passwordField,
  phoneField,
  requiredText,
} from "@/lib/validation";

export const companiesQuery = paginationQuery.extend({
  type: z.enum(["BUYER", "SUPPLIER"], { error: "type は BUYER か SUPPLIER を指定してください" }).optional(),
});

export const accountCompany = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(["BUYER", "SUPPLIER"]),
  role: z.enum(["ADMIN", "GENERAL"]),
  paymentStatus: z.enum(["OEM_FREE", "OEM_PAID"]).nullable(),
  isActive: z.boolean(),
});

export const switchCompanyInput = z.object({ companyId: z.uuid("会社を選択してください") });

export const emailUpdateInput = z.object({
  newEmail: emailField,
  password: z
    .string({ error: "現在のパスワードを入力してください" })
    .min(1, "現在のパスワードを入力してください")
    .max(128),
});

export const passwordUpdateInput = z
  .object({
    currentPassword: z
      .string({ error: "現在のパスワードを入力してください" })
      .min(1, "現在のパスワードを入力してください")
      .max(128),
    newPassword: passwordField,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ["newPassword"],
    message: "現在のパスワードとは異なるパスワードを設定してください",
  });

export const memberProfile = z.object({
  companyId: z.string(),
  companyName: z.string(),
  name: z.string(),
  department: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(["ADMIN", "GENERAL"]),
  email: z.string(),
});

/** The person's profile in a company: the complete document, as PUT replaces it. */
export const profileUpdateInput = z.object({
  name: requiredText("お名前", 50),
  department: clearableText("部署名", 100),
  phone: clearable(phoneField),
});

export const invitationQuery = z.object({
  token: z.string({ error: "招待リンクが正しくありません" }).min(10, "招待リンクが正しくありません").max(200),
});

/** What an invitation link offers (the members module's invitation, read here by its token). */
export { invitationView } from "@/modules/members/member.schema";
