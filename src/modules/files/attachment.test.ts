import { describe, expect, it } from "vitest";
import {
  attachmentDownloadName,
  attachmentType,
  cadPolyglot,
  contentDisposition,
  documentPolyglot,
  sniffAttachment,
} from "./attachment";

/** A ZIP's central directory naming the entries (contents are not read by the sniffer). */
function zipNamed(names: string[]): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  const centrals = names.map((name) => {
    const n = Buffer.from(name, "utf8");
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(n.length, 28);
    return Buffer.concat([c, n]);
  });
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(local.length, 16);
  return Buffer.concat([local, cd, end]);
}

/** A minimal OLE2 compound file: header, one FAT sector, one directory sector with the given streams. */
function compoundFile(streams: string[]): Buffer {
  const header = Buffer.alloc(512, 0xff);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.fill(0, 8, 0x4c);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(1, 0x30); // directory starts at sector 1
  header.writeUInt32LE(0x1000, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  header.writeUInt32LE(0, 0x4c); // the FAT is sector 0
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0);
  fat.writeUInt32LE(0xfffffffe, 4);
  const dir = Buffer.alloc(512, 0);
  ["Root Entry", ...streams].forEach((name, i) => {
    const at = i * 128;
    const bytes = Buffer.from(`${name}\u0000`, "utf16le");
    bytes.copy(dir, at);
    dir.writeUInt16LE(bytes.length, at + 64);
    dir[at + 66] = i === 0 ? 5 : 2;
  });
  return Buffer.concat([header, fat, dir]);
}

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

describe("sniffAttachment", () => {
  it("recognises PDF and images by their first bytes", () => {
    expect(sniffAttachment(Buffer.from("%PDF-1.7\n%âãÏÓ\n", "latin1"))?.format).toBe("pdf");
    expect(sniffAttachment(PNG)?.contentType).toBe("image/png");
    expect(sniffAttachment(Buffer.from("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000", "latin1"))?.format).toBe(
      "gif",
    );
    expect(sniffAttachment(Buffer.from("ffd8ffe000104a4649460001", "hex"))?.ext).toBe("jpg");
  });

  it("tells Word, Excel and PowerPoint (OOXML) apart by their parts", () => {
    expect(sniffAttachment(zipNamed(["[Content_Types].xml", "word/document.xml"]))?.format).toBe("docx");
    expect(sniffAttachment(zipNamed(["[Content_Types].xml", "xl/workbook.xml"]))?.format).toBe("xlsx");
    expect(sniffAttachment(zipNamed(["[Content_Types].xml", "ppt/presentation.xml"]))?.format).toBe("pptx");
  });

  it("refuses a ZIP without [Content_Types].xml and macro-enabled documents", () => {
    expect(sniffAttachment(zipNamed(["word/document.xml"]))).toBeUndefined();
    expect(
      sniffAttachment(zipNamed(["[Content_Types].xml", "xl/workbook.xml", "xl/vbaProject.bin"])),
    ).toBeUndefined();
  });

  it("tells doc, xls and ppt (OLE2) apart by their streams and refuses other compound files", () => {
    expect(sniffAttachment(compoundFile(["WordDocument", "1Table"]))?.format).toBe("doc");
    expect(sniffAttachment(compoundFile(["Workbook"]))?.format).toBe("xls");
    expect(sniffAttachment(compoundFile(["PowerPoint Document"]))?.format).toBe("ppt");
    expect(sniffAttachment(compoundFile(["WordDocument", "Macros"]))).toBeUndefined();
    // An installer package is an OLE2 file too.
    expect(sniffAttachment(compoundFile(["\u4840\u3f3f\u4577"]))).toBeUndefined();
  });

  it("refuses text, HTML, executables and truncated files", () => {
    expect(sniffAttachment(Buffer.from("これはPDFではありません"))).toBeUndefined();
    expect(sniffAttachment(Buffer.from("<!DOCTYPE html><script>alert(1)</script>"))).toBeUndefined();
    expect(sniffAttachment(Buffer.from("MZ\u0090\u0000\u0003\u0000\u0000\u0000", "latin1"))).toBeUndefined();
    expect(sniffAttachment(Buffer.from("PK\u0003\u0004", "latin1"))).toBeUndefined();
    expect(sniffAttachment(Buffer.from("d0cf11e0a1b11ae1", "hex"))).toBeUndefined();
  });
});

describe("download names", () => {
  it("keeps a fitting extension and adds the right one otherwise", () => {
    expect(attachmentDownloadName("見積.PDF", attachmentType("pdf"))).toBe("見積.PDF");
    expect(attachmentDownloadName("写真.jpeg", attachmentType("jpeg"))).toBe("写真.jpeg");
    expect(attachmentDownloadName("見積.pdf", attachmentType("png"))).toBe("見積.pdf.png");
    expect(attachmentDownloadName("仕様書", attachmentType("docx"))).toBe("仕様書.docx");
  });

  it("writes Content-Disposition with an ASCII fallback and the RFC 5987 UTF-8 name", () => {
    expect(contentDisposition("見積 (1)'s.pdf")).toBe(
      "attachment; filename=\"__ (1)'s.pdf\"; filename*=UTF-8''%E8%A6%8B%E7%A9%8D%20%281%29%27s.pdf",
    );
    expect(contentDisposition('a"b;c.pdf')).toBe(
      "attachment; filename=\"a_b_c.pdf\"; filename*=UTF-8''a%22b%3Bc.pdf",
    );
  });
});

describe("CAD data (deal room only)", () => {
  const step = Buffer.from("ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n", "latin1");
  const igesFirst = `${"Bottle cap".padEnd(72, " ")}S      1`;
  const iges = Buffer.from(`${igesFirst}\n${"1H,,1H;".padEnd(72, " ")}G      1\n`, "latin1");
  const dxf = Buffer.from("\n  0\nSECTION\n  2\nHEADER\n  0\nENDSEC\n  0\nEOF\n", "latin1");
  const binaryDxf = Buffer.concat([
    Buffer.from("AutoCAD Binary DXF\r\n\x1a\x00", "latin1"),
    Buffer.alloc(16),
  ]);

  it("recognises STEP, IGES and DXF (ASCII and binary) only when CAD is allowed", () => {
    for (const [buf, format] of [
      [step, "step"],
      [iges, "iges"],
      [dxf, "dxf"],
      [binaryDxf, "dxf"],
    ] as const) {
      expect(sniffAttachment(buf, { cad: true })?.format).toBe(format);
      expect(sniffAttachment(buf)).toBeUndefined();
    }
    expect(sniffAttachment(step, { cad: true })).toMatchObject({ contentType: "model/step", ext: "stp" });
    expect(sniffAttachment(iges, { cad: true })).toMatchObject({ contentType: "model/iges", ext: "igs" });
    expect(sniffAttachment(dxf, { cad: true })).toMatchObject({ contentType: "image/vnd.dxf", ext: "dxf" });
  });

  it("does not take look-alikes: no 'S' in column 73, a DXF without SECTION, STEP not at the start", () => {
    const noS = Buffer.from(`${"Bottle cap".padEnd(72, " ")}G      1\n`, "latin1");
    const shortLine = Buffer.from("Bottle cap                S      1\n".repeat(3), "latin1");
    const notDxf = Buffer.from("  0\nTABLE\n  2\nLAYER\n", "latin1");
    const lateStep = Buffer.from("hello\nISO-10303-21;\n", "latin1");
    for (const buf of [noS, shortLine, notDxf, lateStep])
      expect(sniffAttachment(buf, { cad: true })).toBeUndefined();
  });

  it("finds polyglots: HTML, a PDF or a ZIP inside text CAD data, control characters", () => {
    expect(cadPolyglot(step, "step")).toBe(false);
    expect(cadPolyglot(iges, "iges")).toBe(false);
    expect(cadPolyglot(binaryDxf, "dxf")).toBe(false);
    expect(cadPolyglot(Buffer.concat([step, Buffer.from("<script>alert(1)</script>")]), "step")).toBe(true);
    expect(cadPolyglot(Buffer.concat([step, Buffer.from("%PDF-1.4\n")]), "step")).toBe(true);
    expect(cadPolyglot(Buffer.concat([step, zipNamed(["a.txt"])]), "step")).toBe(true);
    expect(cadPolyglot(Buffer.concat([dxf, Buffer.from([0])]), "dxf")).toBe(true);
    expect(
      documentPolyglot(
        Buffer.concat([Buffer.from("%PDF-1.4\n"), zipNamed(["a.txt"])]),
        attachmentType("pdf"),
      ),
    ).toBe(true);
  });
});
