import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { owners } from "@/server/db/schema";

// Creating operator accounts (npm run owner:create); their sign-in reads owners in identity.repository.

export async function ownerIdByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: owners.id }).from(owners).where(eq(owners.email, email));
  return row?.id;
}

/** The new operator, or undefined when the email was registered at the same moment by someone else. */
export async function insertOwner(db: DbOrTx, values: { email: string; name: string; passwordHash: string }) {
  const [row] = await db
    .insert(owners)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: owners.id, email: owners.email, name: owners.name });
  return row;
}
