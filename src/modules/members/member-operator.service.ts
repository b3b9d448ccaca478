import type { DbOrTx } from "@/server/db/client";
import * as repo from "./member.repository";

// The console's view of a company's members (any company, deactivated ones too): read only.

export interface OperatorMember {
  userId: string;
  name: string;
  email: string;
  role: "ADMIN" | "GENERAL";
  department: string | null;
  phone: string | null;
  emailVerified: boolean;
  joinedAt: string;
}

export async function membersForOperator(db: DbOrTx, companyId: string): Promise<OperatorMember[]> {
  const members = await repo.membersOfCompany(db, companyId);
  return members.map((m) => ({
    userId: m.userId,
    name: m.name,
    email: m.email,
    role: m.role,
    department: m.department,
    phone: m.phone,
    emailVerified: m.emailVerifiedAt !== null,
    joinedAt: m.joinedAt.toISOString(),
  }));
}
