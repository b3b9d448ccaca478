// Issue 33 item 30: the page cache (decision 0027) was tested with hand-written statements on two
// tables. Here a kept public page is dropped by the product's own write paths, through the API, on
// whichever database the suite runs (PGlite by default): a supplier publishing its name, the
// operator verifying a certificate, a rating after an award. And an inventory: every table the
// public pages read (the SQL of the very loaders the pages call) has a trigger of the topics the
// cache watches, so a write nobody thought of cannot leave a stale page behind.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supplierSearchFilters } from "@/modules/companies/supplier-directory.schema";
import { getPublicSupplier, searchSuppliers } from "@/modules/companies/supplier-directory.service";
import { supplierFigures } from "@/modules/deals/supplier-record.service";
import {
  listCategories,
  listCertificationTypes,
  listFeatures,
  listPrefectures,
  listProcesses,
} from "@/modules/master-data/master-data.service";
import { listPublicNews } from "@/modules/news/news.service";
import { changesSeen } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { newQueryStats, withQueryStats } from "@/server/db/query-stats";
import { type Account, createOwner, registerVerified } from "../factories/accounts";
import { addCertification, certificationTypeId } from "../factories/certifications";
import { base, quote } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";
import { pageCacheFront } from "../support/page-cache-front";

let server: Server;
let origin: string;
let renders = 0;

beforeAll(async () => {
  // server.ts's wiring of the page cache in front of a stand-in for Next that writes a small page.
  server = createServer(
    pageCacheFront((_req, res, nonce) => {
      renders += 1;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<html><head><script nonce="${nonce}"></script></head><body>${renders}</body></html>`);
    }),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function cacheOf(path: string): Promise<string | null> {
  const res = await fetch(`${origin}${path}`);
  await res.text();
  return res.headers.get("x-page-cache");
}

/** The page is kept (a second visit is a HIT); after `write` and its notice it is rendered again. */
async function expectDroppedBy(path: string, write: () => Promise<void>) {
  await changesSeen(db());
  await cacheOf(path);
  expect(await cacheOf(path), `${path} kept before the write`).toBe("HIT");
  await write();
  await changesSeen(db());
  expect(await cacheOf(path), `${path} after the write`).toBe("MISS");
}

describe("the page cache, through the product's write paths", () => {
  let supplier: Account;
  beforeAll(async () => {
    supplier = await registerVerified("SUPPLIER", { companyName: "株式会社キャッシュ検証工業" });
  });

  it("drops the supplier page and the search when the supplier publishes or hides its name", async () => {
    const name = (namePublished: boolean) => async () => {
      const res = await api("PATCH", `/api/oem/company/${supplier.companyId}/namePublishStatus/update`, {
        token: supplier.token,
        body: { namePublished },
      });
      expect(res.status).toBe(200);
    };
    await expectDroppedBy(`/oem/company/${supplier.companyId}`, name(false));
    await expectDroppedBy("/oem/search?from=name", name(true));
  });

  it("drops the supplier page when the operator verifies a certificate", async () => {
    const owner = await createOwner();
    const id = await addCertification(supplier, {
      certificationTypeId: await certificationTypeId("iso-9001"),
    });
    await expectDroppedBy(`/oem/company/${supplier.companyId}`, async () => {
      const res = await api("POST", `/api/owner/certifications/${id}/verify`, { token: owner.token });
      expect(res.status).toBe(200);
    });
  });

  it("drops the supplier page when the buyer rates it after an award", async () => {
    await resetInquiryLimits();
    const buyer = await registerVerified("BUYER");
    const { threadId } = await openDealThread(buyer, supplier);
    expect((await quote(supplier, threadId)).status).toBe(201);
    const award = await api("POST", `${base(buyer)}/threads/${threadId}/award`, {
      token: buyer.token,
      body: { version: 1 },
    });
    expect(award.status).toBe(200);
    await expectDroppedBy(`/oem/company/${supplier.companyId}`, async () => {
      const res = await api("POST", `${base(buyer)}/threads/${threadId}/rating`, {
        token: buyer.token,
        body: { communication: 5, accuracy: 4, speed: 4, comment: "丁寧なご対応でした。" },
      });
      expect(res.status).toBe(201);
    });
  });
});

describe("the page cache drops only what changed (decision 0040)", () => {
  let a: Account;
  let b: Account;
  let buyer: Account;
  const lists = ["/", "/lp", "/oem/search?q=%E9%83%A8%E5%93%81"];
  const pageOf = (x: Account) => `/oem/company/${x.companyId}`;
  const edit = (company: string) =>
    db().execute(sql`update companies set description = ${`説明 ${Math.random()}`} where id = ${company}`);

  /** Every path's cache state after the notices of what was written so far. */
  async function statesOf(paths: string[]): Promise<Record<string, string | null>> {
    await changesSeen(db());
    const out: Record<string, string | null> = {};
    for (const p of paths) out[p] = await cacheOf(p);
    return out;
  }
  async function keepAll(paths: string[]) {
    await statesOf(paths);
    expect(Object.values(await statesOf(paths))).toEqual(paths.map(() => "HIT"));
  }

  beforeAll(async () => {
    a = await registerVerified("SUPPLIER", { companyName: "株式会社個別検証A工業" });
    b = await registerVerified("SUPPLIER", { companyName: "株式会社個別検証B工業" });
    buyer = await registerVerified("BUYER", { companyName: "株式会社個別検証商事" });
  });

  it("keeps every page when a buyer company edits its own profile", async () => {
    const all = [pageOf(a), pageOf(b), ...lists];
    await keepAll(all);
    // The buyer's own edit through the API (prefecture and all), then one by SQL.
    const url = `/api/buyer/company/${buyer.companyId}`;
    const current = (await api<Record<string, unknown>>("GET", url, { token: buyer.token })).body;
    const res = await api("PUT", `${url}/update`, {
      token: buyer.token,
      body: { ...current, description: "発注者の自己紹介を更新しました。" },
    });
    expect(res.status).toBe(200);
    await edit(buyer.companyId);
    expect(await statesOf(all)).toEqual(Object.fromEntries(all.map((p) => [p, "HIT"])));
  });

  it("drops supplier A's page and the lists on A's write, and keeps supplier B's page", async () => {
    const all = [pageOf(a), pageOf(b), ...lists];
    await keepAll(all);
    await edit(a.companyId);
    expect(await statesOf(all)).toEqual({
      [pageOf(a)]: "MISS",
      [pageOf(b)]: "HIT",
      ...Object.fromEntries(lists.map((p) => [p, "MISS"])),
    });
    // Each row names its supplier: A's category, factory and case studies as well.
    await keepAll(all);
    await db().execute(sql`insert into company_categories (company_id, category_id)
      select ${a.companyId}, id from categories order by id limit 1 on conflict do nothing`);
    expect((await statesOf(all))[pageOf(b)]).toBe("HIT");
    expect((await statesOf([pageOf(a)]))[pageOf(a)]).toBe("HIT");
  });

  it("drops nothing for a supplier that no public page shows (deactivated), once it is gone", async () => {
    const c = await registerVerified("SUPPLIER", { companyName: "株式会社個別検証C工業" });
    const all = [pageOf(a), pageOf(b), ...lists];
    await keepAll(all);
    // Leaving the listing drops the lists (it was listed before)…
    await db().execute(sql`update companies set status = 'DEACTIVATED' where id = ${c.companyId}`);
    expect((await statesOf(lists))[lists[0]!]).toBe("MISS");
    await keepAll(all);
    // …then its drafts drop nothing.
    await edit(c.companyId);
    expect(await statesOf(all)).toEqual(Object.fromEntries(all.map((p) => [p, "HIT"])));
  });

  it("drops every page on a master-data write", async () => {
    const all = [pageOf(a), pageOf(b), ...lists];
    await keepAll(all);
    await db().execute(sql`update prefectures set name = name where id = 13`);
    expect(await statesOf(all)).toEqual(Object.fromEntries(all.map((p) => [p, "MISS"])));
  });
});

/** Tables a public page reads that need no trigger, each with the reason. */
const READ_WITHOUT_TRIGGER: Record<string, string> = {
  // Read only to time a rating's visibility (its award's decided_at + 14 days, supplier-record
  // repository): a rating exists only after the award, its own insert notifies (deal_ratings), and
  // the 14 days are the clock's, which PAGE_TTL_MS covers.
  deal_threads: "a rating's visibility clock",
  // Read to leave deals between companies that share a member out of the ratings (decision 0035).
  // A new shared member is rare and arrives with a membership (an invitation or a registration):
  // a drop of every kept page on each invitation would empty the cache for it (issue 34); the
  // supplier's counts follow at the nightly recount (its table notifies) and ratings within
  // PAGE_TTL_MS.
  membership_history: "a shared member's deals leaving the ratings",
};

/** Every table named after FROM, JOIN, UPDATE or INTO in the statements (CTE names left out). */
function tablesOf(statements: string[]): Set<string> {
  const tables = new Set<string>();
  for (const s of statements) {
    const ctes = new Set(
      [...s.matchAll(/\b"?(\w+)"?\s+as\s*(?:not\s+)?(?:materialized\s*)?\(/gi)].map((m) => m[1]!),
    );
    for (const m of s.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)\b"?(?!\s*\()/gi)) {
      const t = m[1]!.toLowerCase();
      if (!ctes.has(t) && !["lateral", "unnest", "generate_series", "jsonb_array_elements"].includes(t))
        tables.add(t);
    }
  }
  return tables;
}

describe("the page cache's inventory", () => {
  it("has a change trigger of its topics on every table the public pages read", async () => {
    const s = await registerVerified("SUPPLIER", { companyName: "株式会社在庫確認工業" });
    // New generations first, so that no kept read answers without its SQL.
    await db().execute(sql`update news set title = title where false`);
    await db().execute(sql`update supplier_profiles set catchphrase = catchphrase where false`);
    await changesSeen(db());
    const stats = { ...newQueryStats("sql"), statementChars: 100_000 };
    await withQueryStats(stats, async () => {
      // The loaders of /, /lp, /oem/search and /oem/company/{id} (src/app/(site)).
      // The master lists are kept per database handle: a transaction's handle reads them afresh.
      await db().transaction(async (tx) => {
        for (const list of [
          listCategories,
          listPrefectures,
          listFeatures,
          listCertificationTypes,
          listProcesses,
        ])
          await list(tx);
      });
      await Promise.all([
        listPublicNews(db(), { page: 1, perPage: 3 }),
        searchSuppliers(db(), supplierSearchFilters.parse({ sort: "recommended" }), { page: 1, perPage: 6 }),
        searchSuppliers(db(), supplierSearchFilters.parse({}), { page: 1, perPage: 20 }),
        supplierFigures(db(), s.companyId),
      ]);
      await getPublicSupplier(db(), s.companyId).catch(() => undefined);
    });
    const read = tablesOf(stats.statements!);
    // The loaders were really run (not answered from what a process keeps).
    for (const t of [
      "companies",
      "supplier_profiles",
      "categories",
      "processes",
      "certification_types",
      "news",
    ])
      expect([...read]).toContain(t);

    const triggers = await db().execute<{ table: string; def: string }>(
      sql`select c.relname as "table", pg_get_triggerdef(t.oid) as def
          from pg_trigger t join pg_class c on c.oid = t.tgrelid where not t.tgisinternal`,
    );
    // Decision 0040: a table every page shows (master lists, news) notifies "pages" per statement;
    // a table whose rows belong to a supplier names the supplier per row (drizzle/0017).
    const PER_SUPPLIER =
      /FOR EACH ROW .*EXECUTE FUNCTION (notify_company_row_pages|notify_supplier_profile_pages|notify_case_study_image_pages|notify_file_pages)\(/;
    const watched = new Set(
      triggers.rows
        .filter((r) => /notify_change\('pages'\)/.test(r.def) || PER_SUPPLIER.test(r.def))
        .map((r) => r.table),
    );
    const unwatched = [...read].filter((t) => !watched.has(t) && !(t in READ_WITHOUT_TRIGGER)).sort();
    expect(unwatched, `read by a public page without a trigger of "pages" or a per-supplier one`).toEqual([]);
    // A table with a company's rows must not drop every page per statement (issue 34): none of the
    // per-supplier tables keeps a statement trigger of "pages".
    const perSupplier = new Set(triggers.rows.filter((r) => PER_SUPPLIER.test(r.def)).map((r) => r.table));
    const everyPage = triggers.rows.filter((r) => /notify_change\('pages'\)/.test(r.def)).map((r) => r.table);
    expect(everyPage.filter((t) => perSupplier.has(t))).toEqual([]);
    expect([...perSupplier].sort()).toEqual(
      expect.arrayContaining(["companies", "supplier_profiles", "company_images", "deal_ratings", "files"]),
    );
  });
});
