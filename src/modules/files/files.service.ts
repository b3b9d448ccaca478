import { createHash, randomUUID } from "node:crypto";
import { isUuid } from "@/lib/uuid";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db } from "@/server/db/client";
import { AppError, forbidden, notFound, onField } from "@/server/http/errors";
import { logger } from "@/server/http/logger";
import { enforceRateLimits } from "@/server/http/rate-limit";
import { streamBody } from "@/server/http/stream-body";
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
import { bytesAt, sourceOf, type UploadSource } from "./upload-source";

export const UPLOADS_PER_10_MINUTES = 100;

/** Who uploads: whether their email is verified, as their session read it at the start of the request. */
export interface Uploader {
  emailVerified: boolean;
}

const UNVERIFIED =
  "メールアドレスの確認が完了していないため画像を登録できません。確認メールのリンクを開いてから、もう一度お試しください。";

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

/** An upload goes to the scope's company (the named one, or the caller's active one), once the email is verified. */
function checkUploader(uploader: Uploader) {
  if (!uploader.emailVerified) throw forbidden(UNVERIFIED);
}

async function storeImage(
  { companyId, userId }: CompanyScope,
  db: Db,
  raw: UploadSource,
  originalName: string | undefined,
  caption: string | undefined,
): Promise<ImageResult> {
  // Every upload that would reach the decoder counts, refused ones too: decoding is what costs.
  if (sniffImageFormat(await bytesAt(raw, 0, 256))) {
    await enforceRateLimits(db, [
      { key: `image-upload:user:${userId}`, max: UPLOADS_PER_10_MINUTES, windowSeconds: 10 * 60 },
      { key: `image-upload-day:user:${userId}`, max: 500, windowSeconds: 24 * 60 * 60 },
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
      uploadedByUserId: userId,
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
  scope: CompanyScope,
  db: Db,
  uploader: Uploader,
  input: Base64UploadInput,
): Promise<ImageResult> {
  checkUploader(uploader);
  try {
    // 4 base64 characters carry 3 bytes; refuse before decoding anything too large.
    if (Math.floor((input.image.length * 3) / 4) - 2 > MAX_IMAGE_BYTES) {
      throw new AppError("PAYLOAD_TOO_LARGE", TOO_LARGE_MESSAGE);
    }
    const raw = Buffer.from(input.image, "base64");
    return await storeImage(scope, db, raw, input.fileName, input.caption);
  } catch (e) {
    throw onField(e, "image");
  }
}

export async function uploadFileImage(
  scope: CompanyScope,
  db: Db,
  uploader: Uploader,
  input: FileUploadInput,
): Promise<ImageResult> {
  checkUploader(uploader);
  try {
    if (input.file.size > MAX_IMAGE_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", TOO_LARGE_MESSAGE);
    return await storeImage(scope, db, await sourceOf(input.file), input.file.name, input.caption);
  } catch (e) {
    throw onField(e, "file");
  }
}

export async function updateImageCaption(
  scope: CompanyScope,
  db: Db,
  input: CaptionUpdateInput,
): Promise<ImageResult> {
  const row = await repo.updateCompanyImageCaption(scope, db, input.imageId, input.caption);
  if (!row) throw notFound(IMAGE_NOT_FOUND);
  return toResult(row);
}

// Not immutable: a company that leaves takes its images with it within the hour (ETag revalidates cheaply).
export const IMAGE_CACHE_CONTROL = "public, max-age=3600, must-revalidate";

/**
 * The strong ETag of a stored image: the SHA-256 of its bytes, computed once at upload. The bytes
 * under an id never change (re-encoded once, stored under a fresh id, no replace call), and the
 * API is not compressed, so one tag stands for one byte sequence (docs/decisions/0039).
 */
export function imageEtag(sha256: string): string {
  return `"${sha256}"`;
}

/**
 * RFC 9110 §13.1.2: whether an If-None-Match header matches the current tag. "*" matches any
 * current representation; otherwise any listed tag by weak comparison (W/ ignored on either side).
 */
export function ifNoneMatchHits(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  for (const [, tag] of header.matchAll(/(?:W\/)?("[^"]*")/g)) if (tag === opaque) return true;
  return false;
}

/** What the caller of GET (or HEAD) /api/image/{id} asked: the method and its If-None-Match. */
export interface ImageRequest {
  method: string;
  ifNoneMatch: string | null | undefined;
}

/**
 * The answer to GET or HEAD of a public image. The row comes first: an image that is not public
 * (unknown, not an image, its company deactivated) is 404 before any tag is compared, and a 304
 * or a HEAD is answered from the row without reading the stored bytes.
 */
export async function imageResponse(db: Db, imageId: string, req: ImageRequest): Promise<Response> {
  if (!isUuid(imageId)) throw notFound(IMAGE_NOT_FOUND);
  const row = await repo.findImage(db, imageId);
  if (!row) throw notFound(IMAGE_NOT_FOUND);
  const headers: Record<string, string> = {
    "Cache-Control": IMAGE_CACHE_CONTROL,
    ETag: imageEtag(row.sha256),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (ifNoneMatchHits(req.ifNoneMatch, headers.ETag!)) return new Response(null, { status: 304, headers });
  headers["Content-Type"] = row.contentType;
  headers["Content-Length"] = String(row.byteSize);
  if (req.method === "HEAD") return new Response(null, { status: 200, headers });
  const object = await getStorage().open(row.storageKey);
  if (!object) {
    logger().error({ imageId, storageKey: row.storageKey }, "image bytes missing from storage");
    throw notFound(IMAGE_NOT_FOUND);
  }
  // The length of the bytes actually sent, streamed from the store (docs/decisions/0042).
  headers["Content-Length"] = String(object.size);
  return new Response(streamBody(object.body, { imageId }), { status: 200, headers });
}
