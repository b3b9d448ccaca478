import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as nextImageTwin } from "@/app/api/image/[imageId]/route";
import { db } from "@/server/db/client";
import { pageViewVisitors } from "@/server/db/schema";
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

async function viewsToday(s: Account): Promise<number> {
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
