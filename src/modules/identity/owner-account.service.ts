import { z } from "zod";
import { emailField, fieldErrorsOf, requiredText } from "@/lib/validation";
import { hashPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import { AppError, invalid } from "@/server/http/errors";
import { insertOwner, ownerIdByEmail } from "./owner-account.repository";

// Operators (the console's separate realm, decision 0001) are created by `npm run owner:create`, never by sign-up.

export const OWNER_PASSWORD_MIN = 12;

export const ownerAccountInput = z.object({
  email: emailField,
  name: requiredText("氏名", 100),
  password: z
    .string({ error: "パスワードを入力してください" })
    .min(OWNER_PASSWORD_MIN, `パスワードは${OWNER_PASSWORD_MIN}文字以上にしてください`)
    .max(128, "パスワードは128文字以内にしてください"),
});

export async function createOwnerAccount(
  db: Db,
  input: { email: string; name: string; password: string },
): Promise<{ id: string; email: string; name: string }> {
  const parsed = ownerAccountInput.safeParse(input);
  if (!parsed.success) throw invalid(fieldErrorsOf(parsed.error));
  const { email, name, password } = parsed.data;
  const duplicate = () => new AppError("CONFLICT", `運営者 ${email} はすでに登録されています。`);
  if (await ownerIdByEmail(db, email)) throw duplicate();
  const row = await insertOwner(db, { email, name, passwordHash: await hashPassword(password) });
  if (!row) throw duplicate(); // registered at the same moment by someone else
  return row;
}
