// Issue 33 item 30: the page cache (decision 0027) was tested with hand-written statements on two
// tables. Here a kept public page is dropped by the product's own write paths, through the API, on
// whichever database the suite runs (PGlite by default): a supplier publishing its name, the
// operator verifying a certificate, a rating after an award. And an inventory: every table the
// public pages read (the SQL of the very loaders the pages call) has a trigger of the topics the
// cache watches, so a write nobody thought of cannot leave a stale page behind.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
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
import { keptPage, pageCacheKey, renderAndKeep, renderNonce, serveKeptPage } from "@/server/http/page-cache";
import { applyPageHeaders } from "@/server/http/page-headers";
import { type Account, createOwner, registerVerified } from "../factories/accounts";
import { addCertification, certificationTypeId } from "../factories/certifications";
import { base, quote } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";

let server: Server;
let origin: string;
let renders = 0;

beforeAll(async () => {
  // server.ts's wiring of the page cache in front of a stand-in for Next that writes a small page.
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const key = pageCacheKey(req);
    const kept = key ? keptPage(key) : undefined;
    const nonce = applyPageHeaders(req, res, false, false, key && !kept ? renderNonce() : undefined);
    if (kept) return serveKeptPage(kept, req, res);
    const go = () => {
      renders += 1;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<html><head><script nonce="${nonce}"></script></head><body>${renders}</body></html>`);
    };
    void (key ? renderAndKeep(key, req, res, nonce, go) : go());
  });
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
    const watched = new Set(
      triggers.rows.filter((r) => /notify_change\('(pages|suppliers)'\)/.test(r.def)).map((r) => r.table),
    );
    const unwatched = [...read].filter((t) => !watched.has(t) && !(t in READ_WITHOUT_TRIGGER)).sort();
    expect(unwatched, `read by a public page without a trigger of "pages" or "suppliers"`).toEqual([]);
  });
});
