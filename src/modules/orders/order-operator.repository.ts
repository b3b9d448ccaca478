import { and, desc, eq, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/server/db/client";
import { likePattern, type Page, totalOf } from "@/server/db/listing";
import { companies } from "@/server/db/schema";
import { orders, priceConsultations } from "@/server/db/schema-orders";
import type { OverdueKind } from "./order-operator.schema";

// The console's order queries, over every company: states, counts and dates of orders, never their
// amounts or terms (total_yen and the versions are not selected).

const buyerCo = alias(companies, "order_buyer_co");
const supplierCo = alias(companies, "order_supplier_co");

export interface OperatorOrderFilter {
  status?: "ISSUED" | "ACCEPTED" | "RETURNED";
  overdue?: OverdueKind;
  keyword?: string;
  /** Unanswered orders issued before this are late (acknowledgementCutoff). */
  acknowledgementCutoff: Date;
  /** Today in Japan: an open consultation due before it is late. */
  today: string;
}

/** The open consultation of an order (at most one, a unique index says). */
const openConsultation = (where?: SQL) => sql`select 1 from ${priceConsultations}
  where ${priceConsultations.orderId} = ${orders.id} and ${priceConsultations.status} = 'OPEN'${
    where ? sql` and ${where}` : sql``
  }`;

function lateAcknowledgement(cutoff: Date): SQL {
  return and(eq(orders.status, "ISSUED"), lt(orders.issuedAt, cutoff))!;
}

function orderWhere(f: OperatorOrderFilter): SQL | undefined {
  const p = f.keyword ? likePattern(f.keyword) : undefined;
  return and(
    f.status ? eq(orders.status, f.status) : undefined,
    f.overdue === "ACKNOWLEDGEMENT" ? lateAcknowledgement(f.acknowledgementCutoff) : undefined,
    f.overdue === "CONSULTATION"
      ? sql`exists (${openConsultation(lt(priceConsultations.dueOn, f.today))})`
      : undefined,
    p
      ? or(
          ilike(orders.number, p),
          sql`exists (select 1 from ${companies} where ${companies.id} in (${orders.buyerCompanyId}, ${orders.supplierCompanyId})
            and ${companies.name} ilike ${p})`,
        )
      : undefined,
  );
}

/** A page of orders, newest first, with both companies' names and the open consultation's due date. */
export async function listOperatorOrders(db: DbOrTx, f: OperatorOrderFilter, page: Page) {
  const where = orderWhere(f);
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      buyerId: orders.buyerCompanyId,
      buyerName: buyerCo.name,
      supplierId: orders.supplierCompanyId,
      supplierName: supplierCo.name,
      status: orders.status,
      currentVersion: orders.currentVersion,
      pendingVersion: orders.pendingVersion,
      toriteki: orders.toriteki,
      issuedAt: orders.issuedAt,
      firstOpenedAt: orders.firstOpenedAt,
      answeredAt: orders.answeredAt,
      openTerms: orders.openTerms,
      consultationDueOn: sql<string | null>`(select ${priceConsultations.dueOn} from ${priceConsultations}
        where ${priceConsultations.orderId} = ${orders.id} and ${priceConsultations.status} = 'OPEN' limit 1)`,
    })
    .from(orders)
    .innerJoin(buyerCo, eq(buyerCo.id, orders.buyerCompanyId))
    .innerJoin(supplierCo, eq(supplierCo.id, orders.supplierCompanyId))
    .where(where)
    .orderBy(desc(orders.issuedAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = await totalOf(db, sql`${orders}`, where);
  return { rows, total };
}

export type OperatorOrderRow = Awaited<ReturnType<typeof listOperatorOrders>>["rows"][number];

/** How many orders are late of each kind (the partial indexes on ISSUED orders and OPEN consultations). */
export async function overdueCounts(db: DbOrTx, cutoff: Date, today: string) {
  const [row] = await db
    .select({
      acknowledgement: sql<number>`(select count(*)::int from ${orders} where ${lateAcknowledgement(cutoff)})`,
      consultation: sql<number>`(select count(*)::int from ${priceConsultations}
        where ${priceConsultations.status} = 'OPEN' and ${priceConsultations.dueOn} < ${today})`,
    })
    .from(sql`(select 1) one`);
  return { acknowledgement: Number(row?.acknowledgement ?? 0), consultation: Number(row?.consultation ?? 0) };
}
