import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
import { SpooledFile } from "@/server/http/multipart";

// An upload's bytes: a multipart file spooled to disk (its path), or bytes already in memory (Base64
// JSON, a re-encoded image). The checks read only the parts they look at (docs/decisions/0042).

export type UploadSource = Buffer | string;

/** The spooled file's path when the form spooled it to disk, else its bytes. */
export async function sourceOf(file: File): Promise<UploadSource> {
  return file instanceof SpooledFile ? file.path : Buffer.from(await file.arrayBuffer());
}

export async function sizeOf(src: UploadSource): Promise<number> {
  return typeof src === "string" ? (await stat(src)).size : src.length;
}

/** Bytes [start, end) (clamped to the size). */
export async function bytesAt(src: UploadSource, start: number, end: number): Promise<Buffer> {
  if (typeof src !== "string") return src.subarray(start, end);
  const handle = await open(src, "r");
  try {
    const size = (await handle.stat()).size;
    const from = Math.min(start, size);
    const length = Math.max(0, Math.min(end, size) - from);
    const out = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(out, read, length - read, from + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return out.subarray(0, read);
  } finally {
    await handle.close();
  }
}

/** All the bytes (for the checks that walk a whole container: Office files, CAD text). */
export async function bytesOf(src: UploadSource): Promise<Buffer> {
  return typeof src === "string" ? readFile(src) : src;
}

/** SHA-256 (hex) of the bytes, read in chunks. */
export async function sha256Of(src: UploadSource): Promise<string> {
  const hash = createHash("sha256");
  if (typeof src !== "string") return hash.update(src).digest("hex");
  for await (const chunk of createReadStream(src)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
