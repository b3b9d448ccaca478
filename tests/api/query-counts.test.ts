// The number of SQL queries of the hot reads is part of their performance (every query is a round
// trip to PostgreSQL, and costs a planning on PGlite). The counter of QUERY_LOG=1 reports it in a
// Server-Timing header; these counts were 3, 6, 6 and 6 before the reads were merged. Every list
// here has several rows, so a query per row (N+1) would show as a higher count.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { env, setEnvForTests } from "@/env";
import { capabilitiesOf } from "@/modules/companies/supplier-fit.service";
import { buyerFigures } from "@/modules/deals/buyer-record.service";
import { listCertificationTypes, listFeatures } from "@/modules/master-data/master-data.service";
import { loadFitNames } from "@/modules/matching/fit-names.service";
import { changesSeen } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { newQueryStats, withQueryStats } from "@/server/db/query-stats";
import { companies, entries, inquiries, inquiryRecipients } from "@/server/db/schema";
import {
  type Account,
  createOwner,
  markVerified,
  registerAccount,
  registerVerified,
} from "../factories/accounts";
import { setSupplierCapabilities, setSupplierPlaces } from "../factories/capabilities";
import { addThread, base as dealBase, quote } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";
import { oemInfo } from "../factories/documents";
import { api } from "../factories/http";
import { uploadPng } from "../factories/images";
import { createInquiry, insertNominations } from "../factories/inquiries";
import { issue, orderBody, orders, quotedThread, setSize } from "../factories/orders";

let app: ReturnType<typeof createApp>;
let buyer: Account;
let supplier: Account;
let owner: { token: string };
let nominationIds: string[];
const KEYWORD = "計測用精密板金";

beforeAll(async () => {
  buyer = await registerAccount("BUYER");
  supplier = await registerAccount("SUPPLIER");
  await registerAccount("BUYER");
  await registerAccount("SUPPLIER");
  await markVerified(buyer.userId);
  const bulk = [await createInquiry(buyer), await createInquiry(buyer), await createInquiry(buyer)];
  nominationIds = await insertNominations(buyer, supplier.companyId, 3);
  // The entered-projects list is for paid suppliers; entries inserted as the entry step records them.
  await db().update(companies).set({ paymentStatus: "OEM_PAID" }).where(eq(companies.id, supplier.companyId));
  await db()
    .insert(entries)
    .values(
      bulk.map((inquiryId) => ({
        inquiryId,
        supplierCompanyId: supplier.companyId,
        userId: supplier.userId,
        message: "エントリーします。",
      })),
    );
  // Three searchable suppliers with categories, features, factories and a gallery on their cards.
  for (const name of ["計測工業株式会社", "計測精機株式会社", "計測製作所株式会社"]) {
    const s = await registerAccount("SUPPLIER", { companyName: name });
    await markVerified(s.userId);
    const put = await api("PUT", `/api/oem/company/${s.companyId}/information/update`, {
      token: s.token,
      body: oemInfo({
        catchphrase: `${KEYWORD}の${name}`,
        categoryIds: [1, 2],
        featureIds: [1, 2],
        factories: [{ name: "本社工場", prefectureId: 13, address: null }],
        gallery: [{ fileId: await uploadPng(s.token, s.companyId, "工場") }],
      }),
    });
    expect(put.status).toBe(200);
    await setSupplierCapabilities(s.companyId, {
      quantityUnit: "個",
      moqMin: 100,
      monthlyCapacity: 10_000,
      processIds: [1, 2],
      verifiedCertificationIds: [1, 2],
    });
  }
  owner = await createOwner();
  const previous = env().QUERY_LOG;
  setEnvForTests({ QUERY_LOG: "1" });
  app = createApp();
  setEnvForTests({ QUERY_LOG: previous });
});

async function queriesOf(path: string, init: RequestInit = {}, minItems = 0): Promise<number> {
  const res = await app.request(path, init);
  expect(res.status).toBe(200);
  if (minItems) {
    const { items } = (await res.clone().json()) as { items: unknown[] };
    expect(items.length).toBeGreaterThanOrEqual(minItems);
  }
  const timing = res.headers.get("server-timing") ?? "";
  const m = /desc="(\d+) queries"/.exec(timing);
  expect(m, timing).not.toBeNull();
  return Number(m![1]);
}

const bearer = (a: { token: string }) => ({ headers: { authorization: `Bearer ${a.token}` } });

describe("queries per request", () => {
  it("reads the session, the user and their companies in one query", async () => {
    expect(await queriesOf("/api/account/me", bearer(buyer))).toBe(1);
    // A supplier's session user also carries its ticket balance.
    expect(await queriesOf("/api/account/me", bearer(supplier))).toBe(2);
  });

  // The cards' certification names come from the master list, kept for a minute per process. The
  // order of the matches is kept per process (decision 0026): a repeated search reads only its
  // page's cards; the first after a change ranks them first.
  it("searches suppliers in one query, cards and capability filters included", async () => {
    // The master lists the cards are named and checked with (issue 33's 特徴 tags) are cached.
    await Promise.all([listCertificationTypes(db()), listFeatures(db())]);
    const init = (filters: Record<string, unknown>) => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ keyword: KEYWORD, categoryIds: [1], ...filters }),
    });
    expect(await queriesOf("/api/oem/search", init({}), 3)).toBe(2);
    expect(await queriesOf("/api/oem/search", init({}), 3)).toBe(1);
    const capability = {
      certificationIds: [1],
      moqMax: 1000,
      capacityMin: 5000,
      processIds: [2],
      quantityUnit: "個",
    };
    expect(await queriesOf("/api/oem/search", init(capability), 3)).toBe(2);
    expect(await queriesOf("/api/oem/search", init(capability), 3)).toBe(1);
  });

  // A supplier's lists also carry each row's buyer figures (issue 19): one statement for the page.
  // The public recruits also read the supplier's capabilities once (issue 20: every row's fit, and
  // the order by fit); the reasons' names come from the cached master lists.
  it("lists inquiries with their entries, prefectures and total in one query after the session", async () => {
    await loadFitNames(db());
    expect(await queriesOf(`/api/buyer/company/${buyer.companyId}/contacts`, bearer(buyer))).toBe(2);
    expect(
      await queriesOf(`/api/oem/company/${supplier.companyId}/contacts?contactType=BULK`, bearer(supplier)),
    ).toBe(3); // no public recruit yet: no figures to read
  });

  it("lists the supplier's nominations and entered projects without a query per row", async () => {
    const base = `/api/oem/company/${supplier.companyId}`;
    // The session, the page with its total and the buyers' figures of every row (a column of it).
    expect(await queriesOf(`${base}/contacts?contactType=NOMINATION`, bearer(supplier), 3)).toBe(2);
    // The plan check reads the company's plan from the session's memberships (it was a query more).
    expect(await queriesOf(`${base}/entries`, bearer(supplier), 3)).toBe(2);
  });

  // An operator's token is looked up after the users' sessions (2 queries), then the page with its
  // per-row figures as subqueries, and the total.
  it("lists the owner console's inquiries, entries and companies without a query per row", async () => {
    expect(await queriesOf("/api/owner/contact", bearer(owner), 6)).toBe(4);
    expect(await queriesOf("/api/owner/contact/bulk", bearer(owner), 3)).toBe(4);
    // the entry list carries its capped total in its own statement (prepared per filter shape)
    expect(await queriesOf("/api/owner/contact/entry", bearer(owner), 3)).toBe(3);
    expect(await queriesOf("/api/owner/oem", bearer(owner), 2)).toBe(4);
    expect(await queriesOf("/api/owner/buyer", bearer(owner), 2)).toBe(4);
  });
});

// A nomination as its supplier sees it (the page's data; issue 19's bench row): the session, then
// the inquiry, its summary, the supplier's facts (its entry, its ticket, the read mark), the
// attachments and the buyer's contact in one statement. It was 10 queries. The supplier's
// capabilities (for the fit) are kept by the process once read (decision 0025). The first view
// marks the nomination read: the next one does not write.
describe("one inquiry as its supplier sees it", () => {
  it("reads a nomination in a fixed number of queries, and writes its read mark once", async () => {
    await loadFitNames(db());
    await capabilitiesOf(db(), supplier.companyId);
    const path = `/api/oem/company/${supplier.companyId}/contact/${nominationIds[1]}`;
    expect(await queriesOf(path, bearer(supplier))).toBe(3);
    const [recipient] = await db()
      .select({ readAt: inquiryRecipients.readAt })
      .from(inquiryRecipients)
      .where(eq(inquiryRecipients.inquiryId, nominationIds[1]!));
    expect(recipient?.readAt).toBeInstanceOf(Date);
    expect(await queriesOf(path, bearer(supplier))).toBe(2);
  });
});

// The buyer's track record on a supplier's inquiry page (issue 19): the page loads the figures
// with one statement more than the inquiry itself, whatever the buyer's history.
describe("buyer figures queries", () => {
  it("reads an inquiry's buyer figures in one statement", async () => {
    const stats = newQueryStats("count");
    const figures = await withQueryStats(stats, () => buyerFigures(db(), nominationIds[0]!));
    expect(figures).toMatchObject({ inquiriesLast12Months: 3, isNew: false });
    expect(stats.count).toBe(1);
  });

  it("reads the buyer figures of a whole recruit page in one statement, however many buyers", async () => {
    const buyers = [buyer, await registerAccount("BUYER"), await registerAccount("BUYER")];
    await db()
      .insert(inquiries)
      .values(
        buyers.map((b, i) => ({
          type: "BULK" as const,
          status: "OPEN" as const,
          buyerCompanyId: b.companyId,
          createdByUserId: b.userId,
          title: `公開案件 ${i + 1}`,
          categoryId: 1,
          description: "クエリ数の確認用の公開案件です。",
          quantity: "1,000個",
          publishedAt: new Date(),
        })),
      );
    // The supplier lists the recruits' category, so that it fits them (the category is a gate, issue 33).
    await setSupplierPlaces(supplier.companyId, {
      categoryIds: [1],
      prefectureId: null,
      factoryPrefectureIds: [],
    });
    // The session, then the page's rows with the buyers' figures of every row (the supplier's
    // capabilities kept since the earlier lists): newest first, by fit, and only those it fits alike. The
    // list's order (its ranking: by fit, every recruit scored) is one statement more on the first
    // view, then kept until a recruit changes (decision 0025).
    await loadFitNames(db());
    await changesSeen(db());
    await capabilitiesOf(db(), supplier.companyId);
    const path = `/api/oem/company/${supplier.companyId}/contacts?contactType=BULK`;
    for (const byFit of [path, `${path}&sort=fit`, `${path}&sort=fit&fit=only`]) {
      expect(await queriesOf(byFit, bearer(supplier), 3)).toBe(3);
      expect(await queriesOf(byFit, bearer(supplier), 3)).toBe(2);
    }
  });
});

// The deal room's hot reads (issue 18): the comparison table and a thread's first page stay at a fixed
// number of queries however many suppliers, versions, messages and files there are.
describe("deal room queries per request", () => {
  it("compares every supplier's current quote and pages a thread without a query per row", async () => {
    const dealBuyer = await registerAccount("BUYER");
    await markVerified(dealBuyer.userId);
    const suppliers: Account[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await registerAccount("SUPPLIER");
      await markVerified(s.userId);
      suppliers.push(s);
    }
    const { inquiryId, threadId } = await openDealThread(dealBuyer, suppliers[0]!);
    const threads = [threadId];
    for (const s of suppliers.slice(1)) threads.push(await addThread(dealBuyer, inquiryId, s));
    for (const [i, s] of suppliers.entries()) {
      for (const unitPriceYen of [500, 480]) {
        expect(
          (await quote(s, threads[i]!, { tiers: [{ quantity: 1000, unitPriceYen: unitPriceYen + i }] }))
            .status,
        ).toBe(201);
      }
    }
    for (const body of ["図面を添付します。", "公差は±0.05でお願いします。", "承知しました。"]) {
      const res = await api("POST", `${dealBase(suppliers[0]!)}/threads/${threadId}/messages`, {
        token: suppliers[0]!.token,
        body: { body },
      });
      expect(res.status).toBe(201);
    }
    const buyerBase = dealBase(dealBuyer);
    // The session, the inquiry, the threads with their current versions, and (issue 19) the suppliers'
    // track records with their visible ratings: one query for every column.
    expect(await queriesOf(`${buyerBase}/inquiries/${inquiryId}/comparison`, bearer(dealBuyer))).toBe(4);
    // The session, the thread, the page, its files.
    expect(await queriesOf(`${buyerBase}/threads/${threadId}/messages`, bearer(dealBuyer), 3)).toBe(4);
    // The session, the page, its total, the unread total.
    expect(await queriesOf(`${buyerBase}/threads`, bearer(dealBuyer), 1)).toBe(4);
  });
});

// Orders (issue 35): each side's list is its page and the counterparts' names, whatever the number
// of orders; one order is its head (with both companies' and the issuer's names), then its versions,
// its record (with the actors' names) and its consultations, read side by side.
describe("order queries per request", () => {
  it("lists orders in 2 queries and reads one order in a fixed number after the session", async () => {
    const orderBuyer = await registerVerified("BUYER");
    await setSize(orderBuyer, 500_000_000, 800);
    const sellers: Account[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await registerVerified("SUPPLIER");
      await setSize(s, 5_000_000, 40);
      sellers.push(s);
      const { threadId } = await quotedThread(orderBuyer, s);
      const res = await issue(orderBuyer, threadId, orderBody());
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.id);
    }
    const [first] = ids;
    const seller = sellers[0]!;
    const sellerOrder = orders(seller, `/orders/${first}`);
    const accepted = await api("POST", `${sellerOrder}/answer`, {
      token: seller.token,
      body: { answer: "ACCEPT" },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const changed = await api("POST", orders(orderBuyer, `/orders/${first}/changes`), {
      token: orderBuyer.token,
      body: {
        fromVersion: 1,
        unitPriceYen: 500,
        reason: "材料費の上昇を単価に反映します。",
        reasonParty: "BUYER",
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(201);
    const asked = await api("POST", `${sellerOrder}/price-consultations`, {
      token: seller.token,
      body: {
        drivers: [{ driver: "ENERGY", percent: 8, note: "電力料金が上がりました" }],
        requestedUnitPriceYen: 520,
        message: "電力料金の上昇分について単価のご相談です。",
      },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);

    // The session, the page, the counterparts' names (one query for every row).
    expect(await queriesOf(orders(orderBuyer, "/orders"), bearer(orderBuyer), 3)).toBe(3);
    expect(await queriesOf(orders(seller, "/orders"), bearer(seller), 1)).toBe(3);
    // The session, the order with the names, then its versions, its record and its consultations.
    const detail = await app.request(orders(orderBuyer, `/orders/${first}`), bearer(orderBuyer));
    const body = (await detail.clone().json()) as {
      versions: unknown[];
      events: unknown[];
      consultations: unknown[];
    };
    expect(body.versions).toHaveLength(2);
    expect(body.events.length).toBeGreaterThanOrEqual(4);
    expect(body.consultations).toHaveLength(1);
    expect(await queriesOf(orders(orderBuyer, `/orders/${first}`), bearer(orderBuyer))).toBe(5);
    expect(await queriesOf(sellerOrder, bearer(seller))).toBe(5);
  });
});
