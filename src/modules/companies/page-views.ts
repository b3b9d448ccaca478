import type { DbOrTx } from "@/server/db/client";
import { logger } from "@/server/http/logger";
import { addPageViews, type PendingView } from "./page-views.repository";

// Page views off the render path (issue 21): a view of a public supplier page is noted in this
// process's memory and written with the others in one statement every few seconds, and once more
// when the process stops gracefully (server.ts, after the requests in progress finished).
// One view per visitor, page and day (Japan time) holds across processes: the statement inserts
// the visitor's daily hash first and counts only the ones that were new (page_view_visitors).
// The company's own members are left out in the same statement.

export type { PendingView };

/** Flushed this often by each process (startBackgroundWork). */
export const PAGE_VIEW_FLUSH_MS = 5_000;
/**
 * A process keeps at most this many unwritten views (about 10 MB): far above five seconds of any
 * crawl, reached only while the database is down; views past it are not counted.
 */
export const MAX_PENDING_VIEWS = 100_000;

// The Next bundle and server.ts load this module apart: the buffer lives on globalThis, as the
// database handle does, so the pages' views and the flusher's buffer are one.
const KEY = Symbol.for("oem-match.pendingPageViews");
type Pending = Map<string, PendingView>;
const pending = (): Pending => {
  const g = globalThis as typeof globalThis & { [KEY]?: Pending };
  g[KEY] ??= new Map();
  return g[KEY];
};

const keyOf = (v: PendingView) => `${v.day}\n${v.companyId}\n${v.visitorHash}`;

/** Notes a view; a visitor seen already today in this process adds nothing. No query. */
export function notePageView(view: PendingView): void {
  const views = pending();
  if (views.size >= MAX_PENDING_VIEWS) return;
  views.set(keyOf(view), view);
}

/** How many views wait for the next flush in this process. */
export function pendingPageViews(): number {
  return pending().size;
}

let flushing: Promise<number> | undefined;

/**
 * Writes the pending views in one statement and returns how many were new visitors. A failed
 * write puts its views back for the next flush (nothing is lost while the process runs).
 */
export async function flushPageViews(db: DbOrTx): Promise<number> {
  // One flush at a time per process: a second caller waits for it, then writes what came since.
  while (flushing) await flushing.catch(() => undefined);
  const views = pending();
  if (views.size === 0) return 0;
  const batch = [...views.values()];
  views.clear();
  flushing = addPageViews(db, batch).catch((err: unknown) => {
    for (const v of batch) if (!views.has(keyOf(v))) views.set(keyOf(v), v);
    logger().warn({ err, views: batch.length }, "page views could not be written: kept for the next flush");
    throw err;
  });
  try {
    return await flushing;
  } finally {
    flushing = undefined;
  }
}
