import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, setEnvForTests } from "@/env";
import { S3Storage } from "@/server/storage/s3";
import { getStorage, setStorage } from "@/server/storage/storage";
import { registerVerified } from "../factories/accounts";
import { api } from "../factories/http";
import { S3RVER_KEYS, startS3rver, type TestBucket } from "../support/s3rver";

const BUCKET = "oem-match-test";
const KEYS = S3RVER_KEYS;

let bucket: TestBucket;
let endpoint: string;
let storage: S3Storage;

beforeAll(async () => {
  bucket = await startS3rver(BUCKET);
  endpoint = bucket.endpoint;
  storage = new S3Storage({ endpoint, region: "us-east-1", bucket: BUCKET, ...KEYS });
});

afterAll(async () => {
  storage?.destroy();
  setStorage(undefined);
  await bucket?.close();
});

describe("S3Storage against s3rver", () => {
  it("puts, gets and deletes an object with its content type", async () => {
    const data = Buffer.from("画像の代わりのバイト列");
    await storage.put("images/0b3c6a8e-1d9f-4a53-9a57-0d7f5d1e2c11.png", data, "image/png");
    const back = await storage.get("images/0b3c6a8e-1d9f-4a53-9a57-0d7f5d1e2c11.png");
    expect(back?.equals(data)).toBe(true);

    const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: KEYS });
    const head = await client.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: "images/0b3c6a8e-1d9f-4a53-9a57-0d7f5d1e2c11.png" }),
    );
    client.destroy();
    expect(head.ContentType).toBe("image/png");
    expect(head.ContentLength).toBe(data.length);

    await storage.delete("images/0b3c6a8e-1d9f-4a53-9a57-0d7f5d1e2c11.png");
    expect(await storage.get("images/0b3c6a8e-1d9f-4a53-9a57-0d7f5d1e2c11.png")).toBeUndefined();
  });

  it("answers undefined for a missing key and deletes a missing key quietly", async () => {
    expect(await storage.get("images/missing.png")).toBeUndefined();
    await expect(storage.delete("images/missing.png")).resolves.toBeUndefined();
  });

  it("round-trips binary data byte for byte", async () => {
    const data = Buffer.alloc(2 * 1024 * 1024);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + 7) & 0xff;
    await storage.put("images/binary.bin", data, "application/octet-stream");
    expect((await storage.get("images/binary.bin"))?.equals(data)).toBe(true);
    await storage.delete("images/binary.bin");
  });

  it("passes the system check", async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    expect(await storage.get("system-check/probe.txt")).toBeUndefined();
  });

  it("refuses unsafe keys before any request", async () => {
    await expect(storage.put("../etc/passwd", Buffer.from("x"), "text/plain")).rejects.toThrow(
      /unsafe storage key/,
    );
    await expect(storage.get("images/../../x")).rejects.toThrow(/unsafe storage key/);
  });

  it("fails the system check when the bucket does not exist", async () => {
    const wrong = new S3Storage({ endpoint, region: "us-east-1", bucket: "no-such-bucket", ...KEYS });
    await expect(wrong.check()).rejects.toThrow();
    wrong.destroy();
  });

  it("is what getStorage() picks when S3_BUCKET is set, and serves uploads through the API", async () => {
    const saved = env();
    setStorage(undefined);
    setEnvForTests({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    });
    try {
      expect(getStorage().kind).toBe("s3");
      const account = await registerVerified("SUPPLIER");
      const png = await sharp({ create: { width: 12, height: 8, channels: 3, background: "#336699" } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append("file", new File([new Uint8Array(png)], "s3.png", { type: "image/png" }));
      const up = await api("POST", "/api/image/file/upload", { token: account.token, body: form });
      expect(up.status).toBe(201);
      // The object sits in the bucket under the server's key.
      expect(await storage.get(`images/${up.body.id}.png`)).toBeDefined();
      const served = await api("GET", up.body.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
    } finally {
      (getStorage() as S3Storage).destroy?.();
      setStorage(undefined);
      setEnvForTests(saved);
    }
  });
});
