import { randomBytes } from "node:crypto";

export const PASSWORD = "Passw0rd!demo";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.co.jp`;
}

/** A valid body for POST /api/buyer/register. */
export function buyerRegistration(email = uniqueEmail(), overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: PASSWORD,
    name: "山田 太郎",
    phone: "03-1234-5678",
    companyName: "株式会社テスト商事",
    prefectureId: 13,
    agreeToTerms: true,
    ...overrides,
  };
}
