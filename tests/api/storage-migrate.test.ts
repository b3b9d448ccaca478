import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { copyUploadsToS3 } from "@/server/storage/copy-uploads";
import { S3Storage } from "@/server/storage/s3";
import { LocalDiskStorage, setStorage } from "@/server/storage/storage";
import { registerVerified } from "../factories/accounts";
import { api } from "../factories/http";
import { S3RVER_KEYS, startS3rver, type TestBucket } from "../support/s3rver";

// npm run storage:migrate (scripts/storage-migrate.ts): uploads made with local storage are copied
// to S3 with their content type, and a second run copies nothing again.

let bucket: TestBucket;
let localDir: string;
let local: LocalDiskStorage;
let s3: S3Storage;

beforeAll(async () => {
  localDir = await mkdtemp(path.join(tmpdir(), "oem-uploads-"));
  bucket = await startS3rver("oem-match-migrate");
  s3 = new S3Storage({
    endpoint: bucket.endpoint,
    region: "us-east-1",
    bucket: bucket.bucket,
    ...S3RVER_KEYS,
  });
  local = new LocalDiskStorage(localDir);
  setStorage(local);
});

afterAll(async () => {
  s3?.destroy();
  setStorage(undefined);
  await bucket?.close();
  await rm(localDir, { recursive: true, force: true });
});

async function uploadImage(token: string, color: string) {
  const png = await sharp({ create: { width: 10, height: 6, channels: 3, background: color } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new File([new Uint8Array(png)], "local.png", { type: "image/png" }));
  const res = await api("POST", "/api/image/file/upload", { token, body: form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe("storage:migrate", () => {
  it("copies every local upload to S3 byte for byte, and a second run copies nothing", async () => {
    const account = await registerVerified("SUPPLIER");
    await uploadImage(account.token, "#aa3366");
    await uploadImage(account.token, "#3366aa");
    const keys = (
      await db().execute<{ storage_key: string }>(sql`select storage_key from files order by storage_key`)
    ).rows.map((r) => r.storage_key);
    expect(keys.length).toBeGreaterThanOrEqual(2);

    const first = await copyUploadsToS3(db(), local, s3);
    expect(first.copied).toBe(keys.length);
    expect(first).toMatchObject({ alreadyThere: 0, missing: [], corrupt: [] });
    for (const key of keys) {
      const there = await s3.get(key);
      expect(there?.equals((await local.get(key))!), key).toBe(true);
    }

    const again = await copyUploadsToS3(db(), local, s3);
    expect(again).toMatchObject({ copied: 0, alreadyThere: keys.length, missing: [], corrupt: [] });

    // a file recorded in the database but gone from the disk is reported, not invented
    await local.delete(keys[0]!);
    await s3.delete(keys[0]!);
    const gone = await copyUploadsToS3(db(), local, s3);
    expect(gone.missing).toEqual([keys[0]]);
  });
});
