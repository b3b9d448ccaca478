// Capabilities for the large data (issue 20), generated inside the database like bench/large-data.ts:
// every supplier without capabilities gets a unit, an MOQ, a monthly capacity, small lots, samples,
// processes and materials, and about a third hold verified certifications (the badge column and a
// VERIFIED certificate with its document row for each); half of the bulk inquiries without
// requirements get a lot, a monthly quantity, sometimes a required certification, a process and a
// sample. Only what is missing is filled, so it also completes data seeded before issue 20, and a
// second run changes nothing. Pseudo-random but stable: every choice hashes the row's id.
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";

/** What the search scenario filters on: the most common verified certification and an MOQ bound. */
export const BENCH_CERTIFICATION_SLUG = "iso-9001";
export const BENCH_MOQ_MAX = 1000;

// Units weighted towards pieces, as most OEM lots are counted.
const UNITS = sql.raw(`(array['個','個','個','個','個','本','枚','袋','セット','kg'])`);
const MOQS = sql.raw("(array[50,100,300,500,1000,1000,3000,5000,10000,30000])");

export interface CapabilityDataResult {
  suppliers: number;
  certificates: number;
  inquiries: number;
}

export async function seedCapabilityData(db: Db): Promise<CapabilityDataResult> {
  /** Runs a statement whose CTE `filled` returns a row per row written; how many it wrote. */
  const counted = async (statement: ReturnType<typeof sql>) => {
    const { rows } = await db.execute<{ n: number }>(sql`${statement} select count(*)::int as n from filled`);
    return Number(rows[0]?.n ?? 0);
  };
  const h = (salt: string) => sql.raw(`abs(hashtext(p.company_id::text || '${salt}'))`);
  const suppliers = await counted(sql`
    with common as (select id from certification_types where slug = ${BENCH_CERTIFICATION_SLUG}),
    filled as (update supplier_profiles p set
      quantity_unit = ${UNITS}[1 + ${h("u")} % 10],
      moq_min = ${MOQS}[1 + ${h("m")} % 10],
      moq_max = ${MOQS}[1 + ${h("m")} % 10] * 100,
      monthly_capacity = ${MOQS}[1 + ${h("m")} % 10] * (5 + ${h("c")} % 96),
      small_lot_accepted = ${h("s")} % 4 = 0,
      small_lot_min = case when ${h("s")} % 4 = 0 then greatest(1, ${MOQS}[1 + ${h("m")} % 10] / 10) end,
      sample_available = ${h("a")} % 5 < 3,
      sample_days = case when ${h("a")} % 5 < 3 then 7 + ${h("d")} % 54 end,
      process_ids = array(select id from processes order by hashtext(p.company_id::text || id::text)
        limit 1 + ${h("p")} % 3),
      material_ids = array(select id from materials order by hashtext(p.company_id::text || id::text || 'm')
        limit ${h("t")} % 3),
      -- A fifth hold the common certification (and maybe one more), another sixth one other.
      verified_certification_ids = case
        when ${h("v")} % 100 < 20 then array(select distinct x from unnest(array[(select id from common),
          (select id from certification_types order by hashtext(p.company_id::text || id::text || 'v') limit 1)]) x
          where ${h("w")} % 2 = 0 or x = (select id from common) order by 1)
        when ${h("v")} % 100 < 37 then array(select id from certification_types
          order by hashtext(p.company_id::text || id::text || 'v') limit 1)
        else '{}'::int[] end
    where p.quantity_unit is null and p.moq_min is null and p.monthly_capacity is null
      and p.process_ids = '{}' and p.material_ids = '{}' and p.verified_certification_ids = '{}'
      returning 1)`);

  // A VERIFIED certificate (and its document row) behind every badge that has none yet.
  const certificates = await counted(sql`
    with wanted as (
      select p.company_id, t.id as type_id from supplier_profiles p, unnest(p.verified_certification_ids) t(id)
      where not exists (select 1 from supplier_certifications c
        where c.company_id = p.company_id and c.certification_type_id = t.id)
    ), document as (
      insert into files (kind, company_id, storage_key, original_name, content_type, byte_size, sha256)
      select 'DOCUMENT', company_id, 'bench/certificates/' || company_id || '/' || type_id || '.pdf',
        '認証書.pdf', 'application/pdf', 1024, repeat('0', 64)
      from wanted
      returning id, company_id, storage_key
    ), filled as (insert into supplier_certifications (company_id, certification_type_id, number, issuer, expires_on,
      document_file_id, status, reviewed_at)
    select d.company_id, replace(split_part(d.storage_key, '/', 4), '.pdf', '')::int,
      'BENCH-' || left(d.id::text, 8), 'ベンチマーク認証機構',
      (case when abs(hashtext(d.id::text)) % 3 = 0 then null
        else (now() + make_interval(days => 200 + abs(hashtext(d.id::text)) % 900))::date end),
      d.id, 'VERIFIED', now()
    from document d
    returning 1)`);

  // Half of the bulk inquiries without requirements get some, in the suppliers' units.
  const i = (salt: string) => sql.raw(`abs(hashtext(q.id::text || '${salt}'))`);
  const inquiries = await counted(sql`
    with common as (select id from certification_types where slug = ${BENCH_CERTIFICATION_SLUG}),
    filled as (update inquiries q set
      quantity_unit = ${UNITS}[1 + ${i("u")} % 10],
      lot_quantity = ${MOQS}[1 + ${i("l")} % 10] * (1 + ${i("k")} % 3),
      monthly_quantity = case when ${i("n")} % 2 = 0 then ${MOQS}[1 + ${i("l")} % 10] * (2 + ${i("k")} % 20) end,
      required_certification_ids = case
        when ${i("r")} % 10 < 2 then array[(select id from common)]
        when ${i("r")} % 10 = 2 then array(select id from certification_types
          order by hashtext(q.id::text || id::text) limit 1)
        else '{}'::int[] end,
      process_ids = case when ${i("p")} % 2 = 0 then array(select id from processes
        order by hashtext(q.id::text || id::text) limit 1) else '{}'::int[] end,
      sample_wanted = ${i("s")} % 10 < 3
    where q.type = 'BULK' and abs(hashtext(q.id::text)) % 2 = 0
      and q.lot_quantity is null and q.monthly_quantity is null and q.quantity_unit is null
      and q.required_certification_ids = '{}' and q.process_ids = '{}' and q.material_ids = '{}'
      returning 1)`);

  await db.execute(sql`vacuum analyze supplier_profiles, supplier_certifications, files, inquiries`);
  return { suppliers, certificates, inquiries };
}
