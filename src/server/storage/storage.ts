import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { env } from "@/env";
import { S3Storage } from "./s3";

/** A stored object opened for reading: its size, and its bytes as a stream the caller must consume or destroy. */
export interface StoredObject {
  size: number;
  body: Readable;
}

/** Where uploaded files live: local disk by default, an S3-compatible store when S3_* is set. */
export interface Storage {
  readonly kind: "local" | "s3";
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores the bytes of a local file (an upload spooled to disk), streamed: never whole in memory. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /**
   * Opens an object for streaming (downloads: docs/decisions/0042); undefined when there is none,
   * so a missing object is known before a response's headers are sent.
   */
  open(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
  /** Writes and reads back a probe object (system check). */
  check(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
}

export class LocalDiskStorage implements Storage {
  readonly kind = "local" as const;
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a crash never leaves half a file under the real name.
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  }

  async putFile(key: string, source: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Copied by the kernel (no bytes through JS), then renamed: never half a file under the real name.
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      await copyFile(source, tmp);
      await rename(tmp, file);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }

  async open(key: string): Promise<StoredObject | undefined> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.pathOf(key), "r");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw e;
    }
    try {
      const { size } = await handle.stat();
      // The stream owns the handle from here: it closes it at its end, on destroy and on error.
      return { size, body: handle.createReadStream({ autoClose: true }) };
    } catch (e) {
      await handle.close();
      throw e;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async check(): Promise<void> {
    const key = "system-check/probe.txt";
    await this.put(key, Buffer.from(new Date().toISOString()));
    if (!(await this.get(key))) throw new Error("probe not readable");
    await stat(this.pathOf(key));
    await this.delete(key);
  }
}

const holder = globalThis as unknown as { __oemStorage?: Storage };

/** S3-compatible when S3_BUCKET is set (env.ts then requires the keys), else ./data/uploads. */
export function getStorage(): Storage {
  holder.__oemStorage ??= storageFromEnv();
  return holder.__oemStorage;
}

function storageFromEnv(): Storage {
  const e = env();
  if (e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY) {
    return new S3Storage({
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalDiskStorage(path.join(e.dataDir, "uploads"));
}

export function setStorage(storage: Storage | undefined): void {
  holder.__oemStorage = storage;
}
