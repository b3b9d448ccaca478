// Files stream (issue 34, docs/decisions/0042). Downloads: a large attachment arrives byte for byte
// with its headers from local disk and from S3 (s3rver); a client that goes away releases the
// stored object; a missing object is a 404 before any header; a store failing mid-file cuts the
// response short without hurting the process. Uploads: a body streamed past the limit is a 413
// that leaves nothing behind (no object, no row, no spooled file).
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readlink, rm } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { contentDisposition } from "@/modules/files/attachment";
import { db } from "@/server/db/client";
import { files } from "@/server/db/schema";
import { uploadTmpRoot } from "@/server/http/multipart";
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

  it("answers HEAD with the download's headers and no body, leaving no stored file open", async () => {
    const id = await uploadBig(local);
    const app = createApp();
    for (let i = 0; i < 5; i++) {
      const res = await app.request(`/api/attachment/${id}`, {
        method: "HEAD",
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-length")).toBe(String(BIG));
      expect(res.headers.get("content-disposition")).toBe(contentDisposition(NAME));
      expect(res.body).toBeNull();
    }
    // Without a collection to close them: what was opened for a HEAD is closed at once.
    expect(await until(async () => (await openFilesUnder(dir)).length === 0, 1000)).toBe(true);
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

/** A multipart body of one `file` part of `size` bytes (a PDF by its start), sent chunked: no Content-Length. */
function chunkedUpload(
  size: number,
  name: string,
  type: string,
): { body: ReadableStream<Uint8Array>; type: string } {
  const boundary = "----oem-stream-test-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let left = size - 9;
  let sentHead = false;
  let sentTail = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sentHead) {
        sentHead = true;
        controller.enqueue(head);
      } else if (left > 0) {
        const n = Math.min(left, 256 * 1024);
        left -= n;
        controller.enqueue(Buffer.alloc(n, 0x41));
      } else if (!sentTail) {
        sentTail = true;
        controller.enqueue(tail);
      } else controller.close();
    },
  });
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function spoolDirs(): Promise<string[]> {
  return (await readdir(uploadTmpRoot())).filter((n) => n.startsWith("oem-upload-"));
}

async function storedUnder(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const sub of await readdir(root).catch(() => [] as string[])) {
    for (const f of await readdir(path.join(root, sub)).catch(() => [] as string[])) out.push(`${sub}/${f}`);
  }
  return out.sort();
}

describe("streamed uploads past the limit", () => {
  // The spool goes under TMPDIR (os.tmpdir()): a private one, so another process's uploads never show.
  let savedTmp: string | undefined;
  let spoolRoot: string;
  beforeAll(async () => {
    savedTmp = process.env.TMPDIR;
    spoolRoot = await mkdtemp(path.join(tmpdir(), "oem-spool-root-"));
    process.env.TMPDIR = spoolRoot;
  });
  afterAll(async () => {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    await rm(spoolRoot, { recursive: true, force: true });
  });

  it.each([
    [
      "an attachment (10 MB)",
      "/api/attachment/upload",
      10 * 1024 * 1024,
      "添付ファイルのサイズは1ファイル10MB以内にしてください。",
    ],
    [
      "an image file (10 MB)",
      "/api/image/file/upload",
      10 * 1024 * 1024,
      "画像のファイルサイズは10MB以内にしてください。",
    ],
  ])(
    "refuse %s one byte over with 413 in Japanese, leaving no object, row or spooled file",
    async (_l, url, limit, message) => {
      setStorage(local);
      const before = { stored: await storedUnder(dir), spools: await spoolDirs() };
      const rows = async () =>
        (await db().select({ id: files.id }).from(files).where(eq(files.companyId, buyer.companyId))).length;
      const rowsBefore = await rows();
      const { body, type } = chunkedUpload(limit + 1, "大きすぎる.pdf", "application/pdf");
      const res = await createApp().request(url, {
        method: "POST",
        headers: {
          authorization: `Bearer ${buyer.token}`,
          "content-type": type,
          "x-test-client-ip": "10.9.9.9",
        },
        body,
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(413);
      const json = (await res.json()) as { error: { message: string; fields?: Record<string, string> } };
      expect(json.error.message).toBe(message);
      expect(json.error.fields?.file).toBe(message);
      expect(await storedUnder(dir)).toEqual(before.stored);
      expect(await rows()).toBe(rowsBefore);
      expect(uploadTmpRoot()).toBe(spoolRoot);
      expect(await spoolDirs()).toEqual(before.spools);
    },
  );

  it("takes a chunked upload of exactly 10 MB and stores exactly its bytes", async () => {
    setStorage(local);
    const { body, type } = chunkedUpload(10 * 1024 * 1024, "ちょうど.pdf", "application/pdf");
    const res = await createApp().request("/api/attachment/upload", {
      method: "POST",
      headers: {
        authorization: `Bearer ${buyer.token}`,
        "content-type": type,
        "x-test-client-ip": "10.9.9.8",
      },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(201);
    const { id, byteSize } = (await res.json()) as { id: string; byteSize: number };
    expect(byteSize).toBe(10 * 1024 * 1024);
    const got = await httpGet(`/api/attachment/${id}`);
    expect(got.bytes.length).toBe(10 * 1024 * 1024);
    expect(got.bytes.subarray(0, 9).toString("latin1")).toBe("%PDF-1.4\n");
    expect(got.bytes.subarray(9).every((b) => b === 0x41)).toBe(true);
  });
});
