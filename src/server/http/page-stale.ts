import { feedLive } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { checkDatabase } from "@/server/db/readiness";
import { countStaleServed, stalePage } from "./page-cache";

// A database blip does not take the public pages down (decision 0040). When a kept page cannot be
// served as kept because the change feed stopped listening (its connection was cut: the usual
// first sign of a database that is down), the database is asked once (one probe shared by every
// request for a second); if it cannot be reached, the last copy no notice has touched is served,
// marked `X-Page-Cache: STALE`, for at most PAGE_CACHE_STALE_SECONDS after its render. If the
// database answers, the page renders as usual: a copy is never served stale while it is reachable.

const PROBE_MS = 1000;
let probe: { at: number; down: Promise<boolean> } | undefined;

/** Whether the database cannot be reached now (unreachable or no answer within a second). */
export function databaseDown(now = Date.now()): Promise<boolean> {
  if (!probe || now - probe.at >= PROBE_MS) {
    const down = Promise.resolve()
      .then(() => checkDatabase(db(), PROBE_MS))
      .then(
        (check) => check === "unreachable" || check === "timeout",
        () => true,
      );
    probe = { at: now, down };
  }
  return probe.down;
}

/** Whether a stale copy may be worth a probe: the feed is down and a copy is kept. */
export function mayServeStale(key: string): boolean {
  return !feedLive() && stalePage(key) !== undefined;
}

/** The stale copy to serve for the key while the database is down, or undefined (render it). */
export async function staleCopy(key: string): Promise<ReturnType<typeof stalePage>> {
  if (!(await databaseDown())) return undefined;
  const page = stalePage(key);
  if (page) countStaleServed();
  return page;
}

/** Forgets the last probe (tests that stop and start a database). */
export function resetDatabaseProbe(): void {
  probe = undefined;
}
