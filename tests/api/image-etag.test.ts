// Images answer conditional requests (issue 34): a strong ETag from the content hash stored at
// upload, If-None-Match per RFC 9110 §13.1.2, a 304 without reading the stored bytes, and no
// conditional answer at all for an image that is not public (docs/decisions/0039).
import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { db } from "@/server/db/client";
import { companies, files } from "@/server/db/schema";
import { LocalDiskStorage, setStorage } from "@/server/storage/storage";
import { type Account, registerVerified } from "../factories/accounts";
import { api } from "../factories/http";

/** Local disk storage that counts the reads of stored bytes. */
class CountingStorage extends LocalDiskStorage {
  reads = 0;
  override async get(key: string) {
    this.reads++;
    return super.get(key);
  }
}

const CACHE_CONTROL = "public, max-age=3600, must-revalidate";

let dir: string;
let storage: CountingStorage;
let supplier: Account;
let leaving: Account;
let imageUrl: string;
let etag: string;
let imageBytes: number;

const app = createApp();
async function request(url: string, headers: Record<string, string> = {}, method = "GET") {
  const res = await app.request(url, { method, headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function uploadPng(owner: Account, background: string) {
  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background } })
    .png()
    .toBuffer();
  const res = await api("POST", "/api/image/base64/upload", {
    token: owner.token,
    body: { image: png.toString("base64") },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; url: string; byteSize: number };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "oem-image-etag-"));
  storage = new CountingStorage(dir);
  setStorage(storage);
  [supplier, leaving] = await Promise.all([registerVerified("SUPPLIER"), registerVerified("SUPPLIER")]);
  const image = await uploadPng(supplier, "#2a6f97");
  imageUrl = image.url;
  imageBytes = image.byteSize;
  const [row] = await db().select({ sha256: files.sha256 }).from(files).where(eq(files.id, image.id));
  etag = `"${row!.sha256}"`;
});

afterAll(async () => {
  setStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

describe("GET /api/image/{imageId} with an ETag", () => {
  it("answers a strong ETag: the SHA-256 of the stored bytes, kept at upload", async () => {
    const res = await request(imageUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBe(etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(etag).toBe(`"${createHash("sha256").update(res.bytes).digest("hex")}"`);
    expect(res.headers.get("cache-control")).toBe(CACHE_CONTROL);
  });

  it("answers 304 with no body, the same ETag and Cache-Control, without reading the stored bytes", async () => {
    const before = storage.reads;
    const res = await request(imageUrl, { "If-None-Match": etag });
    expect(res.status).toBe(304);
    expect(res.bytes.length).toBe(0);
    expect(res.headers.get("etag")).toBe(etag);
    expect(res.headers.get("cache-control")).toBe(CACHE_CONTROL);
    expect(res.headers.get("content-type")).toBeNull();
    expect(storage.reads).toBe(before);
  });

  it.each([
    ["a weak form of the tag", (t: string) => `W/${t}`],
    ["a list that contains the tag", (t: string) => `"other", ${t}`],
    ["a list without spaces, weak tag last", (t: string) => `"a","b",W/${t}`],
    ["*", () => "*"],
  ])("answers 304 for %s (RFC 9110 weak comparison)", async (_name, header) => {
    const res = await request(imageUrl, { "If-None-Match": header(etag) });
    expect(res.status).toBe(304);
    expect(res.headers.get("etag")).toBe(etag);
  });

  it.each([
    ["another tag", () => `"${"0".repeat(64)}"`],
    ["a list without the tag", () => `"a", W/"b"`],
    ["the tag without its quotes", (t: string) => t.slice(1, -1)],
    ["an empty header", () => ""],
  ])("answers 200 with the bytes for %s", async (_name, header) => {
    const res = await request(imageUrl, { "If-None-Match": header(etag) });
    expect(res.status).toBe(200);
    expect(res.bytes.length).toBe(imageBytes);
    expect(res.headers.get("etag")).toBe(etag);
  });

  it("answers HEAD like GET: the headers without the body (nor a read of it), and 304 when the tag matches", async () => {
    const before = storage.reads;
    const head = await request(imageUrl, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers.get("etag")).toBe(etag);
    expect(head.headers.get("content-type")).toBe("image/png");
    expect(head.headers.get("cache-control")).toBe(CACHE_CONTROL);
    expect(head.headers.get("content-length")).toBe(String(imageBytes));
    const conditional = await request(imageUrl, { "If-None-Match": etag }, "HEAD");
    expect(conditional.status).toBe(304);
    expect(conditional.headers.get("etag")).toBe(etag);
    expect(storage.reads).toBe(before);
  });

  it("answers 404 (no ETag) for an unknown image, even to * or a matching tag", async () => {
    const unknown = `/api/image/${randomUUID()}`;
    for (const header of ["*", etag]) {
      const res = await request(unknown, { "If-None-Match": header });
      expect(res.status).toBe(404);
      expect(res.headers.get("etag")).toBeNull();
    }
  });

  it("answers 404 (no ETag) for a deactivated company's image, even to its own tag or *", async () => {
    const image = await uploadPng(leaving, "#aa3300");
    const tag = (await request(image.url)).headers.get("etag")!;
    await db().update(companies).set({ status: "DEACTIVATED" }).where(eq(companies.id, leaving.companyId));
    for (const header of [tag, "*"]) {
      const res = await request(image.url, { "If-None-Match": header });
      expect(res.status).toBe(404);
      expect(res.headers.get("etag")).toBeNull();
    }
  });

  it("answers 404 (no ETag) for a private document's id, even to its own hash or *", async () => {
    const id = randomUUID();
    const data = Buffer.from("%PDF-1.4 private quote");
    const sha256 = createHash("sha256").update(data).digest("hex");
    await storage.put(`attachments/${id}.pdf`, data);
    await db()
      .insert(files)
      .values({
        id,
        kind: "DOCUMENT",
        companyId: supplier.companyId,
        uploadedByUserId: supplier.userId,
        storageKey: `attachments/${id}.pdf`,
        originalName: "quote.pdf",
        contentType: "application/pdf",
        byteSize: data.length,
        sha256,
      });
    for (const header of [`"${sha256}"`, "*"]) {
      const res = await request(`/api/image/${id}`, { "If-None-Match": header });
      expect(res.status).toBe(404);
      expect(res.headers.get("etag")).toBeNull();
    }
  });

  it("documents the 304 and the If-None-Match header in the OpenAPI document", async () => {
    const get = (await api("GET", "/api/openapi.json")).body.paths["/api/image/{imageId}"].get;
    expect(get.responses["304"]).toBeDefined();
    expect(get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: "header", name: "If-None-Match" })]),
    );
  });
});
