// Deal-room files (issue 18): PDF, images, Office and CAD data (STEP, IGES, DXF) up to 20 MB,
// recognised by content; downloaded only through a thread they are attached to; CAD data stays
// out of the inquiry and entry attachments.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { db } from "@/server/db/client";
import { files } from "@/server/db/schema";
import { LocalDiskStorage, setStorage } from "@/server/storage/storage";
import { type Account, registerVerified } from "../factories/accounts";
import { makePaid } from "../factories/actors";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";

let dir: string;
let buyer: Account;
let supplier: Account;
let stranger: Account;
let threadId: string;

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);
const STEP = Buffer.from(
  [
    "ISO-10303-21;",
    "HEADER;",
    "FILE_DESCRIPTION(('bottle cap'),'2;1');",
    "FILE_NAME('cap.stp','2026-11-26T10:00:00',('designer'),(''),'','','');",
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
    "ENDSEC;",
    "DATA;",
    "#1=CARTESIAN_POINT('',(0.,0.,0.));",
    "ENDSEC;",
    "END-ISO-10303-21;",
    "",
  ].join("\r\n"),
  "latin1",
);
const igesLine = (text: string, section: string, n: number) =>
  `${text.padEnd(72, " ")}${section}${String(n).padStart(7, " ")}`;
const IGES = Buffer.from(
  `${[
    igesLine("Bottle cap drawing", "S", 1),
    igesLine("1H,,1H;,7HCAP.IGS,", "G", 1),
    igesLine("", "T", 1),
  ].join("\n")}\n`,
  "latin1",
);
const DXF = Buffer.from(
  "  0\nSECTION\n  2\nHEADER\n  9\n$ACADVER\n  1\nAC1015\n  0\nENDSEC\n  0\nEOF\n",
  "latin1",
);

function form(data: Buffer | string, name: string, type = "application/octet-stream") {
  const f = new FormData();
  f.append("file", new File([typeof data === "string" ? data : new Uint8Array(data)], name, { type }));
  return f;
}
const upload = (a: Account, data: Buffer | string, name: string) =>
  api("POST", `/api/deals/company/${a.companyId}/files`, { token: a.token, body: form(data, name) });

const app = createApp();
async function download(a: Account, thread: string, fileId: string) {
  const res = await app.request(`/api/deals/company/${a.companyId}/threads/${thread}/files/${fileId}`, {
    headers: { authorization: `Bearer ${a.token}` },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
const fileRows = async () => Number((await db().select({ n: count() }).from(files))[0]!.n);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "oem-deal-files-"));
  setStorage(new LocalDiskStorage(dir));
  [buyer, supplier, stranger] = await Promise.all([
    registerVerified("BUYER", { companyName: "株式会社図面発注" }),
    registerVerified("SUPPLIER", { companyName: "図面精工株式会社" }),
    registerVerified("SUPPLIER", { companyName: "他社工業株式会社" }),
  ]);
  await makePaid(supplier.companyId);
  ({ threadId } = await openDealThread(buyer, supplier));
});

afterAll(async () => {
  setStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

describe("deal files", () => {
  it("a PDF and a STEP file go up, ride on messages and download for both sides; a third company gets 404", async () => {
    const pdf = await upload(buyer, PDF, "仕様書（初版）.pdf");
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(201);
    expect(pdf.body).toMatchObject({
      name: "仕様書（初版）.pdf",
      contentType: "application/pdf",
      byteSize: PDF.length,
    });
    const step = await upload(supplier, STEP, "キャップ形状.step");
    expect(step.status, JSON.stringify(step.body)).toBe(201);
    expect(step.body).toMatchObject({ name: "キャップ形状.step", contentType: "model/step" });
    const [row] = await db().select().from(files).where(eq(files.id, step.body.id));
    expect(row!.storageKey).toBe(`deals/${step.body.id}.stp`);

    // Not attached yet: nobody downloads it through the thread.
    expect((await download(buyer, threadId, step.body.id)).status).toBe(404);

    const m1 = await api("POST", `/api/deals/company/${buyer.companyId}/threads/${threadId}/messages`, {
      token: buyer.token,
      body: { body: "仕様書をお送りします。", fileIds: [pdf.body.id] },
    });
    expect(m1.status, JSON.stringify(m1.body)).toBe(201);
    expect(m1.body.files).toEqual([
      {
        id: pdf.body.id,
        name: "仕様書（初版）.pdf",
        contentType: "application/pdf",
        byteSize: PDF.length,
        url: `/api/deals/company/${buyer.companyId}/threads/${threadId}/files/${pdf.body.id}`,
      },
    ]);
    const m2 = await api("POST", `/api/deals/company/${supplier.companyId}/threads/${threadId}/messages`, {
      token: supplier.token,
      body: { body: "形状データです。", fileIds: [step.body.id] },
    });
    expect(m2.status).toBe(201);

    for (const [who, id, bytes, type] of [
      [buyer, pdf.body.id, PDF, "application/pdf"],
      [supplier, pdf.body.id, PDF, "application/pdf"],
      [buyer, step.body.id, STEP, "model/step"],
      [supplier, step.body.id, STEP, "model/step"],
    ] as const) {
      const got = await download(who, threadId, id);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(bytes)).toBe(true);
      expect(got.headers.get("content-type")).toBe(type);
      expect(got.headers.get("x-content-type-options")).toBe("nosniff");
      expect(got.headers.get("content-security-policy")).toMatch(/sandbox/);
      expect(got.headers.get("content-disposition")).toMatch(
        /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/,
      );
    }
    const disposition = (await download(buyer, threadId, step.body.id)).headers.get("content-disposition")!;
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).toBe("キャップ形状.step");

    // A third company: 404 through its own path and through theirs.
    expect((await download(stranger, threadId, pdf.body.id)).status).toBe(404);
    const theirs = await app.request(
      `/api/deals/company/${buyer.companyId}/threads/${threadId}/files/${pdf.body.id}`,
      {
        headers: { authorization: `Bearer ${stranger.token}` },
      },
    );
    expect(theirs.status).toBe(404);
    // A file of another thread of the same companies is not this thread's.
    const other = await openDealThread(buyer, supplier);
    expect((await download(buyer, other.threadId, pdf.body.id)).status).toBe(404);

    // Once attached, a file cannot ride on a second message.
    const twice = await api("POST", `/api/deals/company/${buyer.companyId}/threads/${threadId}/messages`, {
      token: buyer.token,
      body: { body: "もう一度", fileIds: [pdf.body.id] },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.error.fields.fileIds).toBeTruthy();
    // Nor can the other side attach it.
    const foreign = await upload(supplier, PDF, "見積.pdf");
    const byBuyer = await api("POST", `/api/deals/company/${buyer.companyId}/threads/${threadId}/messages`, {
      token: buyer.token,
      body: { body: "他社のファイル", fileIds: [foreign.body.id] },
    });
    expect(byBuyer.status).toBe(422);
  });

  it("recognises IGES and DXF (ASCII and binary) by their content", async () => {
    const iges = await upload(supplier, IGES, "図面");
    expect(iges.status, JSON.stringify(iges.body)).toBe(201);
    expect(iges.body).toMatchObject({ contentType: "model/iges", name: "図面.igs" });
    const dxf = await upload(supplier, DXF, "外形.dxf");
    expect(dxf.status, JSON.stringify(dxf.body)).toBe(201);
    expect(dxf.body.contentType).toBe("image/vnd.dxf");
    const binary = Buffer.concat([
      Buffer.from("AutoCAD Binary DXF\r\n\x1a\x00", "latin1"),
      Buffer.from([0, 0, 1, 2, 3]),
    ]);
    const bin = await upload(supplier, binary, "外形2.dxf");
    expect(bin.status, JSON.stringify(bin.body)).toBe(201);
    expect(bin.body.contentType).toBe("image/vnd.dxf");
  });

  it("refuses an executable or unknown content with 415 on `file` and stores nothing", async () => {
    const before = await fileRows();
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(200)]);
    for (const [data, name] of [
      [exe, "setup.exe"],
      [exe, "drawing.step"],
      [Buffer.from("これは図面ではありません。".repeat(4)), "図面.dxf"],
      [Buffer.from("<html><body><script>alert(1)</script></body></html>"), "page.html"],
    ] as const) {
      const res = await upload(buyer, data, name);
      expect(res.status, name).toBe(415);
      expect(res.body.error.fields.file).toMatch(/STEP・IGES・DXF/);
      expect(res.body.error.message).toMatch(/20MB/);
    }
    expect(await fileRows()).toBe(before);
  });

  it("refuses 20 MB + 1 byte with 413 on `file`, and takes 20 MB", async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
    PDF.copy(big, 0, 0, 9);
    const res = await upload(buyer, big, "大きな図面.pdf");
    expect(res.status).toBe(413);
    expect(res.body.error.fields.file).toMatch(/20MB/);
    const fits = await upload(buyer, big.subarray(0, 20 * 1024 * 1024), "ちょうど.pdf");
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
  });

  it("refuses polyglots: a PDF or HTML behind a STEP header, a PDF with a ZIP behind it; an image is re-encoded", async () => {
    const before = await fileRows();
    const html = Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>");
    const zipTail = Buffer.alloc(22);
    zipTail.writeUInt32LE(0x06054b50, 0); // an empty ZIP's end of central directory
    for (const [data, name] of [
      [Buffer.concat([STEP, html]), "cap.step"],
      [Buffer.concat([Buffer.from("ISO-10303-21;\n", "latin1"), PDF]), "cap.step"],
      [Buffer.concat([STEP, zipTail]), "cap.step"],
      [Buffer.concat([PDF, zipTail]), "spec.pdf"],
      [Buffer.concat([DXF, Buffer.from([0, 1, 2])]), "outline.dxf"],
    ] as const) {
      const res = await upload(supplier, data, name);
      expect(res.status, name).toBe(415);
      expect(res.body.error.fields.file).toBeTruthy();
    }
    expect(await fileRows()).toBe(before);

    const png = await sharp({ create: { width: 12, height: 9, channels: 3, background: "#b45309" } })
      .png()
      .toBuffer();
    const res = await upload(buyer, Buffer.concat([png, html]), "poly.png");
    expect(res.status).toBe(201);
    expect(res.body.contentType).toBe("image/png");
    const [row] = await db().select().from(files).where(eq(files.id, res.body.id));
    expect(row!.byteSize).toBeLessThan(png.length + html.length);
    const stored = await (await import("node:fs/promises")).readFile(path.join(dir, row!.storageKey));
    expect(stored.includes("<script")).toBe(false);
  });

  it("keeps CAD data out of the inquiry and entry attachments (415), and deal uploads out of inquiries", async () => {
    for (const [data, name] of [
      [STEP, "cap.step"],
      [IGES, "cap.igs"],
      [DXF, "cap.dxf"],
    ] as const) {
      const res = await api("POST", "/api/attachment/upload", { token: buyer.token, body: form(data, name) });
      expect(res.status, name).toBe(415);
      expect(res.body.error.fields.file).toMatch(/PDF・画像/);
    }
    const dealPdf = await upload(buyer, PDF, "商談用.pdf");
    const inquiry = await api("POST", "/api/contact/create", {
      token: buyer.token,
      headers: { "idempotency-key": crypto.randomUUID() },
      body: {
        type: "NOMINATION",
        nominatedCompanyId: supplier.companyId,
        title: "図面付きの問い合わせ",
        categoryId: 1,
        description: "商談用のファイルは問い合わせには使えません。",
        quantity: "1,000個",
        prefectureIds: [13],
        ndaRequired: false,
        attachmentIds: [dealPdf.body.id],
      },
    });
    expect(inquiry.status).toBe(422);
    expect(inquiry.body.error.fields.attachmentIds).toBeTruthy();
  });

  it("answers 415 for a body that is not multipart and 404 for a company the caller is not in", async () => {
    const json = await api("POST", `/api/deals/company/${buyer.companyId}/files`, {
      token: buyer.token,
      body: { file: "x" },
    });
    expect(json.status).toBe(415);
    const res = await api("POST", `/api/deals/company/${buyer.companyId}/files`, {
      token: stranger.token,
      body: form(PDF, "a.pdf"),
    });
    expect(res.status).toBe(404);
  });
});
