// Deal-room data for the bench (issue 18): threads with messages over a share of the large data's
// entries, and two measured shapes of the bench buyer — an inquiry with 20 suppliers' quotes of 3
// versions each (the comparison table), and a thread of 500 messages (its first page). Generated in
// the database (generate_series), on PGlite and PostgreSQL alike.
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";

export interface DealDataOptions {
  benchBuyer: { companyId: string; userId: string };
  benchSupplierCompanyId: string;
  /** Threads opened for every n-th entry of the large data (each with two messages). */
  everyNthEntry: number;
}

export async function seedDealData(
  db: Db,
  o: DealDataOptions,
): Promise<{ inquiryId: string; threadId: string }> {
  // Background volume: a thread per n-th live entry, two messages each.
  await db.execute(sql`
    insert into deal_threads (inquiry_id, buyer_company_id, supplier_company_id, status, quote_version,
      message_count, last_message_at, opened_at)
    select e.inquiry_id, i.buyer_company_id, e.supplier_company_id, 'NEW', 0, 2, e.created_at, e.created_at
    from (select *, row_number() over (order by id) n from entries where status <> 'CANCELLED') e
    join inquiries i on i.id = e.inquiry_id
    where e.n % ${o.everyNthEntry} = 0
    on conflict do nothing`);
  await db.execute(sql`
    insert into deal_messages (thread_id, side, kind, body, created_at)
    select t.id, (case when k = 0 then 'SUPPLIER' else 'BUYER' end)::deal_side, 'MESSAGE',
      'ご検討ありがとうございます。仕様について確認させてください。', t.opened_at + make_interval(mins => k)
    from deal_threads t, generate_series(0, 1) k`);

  // The comparison: one open bulk inquiry of the bench buyer with 20 suppliers, 3 versions each.
  const [inquiry] = (
    await db.execute<{ id: string }>(sql`
      insert into inquiries (type, status, buyer_company_id, created_by_user_id, title, category_id, description,
        quantity, entry_deadline, published_at, created_at, updated_at)
      values ('BULK', 'OPEN', ${o.benchBuyer.companyId}::uuid, ${o.benchBuyer.userId}::uuid,
        'ベンチマーク比較案件', 1, '比較表の計測用です。', '3,000個', (now() + interval '14 days')::date, now(), now(), now())
      returning id`)
  ).rows;
  const inquiryId = inquiry!.id;
  await db.execute(sql`
    with s as (select id from companies where type = 'SUPPLIER' and status = 'ACTIVE' order by id limit 20)
    insert into deal_threads (inquiry_id, buyer_company_id, supplier_company_id, status, quote_version,
      message_count, last_message_at)
    select ${inquiryId}::uuid, ${o.benchBuyer.companyId}::uuid, s.id, 'QUOTED', 3, 3, now() from s`);
  await db.execute(sql`
    insert into deal_quote_versions (thread_id, version, tiers, sample_cost_yen, sample_lead_days, tooling_cost_yen,
      moq, lead_time_days, payment_terms, valid_until, notes, created_at)
    select t.id, v,
      jsonb_build_array(
        jsonb_build_object('quantity', 1000, 'unitPriceYen', 500 + abs(hashtext(t.id::text)) % 200 - v * 10),
        jsonb_build_object('quantity', 3000, 'unitPriceYen', 450 + abs(hashtext(t.id::text)) % 200 - v * 10),
        jsonb_build_object('quantity', 10000, 'unitPriceYen', 400 + abs(hashtext(t.id::text)) % 200 - v * 10)),
      30000, 14, 150000 + abs(hashtext(t.id::text)) % 100000, 1000, 30 + abs(hashtext(t.id::text)) % 30,
      '月末締め翌月末払い', (now() + interval '30 days')::date, '第' || v || '版の備考', now() - make_interval(hours => 3 - v)
    from deal_threads t, generate_series(1, 3) v where t.inquiry_id = ${inquiryId}::uuid`);
  await db.execute(sql`
    insert into deal_messages (thread_id, side, kind, body, quote_version, created_at)
    select t.id, 'SUPPLIER', 'QUOTE', '見積を提出しました（第' || v || '版）', v, now() - make_interval(hours => 3 - v)
    from deal_threads t, generate_series(1, 3) v where t.inquiry_id = ${inquiryId}::uuid`);

  // The long thread: a nomination from the bench buyer to the bench supplier with 500 messages.
  const [nomination] = (
    await db.execute<{ id: string }>(sql`
      insert into inquiries (type, status, buyer_company_id, created_by_user_id, nominated_company_id, title,
        category_id, description, quantity, published_at, created_at, updated_at)
      values ('NOMINATION', 'OPEN', ${o.benchBuyer.companyId}::uuid, ${o.benchBuyer.userId}::uuid,
        ${o.benchSupplierCompanyId}::uuid, 'ベンチマーク商談', 1, '長いスレッドの計測用です。', '1,000個', now(), now(), now())
      returning id`)
  ).rows;
  const [thread] = (
    await db.execute<{ id: string }>(sql`
      insert into deal_threads (inquiry_id, buyer_company_id, supplier_company_id, message_count, last_message_at)
      values (${nomination!.id}::uuid, ${o.benchBuyer.companyId}::uuid, ${o.benchSupplierCompanyId}::uuid, 500, now())
      returning id`)
  ).rows;
  await db.execute(sql`
    insert into deal_messages (thread_id, side, kind, body, created_at)
    select ${thread!.id}::uuid, (case when g % 2 = 0 then 'BUYER' else 'SUPPLIER' end)::deal_side, 'MESSAGE',
      'メッセージ ' || g || '：図面の寸法公差について確認です。±0.05で問題ないでしょうか。',
      now() - make_interval(mins => 500 - g)
    from generate_series(1, 500) g`);
  await db.execute(sql`analyze deal_threads`);
  await db.execute(sql`analyze deal_messages`);
  await db.execute(sql`analyze deal_quote_versions`);
  return { inquiryId, threadId: thread!.id };
}
