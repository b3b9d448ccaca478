import type { ListTotal, Page } from "@/lib/console-listing";
import type { DbOrTx } from "@/server/db/client";
import { type AuditFilter, type AuditListRow, listAudit } from "./audit.repository";

// Reading the audit log (the console's audit page turns the rows into its items and CSV).

export type { AuditFilter, AuditListRow };

export async function listAuditEntries(
  db: DbOrTx,
  f: AuditFilter,
  page: Page,
): Promise<{ rows: AuditListRow[]; total: ListTotal }> {
  return listAudit(db, f, page);
}
