import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { BENCH_CERTIFICATION_SLUG, BENCH_MOQ_MAX, seedCapabilityData } from "../../bench/capability-data";
import { seedLargeData } from "../../bench/large-data";
import { type Account, registerVerified } from "../factories/accounts";
import { setSupplierCapabilities } from "../factories/capabilities";
import { api } from "../factories/http";

// The bench's capability data (bench/capability-data.ts) on a small copy of the large data: what
// the 10,000 suppliers get on a bench run, checked here without running the bench.

let buyer: Account;
let supplier: Account;
let registered: Account;

beforeAll(async () => {
  buyer = await registerVerified("BUYER");
  supplier = await registerVerified("SUPPLIER");
  registered = await registerVerified("SUPPLIER");
  await setSupplierCapabilities(registered.companyId, { quantityUnit: "kg", moqMin: 7, monthlyCapacity: 70 });
  await seedLargeData(db(), {
    suppliers: 60,
    buyers: 3,
    inquiries: 120,
    entries: 20,
    benchBuyer: { companyId: buyer.companyId, userId: buyer.userId },
    benchSupplierCompanyId: supplier.companyId,
  });
});

const one = async <T>(query: ReturnType<typeof sql>) =>
  (await db().execute<T & Record<string, unknown>>(query)).rows[0]!;

describe("the bench's capability data", () => {
  it("fills what is missing, keeps what was registered, and changes nothing the second time", async () => {
    const first = await seedCapabilityData(db());
    // 60 generated suppliers and the bench supplier; the one that registered its own is kept.
    expect(first.suppliers).toBe(61);
    const kept = await one<{ unit: string; moq: number }>(sql`select quantity_unit as unit, moq_min as moq
      from supplier_profiles where company_id = ${registered.companyId}`);
    expect(kept).toEqual({ unit: "kg", moq: 7 });
    const missing = await one<{ n: number }>(sql`select count(*)::int as n from supplier_profiles
      where company_id <> ${registered.companyId}
        and (quantity_unit is null or moq_min is null or monthly_capacity is null or process_ids = '{}')`);
    expect(missing.n).toBe(0);
    expect(first.inquiries).toBeGreaterThan(10);
    expect(first.certificates).toBeGreaterThan(0);

    expect(await seedCapabilityData(db())).toEqual({ suppliers: 0, certificates: 0, inquiries: 0 });
  });

  it("backs every badge with a VERIFIED certificate and its document, and keeps the figures consistent", async () => {
    const badges = await one<{ badges: number; backed: number; holders: number }>(sql`
      select count(*)::int as badges,
        count(*) filter (where exists (select 1 from supplier_certifications c join files f on f.id = c.document_file_id
          where c.company_id = p.company_id and c.certification_type_id = t.id and c.status = 'VERIFIED'
            and (c.expires_on is null or c.expires_on >= current_date)))::int as backed,
        count(*) filter (where t.id = (select id from certification_types where slug = ${BENCH_CERTIFICATION_SLUG}))::int as holders
      from supplier_profiles p, unnest(p.verified_certification_ids) t(id)`);
    expect(badges.backed).toBe(badges.badges);
    expect(badges.holders).toBeGreaterThan(0);
    const odd = await one<{ n: number }>(sql`select count(*)::int as n from supplier_profiles
      where moq_max < moq_min or (small_lot_accepted and small_lot_min >= moq_min)
        or (sample_available is distinct from true and sample_days is not null)`);
    expect(odd.n).toBe(0);
  });

  it("serves the two capability scenarios", async () => {
    const types = (await api("GET", "/api/capabilities")).body.certificationTypes as Array<{
      id: number;
      slug: string;
    }>;
    const certificationId = types.find((t) => t.slug === BENCH_CERTIFICATION_SLUG)!.id;
    const search = await api("POST", "/api/oem/search", {
      body: { certificationIds: [certificationId], moqMax: BENCH_MOQ_MAX },
    });
    expect(search.status).toBe(200);
    expect(search.body.total).toBeGreaterThan(0);
    for (const card of search.body.items) {
      expect(card.verifiedCertifications.map((c: { id: number }) => c.id)).toContain(certificationId);
      expect(card.moqMin).toBeLessThanOrEqual(BENCH_MOQ_MAX);
    }
    const recruits = await api(
      "GET",
      `/api/oem/company/${supplier.companyId}/contacts?contactType=BULK&sort=fit`,
      {
        token: supplier.token,
      },
    );
    expect(recruits.status).toBe(200);
    const scores = recruits.body.items.map((i: { fit: { score: number } }) => i.fit.score);
    expect(scores.length).toBeGreaterThan(0);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
  });
});
