import { createHash, randomUUID } from "node:crypto";
import sharp from "sharp";
import type { UserActor } from "@/lib/actor";
import { isUuid } from "@/lib/uuid";
import { supplierMaySeeInquiry } from "@/modules/inquiries/inquiry-access.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db } from "@/server/db/client";
import { AppError, notFound } from "@/server/http/errors";
import { logger } from "@/server/http/logger";
import { getStorage } from "@/server/storage/storage";
import {
  ATTACHMENT_TOO_LARGE_MESSAGE,
  type AttachmentType,
  attachmentDownloadName,
  attachmentType,
  MAX_ATTACHMENT_BYTES,
  sniffAttachment,
  UNSUPPORTED_ATTACHMENT_MESSAGE,
} from "./attachment";
import * as repo from "./attachment.repository";
import type { AttachmentResult, AttachmentUploadInput } from "./attachment.schema";
import { MAX_IMAGE_PIXELS, processImage, sanitizeOriginalName } from "./image";

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
  data: Buffer,
  type: AttachmentType,
): Promise<{ data: Buffer; type: AttachmentType }> {
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }).metadata();
    if (meta.format !== type.format || !meta.width || !meta.height) throw unsupported();
    const image = await processImage(data);
    return {
      data: image.data,
      type: attachmentType(image.ext === "jpg" ? "jpeg" : (image.ext as "png" | "webp")),
    };
  } catch {
    throw unsupported();
  }
}

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
  const { companyId, userId } = scope;
  if (input.file.size > MAX_ATTACHMENT_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", ATTACHMENT_TOO_LARGE_MESSAGE, {
      file: ATTACHMENT_TOO_LARGE_MESSAGE,
    });
  }
  const sent = Buffer.from(await input.file.arrayBuffer());
  const sniffed = sniffAttachment(sent);
  if (!sniffed) throw unsupported();
  const { data, type } = sniffed.contentType.startsWith("image/")
    ? await reencodeImage(sent, sniffed)
    : { data: sent, type: sniffed };

  const id = randomUUID();
  // The key is ours alone: the client's file name never reaches the storage.
  const storageKey = `attachments/${id}.${type.ext}`;
  const originalName = attachmentDownloadName(
    sanitizeOriginalName(input.file.name, `添付ファイル.${type.ext}`),
    type,
  );
  const storage = getStorage();
  await storage.put(storageKey, data, type.contentType);
  try {
    const row = await repo.insertAttachmentFile(db, {
      id,
      companyId,
      uploadedByUserId: userId,
      storageKey,
      originalName,
      contentType: type.contentType,
      byteSize: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
    });
    return {
      id: row.id,
      name: row.originalName,
      url: attachmentUrl(row.id),
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

export interface StoredAttachment {
  data: Buffer;
  contentType: string;
  name: string;
  etag: string;
}

export async function readAttachment(db: Db, actor: UserActor, id: string): Promise<StoredAttachment> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const file = await repo.findFile(db, id);
  if (!file || !(await mayRead(db, actor.userId, file))) throw notFound(NOT_FOUND);
  const data = await getStorage().get(file.storageKey);
  if (!data) {
    logger().error({ id, storageKey: file.storageKey }, "attachment bytes missing from storage");
    throw notFound(NOT_FOUND);
  }
  return { data, contentType: file.contentType, name: file.originalName, etag: `"${file.sha256}"` };
}
