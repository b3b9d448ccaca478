import type { LoginResult, RegisterInput, SessionUser } from "@/modules/identity/identity.schema";
import {
  activeMembershipsOf,
  type ClientInfo,
  createAccount,
  EMAIL_TAKEN,
  sendVerification,
  sessionUserOf,
  startUserSession,
  switchActiveCompany,
} from "@/modules/identity/identity.service";
import { assertUncommonPassword } from "@/server/auth/common-passwords";
import { hashPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import { AppError, invalid } from "@/server/http/errors";
import { enforceRateLimits } from "@/server/http/rate-limit";
import * as repo from "./companies.repository";
import type { AdditionalRegisterInput } from "./company.schema";

// Registration creates a company with its first ADMIN: a new person with their company (signed in),
// or a signed-in person's company of the other type. The person's account is identity's.

/** Registers a person and a company of the type (a supplier on the free tier), signed in. */
export async function register(
  db: Db,
  type: "BUYER" | "SUPPLIER",
  input: RegisterInput,
  client: ClientInfo,
): Promise<LoginResult> {
  await enforceRateLimits(db, [{ key: `register:ip:${client.ip}`, max: 30, windowSeconds: 60 * 60 }]);
  assertUncommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const created = await db.transaction(async (tx) => {
    const user = await createAccount(tx, { email: input.email, name: input.name, passwordHash });
    if (!user) throw invalid({ email: EMAIL_TAKEN });
    const company = await repo.insertCompanyWithAdmin(
      tx,
      {
        type,
        name: input.companyName,
        nameKana: input.companyNameKana,
        postalCode: input.postalCode,
        prefectureId: input.prefectureId,
        address: input.address,
        phone: input.phone,
        website: input.website,
      },
      { userId: user.id, name: input.name, department: input.department, phone: input.phone },
    );
    await sendVerification(tx, user);
    return { userId: user.id, companyId: company.id };
  });
  return startUserSession(db, created.userId, client, created.companyId);
}

/** A signed-in user adds a company of the other type; the session switches to it. */
export async function additionalRegister(
  db: Db,
  actor: { userId: string; sessionId: string },
  type: "BUYER" | "SUPPLIER",
  input: AdditionalRegisterInput,
): Promise<SessionUser> {
  const mine = await activeMembershipsOf(db, actor.userId);
  if (mine.some((m) => m.companyType === type)) {
    throw new AppError(
      "CONFLICT",
      type === "SUPPLIER"
        ? "すでにOEMメーカーとして登録済みです。ユーザーメニューから切り替えてください。"
        : "すでに発注者として登録済みです。ユーザーメニューから切り替えてください。",
    );
  }
  const company = await db.transaction(async (tx) => {
    const row = await repo.insertCompanyWithAdmin(
      tx,
      {
        type,
        name: input.name,
        nameKana: input.nameKana,
        postalCode: input.postalCode,
        prefectureId: input.prefectureId,
        address: input.address,
        phone: input.phone,
        website: input.website,
      },
      { userId: actor.userId, name: input.personName, department: input.department, phone: input.phone },
    );
    await switchActiveCompany(tx, actor.sessionId, row.id);
    return row;
  });
  return sessionUserOf(db, actor.userId, company.id);
}
