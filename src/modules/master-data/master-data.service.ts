import type { DbOrTx } from "@/server/db/client";
import * as repo from "./master-data.repository";

// Master rows change only through seedMasterData (at boot), so reads are cached per process
// and per database handle (tests open many databases in one process).
const cache = new WeakMap<object, Map<string, Promise<unknown>>>();

function cached<T>(db: DbOrTx, key: string, load: () => Promise<T>): Promise<T> {
  let byKey = cache.get(db);
  if (!byKey) {
    byKey = new Map();
    cache.set(db, byKey);
  }
  let hit = byKey.get(key) as Promise<T> | undefined;
  if (!hit) {
    // A Drizzle query is a thenable that runs again on every await: settle it once.
    hit = Promise.resolve(load());
    byKey.set(key, hit);
    hit.catch(() => byKey.delete(key));
  }
  return hit;
}

export function listPrefectures(db: DbOrTx) {
  return cached(db, "prefectures", () => repo.selectPrefectures(db));
}

export function listCategories(db: DbOrTx) {
  return cached(db, "categories", () => repo.selectCategories(db));
}

export function listFeatures(db: DbOrTx) {
  return cached(db, "features", () => repo.selectFeatures(db));
}

export function listReasons(db: DbOrTx, audience?: "BUYER" | "SUPPLIER") {
  return repo.selectReasons(db, audience);
}

/** Idempotent: run on every start, so new master rows arrive with a deploy. */
export async function seedMasterData(db: DbOrTx): Promise<void> {
  cache.delete(db);
  await repo.upsertMasterRows(db);
}
