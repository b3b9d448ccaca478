// Copies the uploads on the local disk (DATA_DIR/uploads) to the S3-compatible bucket of S3_*,
// for every file the database knows. Safe to run again: objects already there are skipped.
// Switch the app processes to S3 (set S3_* and restart) after a run that copied everything.
import path from "node:path";
import { env } from "@/env";
import { openDatabase } from "@/server/db/client";
import { DataDirLockedError } from "@/server/db/lock";
import { copyUploadsToS3 } from "@/server/storage/copy-uploads";
import { S3Storage } from "@/server/storage/s3";
import { LocalDiskStorage } from "@/server/storage/storage";

async function main() {
  const e = env();
  if (!e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      "Set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT) to the target bucket.",
    );
  }
  const database = await openDatabase(
    e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL, migrate: false } : { dataDir: e.dataDir, migrate: false },
  );
  const local = new LocalDiskStorage(path.join(e.dataDir, "uploads"));
  const s3 = new S3Storage({
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  });
  try {
    const report = await copyUploadsToS3(database.db, local, s3, (key, outcome) => {
      if (outcome === "missing" || outcome === "corrupt") console.warn(`  ${outcome}: ${key}`);
    });
    console.log(
      `Copied ${report.copied}, already in the bucket ${report.alreadyThere}, ` +
        `missing locally ${report.missing.length}, corrupt ${report.corrupt.length}.`,
    );
    if (report.corrupt.length) process.exitCode = 1;
  } finally {
    s3.destroy();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof DataDirLockedError || err instanceof Error ? err.message : err);
  process.exit(err instanceof DataDirLockedError ? 75 : 1);
});
