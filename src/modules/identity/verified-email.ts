import type { DbOrTx } from "@/server/db/client";
import { forbidden } from "@/server/http/errors";
import { findUserById } from "./identity.repository";

/** Refuses (403) an account that has not yet followed the link of its verification email. */
export async function requireVerifiedEmail(db: DbOrTx, userId: string, message: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user?.emailVerifiedAt) throw forbidden(message);
}
