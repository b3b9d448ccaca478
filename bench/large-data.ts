// Large data for the list and search scenarios, generated inside the database (generate_series)
// so that 10,000 suppliers, 100,000 inquiries and 1,000,000 entries take seconds to a minute or two,
// on PGlite and PostgreSQL alike.
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";

const WORDS = [
  "精密",
  "板金",
  "部品",
  "加工",
  "化粧品",
  "食品",
  "健康",
  "アパレル",
  "金属",
  "樹脂",
  "成形",
  "包装",
  "雑貨",
  "電子",
  "基板",
  "組立",
];
const words = sql.raw(`(array[${WORDS.map((w) => `'${w}'`).join(",")}])`);

export interface LargeDataOptions {
  suppliers: number;
  buyers: number;
  inquiries: number;
  /** Entries, spread evenly over the bulk inquiries (at most one per supplier and inquiry). */
  entries: number;
  /** Also receives a share of the inquiries and nominations, so its lists are not empty. */
  benchBuyer: { companyId: string; userId: string };
  benchSupplierCompanyId: string;
}

// Besides companies and inquiries: every supplier has a verified member (so it is public), every inquiry has a prefecture, and the bulk inquiries share the
// entries evenly (ceil(entries / bulk inquiries) each, from distinct suppliers; the second one is
// withdrawn on every tenth inquiry), so the lists' per-row details read real rows. The bench
// supplier is on the paid plan (its entered-projects list is a paid feature) and gets its share.

export async function seedLargeData(db: Db, o: LargeDataOptions): Promise<void> {
  await db.execute(sql`
    insert into companies (type, status, name, name_published, payment_status, prefecture_id, description, created_at, updated_at)
    select 'SUPPLIER', 'ACTIVE', '株式会社サンプル工業' || g, true,
      (case when g % 5 = 0 then 'OEM_PAID' else 'OEM_FREE' end)::payment_status,
      (g % 47) + 1, 'ベンチマーク用のOEMメーカーです。', now() - make_interval(mins => g), now()
    from generate_series(1, ${o.suppliers}) g`);
  await db.execute(sql`
    insert into supplier_profiles (company_id, catchphrase, search_text, profile_completeness)
    select c.id, 'ベンチマーク用のキャッチコピー',
      ${words}[1 + abs(hashtext(c.id::text)) % ${WORDS.length}] || ' ' ||
      ${words}[1 + abs(hashtext(c.id::text || 'b')) % ${WORDS.length}] || ' ' ||
      ${words}[1 + abs(hashtext(c.id::text || 'c')) % ${WORDS.length}] || ' サンプル 工業 株式会社',
      abs(hashtext(c.id::text)) % 100
    from companies c left join supplier_profiles p on p.company_id = c.id
    where c.type = 'SUPPLIER' and p.company_id is null`);
  await publishSuppliers(db);
  for (const salt of ["a", "b"]) {
    await db.execute(sql`
      insert into company_categories (company_id, category_id)
      select c.id, 1 + abs(hashtext(c.id::text || ${salt})) % 16 from companies c where c.type = 'SUPPLIER'
      on conflict do nothing`);
  }
  await db.execute(sql`
    insert into companies (type, status, name, created_at, updated_at)
    select 'BUYER', 'ACTIVE', '発注テスト商事' || g, now(), now() from generate_series(1, ${o.buyers}) g`);
  await db.execute(sql`
    with b as (select array_agg(id) ids from companies where type = 'BUYER' and id <> ${o.benchBuyer.companyId}),
         s as (select array_agg(id) ids from companies where type = 'SUPPLIER')
    insert into inquiries (type, status, buyer_company_id, created_by_user_id, nominated_company_id, title, category_id,
      description, quantity, entry_deadline, published_at, created_at, updated_at)
    select
      (case when g % 3 = 0 then 'NOMINATION' else 'BULK' end)::inquiry_type,
      (array['OPEN','OPEN','CLOSED','REVIEW','CANCELLED'])[1 + g % 5]::inquiry_status,
      case when g % 500 = 0 then ${o.benchBuyer.companyId}::uuid else b.ids[1 + g % array_length(b.ids, 1)] end,
      ${o.benchBuyer.userId}::uuid,
      case when g % 3 = 0 then (case when g % 300 = 0 then ${o.benchSupplierCompanyId}::uuid else s.ids[1 + g % array_length(s.ids, 1)] end) end,
      'ベンチマーク案件 ' || g, 1 + g % 16, '案件の説明です。', '1,000個',
      case when g % 3 <> 0 then (now() + make_interval(days => 1 + g % 60))::date end,
      now() - make_interval(mins => g), now() - make_interval(mins => g), now()
    from generate_series(1, ${o.inquiries}) g, b, s`);
  await db.execute(sql`
    insert into inquiry_prefectures (inquiry_id, prefecture_id)
    select id, 1 + abs(hashtext(id::text)) % 47 from inquiries`);
  // 613 is prime to the number of suppliers of any run that matters, so the k-th supplier of an
  // inquiry differs from its other ones as long as there are fewer entries per inquiry than suppliers.
  await db.execute(sql`
    with s as (select array_agg(id order by id) ids from companies where type = 'SUPPLIER'),
      i as (select id, row_number() over (order by id) n from inquiries where type = 'BULK'),
      per as (select ceil(${o.entries}::numeric / greatest(count(*), 1))::int as per_inquiry from inquiries where type = 'BULK')
    insert into entries (inquiry_id, supplier_company_id, user_id, status, message, created_at, updated_at)
    select i.id, s.ids[1 + (i.n * 7 + k * 613) % array_length(s.ids, 1)], ${o.benchBuyer.userId}::uuid,
      (case when k = 1 and i.n % 10 = 0 then 'CANCELLED' else 'ENTERED' end)::entry_status,
      'エントリーします。', now() - make_interval(secs => (i.n * per.per_inquiry + k)::double precision), now()
    from i, s, per, generate_series(0, per.per_inquiry - 1) k
    where (i.n - 1) * per.per_inquiry + k < ${o.entries}`);
  await db.execute(
    sql`update companies set payment_status = 'OEM_PAID' where id = ${o.benchSupplierCompanyId}::uuid`,
  );
  // What autovacuum does on PostgreSQL and the app's maintenance job on PGlite: statistics for the
  // planner and a visibility map, so that counts can be answered from an index alone.
  await db.execute(sql`vacuum analyze`);
}

/**
 * A supplier is public (search, its page) once one of its members has verified an email (item 8):
 * every generated supplier without a member gets one verified member, in two statements. Before
 * this, the search rows over the large data measured an empty result.
 */
export async function publishSuppliers(db: Db): Promise<void> {
  await db.execute(sql`
    with person as (
      insert into users (email, name, password_hash, email_verified_at)
      select 'bench-member-' || c.id || '@example.com', 'ベンチ 担当', 'bench: no sign-in', now()
      from companies c
      where c.type = 'SUPPLIER' and not exists (select 1 from memberships m where m.company_id = c.id)
      returning id, email
    )
    insert into memberships (user_id, company_id, role, name)
    select person.id, substring(person.email from '^bench-member-(.*)@example[.]com$')::uuid, 'ADMIN', 'ベンチ 担当'
    from person`);
}
