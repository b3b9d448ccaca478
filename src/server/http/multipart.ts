import { createWriteStream, openAsBlob, type WriteStream } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { AppError } from "./errors";
import { logger } from "./logger";

// Uploads are read as they arrive (docs/decisions/0042): a multipart body is parsed chunk by chunk,
// each file part written to a temporary file and counted against its limit while it streams; the
// text fields are kept (a few KB). The parsed form goes where Hono's validator looks for it
// (bodyCache.formData), so the routes' zod schemas and OpenAPI document stay as they were, and the
// files in it are disk-backed Files (fs.openAsBlob): reading one reads the disk.

/** A form's file part spooled to disk: a File whose bytes stay in `path` until the request ends. */
export class SpooledFile extends File {
  constructor(
    readonly path: string,
    blob: Blob,
    name: string,
    type: string,
  ) {
    super([blob], name, { type });
  }
}

export interface MultipartLimits {
  /** Bytes of one file part; one more byte is a 413 with `tooLarge`. */
  maxFileBytes: number;
  /** Bytes of the whole body (the files, the fields and the envelope). */
  maxBodyBytes: number;
  /** The Japanese message of the 413, also on the `file` field. */
  tooLarge: string;
}

const MAX_PARTS = 20;
const MAX_HEADER_BYTES = 16 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;
const MALFORMED = "送信されたフォームの形式が正しくありません。もう一度お試しください。";
const malformed = () => new AppError("BAD_REQUEST", MALFORMED);
const INTERRUPTED = "ファイルの送信が途中で途切れました。もう一度お試しください。";
// A client that goes away mid-upload is its own failure (a 400 nobody reads), not a server error.
const interrupted = () => new AppError("BAD_REQUEST", INTERRUPTED);

/** Where uploads are spooled: the system's temporary directory (TMPDIR), on disk, not tmpfs. */
export const uploadTmpRoot = () => os.tmpdir();
const TMP_PREFIX = "oem-upload-";
const STALE_MS = 60 * 60 * 1000;

/** The boundary of a multipart/form-data content type (RFC 7578 / 2046), or undefined. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? "");
  return m ? (m[1] ?? m[2]) : undefined;
}

interface PartHeaders {
  name: string;
  filename?: string;
  type: string;
}

/** `Content-Disposition: form-data; name="…"; filename="…"` and `Content-Type` of one part. */
export function parsePartHeaders(raw: string): PartHeaders | undefined {
  let disposition = "";
  let type = "";
  for (const line of raw.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "content-disposition") disposition = value;
    else if (key === "content-type") type = value;
  }
  if (!/^form-data\s*(;|$)/i.test(disposition)) return undefined;
  const params = new Map<string, string>();
  // As browsers write it (HTML's form encoding: `"` sent as %22) and undici reads it: a quoted
  // value runs to the next quote, backslashes kept (a Windows path stays a path for the sanitiser).
  for (const m of disposition.matchAll(/;\s*([\w*-]+)\s*=\s*(?:"([^"]*)"|([^;\s]*))/g)) {
    params.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? "");
  }
  const name = params.get("name");
  if (name === undefined) return undefined;
  let filename = params.get("filename");
  const extended = params.get("filename*");
  if (extended !== undefined) {
    // RFC 5987: UTF-8''percent-encoded (some clients send it besides or instead of filename).
    const m = /^utf-8'[^']*'(.*)$/i.exec(extended);
    if (m) {
      try {
        filename = decodeURIComponent(m[1]!);
      } catch {
        // a malformed extended name: the plain one stands
      }
    }
  }
  return { name, filename, type: type || "application/octet-stream" };
}

type Sink =
  | { kind: "file"; out: WriteStream; path: string; bytes: number }
  | { kind: "field"; chunks: Buffer[] };

async function write(out: WriteStream, chunk: Buffer): Promise<void> {
  if (out.errored) throw out.errored;
  if (!out.write(chunk)) {
    await new Promise<void>((resolve, reject) => {
      const onError = (e: Error) => reject(e);
      out.once("error", onError);
      out.once("drain", () => {
        out.off("error", onError);
        resolve();
      });
    });
  }
}

function closeFile(out: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    out.end((err?: Error | null) => (err ? reject(err) : resolve()));
  });
}

/**
 * Parses a multipart/form-data body as it streams, spooling file parts into `dir`. Throws a 413
 * AppError once a file or the body passes its limit (the rest is not read), a 400 for a malformed
 * body. The caller removes `dir` whatever happens.
 */
export async function spoolMultipart(
  body: ReadableStream<Uint8Array> | null,
  boundary: string,
  dir: string,
  limits: MultipartLimits,
): Promise<FormData> {
  if (!body) throw malformed();
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", limits.tooLarge, { file: limits.tooLarge });
  const delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  const form = new FormData();
  // The body starts with the first delimiter without its CRLF: one is put in front.
  let pending: Buffer = Buffer.from("\r\n", "latin1");
  let state: "preamble" | "afterDelimiter" | "headers" | "body" | "done" = "preamble";
  let sink: Sink | undefined;
  let headers: PartHeaders | undefined;
  let parts = 0;
  let fieldBytes = 0;
  let total = 0;
  const files: Array<{ path: string; headers: PartHeaders }> = [];

  const emit = async (data: Buffer) => {
    if (!sink || data.length === 0) return;
    if (sink.kind === "file") {
      sink.bytes += data.length;
      if (sink.bytes > limits.maxFileBytes) throw tooLarge();
      await write(sink.out, data);
    } else {
      fieldBytes += data.length;
      if (fieldBytes > MAX_FIELD_BYTES) throw tooLarge();
      sink.chunks.push(data);
    }
  };
  const endPart = async () => {
    if (!sink || !headers) return;
    if (sink.kind === "file") {
      await closeFile(sink.out);
      files.push({ path: sink.path, headers });
    } else {
      form.append(headers.name, Buffer.concat(sink.chunks).toString("utf8"));
    }
    sink = undefined;
    headers = undefined;
  };

  const reader = body.getReader();
  try {
    while (state !== "done") {
      const { value, done } = await reader.read().catch(() => {
        throw interrupted();
      });
      if (done) throw malformed();
      total += value.length;
      if (total > limits.maxBodyBytes) throw tooLarge();
      pending = pending.length ? Buffer.concat([pending, value]) : Buffer.from(value);
      for (;;) {
        if (state === "preamble" || state === "body") {
          const at = pending.indexOf(delimiter);
          if (at < 0) {
            // Keep what could be the start of a delimiter split across chunks.
            const safe = Math.max(0, pending.length - (delimiter.length - 1));
            if (state === "body") await emit(pending.subarray(0, safe));
            pending = pending.subarray(safe);
            break;
          }
          if (state === "body") {
            await emit(pending.subarray(0, at));
            await endPart();
          }
          pending = pending.subarray(at + delimiter.length);
          state = "afterDelimiter";
        }
        if (state === "afterDelimiter") {
          if (pending.length < 2) break;
          const next = pending.toString("latin1", 0, 2);
          if (next === "--") {
            state = "done";
            break;
          }
          // Transport padding (spaces, tabs) may follow a delimiter before its CRLF.
          const eol = pending.indexOf("\r\n");
          if (eol < 0) {
            if (pending.length > 256) throw malformed();
            break;
          }
          if (!/^[ \t]*$/.test(pending.toString("latin1", 0, eol))) throw malformed();
          pending = pending.subarray(eol + 2);
          state = "headers";
        }
        if (state === "headers") {
          const end = pending.indexOf("\r\n\r\n");
          if (end < 0) {
            if (pending.length > MAX_HEADER_BYTES) throw malformed();
            break;
          }
          if (++parts > MAX_PARTS) throw malformed();
          headers = parsePartHeaders(pending.toString("utf8", 0, end));
          if (!headers) throw malformed();
          pending = pending.subarray(end + 4);
          if (headers.filename !== undefined) {
            const file = path.join(dir, `part-${parts}`);
            const out = createWriteStream(file, { flags: "wx" });
            // Always heard: a disk error surfaces through write()/closeFile(), and a write still in
            // flight when the stream is destroyed (413, a client gone) is not an uncaught exception.
            out.on("error", (err) => logger().debug({ err, file }, "upload spool write ended"));
            sink = { kind: "file", out, path: file, bytes: 0 };
          } else {
            sink = { kind: "field", chunks: [] };
          }
          state = "body";
        }
      }
    }
  } catch (e) {
    if (sink?.kind === "file") sink.out.destroy();
    await reader.cancel().catch(() => undefined);
    throw e;
  }
  // The epilogue after the closing delimiter is not read: nothing is in it.
  await reader.cancel().catch(() => undefined);
  for (const f of files) {
    const blob = await openAsBlob(f.path, { type: f.headers.type });
    form.append(f.headers.name, new SpooledFile(f.path, blob, f.headers.filename ?? "", f.headers.type));
  }
  return form;
}

let swept = false;

/** Removes spool directories left by a process that died mid-upload (older than an hour). */
async function sweepStale(): Promise<void> {
  if (swept) return;
  swept = true;
  const root = uploadTmpRoot();
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (!name.startsWith(TMP_PREFIX)) continue;
    const dir = path.join(root, name);
    const info = await stat(dir).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_MS) await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Route middleware for a multipart upload: a declared Content-Length over the limit is refused
 * before anything is read; otherwise the body is spooled as it arrives (413 the moment it passes
 * the limit) and the form handed to the route's validator. The spooled files are removed when the
 * request is done, whatever its outcome.
 */
export function spooledForm(limits: MultipartLimits): MiddlewareHandler {
  return async (c, next) => {
    const declared = Number(c.req.header("content-length"));
    if (Number.isFinite(declared) && declared > limits.maxBodyBytes) {
      throw new AppError("PAYLOAD_TOO_LARGE", limits.tooLarge, { file: limits.tooLarge });
    }
    const boundary = boundaryOf(c.req.header("content-type"));
    if (!boundary) throw malformed();
    void sweepStale().catch((err) => logger().warn({ err }, "stale upload spool not swept"));
    const dir = await mkdtemp(path.join(uploadTmpRoot(), TMP_PREFIX));
    try {
      const form = await spoolMultipart(c.req.raw.body, boundary, dir, limits);
      // Hono's form validator reads the parsed form from here instead of the (consumed) body.
      c.req.bodyCache.formData = form;
      await next();
    } finally {
      await rm(dir, { recursive: true, force: true }).catch((err) =>
        logger().warn({ err, dir }, "upload spool not removed"),
      );
    }
  };
}
