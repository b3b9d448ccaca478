import { eq } from "drizzle-orm";
import type { z } from "zod";
import { env } from "@/env";
import type { ClientInfo } from "@/modules/identity/identity.service";
import type { Db, DbOrTx } from "@/server/db/client";
import { documentDownloadLeads, supportRequests } from "@/server/db/schema";
import { enqueueEmail } from "@/server/email/outbox";
import { brochureMail, supportAcknowledgedMail, supportReceivedMail } from "@/server/email/templates";
import { enforceRateLimits } from "@/server/http/rate-limit";
import type { documentDownloadInput, supportInput } from "./lead.schema";

const ROLE_LABEL = { BUYER: "発注者として検討", SUPPLIER: "OEMメーカーとして検討", OTHER: "その他" } as const;

/** Stores a brochure request and emails the download link, in one transaction. */
export async function requestBrochure(
  db: Db,
  input: z.infer<typeof documentDownloadInput>,
  client: ClientInfo,
) {
  await enforceRateLimits(db, [{ key: `brochure:ip:${client.ip}`, max: 10, windowSeconds: 60 * 60 }]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documentDownloadLeads)
      .values({
        companyName: input.companyName,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        role: ROLE_LABEL[input.role],
        interest: input.interest ?? null,
      })
      .returning({ id: documentDownloadLeads.id });
    await enqueueEmail(
      tx,
      input.email,
      brochureMail({ url: `${env().APP_URL}/api/document-download/brochure.pdf` }),
    );
    return { id: row!.id };
  });
}

/** Stores a support request; the operator gets it and the sender an acknowledgement. */
export async function submitSupport(
  db: Db,
  input: z.infer<typeof supportInput>,
  account: { userId: string; companyId: string | null } | null,
  client: ClientInfo,
) {
  await enforceRateLimits(db, [{ key: `support:ip:${client.ip}`, max: 10, windowSeconds: 60 * 60 }]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportRequests)
      .values({
        category: input.category,
        message: input.message,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        companyName: input.companyName ?? null,
        userId: account?.userId ?? null,
        companyId: account?.companyId ?? null,
      })
      .returning({ id: supportRequests.id });
    await enqueueEmail(
      tx,
      env().OPERATOR_EMAIL,
      supportReceivedMail({ ...input, id: row!.id, signedIn: account !== null }),
    );
    await enqueueEmail(tx, input.email, supportAcknowledgedMail());
    return { id: row!.id };
  });
}

type SupportRow = typeof supportRequests.$inferSelect;

/** The operator's status change of a support request (the console audits it in the same transaction). */
export async function setSupportRequestStatus(
  tx: DbOrTx,
  id: string,
  status: SupportRow["status"],
): Promise<{ before: SupportRow; after: SupportRow } | undefined> {
  const [before] = await tx.select().from(supportRequests).where(eq(supportRequests.id, id)).for("update");
  if (!before) return undefined;
  const [after] = await tx
    .update(supportRequests)
    .set({ status, statusChangedAt: new Date() })
    .where(eq(supportRequests.id, id))
    .returning();
  return { before, after: after! };
}
