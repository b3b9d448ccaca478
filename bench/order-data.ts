// Orders for the bench (issue 35): 100,000 orders spread over the large data's threads, a fifth
// of them the bench buyer's (its list is the one measured), and quoted nomination threads of the
// bench buyer, one per measured "issue an order" request. Generated in the database
// (generate_series). Only orders rows: the lists never read versions (whose PDF is NOT NULL). Times
// are whole milliseconds, as the app writes them (a list's cursor carries a JavaScript Date).
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";

export interface OrderDataOptions {
  benchBuyer: { companyId: string; userId: string };
  benchSupplierCompanyId: string;
  /** Orders in all. */
  orders: number;
  /** Of which the bench buyer's. */
  benchBuyerOrders: number;
  /** Quoted threads waiting for their order (one per issue request). */
  quotedThreads: number;
}

/** The title of the quoted nomination threads the issue scenario orders on. */
export const BENCH_ORDER_TITLE = "ベンチマーク発注";

export async function seedOrderData(db: Db, o: OrderDataOptions): Promise<void> {
  // The act's verdict needs both companies' size: known, as their settings would hold them.
  await db.execute(sql`update companies set capital_yen = 50000000, employee_count = 80
    where id = ${o.benchBuyer.companyId}::uuid`);
  await db.execute(sql`update companies set capital_yen = 10000000, employee_count = 20
    where id = ${o.benchSupplierCompanyId}::uuid`);

  // The issue scenario's threads: one nomination each, quoted (1,000 → ¥520, 3,000 → ¥480).
  await db.execute(sql`
    with i as (
      insert into inquiries (type, status, buyer_company_id, created_by_user_id, nominated_company_id, title,
        category_id, description, quantity, published_at, created_at, updated_at)
      select 'NOMINATION', 'OPEN', ${o.benchBuyer.companyId}::uuid, ${o.benchBuyer.userId}::uuid,
        ${o.benchSupplierCompanyId}::uuid, ${BENCH_ORDER_TITLE} || ' ' || g, 1, '発注の計測用です。', '3,000個',
        now(), now(), now()
      from generate_series(1, ${o.quotedThreads}) g
      returning id)
    insert into deal_threads (inquiry_id, buyer_company_id, supplier_company_id, status, quote_version,
      message_count, last_message_at)
    select i.id, ${o.benchBuyer.companyId}::uuid, ${o.benchSupplierCompanyId}::uuid, 'QUOTED', 1, 1, now() from i`);
  await db.execute(sql`
    insert into deal_quote_versions (thread_id, version, tiers, sample_cost_yen, sample_lead_days, tooling_cost_yen,
      moq, lead_time_days, payment_terms, valid_until, notes)
    select t.id, 1,
      jsonb_build_array(jsonb_build_object('quantity', 1000, 'unitPriceYen', 520),
        jsonb_build_object('quantity', 3000, 'unitPriceYen', 480)),
      30000, 14, 150000, 1000, 30, '月末締め翌月末払い', (now() + interval '30 days')::date, null
    from deal_threads t join inquiries i on i.id = t.inquiry_id
    where i.title like ${`${BENCH_ORDER_TITLE} %`} and t.status = 'QUOTED'`);

  // The bench buyer's orders: over its comparison inquiry's threads (20 suppliers), newest first by minute.
  await db.execute(sql`
    with t as (
      select id, inquiry_id, supplier_company_id, row_number() over (order by id) - 1 as n
      from deal_threads where buyer_company_id = ${o.benchBuyer.companyId}::uuid and status <> 'QUOTED')
    insert into orders (number, thread_id, inquiry_id, buyer_company_id, supplier_company_id, status, title,
      total_yen, toriteki, open_terms, issued_at, issued_by_user_id, first_opened_at, answered_at)
    select 'BB-' || lpad(g::text, 6, '0'), t.id, t.inquiry_id, ${o.benchBuyer.companyId}::uuid, t.supplier_company_id,
      (case when g % 10 < 7 then 'ACCEPTED' when g % 10 < 9 then 'ISSUED' else 'RETURNED' end)::order_status,
      '試作部品 ' || g, 1440000 + (g % 500) * 1000, case when g % 3 = 0 then 'APPLIES' else 'NOT_APPLICABLE' end,
      (g % 7 = 0)::int, date_trunc('milliseconds', now()) - make_interval(mins => g), ${o.benchBuyer.userId}::uuid,
      date_trunc('milliseconds', now()) - make_interval(mins => g) + interval '2 hours',
      case when g % 10 < 7 or g % 10 = 9 then date_trunc('milliseconds', now()) - make_interval(mins => g) + interval '1 day' end
    from generate_series(1, ${o.benchBuyerOrders}) g join t on t.n = g % (select count(*) from t)`);
  // Everybody else's: round-robin over the other buyers' threads (500 buyers of the large data).
  await db.execute(sql`
    with t as (
      select id, inquiry_id, buyer_company_id, supplier_company_id, row_number() over (order by id) - 1 as n
      from deal_threads where buyer_company_id <> ${o.benchBuyer.companyId}::uuid)
    insert into orders (number, thread_id, inquiry_id, buyer_company_id, supplier_company_id, status, title,
      total_yen, toriteki, open_terms, issued_at, first_opened_at, answered_at)
    select 'BX-' || lpad(g::text, 7, '0'), t.id, t.inquiry_id, t.buyer_company_id, t.supplier_company_id,
      (case when g % 10 < 7 then 'ACCEPTED' when g % 10 < 9 then 'ISSUED' else 'RETURNED' end)::order_status,
      '量産部品 ' || g, 500000 + (g % 900) * 1000, case when g % 2 = 0 then 'APPLIES' else 'NOT_APPLICABLE' end,
      0, date_trunc('milliseconds', now()) - make_interval(mins => g), date_trunc('milliseconds', now()) - make_interval(mins => g) + interval '3 hours',
      case when g % 10 < 7 or g % 10 = 9 then date_trunc('milliseconds', now()) - make_interval(mins => g) + interval '2 days' end
    from generate_series(1, ${o.orders - o.benchBuyerOrders}) g join t on t.n = g % (select count(*) from t)`);
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze deal_threads`);
  await db.execute(sql`analyze deal_quote_versions`);
}
