import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as nextImageTwin } from "@/app/api/image/[imageId]/route";
import { flushPageViews, pendingPageViews } from "@/modules/companies/page-views";
import { addPageViews } from "@/modules/companies/page-views.repository";
import { db } from "@/server/db/client";
import { pageViews, pageViewVisitors } from "@/server/db/schema";
import { LocalDiskStorage, setStorage } from "@/server/storage/storage";
import { type Account, registerVerified } from "../factories/accounts";
import { api } from "../factories/http";
import { uploadPng } from "../factories/images";

// Issue 15 item 20: page views are visitors per day, and a deactivated company's images disappear.
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "oem-page-views-"));
  setStorage(new LocalDiskStorage(dir));
});

afterAll(async () => {
  setStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

/** The supplier's views of today, after this process wrote the ones it noted. */
async function viewsToday(s: Account): Promise<number> {
  await flushPageViews(db());
  const now = new Date(Date.now() + 9 * 3_600_000);
  const res = await api(
    "GET",
    `/api/oem/company/${s.companyId}/record/${now.getUTCFullYear()}/${now.getUTCMonth() + 1}`,
    { token: s.token },
  );
  expect(res.status).toBe(200);
  return res.body.pageViews;
}

describe("page views", () => {
  it("count one view per visitor (ip + browser) per page and day, and never the company's own members", async () => {
    const s = await registerVerified("SUPPLIER");
    const visit = (ip: string, ua: string, token?: string) =>
      api("GET", `/api/oem/${s.companyId}`, { ip, token, headers: { "user-agent": ua } });

    for (let i = 0; i < 50; i++) expect((await visit("203.0.113.7", "Mozilla/5.0 Chrome")).status).toBe(200);
    expect(await viewsToday(s)).toBe(1);

    await visit("203.0.113.8", "Mozilla/5.0 Chrome");
    await visit("203.0.113.7", "Mozilla/5.0 Firefox");
    await visit("203.0.113.8", "Mozilla/5.0 Chrome");
    expect(await viewsToday(s)).toBe(3);

    for (let i = 0; i < 5; i++) await visit(`198.51.100.${i}`, "Mozilla/5.0 Safari", s.token);
    expect(await viewsToday(s)).toBe(3);

    // Another signed-in user is a visitor like any other.
    const buyer = await registerVerified("BUYER");
    await visit("198.51.100.200", "Mozilla/5.0 Edge", buyer.token);
    expect(await viewsToday(s)).toBe(4);

    const stored = await db()
      .select()
      .from(pageViewVisitors)
      .where(eq(pageViewVisitors.companyId, s.companyId));
    expect(stored).toHaveLength(4);
    for (const row of stored) {
      expect(row.visitorHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.visitorHash).not.toContain("203.0.113");
    }
  });

  it("are noted without a query and written in one statement by the next flush", async () => {
    const s = await registerVerified("SUPPLIER");
    await flushPageViews(db());
    for (let i = 0; i < 20; i++) {
      const res = await api("GET", `/api/oem/${s.companyId}`, {
        ip: `192.0.2.${i % 4}`,
        headers: { "user-agent": "UA" },
      });
      expect(res.status).toBe(200);
    }
    // Nothing written yet: four visitors wait in this process's memory.
    expect(pendingPageViews()).toBe(4);
    expect(await db().select().from(pageViews).where(eq(pageViews.companyId, s.companyId))).toEqual([]);
    expect(await flushPageViews(db())).toBe(4);
    expect(pendingPageViews()).toBe(0);
    expect(await viewsToday(s)).toBe(4);
    // The same visitors again: noted again, counted never (page_view_visitors decides across flushes).
    for (let i = 0; i < 4; i++)
      await api("GET", `/api/oem/${s.companyId}`, { ip: `192.0.2.${i}`, headers: { "user-agent": "UA" } });
    expect(await viewsToday(s)).toBe(4);
  });

  it("count a visitor once when two processes write the same view", async () => {
    const s = await registerVerified("SUPPLIER");
    const view = { companyId: s.companyId, day: "2026-11-20", visitorHash: "a".repeat(64), userId: null };
    const other = { ...view, visitorHash: "b".repeat(64) };
    const [first, second] = await Promise.all([
      addPageViews(db(), [view, other]),
      addPageViews(db(), [view]),
    ]);
    expect(first + second).toBe(2);
    const [row] = await db().select().from(pageViews).where(eq(pageViews.companyId, s.companyId));
    expect(row).toMatchObject({ day: "2026-11-20", count: 2 });
  });
});

describe("a deactivated company's images", () => {
  it("answer 404 from the API and from the image optimizer's source, and were never cached as immutable", async () => {
    const s = await registerVerified("SUPPLIER");
    const imageId = await uploadPng(s.token, s.companyId, "工場");
    const served = await api("GET", `/api/image/${imageId}`);
    expect(served.status).toBe(200);
    const cache = served.headers.get("cache-control") ?? "";
    expect(cache).not.toContain("immutable");
    expect(Number(/max-age=(\d+)/.exec(cache)?.[1])).toBeLessThanOrEqual(3600);
    const twin = await nextImageTwin(new Request("http://localhost/api/image/x"), {
      params: Promise.resolve({ imageId }),
    });
    expect(twin.status).toBe(200);
    expect(twin.headers.get("cache-control")).not.toContain("immutable");

    const gone = await api("DELETE", `/api/oem/company/${s.companyId}/deactivate`, { token: s.token });
    expect(gone.status).toBe(200);
    const after = await api("GET", `/api/image/${imageId}`);
    expect(after.status).toBe(404);
    expect(after.body.error.message).toBe("画像が見つかりませんでした。");
    const twinAfter = await nextImageTwin(new Request("http://localhost/api/image/x"), {
      params: Promise.resolve({ imageId }),
    });
    expect(twinAfter.status).toBe(404);
  });
});
