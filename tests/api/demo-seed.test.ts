import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { DEMO_PASSWORD, seedDemoData } from "@/server/db/seed/demo";
import { DEMO_EXPIRED_INVITATION } from "@/server/db/seed/demo-suppliers.data";
import { getStorage, LocalDiskStorage, setStorage } from "@/server/storage/storage";
import { api } from "../factories/http";

// Seeds the demo data once into this file's fresh database, then checks it through the API.
let logins: Awaited<ReturnType<typeof seedDemoData>> = [];
let storageDir = "";

beforeAll(async () => {
  storageDir = mkdtempSync(path.join(tmpdir(), "oem-demo-seed-"));
  setStorage(new LocalDiskStorage(storageDir));
  const started = performance.now();
  logins = await seedDemoData(db());
  const ms = Math.round(performance.now() - started);
  console.info(`demo seed: ${ms} ms (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`);
  expect(ms).toBeLessThan(30_000);
}, 120_000);

afterAll(() => {
  if (storageDir) rmSync(storageDir, { recursive: true, force: true });
});

async function countOf(table: PgTable, where?: SQL) {
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return Number(row?.n ?? 0);
}

function todayInJapan(): string {
  return new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
}

describe("demo seed: companies", () => {
  it("creates about 30 suppliers with complete OEM profiles and 5 buyers", async () => {
    const suppliers = await db().select().from(t.companies).where(eq(t.companies.type, "SUPPLIER"));
    expect(suppliers.length).toBeGreaterThanOrEqual(28);
    expect(suppliers.length).toBeLessThanOrEqual(35);
    expect(await countOf(t.companies, eq(t.companies.type, "BUYER"))).toBeGreaterThanOrEqual(5);
    expect(suppliers.filter((s) => s.paymentStatus === "OEM_PAID")).toHaveLength(8);
    expect(suppliers.filter((s) => !s.namePublished)).toHaveLength(2);
    expect(new Set(suppliers.map((s) => s.prefectureId)).size).toBeGreaterThanOrEqual(20);

    const profiles = await db().select().from(t.supplierProfiles);
    expect(profiles).toHaveLength(suppliers.length);
    for (const p of profiles) {
      expect(p.profileCompleteness).toBeGreaterThanOrEqual(0);
      expect(p.profileCompleteness).toBeLessThanOrEqual(100);
      expect(p.searchText.length).toBeGreaterThan(20);
      expect(p.searchText).toBe(p.searchText.toLowerCase());
      const words = p.searchText.split(" ");
      expect(new Set(words).size).toBe(words.length);
    }

    const perCompany = async (table: PgTable, column: PgColumn) => {
      const rows = await db()
        .select({ id: sql<string>`${column}`, n: sql<number>`count(*)::int` })
        .from(table)
        .groupBy(column);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    };
    const cats = await perCompany(t.companyCategories, t.companyCategories.companyId);
    const feats = await perCompany(t.companyFeatures, t.companyFeatures.companyId);
    const facts = await perCompany(t.supplierFactories, t.supplierFactories.companyId);
    const cases = await perCompany(t.caseStudies, t.caseStudies.companyId);
    const gallery = await perCompany(t.companyImages, t.companyImages.companyId);
    for (const s of suppliers) {
      expect(s.logoFileId).not.toBeNull();
      expect(s.description).toBeTruthy();
      expect(cats.get(s.id)).toBeGreaterThanOrEqual(1);
      expect(cats.get(s.id)).toBeLessThanOrEqual(3);
      expect(feats.get(s.id)).toBeGreaterThanOrEqual(2);
      expect(feats.get(s.id)).toBeLessThanOrEqual(5);
      expect(facts.get(s.id)).toBeGreaterThanOrEqual(1);
      expect(facts.get(s.id)).toBeLessThanOrEqual(2);
      expect(cases.get(s.id)).toBeGreaterThanOrEqual(2);
      expect(cases.get(s.id)).toBeLessThanOrEqual(4);
      expect(gallery.get(s.id)).toBeGreaterThanOrEqual(1);
      expect(gallery.get(s.id)).toBeLessThanOrEqual(3);
    }
    expect(await countOf(t.caseStudies, eq(t.caseStudies.status, "DRAFT"))).toBeGreaterThan(0);
    expect(await countOf(t.caseStudyImages)).toBe(await countOf(t.caseStudies));
  });

  it("gives paid suppliers a live plan, one cancelling at the end of the month, and one free supplier a waiting one", async () => {
    const plans = await db()
      .select({
        status: t.planContracts.status,
        endsOn: t.planContracts.endsOn,
        startsOn: t.planContracts.startsOn,
        fee: t.planContracts.monthlyFeeYen,
        pay: t.companies.paymentStatus,
      })
      .from(t.planContracts)
      .innerJoin(t.companies, eq(t.companies.id, t.planContracts.companyId));
    const live = plans.filter((p) => p.status === "ACTIVE" || p.status === "CANCEL_SCHEDULED");
    expect(live).toHaveLength(8);
    for (const p of live) {
      expect(p.pay).toBe("OEM_PAID");
      expect(p.fee).toBe(30_000);
      expect(p.startsOn! < todayInJapan()).toBe(true);
    }
    const cancelling = plans.filter((p) => p.status === "CANCEL_SCHEDULED");
    expect(cancelling).toHaveLength(1);
    const [y, m] = todayInJapan().split("-").map(Number) as [number, number];
    expect(cancelling[0]!.endsOn).toBe(new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10));
    const waiting = plans.filter((p) => p.status === "WAITING");
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.pay).toBe("OEM_FREE");
  });
});

describe("demo seed: inquiries and entries", () => {
  it("has inquiries of both types in every status", async () => {
    const rows = await db().select().from(t.inquiries);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    const has = (type: string, status: string) => rows.some((r) => r.type === type && r.status === status);
    for (const status of ["REVIEW", "OPEN", "CLOSED", "CANCELLED", "REJECTED"])
      expect(has("BULK", status)).toBe(true);
    for (const status of ["OPEN", "CLOSED", "CANCELLED"]) expect(has("NOMINATION", status)).toBe(true);

    const today = todayInJapan();
    for (const r of rows) {
      if (r.type === "BULK" && r.status === "OPEN") {
        expect(r.publishedAt).not.toBeNull();
        expect(r.entryDeadline! > today).toBe(true);
      }
      if (r.status === "REVIEW") expect(r.publishedAt).toBeNull();
      if (r.status === "REJECTED") expect(r.rejectionReason).toBeTruthy();
      if (r.type === "NOMINATION") expect(r.nominatedCompanyId).not.toBeNull();
      else expect(r.nominatedCompanyId).toBeNull();
    }

    const nominated = await db()
      .select()
      .from(t.inquiryRecipients)
      .where(eq(t.inquiryRecipients.kind, "NOMINATED"));
    const nominations = rows.filter((r) => r.type === "NOMINATION");
    expect(nominated).toHaveLength(nominations.length);
    for (const n of nominations) {
      expect(nominated.find((x) => x.inquiryId === n.id)?.supplierCompanyId).toBe(n.nominatedCompanyId);
    }
    expect(await countOf(t.inquiryRecipients, eq(t.inquiryRecipients.kind, "SELECTED"))).toBeGreaterThan(0);
    expect(await countOf(t.inquiryPrefectures)).toBeGreaterThan(0);
  });

  it("has entries in every status, and only paid suppliers entered public recruits", async () => {
    const rows = await db()
      .select({ status: t.entries.status, type: t.inquiries.type, pay: t.companies.paymentStatus })
      .from(t.entries)
      .innerJoin(t.inquiries, eq(t.inquiries.id, t.entries.inquiryId))
      .innerJoin(t.companies, eq(t.companies.id, t.entries.supplierCompanyId));
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(["ENTERED", "SHORTLISTED", "DECLINED", "CANCELLED"]),
    );
    for (const r of rows.filter((x) => x.type === "BULK")) expect(r.pay).toBe("OEM_PAID");
    expect(rows.some((r) => r.type === "NOMINATION")).toBe(true);
  });

  it("opens a deal thread for every live entry, with its message, first quotes and decisions", async () => {
    const live = await db()
      .select({ id: t.entries.id })
      .from(t.entries)
      .where(ne(t.entries.status, "CANCELLED"));
    const threads = await db().select().from(t.dealThreads);
    expect(threads).toHaveLength(live.length);
    const statuses = new Set(threads.map((x) => x.status));
    expect(statuses.has("QUOTED") && statuses.has("DECLINED"), [...statuses].join()).toBe(true);
    const versions = await db().select().from(t.dealQuoteVersions);
    expect(versions.length).toBe(threads.filter((x) => x.quoteVersion > 0).length);
    for (const th of threads) {
      const msgs = await db().select().from(t.dealMessages).where(eq(t.dealMessages.threadId, th.id));
      expect(msgs).toHaveLength(th.messageCount);
      expect(msgs.some((m) => m.side === "SUPPLIER" && m.kind === "MESSAGE")).toBe(true);
    }
  });
});

describe("demo seed: billing, news, activity", () => {
  it("records ticket purchases at the listed prices and the free supplier's ticket usages", async () => {
    const purchases = await db().select().from(t.ticketPurchases);
    expect(new Set(purchases.map((p) => p.status))).toEqual(new Set(["PAID", "PENDING", "CANCELLED"]));
    const price: Record<number, number> = { 1: 5_000, 5: 22_500, 10: 40_000 };
    for (const p of purchases) {
      expect(p.subtotalYen).toBe(price[p.quantity]);
      expect(p.taxYen).toBe(Math.floor(p.subtotalYen / 10));
      expect(p.totalYen).toBe(p.subtotalYen + p.taxYen);
      expect(p.paidAt !== null).toBe(p.status === "PAID");
    }
    const [free] = await db()
      .select({ companyId: t.memberships.companyId })
      .from(t.memberships)
      .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
      .where(eq(t.users.email, "supplier-free@demo.oem-match.jp"));
    expect(
      await countOf(
        t.ticketUsages,
        and(eq(t.ticketUsages.companyId, free!.companyId), isNull(t.ticketUsages.refundedAt)),
      ),
    ).toBe(2);
    const openToFree = await countOf(
      t.inquiries,
      and(eq(t.inquiries.nominatedCompanyId, free!.companyId), eq(t.inquiries.status, "OPEN")),
    );
    expect(openToFree).toBeGreaterThanOrEqual(2);
  });

  it("publishes news for every audience, with one draft, and records daily page views", async () => {
    const news = await db().select().from(t.news);
    expect(news.length).toBeGreaterThanOrEqual(6);
    expect(new Set(news.map((n) => n.audience))).toEqual(new Set(["ALL", "BUYER", "SUPPLIER"]));
    expect(news.filter((n) => n.status === "DRAFT")).toHaveLength(1);
    for (const n of news.filter((x) => x.status === "PUBLISHED")) {
      expect(n.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now());
      expect(n.createdByOwnerId).not.toBeNull();
      expect(n.body).not.toContain("{date}");
    }
    expect(await countOf(t.pageViews)).toBeGreaterThanOrEqual(30 * 50);
  });

  it("gives suppliers structured capabilities and certificates in every state the console shows", async () => {
    const withCapabilities = await countOf(t.supplierProfiles, sql`${t.supplierProfiles.moqMin} is not null`);
    expect(withCapabilities).toBeGreaterThanOrEqual(10);
    const badged = await countOf(
      t.supplierProfiles,
      sql`cardinality(${t.supplierProfiles.verifiedCertificationIds}) > 0`,
    );
    expect(badged).toBeGreaterThanOrEqual(8);
    expect(
      await countOf(t.supplierCertifications, eq(t.supplierCertifications.status, "PENDING")),
    ).toBeGreaterThan(0);
    // One verified certificate runs out within 30 days (its reminder is due) and still shows a badge.
    const soon = await countOf(
      t.supplierCertifications,
      and(
        eq(t.supplierCertifications.status, "VERIFIED"),
        sql`${t.supplierCertifications.expiresOn} between ${todayInJapan()}::date and ${todayInJapan()}::date + 30`,
      ),
    );
    expect(soon).toBe(1);
    // Each certificate's document is stored.
    const docs = await db()
      .select({ key: t.files.storageKey })
      .from(t.supplierCertifications)
      .innerJoin(t.files, eq(t.files.id, t.supplierCertifications.documentFileId));
    expect(docs.length).toBeGreaterThan(10);
    for (const d of docs.slice(0, 3)) expect((await getStorage().get(d.key))?.length).toBeGreaterThan(500);
  });

  it("stores the pictures it references", async () => {
    const images = await db().select().from(t.files).where(eq(t.files.kind, "IMAGE"));
    expect(images.length).toBeGreaterThan(60);
    const sample = [images[0]!, images[images.length - 1]!];
    for (const f of sample) {
      expect(f.storageKey).toMatch(/^[a-z0-9][a-z0-9/_.-]*$/);
      const data = await getStorage().get(f.storageKey);
      expect(data).toBeDefined();
      expect(data!.length).toBe(f.byteSize);
      expect(createHash("sha256").update(data!).digest("hex")).toBe(f.sha256);
      const meta = await sharp(data!).metadata();
      expect([meta.width, meta.height]).toEqual([f.width, f.height]);
    }
  });
});

describe("demo seed: logins", () => {
  const expected: Record<
    string,
    { type: "BUYER" | "SUPPLIER"; role: "ADMIN" | "GENERAL"; payment: string | null; tickets?: number }
  > = {
    "buyer@demo.oem-match.jp": { type: "BUYER", role: "ADMIN", payment: null },
    "buyer-general@demo.oem-match.jp": { type: "BUYER", role: "GENERAL", payment: null },
    "supplier-free@demo.oem-match.jp": { type: "SUPPLIER", role: "ADMIN", payment: "OEM_FREE", tickets: 3 },
    "supplier-general@demo.oem-match.jp": {
      type: "SUPPLIER",
      role: "GENERAL",
      payment: "OEM_FREE",
      tickets: 3,
    },
    "supplier-paid@demo.oem-match.jp": { type: "SUPPLIER", role: "ADMIN", payment: "OEM_PAID" },
  };

  it("returns every demo login with the shared password and Japanese role labels", () => {
    expect(logins.map((l) => l.email).sort()).toEqual(
      [...Object.keys(expected), "owner@demo.oem-match.jp"].sort(),
    );
    for (const l of logins) {
      expect(l.password).toBe(DEMO_PASSWORD);
      expect(l.role).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });

  it("lets every user login sign in and answers the session user of PRODUCT.md", async () => {
    for (const login of logins.filter((l) => l.email !== "owner@demo.oem-match.jp")) {
      const want = expected[login.email]!;
      const res = await api("POST", "/api/auth/login", {
        body: { email: login.email, password: login.password },
      });
      expect(res.status, login.email).toBe(200);
      expect(res.body.token).toEqual(expect.any(String));
      expect(res.body.expiresAt).toEqual(expect.any(String));
      expect(res.body.user).toMatchObject({ email: login.email, emailVerified: true });
      expect(res.body.user.id).toEqual(expect.any(String));
      expect(res.body.user.name).toEqual(expect.any(String));
      expect(res.body.companyType).toBe(want.type);
      expect(res.body.companyUserProfile).toEqual({ name: res.body.user.name, role: want.role });
      expect(res.body.companyDetails).toMatchObject({
        id: expect.any(String),
        name: expect.any(String),
        companyWebsite: expect.stringMatching(/^https:\/\//),
        ticketCount: want.tickets ?? expect.any(Number),
        paymentStatus: want.payment,
      });
      expect(res.body.companies).toEqual([
        {
          id: res.body.companyDetails.id,
          name: res.body.companyDetails.name,
          type: want.type,
          role: want.role,
        },
      ]);
    }
  });

  it("lets the operator sign in at the owner login, and not at the user login", async () => {
    const owner = logins.find((l) => l.email === "owner@demo.oem-match.jp")!;
    const res = await api("POST", "/api/auth/owner-login", {
      body: { email: owner.email, password: owner.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.owner).toMatchObject({ email: owner.email, name: expect.any(String) });
    expect(
      (await api("POST", "/api/auth/login", { body: { email: owner.email, password: owner.password } }))
        .status,
    ).toBe(401);
  });

  it("holds an invitation of the free supplier that ran out: its link answers the expiry message", async () => {
    const [inv] = await db()
      .select({ companyId: t.invitations.companyId, expiresAt: t.invitations.expiresAt })
      .from(t.invitations)
      .where(eq(t.invitations.email, DEMO_EXPIRED_INVITATION.email));
    expect(inv!.expiresAt.getTime()).toBeLessThan(Date.now());
    const check = await api("POST", `/api/oem/company/${inv!.companyId}/invitation/check`, {
      body: { token: DEMO_EXPIRED_INVITATION.token },
    });
    expect(check.status).toBe(409);
    expect(JSON.stringify(check.body)).toContain("招待の有効期限（7日間）が切れています");
  });
});
