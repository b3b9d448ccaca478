// Inquiry attachments: which files are accepted, recognised by their content (never by
// their name): PDF, JPEG/PNG/WebP/GIF images, Office Open XML (docx/xlsx/pptx: a ZIP with
// [Content_Types].xml) and legacy Office (doc/xls/ppt: an OLE2 compound file). The deal room also
// takes CAD data (STEP, IGES, DXF) up to 20 MB; inquiries and entries do not.
import { sniffImageFormat } from "./image";

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS = 5;

export const ATTACHMENT_TOO_LARGE_MESSAGE = "添付ファイルのサイズは1ファイル10MB以内にしてください。";
export const UNSUPPORTED_ATTACHMENT_MESSAGE =
  "添付できるのは PDF・画像（JPEG・PNG・WebP・GIF）・Office文書（Word・Excel・PowerPoint）のファイルです。";

export const MAX_DEAL_FILE_BYTES = 20 * 1024 * 1024;
export const DEAL_FILE_TOO_LARGE_MESSAGE = "添付ファイルのサイズは1ファイル20MB以内にしてください。";
export const UNSUPPORTED_DEAL_FILE_MESSAGE =
  "添付できるのは PDF・画像（JPEG・PNG・WebP・GIF）・Office文書（Word・Excel・PowerPoint）・CADデータ（STEP・IGES・DXF）のファイルです（20MBまで）。";

// A supplier's certificates and licences (issue 20): a scan or a PDF, as the operator reads them.
export const CERTIFICATE_TOO_LARGE_MESSAGE = "証明書のファイルサイズは10MB以内にしてください。";
export const UNSUPPORTED_CERTIFICATE_MESSAGE = "証明書は PDF・JPEG・PNG のファイルを選択してください。";

export type CadFormat = "step" | "iges" | "dxf";

export type AttachmentFormat =
  | CadFormat
  | "pdf"
  | "jpeg"
  | "png"
  | "webp"
  | "gif"
  | "docx"
  | "xlsx"
  | "pptx"
  | "doc"
  | "xls"
  | "ppt";

export interface AttachmentType {
  format: AttachmentFormat;
  contentType: string;
  /** The extension of the stored object and the one a download name gets when it has none. */
  ext: string;
  /** Extensions a client's file name may already carry for this format. */
  names: readonly string[];
}

const TYPES: Record<AttachmentFormat, Omit<AttachmentType, "format">> = {
  pdf: { contentType: "application/pdf", ext: "pdf", names: ["pdf"] },
  jpeg: { contentType: "image/jpeg", ext: "jpg", names: ["jpg", "jpeg", "jpe", "jfif"] },
  png: { contentType: "image/png", ext: "png", names: ["png"] },
  webp: { contentType: "image/webp", ext: "webp", names: ["webp"] },
  gif: { contentType: "image/gif", ext: "gif", names: ["gif"] },
  docx: {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ext: "docx",
    names: ["docx"],
  },
  xlsx: {
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ext: "xlsx",
    names: ["xlsx"],
  },
  pptx: {
    contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ext: "pptx",
    names: ["pptx"],
  },
  doc: { contentType: "application/msword", ext: "doc", names: ["doc"] },
  xls: { contentType: "application/vnd.ms-excel", ext: "xls", names: ["xls"] },
  ppt: { contentType: "application/vnd.ms-powerpoint", ext: "ppt", names: ["ppt"] },
  step: { contentType: "model/step", ext: "stp", names: ["stp", "step"] },
  iges: { contentType: "model/iges", ext: "igs", names: ["igs", "iges"] },
  dxf: { contentType: "image/vnd.dxf", ext: "dxf", names: ["dxf"] },
};

export function attachmentType(format: AttachmentFormat): AttachmentType {
  return { format, ...TYPES[format] };
}

const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * What the bytes are, or undefined when they are nothing we accept; CAD data (STEP, IGES, DXF)
 * only with `cad` (the deal room's uploads).
 */
export function sniffAttachment(buf: Buffer, opts: { cad?: boolean } = {}): AttachmentType | undefined {
  if (buf.length < 8) return undefined;
  if (opts.cad) {
    const cad = sniffCad(buf);
    if (cad) return attachmentType(cad);
  }
  if (buf.toString("latin1", 0, 5) === "%PDF-") return attachmentType("pdf");
  const image = sniffImageFormat(buf);
  if (image === "jpeg" || image === "png" || image === "webp" || image === "gif")
    return attachmentType(image);
  if (buf.readUInt32LE(0) === 0x04034b50) {
    const format = officeOpenXmlFormat(buf);
    return format ? attachmentType(format) : undefined;
  }
  if (buf.subarray(0, 8).equals(OLE2_MAGIC)) {
    const format = legacyOfficeFormat(buf);
    return format ? attachmentType(format) : undefined;
  }
  return undefined;
}

// ------------------------------------------------------------------ CAD data (deal room)

const BINARY_DXF = Buffer.from("AutoCAD Binary DXF\r\n\x1a\x00", "latin1");

/** STEP (ISO 10303-21), IGES (80-column records, 'S' in column 73 of the first) or DXF (ASCII or binary). */
export function sniffCad(buf: Buffer): CadFormat | undefined {
  if (buf.subarray(0, BINARY_DXF.length).equals(BINARY_DXF)) return "dxf";
  const head = buf.toString("latin1", 0, Math.min(buf.length, 4096)).replace(/^\uFEFF|^\xEF\xBB\xBF/, "");
  if (/^\s*ISO-10303-21;/.test(head)) return "step";
  if (isIgesStart(head)) return "iges";
  if (isAsciiDxfStart(head)) return "dxf";
  return undefined;
}

function isIgesStart(head: string): boolean {
  if (head.length < 80) return false;
  const first = head.slice(0, 80);
  // Columns 1-80 of the first record: text, then 'S' (start section) and a sequence number.
  if (first.includes("\n") || first.includes("\r")) return false;
  return first[72] === "S" && /^[ 0-9]{6}[0-9]$/.test(first.slice(73, 80));
}

function isAsciiDxfStart(head: string): boolean {
  const lines = head.split(/\r?\n/).map((l) => l.trim());
  let i = 0;
  while (i < lines.length && lines[i] === "") i++;
  // An optional comment group (999) before the first section.
  while (lines[i] === "999") i += 2;
  return lines[i] === "0" && lines[i + 1] === "SECTION";
}

/**
 * Whether text CAD data (STEP, IGES, ASCII DXF) also reads as something else: a ZIP (read from
 * its end), a PDF (a reader looks for its header near the start), HTML or script, or binary.
 * Such a polyglot is refused rather than stored.
 */
export function cadPolyglot(buf: Buffer, format: CadFormat): boolean {
  if (format === "dxf" && buf.subarray(0, BINARY_DXF.length).equals(BINARY_DXF)) {
    return hasZipEnd(buf) || buf.includes("%PDF-", 0, "latin1");
  }
  if (hasZipEnd(buf)) return true;
  if (buf.subarray(0, 1024).includes("%PDF-", 0, "latin1")) return true;
  // Control characters other than tab, line feed, form feed and carriage return: not text.
  for (const b of buf) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) return true;
  return /<\s*(script|html|svg|iframe|object|embed|body|!doctype)\b/i.test(buf.toString("latin1"));
}

/**
 * A ZIP's end-of-central-directory record where ZIP readers look for it (the last 64 KB): they
 * read an archive from its end and accept data in front of it, so a prefix does not hide one.
 */
export function hasZipEnd(buf: Buffer): boolean {
  const from = Math.max(0, buf.length - 22 - 0xffff);
  return buf.subarray(from).includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
}

/** Whether a PDF or an Office file also reads as another container (a ZIP behind a PDF, a PDF in a ZIP). */
export function documentPolyglot(buf: Buffer, type: AttachmentType): boolean {
  if (type.format === "pdf") return hasZipEnd(buf);
  if (type.format === "docx" || type.format === "xlsx" || type.format === "pptx") {
    return buf.subarray(0, 1024).includes("%PDF-", 0, "latin1");
  }
  return false;
}

// ------------------------------------------------------------------ Office Open XML (ZIP)

/** The entry names of a ZIP archive, from its central directory; undefined when it is not a sound one. */
export function zipEntryNames(buf: Buffer): string[] | undefined {
  // End of central directory: 22 bytes plus a comment of up to 65,535 bytes, at the very end.
  const lowest = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= lowest; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = buf.readUInt16LE(eocd + 10);
  const size = buf.readUInt32LE(eocd + 12);
  const offset = buf.readUInt32LE(eocd + 16);
  // ZIP64 markers: never needed for 10 MB of Office document.
  if (count === 0xffff || offset === 0xffffffff || offset + size > eocd) return undefined;
  const names: string[] = [];
  let p = offset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== 0x02014b50) return undefined;
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const end = p + 46 + nameLength;
    if (end > eocd) return undefined;
    names.push(buf.toString("utf8", p + 46, end));
    p = end + extraLength + commentLength;
  }
  return names;
}

function officeOpenXmlFormat(buf: Buffer): "docx" | "xlsx" | "pptx" | undefined {
  const names = zipEntryNames(buf);
  if (!names?.includes("[Content_Types].xml")) return undefined;
  // Macro-enabled documents (docm, xlsm, pptm) carry VBA: not accepted.
  if (names.some((n) => /(^|\/)vbaProject\.bin$/i.test(n))) return undefined;
  const has = (prefix: string) => names.some((n) => n.startsWith(prefix));
  if (has("word/")) return "docx";
  if (has("xl/")) return "xlsx";
  if (has("ppt/")) return "pptx";
  return undefined;
}

// ------------------------------------------------------------------ legacy Office (OLE2 compound file)

const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const MAX_CHAIN = 100_000;

/** The names of the entries of an OLE2 compound file's directory; undefined when it cannot be read. */
export function compoundFileEntryNames(buf: Buffer): string[] | undefined {
  if (buf.length < 512 || !buf.subarray(0, 8).equals(OLE2_MAGIC)) return undefined;
  const sectorShift = buf.readUInt16LE(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) return undefined;
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.ceil((buf.length - sectorSize) / sectorSize);
  const sectorAt = (id: number) => {
    const start = (id + 1) * sectorSize;
    return id < sectorCount && start < buf.length ? start : -1;
  };
  const u32 = (at: number) => (at + 4 <= buf.length ? buf.readUInt32LE(at) : FREE);

  // The sectors holding the FAT: 109 listed in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const id = u32(0x4c + i * 4);
    if (id !== FREE && id !== END_OF_CHAIN) fatSectors.push(id);
  }
  let difat = u32(0x44);
  for (let guard = 0; difat !== END_OF_CHAIN && difat !== FREE && guard < MAX_CHAIN; guard++) {
    const start = sectorAt(difat);
    if (start < 0) return undefined;
    const perSector = sectorSize / 4 - 1;
    for (let i = 0; i < perSector; i++) {
      const id = u32(start + i * 4);
      if (id !== FREE && id !== END_OF_CHAIN) fatSectors.push(id);
    }
    difat = u32(start + perSector * 4);
  }
  const next = (id: number): number => {
    const perSector = sectorSize / 4;
    const fatSector = fatSectors[Math.floor(id / perSector)];
    if (fatSector === undefined) return END_OF_CHAIN;
    const start = sectorAt(fatSector);
    return start < 0 ? END_OF_CHAIN : u32(start + (id % perSector) * 4);
  };

  const names: string[] = [];
  const seen = new Set<number>();
  let dir = u32(0x30);
  while (dir !== END_OF_CHAIN && dir !== FREE) {
    if (seen.has(dir) || seen.size > MAX_CHAIN) return undefined;
    seen.add(dir);
    const start = sectorAt(dir);
    if (start < 0) return undefined;
    for (let at = start; at + 128 <= Math.min(start + sectorSize, buf.length); at += 128) {
      const nameBytes = buf.readUInt16LE(at + 64);
      const type = buf[at + 66];
      if (type === 0 || nameBytes < 2 || nameBytes > 64) continue;
      names.push(buf.toString("utf16le", at, at + nameBytes - 2));
    }
    dir = next(dir);
  }
  return names;
}

function legacyOfficeFormat(buf: Buffer): "doc" | "xls" | "ppt" | undefined {
  const names = compoundFileEntryNames(buf);
  if (!names) return undefined;
  // Documents with macros (a VBA storage) are not accepted, as for the OOXML ones.
  if (names.some((n) => n === "VBA" || n === "_VBA_PROJECT_CUR" || n === "Macros")) return undefined;
  if (names.includes("WordDocument")) return "doc";
  if (names.includes("Workbook") || names.includes("Book")) return "xls";
  if (names.includes("PowerPoint Document")) return "ppt";
  return undefined;
}

// ------------------------------------------------------------------ names

/**
 * The name a download gets: the client's name (already sanitised) when its extension fits
 * the content, else that name with the right extension added (「見積.pdf」 that is a PNG
 * downloads as 「見積.pdf.png」, so it opens with the right program).
 */
export function attachmentDownloadName(name: string, type: AttachmentType): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  if (m && type.names.includes(m[1]!.toLowerCase())) return name;
  // The added extension keeps the name within the 255 characters of any stored name.
  return `${Array.from(name)
    .slice(0, 255 - type.ext.length - 1)
    .join("")}.${type.ext}`;
}

/** RFC 6266 / 5987: an ASCII fallback and the exact UTF-8 name for Japanese file names. */
export function contentDisposition(name: string): string {
  const fallback =
    name
      // only printable ASCII may stay in the quoted form
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["\\%;]/g, "_")
      .trim() || "attachment";
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
