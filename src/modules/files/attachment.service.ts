import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { UserActor } from "@/lib/actor";
import { isUuid } from "@/lib/uuid";
import { requireVerifiedEmail } from "@/modules/identity/identity.service";
import { supplierMaySeeInquiry } from "@/modules/inquiries/inquiry-access.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { AppError, notFound } from "@/server/http/errors";
import { logger } from "@/server/http/logger";
import { enforceRateLimits, type Limit } from "@/server/http/rate-limit";
import { getStorage, type StoredObject } from "@/server/storage/storage";
import {
  ATTACHMENT_TOO_LARGE_MESSAGE,
  type AttachmentType,
  attachmentDownloadName,
  attachmentType,
  type CadFormat,
  CERTIFICATE_TOO_LARGE_MESSAGE,
  cadPolyglot,
  DEAL_FILE_TOO_LARGE_MESSAGE,
  documentPolyglot,
  MAX_ATTACHMENT_BYTES,
  MAX_DEAL_FILE_BYTES,
  sniffAttachment,
  sniffCad,
  UNSUPPORTED_ATTACHMENT_MESSAGE,
  UNSUPPORTED_CERTIFICATE_MESSAGE,
  UNSUPPORTED_DEAL_FILE_MESSAGE,
} from "./attachment";
import * as repo from "./attachment.repository";
import type { AttachmentResult, AttachmentUploadInput } from "./attachment.schema";
import { MAX_IMAGE_PIXELS, processImage, sanitizeOriginalName } from "./image";
import { COMPANY_STORAGE_QUOTA_BYTES, certificateUploadLimits, dealUploadLimits } from "./upload-limits";
import { bytesAt, bytesOf, sha256Of, sizeOf, sourceOf, type UploadSource } from "./upload-source";

const NOT_FOUND = "添付ファイルが見つかりませんでした。";
export const attachmentUrl = (id: string) => `/api/attachment/${id}`;

const unsupported = () =>
  new AppError("UNSUPPORTED_MEDIA_TYPE", UNSUPPORTED_ATTACHMENT_MESSAGE, {
    file: UNSUPPORTED_ATTACHMENT_MESSAGE,
  });

/**
 * Images are re-encoded like every other upload (docs/architecture: EXIF dropped), which also
 * drops whatever a polyglot carries behind the image; a GIF keeps its first frame as PNG.
 */
async function reencodeImage(
  data: UploadSource,
  type: AttachmentType,
  maxBytes: number,
): Promise<{ data: Buffer; type: AttachmentType }> {
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }).metadata();
    if (meta.format !== type.format || !meta.width || !meta.height) throw unsupported();
    // The file's own limit (20 MB in the deal room), not the 10 MB of the image endpoints.
    const image = await processImage(data, { maxBytes });
    return {
      data: image.data,
      type: attachmentType(image.ext === "jpg" ? "jpeg" : (image.ext as "png" | "webp")),
    };
  } catch (e) {
    // A busy decoder is "try again shortly" (503), not "wrong file type".
    if (isBusy(e)) throw e;
    throw unsupported();
  }
}

const isBusy = (e: unknown) => e instanceof AppError && e.code === "UNAVAILABLE";

const QUOTA_MESSAGE = `企業の保存容量（${COMPANY_STORAGE_QUOTA_BYTES / 1024 ** 3}GB）の上限に達したため、このファイルは保存できません。`;
const overQuota = () => new AppError("PAYLOAD_TOO_LARGE", QUOTA_MESSAGE, { file: QUOTA_MESSAGE });

const RASTER = new Set(["jpeg", "png", "webp", "gif"]);

// What the content checks read of an upload: its first 64 KB (every format's magic, the CAD and
// OOXML headers) and its last 64 KB + 22 bytes (where a ZIP's end record must sit, the only thing
// looked for at the end of a PDF or an image). Office files (ZIP, OLE2 containers walked from
// their directories) and CAD text (scanned whole for control characters and markup) are read
// whole, bounded by the upload limit: docs/decisions/0042.
const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 22 + 0xffff;

async function checkedBytes(source: UploadSource, cad: boolean): Promise<Buffer> {
  const size = await sizeOf(source);
  if (size <= HEAD_BYTES + TAIL_BYTES) return bytesOf(source);
  const head = await bytesAt(source, 0, HEAD_BYTES);
  const container = head.readUInt32LE(0) === 0x04034b50 || head.subarray(0, 8).equals(OLE2_MAGIC);
  if (container || (cad && sniffCad(head))) return bytesOf(source);
  // Head and tail side by side: sniffAttachment reads the start, hasZipEnd only the last 64 KB + 22.
  return Buffer.concat([head, await bytesAt(source, size - TAIL_BYTES, size)]);
}

const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

interface UploadRules {
  maxBytes: number;
  tooLarge: string;
  unsupported: string;
  /** CAD data (STEP, IGES, DXF) and the refusal of polyglots: the deal room's uploads. */
  deal: boolean;
  /** Only these formats (by content); a PDF that also reads as a ZIP is refused. */
  only?: ReadonlySet<string>;
  /** Rate limits per user and company, counted before the file is read (issue 33). */
  limits?: (userId: string, companyId: string) => Limit[];
  /** Counted against the company's storage quota (COMPANY_STORAGE_QUOTA_BYTES). */
  quota?: boolean;
  /** Refused (403) until the uploader's email is verified. */
  unverified?: string;
}

const INQUIRY_RULES: UploadRules = {
  maxBytes: MAX_ATTACHMENT_BYTES,
  tooLarge: ATTACHMENT_TOO_LARGE_MESSAGE,
  unsupported: UNSUPPORTED_ATTACHMENT_MESSAGE,
  deal: false,
};

const DEAL_RULES: UploadRules = {
  maxBytes: MAX_DEAL_FILE_BYTES,
  tooLarge: DEAL_FILE_TOO_LARGE_MESSAGE,
  unsupported: UNSUPPORTED_DEAL_FILE_MESSAGE,
  deal: true,
  limits: dealUploadLimits,
  quota: true,
  unverified:
    "メールアドレスの確認が完了していないためファイルをアップロードできません。確認メールのリンクを開いてから、もう一度お試しください。",
};

const CERTIFICATE_RULES: UploadRules = {
  maxBytes: MAX_ATTACHMENT_BYTES,
  tooLarge: CERTIFICATE_TOO_LARGE_MESSAGE,
  unsupported: UNSUPPORTED_CERTIFICATE_MESSAGE,
  deal: false,
  only: new Set(["pdf", "jpeg", "png"]),
  limits: certificateUploadLimits,
  quota: true,
};

/** What a deal-room upload stores under (messages and quotes take only these: postMessage checks it). */
export const DEAL_FILE_KEY_PREFIX = "deals/";

/**
 * Stores a document for the scope's company (the caller's active one): a buyer's for its inquiries, a supplier's
 * for its entries (read only by the inquiry's buyer and the supplier itself). 413 over 10 MB,
 * 415 for anything that is not a PDF, an image or an Office file by its content.
 */
export async function uploadAttachment(
  scope: CompanyScope,
  db: Db,
  input: AttachmentUploadInput,
): Promise<AttachmentResult> {
  const row = await storeDocument(scope, db, input.file, INQUIRY_RULES, "attachments/");
  return { ...row, url: attachmentUrl(row.id) };
}

/**
 * A deal-room file (docs/deal-room.md): PDF, images, Office and CAD data (STEP, IGES, DXF) by
 * content, up to 20 MB; a file that also reads as another format is refused. It is read only
 * through the thread it is attached to (the deals module checks the access, then readStoredFile).
 */
export async function uploadDealDocument(
  scope: CompanyScope,
  db: Db,
  file: File,
): Promise<Omit<AttachmentResult, "url">> {
  return storeDocument(scope, db, file, DEAL_RULES, DEAL_FILE_KEY_PREFIX);
}

/**
 * A certificate's or licence's document (issue 20): PDF, JPEG or PNG by content, up to 10 MB, stored
 * for the scope's company. It is read through the certificate (its supplier's members, the operator).
 */
export async function uploadCertificateDocument(
  scope: CompanyScope,
  db: Db,
  file: File,
): Promise<Omit<AttachmentResult, "url">> {
  return storeDocument(scope, db, file, CERTIFICATE_RULES, "certifications/");
}

async function storeDocument(
  scope: CompanyScope,
  db: Db,
  file: File,
  rules: UploadRules,
  keyPrefix: string,
): Promise<Omit<AttachmentResult, "url">> {
  const { companyId, userId } = scope;
  if (rules.unverified) await requireVerifiedEmail(db, userId, rules.unverified);
  if (file.size > rules.maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", rules.tooLarge, { file: rules.tooLarge });
  }
  // Every attempt that reaches the reading and decoding counts, refused ones too: that is what costs.
  if (rules.limits) await enforceRateLimits(db, rules.limits(userId, companyId));
  if (rules.quota && (await repo.storedBytesOf(db, companyId)) + file.size > COMPANY_STORAGE_QUOTA_BYTES) {
    throw overQuota();
  }
  const refuse = () => new AppError("UNSUPPORTED_MEDIA_TYPE", rules.unsupported, { file: rules.unsupported });
  const source = await sourceOf(file);
  const sent = await checkedBytes(source, rules.deal);
  const sniffed = sniffAttachment(sent, { cad: rules.deal });
  if (!sniffed || (rules.only && !rules.only.has(sniffed.format))) throw refuse();
  if (rules.only && documentPolyglot(sent, sniffed)) throw refuse();
  if (rules.deal) {
    const cad = sniffed.format === "step" || sniffed.format === "iges" || sniffed.format === "dxf";
    if (cad ? cadPolyglot(sent, sniffed.format as CadFormat) : documentPolyglot(sent, sniffed))
      throw refuse();
  }
  // (image/vnd.dxf is a drawing, not a picture: only the raster formats are re-encoded.)
  const { data, type } = RASTER.has(sniffed.format)
    ? await reencodeImage(source, sniffed, rules.maxBytes).catch((e) => {
        throw isBusy(e) ? e : refuse();
      })
    : { data: source, type: sniffed };

  const id = randomUUID();
  // The key is ours alone: the client's file name never reaches the storage.
  const storageKey = `${keyPrefix}${id}.${type.ext}`;
  const originalName = attachmentDownloadName(
    sanitizeOriginalName(file.name, `添付ファイル.${type.ext}`),
    type,
  );
  const storage = getStorage();
  // A spooled document goes to the store from its file, streamed; a re-encoded image from memory.
  const byteSize = await sizeOf(data);
  const sha256 = await sha256Of(data);
  if (typeof data === "string") await storage.putFile(storageKey, data, type.contentType);
  else await storage.put(storageKey, data, type.contentType);
  try {
    const values = {
      id,
      companyId,
      uploadedByUserId: userId,
      storageKey,
      originalName,
      contentType: type.contentType,
      byteSize,
      sha256,
    };
    // Checked again under the company's lock: two uploads at once cannot both pass the quota.
    const row = rules.quota
      ? await repo.insertWithinQuota(db, values, COMPANY_STORAGE_QUOTA_BYTES)
      : await repo.insertAttachmentFile(db, values);
    if (!row) throw overQuota();
    return {
      id: row.id,
      name: row.originalName,
      contentType: row.contentType,
      byteSize: row.byteSize,
    };
  } catch (e) {
    await storage
      .delete(storageKey)
      .catch((err) => logger().warn({ err, storageKey }, "orphan attachment not removed"));
    throw e;
  }
}

/**
 * Who may download: members of the company that uploaded it; members of a supplier that
 * may see an inquiry carrying it (inquiry.policy); members of the buyer that received an
 * entry carrying it. Anyone else gets 404, as for a file that does not exist.
 */
async function mayRead(
  db: Db,
  userId: string,
  file: { id: string; companyId: string | null },
): Promise<boolean> {
  const mine = await repo.activeCompaniesOf(db, userId);
  if (file.companyId && mine.some((m) => m.companyId === file.companyId)) return true;

  const suppliers = mine.filter((m) => m.type === "SUPPLIER");
  if (suppliers.length) {
    for (const inquiry of await repo.inquiriesWithFile(db, file.id)) {
      for (const s of suppliers) {
        if (await supplierMaySeeInquiry(db, s, inquiry)) return true;
      }
    }
  }
  const buyers = mine.filter((m) => m.type === "BUYER");
  if (buyers.length) {
    const receivers = await repo.buyerCompaniesOfEntryFile(db, file.id);
    if (buyers.some((b) => receivers.has(b.companyId))) return true;
  }
  return false;
}

/** A stored file opened for download: its bytes stream from the store (docs/decisions/0042). */
export interface StoredAttachment {
  /** Consumed by the response, or destroyed by whoever does not send it. */
  object: StoredObject;
  contentType: string;
  name: string;
  etag: string;
}

/** Opens a file's stored bytes; undefined (logged) when the row has no bytes in the store. */
async function openStored(file: repo.FileRow): Promise<StoredAttachment | undefined> {
  const object = await getStorage().open(file.storageKey);
  if (!object) {
    logger().error({ id: file.id, storageKey: file.storageKey }, "stored file bytes missing from storage");
    return undefined;
  }
  if (object.size !== file.byteSize) {
    logger().warn(
      { id: file.id, storageKey: file.storageKey, stored: object.size, recorded: file.byteSize },
      "stored file size differs from its row",
    );
  }
  return { object, contentType: file.contentType, name: file.originalName, etag: `"${file.sha256}"` };
}

export async function readAttachment(db: Db, actor: UserActor, id: string): Promise<StoredAttachment> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const file = await repo.findFile(db, id);
  if (!file || !(await mayRead(db, actor.userId, file))) throw notFound(NOT_FOUND);
  const stored = await openStored(file);
  if (!stored) throw notFound(NOT_FOUND);
  return stored;
}

/** Deletes file rows (a module that decided they are unused calls it inside its transaction). */
export async function deleteFileRows(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  await repo.deleteFiles(tx, ids);
}

/** Removes stored bytes whose rows are gone; a failure is logged (the bytes are unreachable anyway). */
export async function removeStoredObjects(keys: readonly string[]): Promise<void> {
  const storage = getStorage();
  for (const key of keys) {
    await storage
      .delete(key)
      .catch((err) => logger().warn({ err, storageKey: key }, "stored file not removed"));
  }
}

/**
 * A stored file's bytes by id, for a module that has checked the caller's access itself (the deal
 * room: files attached to a thread of the caller's company); undefined when there is none.
 */
export async function readStoredFile(db: Db, fileId: string): Promise<StoredAttachment | undefined> {
  if (!isUuid(fileId)) return undefined;
  const file = await repo.findFile(db, fileId);
  return file ? openStored(file) : undefined;
}
