import { isUuid } from "@/lib/uuid";
import {
  attachmentUrl,
  deleteFileRows,
  readStoredFile,
  removeStoredObjects,
  type StoredAttachment,
  uploadDealDocument,
} from "@/modules/files/attachment.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import { isThreadFile, lockStaleDealUploads } from "./deal-files.repository";
import type { DealFile } from "./deals.schema";
import { threadOf } from "./thread-access";

// Deal-room files: uploaded by a member of either side (PDF, images, Office, CAD data, 20 MB), then
// attached to a message or a quote version; downloaded only through a thread they are attached to.

const FILE_NOT_FOUND = "ファイルが見つかりませんでした。";

/**
 * Stores a file for the caller's company; until it is attached, only that company reads it (its
 * url is the company's own attachment download). 413 over 20 MB, 415 for anything else by content.
 */
export async function uploadDealFile(scope: CompanyScope, db: Db, file: File): Promise<DealFile> {
  const stored = await uploadDealDocument(scope, db, file);
  return { ...stored, url: attachmentUrl(stored.id) };
}

/** A file attached to a message or quote version of the scope's thread; 404 for anything else. */
export async function readDealFile(
  scope: CompanyScope,
  db: Db,
  threadId: string,
  fileId: string,
): Promise<StoredAttachment> {
  const { thread } = await threadOf(scope, db, threadId);
  if (!isUuid(fileId) || !(await isThreadFile(db, thread.id, fileId))) throw notFound(FILE_NOT_FOUND);
  const file = await readStoredFile(db, fileId);
  if (!file) throw notFound(FILE_NOT_FOUND);
  return file;
}

/** An upload attached to nothing is removed after this long (issue 33: storage without a thread). */
export const UNATTACHED_FILE_TTL_HOURS = 24;
const CLEANUP_BATCH = 500;

/**
 * The background job: deal-room uploads never attached to a message or quote within 24 hours go,
 * row and bytes (the bytes after the rows' commit, so a rolled-back run leaves nothing dangling).
 */
export async function removeUnattachedDealFiles(db: Db, now = new Date()): Promise<{ removed: number }> {
  const before = new Date(now.getTime() - UNATTACHED_FILE_TTL_HOURS * 3_600_000);
  let removed = 0;
  for (;;) {
    const keys = await db.transaction(async (tx) => {
      const stale = await lockStaleDealUploads(tx, before, CLEANUP_BATCH);
      await deleteFileRows(
        tx,
        stale.map((f) => f.id),
      );
      return stale.map((f) => f.storageKey);
    });
    await removeStoredObjects(keys);
    removed += keys.length;
    if (keys.length < CLEANUP_BATCH) return { removed };
  }
}
