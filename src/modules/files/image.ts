import sharp, { type Metadata, type SharpOptions } from "sharp";
import { AppError } from "@/server/http/errors";
import { decodeQueue } from "./decode-queue";
import { bytesAt, sizeOf, type UploadSource } from "./upload-source";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
// A company's photos and logo: far below what a camera makes, so a tiny file cannot buy seconds of CPU.
export const MAX_IMAGE_PIXELS = 25_000_000;
export const MAX_IMAGE_SIDE = 8000;
// Pages never show a company image wider than this; storing less keeps /_next/image cheap too.
export const MAX_STORED_SIDE = 2560;
const ENCODE_TIMEOUT_SECONDS = 10;

export const UNSUPPORTED_IMAGE_MESSAGE = "画像ファイル（JPEG・PNG・WebP・GIF・AVIF）を選択してください。";
export const TOO_LARGE_MESSAGE = "画像のファイルサイズは10MB以内にしてください。";
export const TOO_MANY_PIXELS_MESSAGE =
  "画像の画素数が大きすぎます。2,500万画素以内、縦横それぞれ8,000ピクセル以内の画像を選択してください。";
const UNREADABLE_MESSAGE = "画像を読み込めませんでした。ファイルが壊れていないか確認してください。";

export type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "avif";

export interface ProcessedImage {
  data: Buffer;
  contentType: string;
  ext: string;
  width: number;
  height: number;
}

/** Recognises an accepted format by its leading bytes; anything else never reaches a decoder. */
export function sniffImageFormat(buf: Buffer): ImageFormat | undefined {
  if (buf.length < 12) return undefined;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "jpeg";
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  const head6 = buf.toString("latin1", 0, 6);
  if (head6 === "GIF87a" || head6 === "GIF89a") return "gif";
  if (buf.toString("latin1", 0, 4) === "RIFF" && buf.toString("latin1", 8, 12) === "WEBP") return "webp";
  if (buf.toString("latin1", 4, 8) === "ftyp") {
    // ISO-BMFF: AVIF names itself in the major brand or the compatible brands of the ftyp box.
    const boxSize = Math.min(buf.readUInt32BE(0), buf.length, 256);
    const brands = buf.toString("latin1", 8, boxSize);
    if (/avi[fs]/.test(brands)) return "avif";
  }
  return undefined;
}

const OUTPUT: Record<ImageFormat, { contentType: string; ext: string }> = {
  jpeg: { contentType: "image/jpeg", ext: "jpg" },
  png: { contentType: "image/png", ext: "png" },
  webp: { contentType: "image/webp", ext: "webp" },
  // The first frame of a GIF is kept, losslessly, as PNG.
  gif: { contentType: "image/png", ext: "png" },
  avif: { contentType: "image/avif", ext: "avif" },
};

function decodedFormat(meta: Metadata): ImageFormat | undefined {
  if (meta.format === "jpeg" || meta.format === "png" || meta.format === "webp" || meta.format === "gif") {
    return meta.format;
  }
  if (meta.format === "heif" && meta.compression === "av1") return "avif";
  return undefined;
}

const tooManyPixels = () => new AppError("VALIDATION_FAILED", TOO_MANY_PIXELS_MESSAGE);

function isPixelLimit(e: unknown): boolean {
  return e instanceof Error && /pixel limit/i.test(e.message);
}

/**
 * Checks an upload by its content and re-encodes it: EXIF orientation applied, all metadata
 * (EXIF, GPS, XMP, ICC) dropped, same format family. Throws 413/415/422 AppErrors.
 */
export async function processImage(
  input: UploadSource,
  opts: { fitWithin?: number; maxBytes?: number } = {},
): Promise<ProcessedImage> {
  if ((await sizeOf(input)) > (opts.maxBytes ?? MAX_IMAGE_BYTES))
    throw new AppError("PAYLOAD_TOO_LARGE", TOO_LARGE_MESSAGE);
  // sharp reads a spooled upload from its file (docs/decisions/0042); the sniff needs its first bytes.
  const sniffed = sniffImageFormat(await bytesAt(input, 0, 256));
  if (!sniffed) throw new AppError("UNSUPPORTED_MEDIA_TYPE", UNSUPPORTED_IMAGE_MESSAGE);

  const options: SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (e) {
    if (isPixelLimit(e)) throw tooManyPixels();
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", UNREADABLE_MESSAGE);
  }
  const format = decodedFormat(meta);
  // The decoder must agree with the leading bytes: no polyglot files.
  if (!format || format !== sniffed) throw new AppError("UNSUPPORTED_MEDIA_TYPE", UNSUPPORTED_IMAGE_MESSAGE);
  if (!meta.width || !meta.height) throw new AppError("UNSUPPORTED_MEDIA_TYPE", UNREADABLE_MESSAGE);
  // Refused by the header alone, before a single pixel is decoded.
  if (meta.width > MAX_IMAGE_SIDE || meta.height > MAX_IMAGE_SIDE) throw tooManyPixels();
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw tooManyPixels();

  let pipeline = sharp(input, options).rotate().timeout({ seconds: ENCODE_TIMEOUT_SECONDS });
  if (opts.fitWithin) {
    pipeline = pipeline.resize(opts.fitWithin, opts.fitWithin, { fit: "inside", withoutEnlargement: true });
  }
  if (format === "jpeg") pipeline = pipeline.jpeg({ quality: 85 });
  else if (format === "webp") pipeline = pipeline.webp({ quality: 85 });
  else if (format === "avif") pipeline = pipeline.avif({ quality: 60, effort: 2 });
  else pipeline = pipeline.png();

  try {
    const { data, info } = await decodeQueue.run(() => pipeline.toBuffer({ resolveWithObject: true }));
    return { data, width: info.width, height: info.height, ...OUTPUT[format] };
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (isPixelLimit(e)) throw tooManyPixels();
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", UNREADABLE_MESSAGE);
  }
}

/** Keeps only a display name: no directories, no control characters, at most 255 characters. */
export function sanitizeOriginalName(name: string | undefined, fallback: string): string {
  const base = (name ?? "").split(/[/\\]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  const safe = clean === "." || clean === ".." ? "" : clean;
  return Array.from(safe || fallback)
    .slice(0, 255)
    .join("");
}
