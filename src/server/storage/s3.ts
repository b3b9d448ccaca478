import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { Readable } from "node:stream";
import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import { assertSafeKey, type Storage, type StoredObject } from "./storage";

// The SDK loads when an S3 store is configured, not at every start-up (it is the heaviest import).
const require = createRequire(import.meta.url);
const sdk = () => require("@aws-sdk/client-s3") as typeof import("@aws-sdk/client-s3");

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible endpoint (R2, MinIO, …); unset means AWS itself. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prefix inside the bucket, e.g. "oem-match/"; empty by default. */
  prefix?: string;
}

/** Storage on an S3-compatible object store. */
export class S3Storage implements Storage {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(opts: S3StorageOptions) {
    const config: S3ClientConfig = {
      region: opts.region,
      endpoint: opts.endpoint,
      // Path-style URLs work with every S3-compatible store; virtual hosts need DNS per bucket.
      forcePathStyle: true,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // Newer SDKs add CRC checksums that several S3-compatible stores reject.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    };
    this.client = new (sdk().S3Client)(config);
    this.bucket = opts.bucket;
    this.prefix = opts.prefix ?? "";
  }

  private keyOf(key: string): string {
    assertSafeKey(key);
    return `${this.prefix}${key}`;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new (sdk().PutObjectCommand)({
        Bucket: this.bucket,
        Key: this.keyOf(key),
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
      }),
    );
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await stat(file);
    const body = createReadStream(file);
    try {
      // One PUT with a known length streams the body (objects here are at most 20 MB, far below 5 GB).
      await this.client.send(
        new (sdk().PutObjectCommand)({
          Bucket: this.bucket,
          Key: this.keyOf(key),
          Body: body,
          ContentType: contentType,
          ContentLength: size,
        }),
      );
    } finally {
      body.destroy();
    }
  }

  async open(key: string): Promise<StoredObject | undefined> {
    try {
      const res = await this.client.send(
        new (sdk().GetObjectCommand)({ Bucket: this.bucket, Key: this.keyOf(key) }),
      );
      // In Node the body is the HTTP response itself (an IncomingMessage): read as it arrives.
      if (!(res.Body instanceof Readable) || res.ContentLength === undefined) {
        (res.Body as { destroy?: () => void } | undefined)?.destroy?.();
        throw new Error(`S3 GetObject of ${key} answered no stream or no length`);
      }
      return { size: res.ContentLength, body: res.Body };
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const res = await this.client.send(
        new (sdk().GetObjectCommand)({ Bucket: this.bucket, Key: this.keyOf(key) }),
      );
      if (!res.Body) return undefined;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  /** The stored object's size in bytes, or undefined when there is none (a HEAD: nothing is downloaded). */
  async sizeOf(key: string): Promise<number | undefined> {
    try {
      const res = await this.client.send(
        new (sdk().HeadObjectCommand)({ Bucket: this.bucket, Key: this.keyOf(key) }),
      );
      return res.ContentLength;
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new (sdk().DeleteObjectCommand)({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }

  async check(): Promise<void> {
    const key = "system-check/probe.txt";
    const probe = Buffer.from(new Date().toISOString());
    await this.put(key, probe, "text/plain");
    const back = await this.get(key);
    if (!back?.equals(probe)) throw new Error("S3 probe not readable");
    await this.delete(key);
  }

  /** Closes the HTTP connections (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}

function isNotFound(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === "NoSuchKey" || err?.name === "NotFound" || err?.$metadata?.httpStatusCode === 404;
}
