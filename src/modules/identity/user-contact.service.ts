import type { DbOrTx } from "@/server/db/client";
import { findUserById } from "./identity.repository";

// What other domains ask identity about a user (added for the inquiries module, step 3).

export interface UserContact {
  email: string;
  name: string;
  emailVerified: boolean;
}

/** A user's email, name and whether the email is verified; undefined for an unknown id. */
export async function userContactOf(db: DbOrTx, userId: string): Promise<UserContact | undefined> {
  const user = await findUserById(db, userId);
  return user && { email: user.email, name: user.name, emailVerified: Boolean(user.emailVerifiedAt) };
}
