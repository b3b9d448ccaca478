import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { S3Storage } from "./s3";
import type { Storage } from "./storage";

// `npm run storage:migrate`: copies every uploaded file the database knows (table files) from
// local storage to S3, with its content type. Idempotent: an object already in the bucket with
// the file's size is left alone, so the copy can be run again after an interruption, or once more
// right before switching the processes to S3 to pick up files uploaded in between.

export interface CopyReport {
  copied: number;
  alreadyThere: number;
  /** Rows whose file is not on the local disk (nothing to copy). */
  missing: string[];
  /** Local files whose bytes no longer match the recorded SHA-256: not copied. */
  corrupt: string[];
}

const PAGE = 200;

export async function copyUploadsToS3(
  db: Db,
  from: Storage,
  to: Pick<S3Storage, "put" | "sizeOf">,
  onProgress?: (key: string, outcome: "copied" | "already there" | "missing" | "corrupt") => void,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, missing: [], corrupt: [] };
  let after = "";
  for (;;) {
    const rows = (
      await db.execute<{ storage_key: string; content_type: string; byte_size: number; sha256: string }>(sql`
        select storage_key, content_type, byte_size, sha256 from files
        where storage_key > ${after} order by storage_key limit ${PAGE}`)
    ).rows;
    if (rows.length === 0) return report;
    for (const row of rows) {
      const key = row.storage_key;
      after = key;
      if ((await to.sizeOf(key)) === Number(row.byte_size)) {
        report.alreadyThere++;
        onProgress?.(key, "already there");
        continue;
      }
      const data = await from.get(key);
      if (!data) {
        report.missing.push(key);
        onProgress?.(key, "missing");
        continue;
      }
      if (createHash("sha256").update(data).digest("hex") !== row.sha256) {
        report.corrupt.push(key);
        onProgress?.(key, "corrupt");
        continue;
      }
      await to.put(key, data, row.content_type);
      report.copied++;
      onProgress?.(key, "copied");
    }
  }
}
