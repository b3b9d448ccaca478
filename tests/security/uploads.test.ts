import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { db } from "@/server/db/client";
import { files, supplierCertifications } from "@/server/db/schema";
import { LocalDiskStorage, setStorage } from "@/server/storage/storage";
import { type Account, registerVerified } from "../factories/accounts";
import { certificationTypeId } from "../factories/certifications";
import { openDealThread, resetDealLimits } from "../factories/deals";
import { api } from "../factories/http";
import { resetUploadLimits } from "../factories/images";

// Every upload endpoint refuses what is not what it claims to be, too large, or active content
// (SVG, HTML), with a 4xx, a Japanese message and a field error, and stores nothing. Names with
// path tricks never reach a storage key, a stored name or a Content-Disposition header as sent.

let dir: string;
let supplier: Account;
let buyer: Account;
let png: Buffer;
let uploadOps: string[];
let threadId: string;
let isoTypeId: number;

type Kind = "image-base64" | "image-file" | "attachment" | "deal" | "certificate";
interface Endpoint {
  op: string;
  kind: Kind;
  /** The field a refusal names. */
  field: "image" | "file";
  call: (data: Buffer, name: string, type: string) => Promise<{ status: number; body: any }>;
  /** The size limit (the deal room's files: 20 MB; everything else 10 MB). */
  maxBytes?: number;
}

function form(data: Buffer, name: string, type: string, fields: Record<string, string> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append("file", new File([new Uint8Array(data)], name, { type }));
  return f;
}

const base64Body = (data: Buffer, name: string, type: string) => ({
  image: `data:${type || "image/png"};base64,${data.toString("base64")}`,
  fileName: name,
});

const endpoints = (): Endpoint[] => [
  {
    op: "POST /api/image/base64/upload",
    kind: "image-base64",
    field: "image",
    call: (d, n, t) =>
      api("POST", "/api/image/base64/upload", { token: supplier.token, body: base64Body(d, n, t) }),
  },
  {
    op: "POST /api/image/file/upload",
    kind: "image-file",
    field: "file",
    call: (d, n, t) => api("POST", "/api/image/file/upload", { token: supplier.token, body: form(d, n, t) }),
  },
  {
    op: "POST /api/image/company/{companyId}/base64/upload",
    kind: "image-base64",
    field: "image",
    call: (d, n, t) =>
      api("POST", `/api/image/company/${supplier.companyId}/base64/upload`, {
        token: supplier.token,
        body: base64Body(d, n, t),
      }),
  },
  {
    op: "POST /api/image/company/{companyId}/file/upload",
    kind: "image-file",
    field: "file",
    call: (d, n, t) =>
      api("POST", `/api/image/company/${supplier.companyId}/file/upload`, {
        token: supplier.token,
        body: form(d, n, t),
      }),
  },
  {
    op: "POST /api/attachment/upload",
    kind: "attachment",
    field: "file",
    call: (d, n, t) => api("POST", "/api/attachment/upload", { token: buyer.token, body: form(d, n, t) }),
  },
  {
    op: "POST /api/deals/company/{companyId}/files",
    kind: "deal",
    field: "file",
    maxBytes: 20 * 1024 * 1024,
    call: (d, n, t) =>
      api("POST", `/api/deals/company/${buyer.companyId}/files`, { token: buyer.token, body: form(d, n, t) }),
  },
  {
    // A supplier's certificate (issue 20): PDF, JPEG or PNG with its type, number and issuer.
    op: "POST /api/oem/company/{companyId}/certifications",
    kind: "certificate",
    field: "file",
    call: (d, n, t) =>
      api("POST", `/api/oem/company/${supplier.companyId}/certifications`, {
        token: supplier.token,
        body: form(d, n, t, { certificationTypeId: String(isoTypeId), number: "JQA-1", issuer: "審査機関" }),
      }),
  },
];

/** The stored file of an upload's answer (a certificate answers its own id, not its document's). */
async function fileIdOf(kind: Kind, id: string): Promise<string> {
  if (kind !== "certificate") return id;
  const [row] = await db()
    .select({ fileId: supplierCertifications.documentFileId })
    .from(supplierCertifications)
    .where(eq(supplierCertifications.id, id));
  return row!.fileId;
}

/** Where an upload is served, and with whose token: a deal file once attached to a message of a thread. */
async function servedAt(kind: Kind, id: string): Promise<{ path: string; token?: string }> {
  if (kind === "attachment") return { path: `/api/attachment/${id}`, token: buyer.token };
  if (kind === "certificate")
    return {
      path: `/api/oem/company/${supplier.companyId}/certifications/${id}/document`,
      token: supplier.token,
    };
  if (kind !== "deal") return { path: `/api/image/${id}` };
  const res = await api("POST", `/api/deals/company/${buyer.companyId}/threads/${threadId}/messages`, {
    token: buyer.token,
    body: { body: "ファイルを添付します。", fileIds: [id] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    path: `/api/deals/company/${buyer.companyId}/threads/${threadId}/files/${id}`,
    token: buyer.token,
  };
}

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);
const HTML = Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>");

/** Bad content, each with the names and declared types it arrives under. */
function badContents(): Array<{
  name: string;
  data: Buffer;
  fileName: string;
  type: string;
  kinds?: Kind[];
}> {
  const jpegHeadedHtml = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
    Buffer.from("JFIF\0"),
    HTML,
  ]);
  const pngHeadedHtml = Buffer.concat([png.subarray(0, 16), HTML]);
  const gifHeadedHtml = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(7), HTML]);
  return [
    {
      name: "a PDF named .png",
      data: PDF,
      fileName: "photo.png",
      type: "image/png",
      kinds: ["image-base64", "image-file"],
    },
    {
      name: "plain text named .png",
      data: Buffer.from("これは画像ではありません。".repeat(4)),
      fileName: "photo.png",
      type: "image/png",
    },
    {
      name: "plain text named .pdf",
      data: Buffer.from("見積書ではありません。".repeat(4)),
      fileName: "見積.pdf",
      type: "application/pdf",
    },
    { name: "an SVG", data: SVG, fileName: "logo.svg", type: "image/svg+xml" },
    { name: "an SVG named .png", data: SVG, fileName: "logo.png", type: "image/png" },
    { name: "HTML named .jpg", data: HTML, fileName: "photo.jpg", type: "image/jpeg" },
    { name: "HTML named .html", data: HTML, fileName: "page.html", type: "text/html" },
    { name: "HTML behind a JPEG signature", data: jpegHeadedHtml, fileName: "photo.jpg", type: "image/jpeg" },
    { name: "HTML behind a PNG signature", data: pngHeadedHtml, fileName: "photo.png", type: "image/png" },
    { name: "HTML behind a GIF signature", data: gifHeadedHtml, fileName: "anim.gif", type: "image/gif" },
    { name: "an empty-ish file", data: Buffer.from([0x89, 0x50]), fileName: "x.png", type: "image/png" },
  ];
}

const storedFiles = async () =>
  (await readdir(dir, { recursive: true })).filter((f) => /\.\w+$/.test(String(f))).sort();
const fileRows = async () => Number((await db().select({ n: count() }).from(files))[0]!.n);

// Each case uploads and writes many times from the same accounts; the limits have their own tests.
beforeEach(async () => {
  await resetUploadLimits();
  await resetDealLimits();
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "oem-sec-uploads-"));
  setStorage(new LocalDiskStorage(dir));
  supplier = await registerVerified("SUPPLIER");
  buyer = await registerVerified("BUYER");
  ({ threadId } = await openDealThread(buyer, supplier));
  isoTypeId = await certificationTypeId("iso-9001");
  png = await sharp({ create: { width: 12, height: 9, channels: 3, background: "#b45309" } })
    .png()
    .toBuffer();
  const doc = await api("GET", "/api/openapi.json");
  uploadOps = Object.entries(doc.body.paths as Record<string, Record<string, any>>).flatMap(([p, ops]) =>
    Object.entries(ops)
      .filter(
        ([, op]) =>
          /upload/.test(p) ||
          Object.keys(op.requestBody?.content ?? {}).some((t) => t.startsWith("multipart/")),
      )
      .map(([m]) => `${m.toUpperCase()} ${p}`),
  );
});

afterAll(async () => {
  setStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

function expectRefusal(res: { status: number; body: any }, field: string, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(res.body?.error?.message, what).toMatch(/[ぁ-んァ-ヶ一-龥]/);
  expect(res.body?.error?.fields?.[field], `${what}: a field error on "${field}"`).toMatch(
    /[ぁ-んァ-ヶ一-龥]/,
  );
}

describe("uploads", () => {
  it("knows every upload operation of the OpenAPI document", () => {
    expect(uploadOps.sort()).toEqual(
      endpoints()
        .map((e) => e.op)
        .sort(),
    );
  });

  it("a real PNG is accepted everywhere (the refusals below are about the content)", async () => {
    for (const e of endpoints()) {
      const res = await e.call(png, "工場.png", "image/png");
      expect(res.status, `${e.op}: ${JSON.stringify(res.body)}`).toBe(201);
    }
  });

  for (const e of endpoints()) {
    describe(e.op, () => {
      it("refuses content that is not what it claims, SVG and HTML, and stores nothing", async () => {
        const [rows, stored] = [await fileRows(), await storedFiles()];
        for (const bad of badContents()) {
          if (bad.kinds && !bad.kinds.includes(e.kind)) continue;
          expectRefusal(await e.call(bad.data, bad.fileName, bad.type), e.field, bad.name);
        }
        expect(await fileRows()).toBe(rows);
        expect(await storedFiles()).toEqual(stored);
      });

      it(`refuses a file over ${(e.maxBytes ?? 10 * 1024 * 1024) / 1024 / 1024} MB with 413 and stores nothing`, async () => {
        const [rows, stored] = [await fileRows(), await storedFiles()];
        const big = Buffer.concat([png, Buffer.alloc((e.maxBytes ?? 10 * 1024 * 1024) + 1 - png.length)]);
        const res = await e.call(big, "big.png", "image/png");
        expect(res.status).toBe(413);
        expectRefusal(res, e.field, "oversize");
        expect(await fileRows()).toBe(rows);
        expect(await storedFiles()).toEqual(stored);
      });

      it("keeps no path trick of the file name in the storage key, the stored name or the download header", async () => {
        const tricks = [
          "../../etc/passwd.png",
          "..\\..\\x.png",
          "/etc/cron.d/x.png",
          "C:\\fakepath\\x.png",
          "x.png\u0000.html",
          "%2e%2e%2fx.png",
          `${"長".repeat(400)}.png`,
          '"; filename="evil.html',
          "a\r\nSet-Cookie: x=1.png",
          "\u202egnp.exe",
        ];
        for (const name of tricks) {
          const res = await e.call(png, name, "image/png");
          if (res.status >= 400) {
            // Refusing the name outright is fine too.
            expectRefusal(res, e.kind === "image-base64" ? "fileName" : e.field, name);
            continue;
          }
          expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
          const [row] = await db()
            .select()
            .from(files)
            .where(eq(files.id, await fileIdOf(e.kind, res.body.id)));
          expect(row!.storageKey, name).toMatch(
            /^(images|attachments|deals|certifications)\/[0-9a-f-]{36}\.(png|jpg|webp|avif|pdf)$/,
          );
          // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
          expect(row!.originalName, name).not.toMatch(/[/\\]|^\.\.|[\u0000-\u001f\u007f\u202a-\u202e]/);
          expect(Array.from(row!.originalName).length, name).toBeLessThanOrEqual(255);
          const at = await servedAt(e.kind, res.body.id);
          const served = await api("GET", at.path, { token: at.token });
          expect(served.status).toBe(200);
          expect(served.headers.get("x-content-type-options")).toBe("nosniff");
          expect(served.headers.get("content-type")).toMatch(/^image\/(png|jpeg|webp|avif)$/);
          expect(served.headers.get("content-security-policy")).toMatch(/sandbox/);
          const disposition = served.headers.get("content-disposition");
          if (e.kind === "attachment" || e.kind === "deal" || e.kind === "certificate") {
            expect(disposition, name).toMatch(
              /^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[\x21-\x7e]+$/,
            );
            const quoted = /filename="([^"]*)"/.exec(disposition!)![1]!;
            expect(quoted, name).not.toMatch(/[/\\";]/);
            expect(decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(disposition!)![1]!)).toBe(
              row!.originalName,
            );
          } else {
            // Public images are shown inline and carry no name at all.
            expect(disposition ?? "", name).not.toMatch(/filename/);
          }
        }
      });

      it("a polyglot (a real PNG with HTML behind it) is stored re-encoded and served as the image alone", async () => {
        const polyglot = Buffer.concat([png, HTML]);
        const res = await e.call(polyglot, "poly.png", "image/png");
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        // The raw bytes: the shared helper reads bodies as text.
        const at = await servedAt(e.kind, res.body.id);
        const served = await createApp().request(at.path, {
          headers: at.token ? { authorization: `Bearer ${at.token}` } : {},
        });
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe("image/png");
        const bytes = Buffer.from(await served.arrayBuffer());
        expect(bytes.includes("<script")).toBe(false);
        // A whole PNG that ends with its IEND chunk: nothing rides behind the image.
        expect(bytes.subarray(-12).equals(Buffer.from("0000000049454e44ae426082", "hex"))).toBe(true);
        const meta = await sharp(bytes).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: "png",
          width: 12,
          height: 9,
        });
      });
    });
  }

  it("an attachment whose name says one type and whose content another is kept as its content", async () => {
    // Attachments are recognised by content (docs/security.md): a PDF named .png is a PDF, and
    // downloads as one; it is never served as an image.
    const res = await api("POST", "/api/attachment/upload", {
      token: buyer.token,
      body: form(PDF, "図面.png", "image/png"),
    });
    if (res.status >= 400) return expectRefusal(res, "file", "PDF named .png");
    expect(res.status).toBe(201);
    expect(res.body.contentType).toBe("application/pdf");
    expect(res.body.name).toMatch(/\.pdf$/);
    const served = await api("GET", `/api/attachment/${res.body.id}`, { token: buyer.token });
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toMatch(/^attachment;/);
  });
});
