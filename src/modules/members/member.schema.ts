import { z } from "zod";
import { paginationQuery } from "@/lib/pagination";
import { emailField, optionalText, passwordField, phoneField, requiredText } from "@/lib/validation";

export const memberRole = z.enum(["ADMIN", "GENERAL"], { error: "権限を選択してください" });

export const membersQuery = paginationQuery;

export const member = z.object({
  kind: z.enum(["MEMBER", "INVITATION"]),
  /** The user id of a member, or the invitation id of a pending invitation (the spec's {userId}). */
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(["ADMIN", "GENERAL"]),
  department: z.string().nullable(),
  isMe: z.boolean(),
  invitedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  isExpired: z.boolean(),
  joinedAt: z.string().nullable(),
});

export const inviteInput = z.object({
  email: emailField,
  name: optionalText("お名前", 50),
  role: memberRole.default("GENERAL"),
});

export const roleUpdateInput = z.object({ role: memberRole });

const invitationToken = z
  .string({ error: "招待リンクが正しくありません" })
  .min(10, "招待リンクが正しくありません")
  .max(200, "招待リンクが正しくありません");

/** A link already used to join: the page tells the person to log in instead of asking for a resend. */
export const INVITATION_USED =
  "この招待リンクはすでに使われ、参加の手続きは完了しています。登録したメールアドレスとパスワードでログインしてください。";

export const invitationCheckInput = z.object({ token: invitationToken });

/** Joining from an invitation: a new account (name + password) or an existing one (its password). */
export const invitationRegisterInput = z.object({
  token: invitationToken,
  name: requiredText("お名前", 50),
  password: passwordField,
  department: optionalText("部署名", 100),
  phone: phoneField.optional().or(z.literal("").transform(() => undefined)),
  agreeToTerms: z.literal(true, { error: "利用規約とプライバシーポリシーへの同意が必要です" }),
});
export type InvitationRegisterInput = z.infer<typeof invitationRegisterInput>;

export const invitedMember = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(["ADMIN", "GENERAL"]),
  expiresAt: z.string(),
});

/** What an invitation link offers, before the invitee registers or joins. */
export const invitationView = z.object({
  companyName: z.string(),
  companyType: z.enum(["BUYER", "SUPPLIER"]),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(["ADMIN", "GENERAL"]),
  expiresAt: z.string(),
  hasAccount: z.boolean(),
});
