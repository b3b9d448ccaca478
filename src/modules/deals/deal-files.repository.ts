import { and, eq, inArray, like, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { dealMessageFiles, dealMessages, dealQuoteVersions, files } from "@/server/db/schema";

// Which deal-room files a company may attach (its own deal uploads not attached yet) and which a
// thread's members may download (attached to that thread's messages or quote versions).

/**
 * Among `fileIds`, the company's deal-room uploads (storage key deals/…) not yet attached to any
 * message or quote version, locked until the transaction ends so two posts cannot both take one.
 */
export async function lockAttachableFiles(
  tx: DbOrTx,
  companyId: string,
  fileIds: readonly string[],
): Promise<Set<string>> {
  if (!fileIds.length) return new Set();
  const rows = await tx
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, [...fileIds]),
        eq(files.companyId, companyId),
        like(files.storageKey, "deals/%"),
        sql`not exists (select 1 from ${dealMessageFiles} where ${dealMessageFiles.fileId} = ${files.id})`,
        sql`not exists (select 1 from ${dealQuoteVersions} where ${files.id} = any(${dealQuoteVersions.fileIds}))`,
      ),
    )
    .for("update", { of: files });
  return new Set(rows.map((r) => r.id));
}

/**
 * Deal-room uploads created before `before` and attached to no message or quote version, locked
 * (skipping rows a post is attaching right now) so that the caller deletes exactly these.
 */
export async function lockStaleDealUploads(
  tx: DbOrTx,
  before: Date,
  limit: number,
): Promise<Array<{ id: string; storageKey: string }>> {
  return tx
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(
      and(
        like(files.storageKey, "deals/%"),
        lt(files.createdAt, before),
        sql`not exists (select 1 from ${dealMessageFiles} where ${dealMessageFiles.fileId} = ${files.id})`,
        sql`not exists (select 1 from ${dealQuoteVersions} where ${files.id} = any(${dealQuoteVersions.fileIds}))`,
      ),
    )
    .limit(limit)
    .for("update", { of: files, skipLocked: true });
}

/** Whether the file is attached to a message or a quote version of the thread. */
export async function isThreadFile(db: DbOrTx, threadId: string, fileId: string): Promise<boolean> {
  const rows = await db.execute<{ ok: boolean }>(sql`select (
    exists (select 1 from ${dealMessageFiles} inner join ${dealMessages} on ${dealMessages.id} = ${dealMessageFiles.messageId}
            where ${dealMessages.threadId} = ${threadId} and ${dealMessageFiles.fileId} = ${fileId})
    or exists (select 1 from ${dealQuoteVersions}
            where ${dealQuoteVersions.threadId} = ${threadId} and ${fileId}::uuid = any(${dealQuoteVersions.fileIds}))
  ) as ok`);
  return Boolean(rows.rows[0]?.ok);
}
