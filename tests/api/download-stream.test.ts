// Downloads stream from the store (issue 34, docs/decisions/0042): a large attachment arrives byte
// for byte with its headers from local disk and from S3 (s3rver); a client that goes away releases
// the stored object; a missing object is a 404 before any header; a store failing mid-file cuts
// the response short without hurting the process.
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readlink, rm } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { contentDisposition } from "@/modules/files/attachment";
import { S3Storage } from "@/server/storage/s3";
import { LocalDiskStorage, type Storage, setStorage } from "@/server/storage/storage";
import { type Account, registerAccount } from "../factories/accounts";
import { api } from "../factories/http";
import { S3RVER_KEYS, startS3rver, type TestBucket } from "../support/s3rver";

const BIG = 9 * 1024 * 1024;
const NAME = "図面一式（第2版）.pdf";

let dir: string;
let local: LocalDiskStorage;
let bucket: TestBucket;
let s3: S3Storage;
let buyer: Account;
let server: Server;
let baseUrl: string;
let bigPdf: Buffer;

/** A PDF by its leading bytes, then 9 MB of varying text (every byte position checked by the hash). */
function largePdf(bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  out.write("%PDF-1.4\n", 0, "latin1");
  for (let i = 9; i < bytes; i++) out[i] = 0x20 + ((i * 7919) % 90);
  return out;
}

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "oem-download-stream-"));
  local = new LocalDiskStorage(dir);
  bucket = await startS3rver("oem-download-stream");
  s3 = new S3Storage({
    endpoint: bucket.endpoint,
    region: "us-east-1",
    bucket: bucket.bucket,
    ...S3RVER_KEYS,
  });
  buyer = await registerAccount("BUYER", { companyName: "株式会社大容量図面" });
  bigPdf = largePdf(BIG);
  // The real HTTP path (@hono/node-server), where backpressure and a leaving client happen.
  server = createServer(getRequestListener(createApp().fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  setStorage(undefined);
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  s3?.destroy();
  await bucket?.close();
  await rm(dir, { recursive: true, force: true });
});

async function uploadBig(storage: Storage): Promise<string> {
  setStorage(storage);
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bigPdf)], NAME, { type: "application/pdf" }));
  const res = await api("POST", "/api/attachment/upload", { token: buyer.token, body: form });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

interface Received {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  /** Whether the body ended cleanly ('end'), not cut short. */
  complete: boolean;
}

/** GET over HTTP; `stopAfter` bytes, when set, destroys the request once that many arrived. */
function httpGet(pathname: string, stopAfter?: number): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${pathname}`,
      { headers: { authorization: `Bearer ${buyer.token}` } },
      (res) => {
        const chunks: Buffer[] = [];
        let got = 0;
        const done = (complete: boolean) =>
          resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks), complete });
        res.on("data", (c: Buffer) => {
          chunks.push(c);
          got += c.length;
          if (stopAfter !== undefined && got >= stopAfter) {
            req.destroy();
            done(false);
          }
        });
        res.on("end", () => done(true));
        res.on("aborted", () => done(false));
        res.on("error", () => done(false));
      },
    );
    req.on("error", (e) => (stopAfter !== undefined ? undefined : reject(e)));
    req.end();
  });
}

/** Open file descriptors of this process that point under `root`. */
async function openFilesUnder(root: string): Promise<string[]> {
  const fds = await readdir("/proc/self/fd");
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => "")));
  return targets.filter((t) => t.startsWith(root));
}

async function until(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

function expectDownloadHeaders(headers: Received["headers"]) {
  expect(headers["content-type"]).toBe("application/pdf");
  expect(headers["content-length"]).toBe(String(BIG));
  expect(headers["transfer-encoding"]).toBeUndefined();
  // RFC 6266 / 5987: an ASCII fallback and the exact UTF-8 name.
  expect(headers["content-disposition"]).toBe(contentDisposition(NAME));
  expect(headers["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent("図面一式")}`);
  expect(headers.etag).toBe(`"${sha256(bigPdf)}"`);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["cache-control"]).toBe("private, no-store");
}

describe.each([
  ["local disk", () => local],
  ["S3 (s3rver)", () => s3 as Storage],
])("a 9 MB attachment from %s", (_label, storageOf) => {
  let id: string;
  beforeAll(async () => {
    id = await uploadBig(storageOf());
  });

  it("downloads exactly the uploaded bytes, with its length, type, Japanese name and ETag", async () => {
    const got = await httpGet(`/api/attachment/${id}`);
    expect(got.status).toBe(200);
    expect(got.complete).toBe(true);
    expectDownloadHeaders(got.headers);
    expect(got.bytes.length).toBe(BIG);
    expect(sha256(got.bytes)).toBe(sha256(bigPdf));
  });

  it("survives clients that leave mid-download, and serves the next one whole", async () => {
    const left = await Promise.all(
      Array.from({ length: 5 }, () => httpGet(`/api/attachment/${id}`, 256 * 1024)),
    );
    for (const l of left) expect(l.complete).toBe(false);
    const after = await httpGet(`/api/attachment/${id}`);
    expect(after.complete).toBe(true);
    expect(sha256(after.bytes)).toBe(sha256(bigPdf));
  });
});

describe("streamed downloads and the stored object", () => {
  it("closes the stored file when the client goes away", async () => {
    const id = await uploadBig(local);
    const left = await httpGet(`/api/attachment/${id}`, 128 * 1024);
    expect(left.complete).toBe(false);
    expect(left.bytes.length).toBeLessThan(BIG);
    // The read stream is destroyed with the response: no descriptor on the uploads directory stays open.
    expect(await until(async () => (await openFilesUnder(dir)).length === 0)).toBe(true);
  });

  it("answers 404 with a Japanese message, before any byte, when the object is gone from the store", async () => {
    const id = await uploadBig(local);
    const [key] = (await readdir(path.join(dir, "attachments"))).filter((f) => f.startsWith(id));
    await rm(path.join(dir, "attachments", key!));
    const res = await api("GET", `/api/attachment/${id}`, { token: buyer.token });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("添付ファイルが見つかりませんでした。");
  });

  it("cuts the response short when the store fails mid-file, and keeps serving", async () => {
    const id = await uploadBig(local);
    // A store whose stream breaks after 1 MB (a disk error, a dropped S3 connection).
    const failing: Storage = Object.assign(Object.create(local) as LocalDiskStorage, {
      async open(key: string) {
        const real = await local.open(key);
        if (!real) return undefined;
        real.body.destroy();
        let sent = 0;
        const body = new Readable({
          read() {
            if (sent >= 1024 * 1024) {
              this.destroy(new Error("EIO: simulated read failure"));
              return;
            }
            sent += 64 * 1024;
            this.push(Buffer.alloc(64 * 1024, 0x41));
          },
        });
        return { size: real.size, body };
      },
    });
    setStorage(failing);
    const broken = await httpGet(`/api/attachment/${id}`);
    expect(broken.status).toBe(200);
    expect(broken.complete).toBe(false);
    expect(broken.bytes.length).toBeLessThan(BIG);
    setStorage(local);
    const whole = await httpGet(`/api/attachment/${id}`);
    expect(whole.complete).toBe(true);
    expect(sha256(whole.bytes)).toBe(sha256(bigPdf));
  });
});
