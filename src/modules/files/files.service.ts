import { createHash, randomUUID } from "node:crypto";
import type { CompanyUserActor as UserActor } from "@/lib/actor";
import { isUuid } from "@/lib/uuid";
import { findActiveMembership, requireMembership } from "@/modules/companies/company-access";
import { requireVerifiedEmail } from "@/modules/identity/verified-email";
import type { Db } from "@/server/db/client";
import { AppError, forbidden, notFound, onField } from "@/server/http/errors";
import { logger } from "@/server/http/logger";
import { enforceRateLimits } from "@/server/http/rate-limit";
import { getStorage } from "@/server/storage/storage";
import * as repo from "./files.repository";
import type { Base64UploadInput, CaptionUpdateInput, FileUploadInput, ImageResult } from "./files.schema";
import {
  MAX_IMAGE_BYTES,
  MAX_STORED_SIDE,
  processImage,
  sanitizeOriginalName,
  sniffImageFormat,
  TOO_LARGE_MESSAGE,
} from "./image";

export const UPLOADS_PER_10_MINUTES = 100;

const IMAGE_NOT_FOUND = "画像が見つかりませんでした。";
type FileRow = Awaited<ReturnType<typeof repo.insertImageFile>>;

function toResult(row: FileRow): ImageResult {
  return {
    id: row.id,
    url: `/api/image/${row.id}`,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    byteSize: row.byteSize,
    caption: row.caption,
  };
}

/** The company the upload belongs to: the named one (404 unless an active member of it) or the active one. */
async function targetCompany(db: Db, actor: UserActor, companyId: string | undefined): Promise<string> {
  if (companyId) return (await requireMembership(db, actor, companyId)).companyId;
  const active = actor.activeCompanyId
    ? await findActiveMembership(db, actor, actor.activeCompanyId)
    : undefined;
  if (!active) throw forbidden("画像を登録できる企業に所属していません。");
  return active.companyId;
}

/** The company an upload goes to, once the uploader's email is verified. */
async function uploadTarget(db: Db, actor: UserActor, companyId: string | undefined): Promise<string> {
  const target = await targetCompany(db, actor, companyId);
  await requireVerifiedEmail(
    db,
    actor.userId,
    "メールアドレスの確認が完了していないため画像を登録できません。確認メールのリンクを開いてから、もう一度お試しください。",
  );
  return target;
}

async function storeImage(
  db: Db,
  actor: UserActor,
  companyId: string,
  raw: Buffer,
  originalName: string | undefined,
  caption: string | undefined,
): Promise<ImageResult> {
  // Every upload that would reach the decoder counts, refused ones too: decoding is what costs.
  if (sniffImageFormat(raw)) {
    await enforceRateLimits(db, [
      { key: `image-upload:user:${actor.userId}`, max: UPLOADS_PER_10_MINUTES, windowSeconds: 10 * 60 },
      { key: `image-upload-day:user:${actor.userId}`, max: 500, windowSeconds: 24 * 60 * 60 },
    ]);
  }
  const image = await processImage(raw, { fitWithin: MAX_STORED_SIDE });
  const id = randomUUID();
  // The key is ours alone: the client's file name never reaches the storage.
  const storageKey = `images/${id}.${image.ext}`;
  const storage = getStorage();
  await storage.put(storageKey, image.data, image.contentType);
  try {
    const row = await repo.insertImageFile(db, {
      id,
      companyId,
      uploadedByUserId: actor.userId,
      storageKey,
      originalName: sanitizeOriginalName(originalName, `image.${image.ext}`),
      contentType: image.contentType,
      byteSize: image.data.length,
      width: image.width,
      height: image.height,
      sha256: createHash("sha256").update(image.data).digest("hex"),
      caption: caption ?? null,
    });
    return toResult(row);
  } catch (e) {
    await storage
      .delete(storageKey)
      .catch((err) => logger().warn({ err, storageKey }, "orphan image not removed"));
    throw e;
  }
}

export async function uploadBase64Image(
  db: Db,
  actor: UserActor,
  input: Base64UploadInput,
  companyId?: string,
): Promise<ImageResult> {
  const target = await uploadTarget(db, actor, companyId);
  try {
    // 4 base64 characters carry 3 bytes; refuse before decoding anything too large.
    if (Math.floor((input.image.length * 3) / 4) - 2 > MAX_IMAGE_BYTES) {
      throw new AppError("PAYLOAD_TOO_LARGE", TOO_LARGE_MESSAGE);
    }
    const raw = Buffer.from(input.image, "base64");
    return await storeImage(db, actor, target, raw, input.fileName, input.caption);
  } catch (e) {
    throw onField(e, "image");
  }
}

export async function uploadFileImage(
  db: Db,
  actor: UserActor,
  input: FileUploadInput,
  companyId?: string,
): Promise<ImageResult> {
  const target = await uploadTarget(db, actor, companyId);
  try {
    if (input.file.size > MAX_IMAGE_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", TOO_LARGE_MESSAGE);
    const raw = Buffer.from(await input.file.arrayBuffer());
    return await storeImage(db, actor, target, raw, input.file.name, input.caption);
  } catch (e) {
    throw onField(e, "file");
  }
}

export async function updateImageCaption(
  db: Db,
  actor: UserActor,
  companyId: string,
  input: CaptionUpdateInput,
): Promise<ImageResult> {
  await requireMembership(db, actor, companyId);
  const row = await repo.updateCompanyImageCaption(db, companyId, input.imageId, input.caption);
  if (!row) throw notFound(IMAGE_NOT_FOUND);
  return toResult(row);
}

// Not immutable: a company that leaves takes its images with it within the hour (ETag revalidates cheaply).
export const IMAGE_CACHE_CONTROL = "public, max-age=3600, must-revalidate";

export interface StoredImage {
  data: Buffer;
  contentType: string;
  etag: string;
}

/** The bytes of a public image. */
export async function readImage(db: Db, imageId: string): Promise<StoredImage> {
  if (!isUuid(imageId)) throw notFound(IMAGE_NOT_FOUND);
  const row = await repo.findImage(db, imageId);
  if (!row) throw notFound(IMAGE_NOT_FOUND);
  const data = await getStorage().get(row.storageKey);
  if (!data) {
    logger().error({ imageId, storageKey: row.storageKey }, "image bytes missing from storage");
    throw notFound(IMAGE_NOT_FOUND);
  }
  return { data, contentType: row.contentType, etag: `"${row.sha256}"` };
}
