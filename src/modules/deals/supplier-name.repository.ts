import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { HIDDEN_NAME } from "@/lib/hidden-name";
import type { DbOrTx } from "@/server/db/client";
import { companies, dealMessages, dealThreads, entries, inquiries } from "@/server/db/schema";
import type { MessageKind } from "./thread.repository";

// The one rule for a hidden supplier's name as a buyer sees it (docs/deal-room.md "Hidden names"),
// shared by the thread list and page, the comparison (JSON and CSV) and the batched message mail,
// so that none of them can name a supplier the others hide (issue 33, item 16).

/**
 * The message kinds in which the supplier itself speaks: its message or its quote. A 辞退 (NO_QUOTE)
 * and the buyer's decisions are system events: they name nobody and start no refund clock.
 */
export const SUPPLIER_SPEAKS: readonly MessageKind[] = ["MESSAGE", "QUOTE"];

const speaks = sql.raw(SUPPLIER_SPEAKS.map((k) => `'${k}'`).join(", "));

type Ref = AnyColumn | SQL;

/**
 * True when the buyer company may see the supplier company's name: the name is published, or the
 * supplier wrote or quoted in one of their threads, or entered one of the buyer's inquiries.
 */
export function supplierNamedToBuyer(buyerCompanyId: Ref, supplierCompanyId: Ref): SQL<boolean> {
  return sql<boolean>`(
    exists (select 1 from ${companies} sc where sc.id = ${supplierCompanyId} and sc.name_published)
    or exists (
      select 1 from ${dealMessages} sm inner join ${dealThreads} st on st.id = sm.thread_id
      where st.buyer_company_id = ${buyerCompanyId} and st.supplier_company_id = ${supplierCompanyId}
        and sm.side = 'SUPPLIER' and sm.kind in (${speaks}))
    or exists (
      select 1 from ${entries} se inner join ${inquiries} si on si.id = se.inquiry_id
      where se.supplier_company_id = ${supplierCompanyId} and si.buyer_company_id = ${buyerCompanyId}))`;
}

/** The supplier's name as that buyer may see it: its registered name or 企業名非公開. */
export function supplierNameToBuyer(buyerCompanyId: Ref, supplierCompanyId: Ref): SQL<string> {
  return sql<string>`case when ${supplierNamedToBuyer(buyerCompanyId, supplierCompanyId)}
    then (select sn.name from ${companies} sn where sn.id = ${supplierCompanyId}) else ${HIDDEN_NAME} end`;
}

/** The same, for one pair (the mails of one thread). */
export async function supplierNameSeenBy(
  db: DbOrTx,
  buyerCompanyId: string,
  supplierCompanyId: string,
): Promise<string> {
  const { rows } = await db.execute<{ name: string }>(
    sql`select ${supplierNameToBuyer(sql`${buyerCompanyId}::uuid`, sql`${supplierCompanyId}::uuid`)} as name`,
  );
  return rows[0]?.name ?? HIDDEN_NAME;
}
