import type { z } from "zod";
import { env } from "@/env";
import type { ClientInfo } from "@/modules/identity/identity.service";
import type { Db } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { brochureMail, supportAcknowledgedMail, supportReceivedMail } from "@/server/email/templates";
import { enforceRateLimits } from "@/server/http/rate-limit";
import * as repo from "./lead.repository";
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
    const id = await repo.insertLead(tx, {
      companyName: input.companyName,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      role: ROLE_LABEL[input.role],
      interest: input.interest ?? null,
    });
    await enqueueEmail(
      tx,
      input.email,
      brochureMail({ url: `${env().APP_URL}/api/document-download/brochure.pdf` }),
    );
    return { id };
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
    const id = await repo.insertSupportRequest(tx, {
      category: input.category,
      message: input.message,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      companyName: input.companyName ?? null,
      userId: account?.userId ?? null,
      companyId: account?.companyId ?? null,
    });
    await enqueueEmail(
      tx,
      env().OPERATOR_EMAIL,
      supportReceivedMail({ ...input, id, signedIn: account !== null }),
    );
    await enqueueEmail(tx, input.email, supportAcknowledgedMail());
    return { id };
  });
}
