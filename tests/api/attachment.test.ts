// Inquiry and entry attachments: POST /api/attachment/upload and GET /api/attachment/{id}.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { approveBulkInquiry } from "@/modules/inquiries/inquiry.service";
import { db } from "@/server/db/client";
import { files } from "@/server/db/schema";
import { LocalDiskStorage, setStorage } from "@/server/storage/storage";
import { type Account, createOwner, markVerified, registerAccount } from "../factories/accounts";
import { makePaid } from "../factories/actors";
import { api } from "../factories/http";
import { createInquiry } from "../factories/inquiries";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

let dir: string;
let buyer: Account;
let otherBuyer: Account;
let nominee: Account;
let paidSupplier: Account;
let pdf: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "oem-attachments-"));
  setStorage(new LocalDiskStorage(dir));
  [buyer, otherBuyer, nominee, paidSupplier] = await Promise.all([
    registerAccount("BUYER", { companyName: "株式会社添付商事" }),
    registerAccount("BUYER", { companyName: "他社発注株式会社" }),
    registerAccount("SUPPLIER", { companyName: "指名精工株式会社" }),
    registerAccount("SUPPLIER", { companyName: "有料化粧品株式会社" }),
  ]);
  await markVerified(buyer.userId);
  await markVerified(nominee.userId); // only public (verified) suppliers can be nominated
  await makePaid(paidSupplier.companyId);
  pdf = await samplePdf();
});

afterAll(async () => {
  setStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

function samplePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4" });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.text("Request for quotation: 3,000 bottles");
    doc.end();
  });
}

/** A ZIP of stored (uncompressed) entries with UTF-8 names: enough for an Office Open XML file. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, "utf8");
    const data = Buffer.from(text, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
function sampleXlsx(): Buffer {
  return zip({
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets><sheet name="見積" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    "xl/worksheets/sheet1.xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>数量</t></is></c></row></sheetData></worksheet>',
  });
}

function form(data: Buffer | string, name: string, type: string) {
  const f = new FormData();
  f.append("file", new File([typeof data === "string" ? data : new Uint8Array(data)], name, { type }));
  return f;
}

async function upload(account: Account | undefined, data: Buffer | string, name: string, type: string) {
  return api("POST", "/api/attachment/upload", { token: account?.token, body: form(data, name, type) });
}

/** GET with the raw bytes (the shared helper reads bodies as text). */
const app = createApp();
async function download(id: string, account?: Account) {
  const res = await app.request(`/api/attachment/${id}`, {
    headers: account ? { authorization: `Bearer ${account.token}` } : {},
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function storedFiles(): Promise<string[]> {
  return (await readdir(path.join(dir, "attachments")).catch(() => [])).sort();
}

describe("uploading attachments", () => {
  it("stores a PDF with a Japanese name for the buyer's company and downloads it (RFC 5987 name, nosniff)", async () => {
    const res = await upload(buyer, pdf, "見積依頼書（初回ロット）.pdf", "application/pdf");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "見積依頼書（初回ロット）.pdf",
      contentType: "application/pdf",
      byteSize: pdf.length,
      url: `/api/attachment/${res.body.id}`,
    });
    const [row] = await db().select().from(files).where(eq(files.id, res.body.id));
    expect(row).toMatchObject({
      kind: "DOCUMENT",
      companyId: buyer.companyId,
      uploadedByUserId: buyer.userId,
      storageKey: `attachments/${res.body.id}.pdf`,
    });
    expect(await storedFiles()).toContain(`${res.body.id}.pdf`);

    const got = await download(res.body.id, buyer);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(pdf)).toBe(true);
    expect(got.headers.get("content-type")).toBe("application/pdf");
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    const disposition = got.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!;
    expect(decodeURIComponent(encoded)).toBe("見積依頼書（初回ロット）.pdf");
  });

  it("recognises an xlsx by its content, whatever the name says", async () => {
    const res = await upload(buyer, sampleXlsx(), "数量表", "application/octet-stream");
    expect(res.status).toBe(201);
    expect(res.body.contentType).toBe(XLSX_TYPE);
    // No extension: the download name gets the right one.
    expect(res.body.name).toBe("数量表.xlsx");
    const got = await download(res.body.id, buyer);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe(XLSX_TYPE);
  });

  it("answers 415 for a text file named .pdf and stores nothing", async () => {
    const before = await storedFiles();
    const res = await upload(buyer, "これはPDFではありません。", "仕様書.pdf", "application/pdf");
    expect(res.status).toBe(415);
    expect(res.body.error.message).toMatch(/PDF・画像/);
    expect(await storedFiles()).toEqual(before);
  });

  it("answers 415 for a ZIP that is not an Office document", async () => {
    const res = await upload(buyer, zip({ "readme.txt": "hello" }), "資料.docx", "application/zip");
    expect(res.status).toBe(415);
  });

  it("answers 413 over 10 MB", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    big.write("%PDF-1.7\n", 0, "latin1");
    const res = await upload(buyer, big, "大きな図面.pdf", "application/pdf");
    expect(res.status).toBe(413);
    expect(res.body.error.message).toMatch(/10MB/);
  });

  it("refuses anonymous callers (401)", async () => {
    expect((await upload(undefined, pdf, "a.pdf", "application/pdf")).status).toBe(401);
  });
});

describe("downloading attachments", () => {
  it("answers 401 to anonymous callers and 404 to another company's member", async () => {
    const { body } = await upload(buyer, pdf, "社外秘.pdf", "application/pdf");
    expect((await download(body.id)).status).toBe(401);
    expect((await download(body.id, otherBuyer)).status).toBe(404);
    // A supplier who was not sent any inquiry with it sees nothing either.
    expect((await download(body.id, nominee)).status).toBe(404);
    expect((await download("not-a-uuid", buyer)).status).toBe(404);
  });

  it("lets the supplier nominated on an inquiry carrying it download it; others still 404", async () => {
    const { body } = await upload(buyer, sampleXlsx(), "数量内訳.xlsx", XLSX_TYPE);
    await createInquiry(buyer, {
      type: "NOMINATION",
      nominatedCompanyId: nominee.companyId,
      attachmentIds: [body.id],
    });
    const got = await download(body.id, nominee);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(sampleXlsx())).toBe(true);
    expect((await download(body.id, paidSupplier)).status).toBe(404);
    expect((await download(body.id, otherBuyer)).status).toBe(404);
  });

  it("shows a bulk inquiry's attachment to suppliers only once the operator has published it", async () => {
    const { body } = await upload(buyer, pdf, "仕様.pdf", "application/pdf");
    const inquiryId = await createInquiry(buyer, { type: "BULK", attachmentIds: [body.id] });
    expect((await download(body.id, paidSupplier)).status).toBe(404);
    expect((await download(body.id, buyer)).status).toBe(200);
    const owner = await createOwner();
    await approveBulkInquiry(db(), owner.id, inquiryId);
    expect((await download(body.id, paidSupplier)).status).toBe(200);
    expect((await download(body.id, nominee)).status).toBe(200);
  });
});

// Issue 15 item 7: a supplier attaches up to 5 files to its entry; only the inquiry's buyer
// company and the supplier itself read them, anyone else gets 404.
describe("entry attachments", () => {
  async function nominationEnteredWith(attachmentIds: string[]) {
    await markVerified(paidSupplier.userId);
    const inquiryId = await createInquiry(buyer, {
      type: "NOMINATION",
      nominatedCompanyId: paidSupplier.companyId,
    });
    const entry = await api(
      "POST",
      `/api/oem/company/${paidSupplier.companyId}/contact/${inquiryId}/entries`,
      {
        token: paidSupplier.token,
        body: { message: "見積書と製造工程表を添付します。", attachmentIds },
      },
    );
    return { inquiryId, entry };
  }

  it("a supplier uploads a file, attaches it to its entry, and the buyer sees and downloads it; another company gets 404", async () => {
    const uploaded = await upload(paidSupplier, pdf, "御見積書.pdf", "application/pdf");
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const { inquiryId, entry } = await nominationEnteredWith([uploaded.body.id]);
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);

    const detail = await api("GET", `/api/buyer/company/${buyer.companyId}/contact/${inquiryId}`, {
      token: buyer.token,
    });
    expect(detail.body.entries[0].attachments).toEqual([
      expect.objectContaining({ id: uploaded.body.id, name: "御見積書.pdf", contentType: "application/pdf" }),
    ]);
    const mine = await api("GET", `/api/oem/company/${paidSupplier.companyId}/contact/${inquiryId}`, {
      token: paidSupplier.token,
    });
    expect(mine.body.myEntry.attachments.map((a: { id: string }) => a.id)).toEqual([uploaded.body.id]);

    const got = await download(uploaded.body.id, buyer);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(pdf)).toBe(true);
    expect((await download(uploaded.body.id, paidSupplier)).status).toBe(200);
    expect((await download(uploaded.body.id, otherBuyer)).status).toBe(404);
    expect((await download(uploaded.body.id, nominee)).status).toBe(404);
  });

  it("refuses more than 5 files and another company's file on an entry (422 on attachmentIds)", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await upload(paidSupplier, pdf, `資料${i}.pdf`, "application/pdf")).body.id);
    const tooMany = await nominationEnteredWith(ids);
    expect(tooMany.entry.status).toBe(422);
    expect(tooMany.entry.body.error.fields.attachmentIds).toMatch(/5つまで/);

    const buyersFile = await upload(buyer, pdf, "発注者の資料.pdf", "application/pdf");
    const foreign = await nominationEnteredWith([buyersFile.body.id]);
    expect(foreign.entry.status).toBe(422);
    expect(foreign.entry.body.error.fields.attachmentIds).toMatch(/添付ファイルが見つかりません/);
  });
});
