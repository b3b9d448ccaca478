import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changesSeen } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { companies, supplierProfiles, users } from "@/server/db/schema";
import { type Account, markVerified, registerAccount } from "../factories/accounts";
import { addGeneralMember, makePaid } from "../factories/actors";
import { api } from "../factories/http";

// Decision 0026: supplier_profiles keeps the public listing (listed, paid, the company's created and
// updated times), copied by triggers from companies, memberships and users. The search ranks on it;
// these tests hold the copy to the rule it copies, after every kind of write that changes the rule.

/** Profiles whose kept listing differs from the rule computed afresh from the base tables. */
async function listingsOutOfStep(): Promise<string[]> {
  const rows = await db().execute<{ company_id: string }>(sql`
    select p.company_id from supplier_profiles p join companies c on c.id = p.company_id
    where (p.listed, p.paid, p.company_created_at, p.company_updated_at) is distinct from (
      c.type = 'SUPPLIER' and c.status = 'ACTIVE' and exists (
        select 1 from memberships m join users u on u.id = m.user_id
        where m.company_id = c.id and u.email_verified_at is not null),
      c.payment_status is not distinct from 'OEM_PAID', c.created_at, c.updated_at)`);
  return ("rows" in rows ? rows.rows : (rows as unknown as Array<{ company_id: string }>)).map(
    (r) => r.company_id,
  );
}

async function listingOf(companyId: string) {
  const [row] = await db()
    .select({ listed: supplierProfiles.listed, paid: supplierProfiles.paid })
    .from(supplierProfiles)
    .where(eq(supplierProfiles.companyId, companyId));
  return row;
}

/** The ids the public search returns for a keyword only these tests' suppliers carry. */
async function searchIds(keyword: string): Promise<string[]> {
  const res = await api("POST", "/api/oem/search", { body: { keyword, perPage: 50 } });
  expect(res.status).toBe(200);
  return res.body.items.map((i: { id: string }) => i.id);
}

async function supplierNamed(name: string): Promise<Account> {
  return registerAccount("SUPPLIER", { companyName: name });
}

describe("the public listing kept on the supplier's profile", () => {
  it("follows the email verification, a member leaving and joining, and the company's deactivation", async () => {
    const s = await supplierNamed("掲載確認精機株式会社");
    expect(await listingOf(s.companyId)).toEqual({ listed: false, paid: false });
    expect(await searchIds("掲載確認精機")).toEqual([]);

    await markVerified(s.userId);
    expect((await listingOf(s.companyId))?.listed).toBe(true);
    expect(await searchIds("掲載確認精機")).toEqual([s.companyId]);

    // A second, unverified member changes nothing; the only verified one leaving hides it.
    const general = await addGeneralMember(s.companyId);
    expect((await listingOf(s.companyId))?.listed).toBe(true);
    await db().delete(users).where(eq(users.id, s.userId));
    await changesSeen(db());
    expect((await listingOf(s.companyId))?.listed).toBe(false);
    await markVerified(general.userId);
    expect((await listingOf(s.companyId))?.listed).toBe(true);
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, general.userId));
    await changesSeen(db());
    expect((await listingOf(s.companyId))?.listed).toBe(false);
    expect(await listingsOutOfStep()).toEqual([]);

    const t = await supplierNamed("掲載確認工業株式会社");
    await markVerified(t.userId);
    expect(await searchIds("掲載確認工業")).toEqual([t.companyId]);
    const gone = await api("DELETE", `/api/oem/company/${t.companyId}/deactivate`, { token: t.token });
    expect(gone.status).toBe(200);
    expect((await listingOf(t.companyId))?.listed).toBe(false);
    expect(await searchIds("掲載確認工業")).toEqual([]);
    // The operator's reactivation (any path that writes the company) lists it again.
    await db()
      .update(companies)
      .set({ status: "ACTIVE", deactivatedAt: null })
      .where(eq(companies.id, t.companyId));
    expect((await listingOf(t.companyId))?.listed).toBe(true);
    expect(await listingsOutOfStep()).toEqual([]);
  });

  it("ranks by the kept plan and update time: paid first, then the most recently updated", async () => {
    const first = await supplierNamed("順位確認化成株式会社");
    const second = await supplierNamed("順位確認樹脂株式会社");
    for (const a of [first, second]) await markVerified(a.userId);
    // Same completeness: the one updated last comes first.
    expect(await searchIds("順位確認")).toEqual([second.companyId, first.companyId]);

    const renamed = await api("PATCH", `/api/oem/company/${first.companyId}/namePublishStatus/update`, {
      token: first.token,
      body: { namePublished: true },
    });
    expect(renamed.status).toBe(200);
    expect(await searchIds("順位確認")).toEqual([first.companyId, second.companyId]);

    await makePaid(second.companyId);
    expect(await listingOf(second.companyId)).toEqual({ listed: true, paid: true });
    expect(await searchIds("順位確認")).toEqual([second.companyId, first.companyId]);
    expect(await listingsOutOfStep()).toEqual([]);
  });
});
