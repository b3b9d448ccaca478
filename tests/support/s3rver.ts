import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";

// An S3-compatible store inside the test (s3rver, a dev dependency) with one bucket made.

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// s3rver ships no types
const S3rver = createRequire(import.meta.url)("s3rver") as new (
  opts: Record<string, unknown>,
) => S3rverInstance;

export const S3RVER_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface TestBucket {
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

export async function startS3rver(bucket: string): Promise<TestBucket> {
  const dir = await mkdtemp(path.join(tmpdir(), "oem-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory: dir, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3RVER_KEYS,
  });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  return {
    endpoint,
    bucket,
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
