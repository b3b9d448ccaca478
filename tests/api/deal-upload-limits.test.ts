// Deal-room and certificate uploads (issue 33, item 18): an unverified account stored 10 × 20 MB
// with no thread in 13 s, and 271 images in 30 s. A verified email first; limits per user and per
// company; a storage quota per company; files never attached are removed after 24 h; a busy
// decoder answers 503 (busy), not 415; deal-room images take the same 20 MB as other files.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { removeUnattachedDealFiles } from "@/modules/deals/deal-files.service";

import { decodeQueue } from "@/modules/files/decode-queue";
import {
  CERTIFICATE_UPLOADS_PER_10_MINUTES,
  COMPANY_STORAGE_QUOTA_BYTES,
  DEAL_UPLOADS_PER_10_MINUTES_PER_COMPANY,
  DEAL_UPLOADS_PER_10_MINUTES_PER_USER,
} from "@/modules/files/upload-limits";
import { db } from "@/server/db/client";
import { files } from "@/server/db/schema";
import { getStorage, LocalDiskStorage, setStorage } from "@/server/storage/storage";
import { type Account, markVerified, registerAccount, registerVerified } from "../factories/accounts";
import { addGeneralMember } from "../factories/actors";
import { certificationTypeId, uploadCertification } from "../factories/certifications";
import { openDealThread, resetDealLimits } from "../factories/deals";
import { api } from "../factories/http";
import { resetUploadLimits } from "../factories/images";
import { resetInquiryLimits } from "../factories/inquiries";

const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

let dir: string;
let buyer: Account;
let supplier: Account;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "oem-deal-uploads-"));
  setStorage(new LocalDiskStorage(dir));
  [buyer, supplier] = await Promise.all([
    registerVerified("BUYER", { companyName: "株式会社容量確認商事" }),
    registerVerified("SUPPLIER", { companyName: "容量確認工業株式会社" }),
  ]);
});

afterAll(async () => {
  setStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await resetDealLimits();
  await resetUploadLimits();
});

function form(data: BlobPart, name: string, type = "application/pdf") {
  const f = new FormData();
  f.set("file", new File([data], name, { type }));
  return f;
}
const upload = (a: Account, data: BlobPart = PDF, name = "図面.pdf") =>
  api("POST", `/api/deals/company/${a.companyId}/files`, { token: a.token, body: form(data, name) });

describe("deal-room uploads", () => {
  it("wait for a verified email (403 in Japanese), then work", async () => {
    const fresh = await registerAccount("SUPPLIER");
    const refused = await upload(fresh);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("メールアドレスの確認が完了していない");
    expect(await db().select().from(files).where(eq(files.companyId, fresh.companyId))).toHaveLength(0);
    await markVerified(fresh.userId);
    expect((await upload(fresh)).status).toBe(201);
  });

  it("are limited per user and per company, with 429, Retry-After and a Japanese message", async () => {
    for (let i = 0; i < DEAL_UPLOADS_PER_10_MINUTES_PER_USER; i++)
      expect((await upload(buyer)).status).toBe(201);
    const limited = await upload(buyer);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(
      /^ファイルのアップロードが続いています。.+後にもう一度お試しください。$/,
    );
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // A colleague still uploads, until the company's own limit.
    const colleagues = await Promise.all([1, 2, 3, 4].map(() => addGeneralMember(buyer.companyId)));
    for (const c of colleagues) await markVerified(c.userId);
    let companyTotal = DEAL_UPLOADS_PER_10_MINUTES_PER_USER;
    let refusedForCompany: Awaited<ReturnType<typeof upload>> | undefined;
    for (const c of colleagues) {
      for (let i = 0; i < DEAL_UPLOADS_PER_10_MINUTES_PER_USER && !refusedForCompany; i++) {
        const res = await upload(c);
        if (companyTotal < DEAL_UPLOADS_PER_10_MINUTES_PER_COMPANY) {
          expect(res.status).toBe(201);
          companyTotal++;
        } else refusedForCompany = res;
      }
    }
    expect(refusedForCompany?.status).toBe(429);
    // Another company is not held back.
    expect((await upload(supplier)).status).toBe(201);
  }, 120_000);

  it("stop at the company's storage quota (413 with a field error)", async () => {
    const company = await registerVerified("SUPPLIER");
    expect((await upload(company)).status).toBe(201);
    // What the company has stored so far, grown to just under the quota.
    const [row] = await db().select().from(files).where(eq(files.companyId, company.companyId));
    await db()
      .update(files)
      .set({ byteSize: COMPANY_STORAGE_QUOTA_BYTES - 10 })
      .where(eq(files.id, row!.id));
    const over = await upload(company);
    expect(over.status).toBe(413);
    expect(over.body.error.fields.file).toMatch(/保存容量/);
    expect(await db().select().from(files).where(eq(files.companyId, company.companyId))).toHaveLength(1);
  });

  it("answer 503 with Retry-After when the image decoder is busy, not 415", async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const release: Array<() => void> = [];
    const held = Array.from({ length: 20 }, () =>
      decodeQueue.run(() => new Promise<void>((r) => release.push(r))).catch(() => undefined),
    );
    try {
      const busy = await upload(buyer, new Uint8Array(png), "写真.png");
      expect(busy.status).toBe(503);
      expect(busy.body.error.message).toMatch(/混み合っています/);
      expect(busy.headers.get("retry-after")).toBeTruthy();
    } finally {
      while (release.length || decodeQueue.running) {
        for (const r of release.splice(0)) r();
        await new Promise((r) => setTimeout(r, 5));
      }
      await Promise.all(held);
    }
    expect((await upload(buyer, new Uint8Array(png), "写真.png")).status).toBe(201);
  });

  it("take an image of up to 20 MB, as for other files", async () => {
    // Noise does not compress: a 2,600 × 2,000 PNG of it is about 15 MB.
    const w = 2600;
    const h = 2000;
    const raw = Buffer.alloc(w * h * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
    const png = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(10 * 1024 * 1024);
    expect(png.length).toBeLessThan(20 * 1024 * 1024);
    const res = await upload(buyer, new Uint8Array(png), "大きな写真.png");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }, 60_000);
});

describe("files never attached", () => {
  it("are removed after 24 hours with their bytes; attached and recent ones stay", async () => {
    await resetInquiryLimits();
    const { threadId } = await openDealThread(buyer, supplier);
    const stale = (await upload(supplier, PDF, "古い未添付.pdf")).body.id as string;
    const recent = (await upload(supplier, PDF, "新しい未添付.pdf")).body.id as string;
    const attached = (await upload(supplier, PDF, "添付済み.pdf")).body.id as string;
    const sent = await api("POST", `/api/deals/company/${supplier.companyId}/threads/${threadId}/messages`, {
      token: supplier.token,
      body: { body: "図面をお送りします。", fileIds: [attached] },
    });
    expect(sent.status).toBe(201);
    await db()
      .update(files)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(files.id, [stale, attached]));
    const keys = new Map(
      (
        await db()
          .select()
          .from(files)
          .where(inArray(files.id, [stale, recent, attached]))
      ).map((f) => [f.id, f.storageKey]),
    );

    const outcome = await removeUnattachedDealFiles(db());
    expect(outcome.removed).toBeGreaterThanOrEqual(1);
    const left = (
      await db()
        .select()
        .from(files)
        .where(inArray(files.id, [stale, recent, attached]))
    ).map((f) => f.id);
    expect(left.sort()).toEqual([recent, attached].sort());
    expect(await getStorage().get(keys.get(stale)!)).toBeUndefined();
    expect(await getStorage().get(keys.get(attached)!)).toBeDefined();
    // The attached file still downloads through its thread.
    const download = await api(
      "GET",
      `/api/deals/company/${buyer.companyId}/threads/${threadId}/files/${attached}`,
      { token: buyer.token },
    );
    expect(download.status).toBe(200);
  });
});

describe("certificate uploads", () => {
  it("are limited per user with 429 and Retry-After", async () => {
    const company = await registerVerified("SUPPLIER");
    const typeId = await certificationTypeId("iso-9001");
    for (let i = 0; i < CERTIFICATE_UPLOADS_PER_10_MINUTES; i++) {
      expect(
        (await uploadCertification(company, { certificationTypeId: typeId, number: `N-${i}` })).status,
      ).toBe(201);
    }
    const limited = await uploadCertification(company, { certificationTypeId: typeId, number: "N-over" });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/後にもう一度お試しください。$/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
