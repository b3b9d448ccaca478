import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { hashPassword } from "@/server/auth/password";
import { changesSeen } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { emailOutbox, owners } from "@/server/db/schema";
import { api } from "./http";

export const PASSWORD = "Passw0rd!demo";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.co.jp`;
}

export function registrationBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    name: "山田 太郎",
    phone: "03-1234-5678",
    companyName: "株式会社テスト商事",
    prefectureId: 13,
    agreeToTerms: true,
    ...overrides,
  };
}

export interface Account {
  token: string;
  email: string;
  userId: string;
  companyId: string;
}

export async function registerAccount(
  type: "BUYER" | "SUPPLIER",
  overrides: Record<string, unknown> = {},
): Promise<Account> {
  const body = registrationBody(overrides);
  const res = await api("POST", type === "BUYER" ? "/api/buyer/register" : "/api/oem/register", { body });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    token: res.body.token,
    email: body.email as string,
    userId: res.body.user.id,
    companyId: res.body.companyDetails.id,
  };
}

export async function createOwner(email = uniqueEmail("owner")) {
  const [row] = await db()
    .insert(owners)
    .values({ email, name: "運営 花子", passwordHash: await hashPassword(PASSWORD) })
    .returning();
  const res = await api("POST", "/api/auth/owner-login", { body: { email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`owner login failed: ${res.status}`);
  return { id: row!.id, email, token: res.body.token as string };
}

/** The newest email sent to an address, straight from the outbox. */
export async function lastEmailTo(to: string) {
  const [row] = await db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row;
}

export function linkToken(text: string, path: string): string {
  const m = new RegExp(`${path.replace(/[/?]/g, "\\$&")}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return m[1]!;
}

/** Marks the email verified, as following the emailed link does (sending inquiries needs it). */
export async function markVerified(userId: string) {
  const { users } = await import("@/server/db/schema");
  await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
  await changesSeen(db()); // a supplier listed now: the kept searches dropped (decision 0026)
}

/** Every email sent to an address, oldest first (several may share a transaction's timestamp). */
export async function emailsTo(to: string) {
  const { asc } = await import("drizzle-orm");
  return db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(asc(emailOutbox.createdAt));
}

/** A registered account whose email is verified, as uploads, tickets and the public page need. */
export async function registerVerified(
  type: "BUYER" | "SUPPLIER",
  overrides: Record<string, unknown> = {},
): Promise<Account> {
  const account = await registerAccount(type, overrides);
  await markVerified(account.userId);
  return account;
}
