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

// The capability lists grow when the operator adds a row (console), so they are kept for a minute
// only: another app process shows the new row within CAPABILITY_LIST_TTL_MS.
export const CAPABILITY_LIST_TTL_MS = 60_000;
const capabilityLists = new WeakMap<object, Map<string, { at: number; rows: Promise<unknown> }>>();

function fresh<T>(db: DbOrTx, key: string, load: () => Promise<T>): Promise<T> {
  let byKey = capabilityLists.get(db);
  if (!byKey) {
    byKey = new Map();
    capabilityLists.set(db, byKey);
  }
  const hit = byKey.get(key);
  if (hit && Date.now() - hit.at < CAPABILITY_LIST_TTL_MS) return hit.rows as Promise<T>;
  const rows = Promise.resolve(load());
  const entry = { at: Date.now(), rows };
  byKey.set(key, entry);
  rows.catch(() => byKey.delete(key));
  return rows;
}

export function listProcesses(db: DbOrTx) {
  return fresh(db, "processes", () => repo.selectProcesses(db));
}

export function listMaterials(db: DbOrTx) {
  return fresh(db, "materials", () => repo.selectMaterials(db));
}

export function listCertificationTypes(db: DbOrTx) {
  return fresh(db, "certification-types", () => repo.selectCertificationTypes(db));
}

/** After the operator added a row: this process shows it at once (others within the TTL). */
export function forgetCapabilityLists(db: DbOrTx): void {
  capabilityLists.delete(db);
}

export function listReasons(db: DbOrTx, audience?: "BUYER" | "SUPPLIER") {
  return repo.selectReasons(db, audience);
}

/** Idempotent: run on every start, so new master rows arrive with a deploy. */
export async function seedMasterData(db: DbOrTx): Promise<void> {
  cache.delete(db);
  capabilityLists.delete(db);
  await repo.upsertMasterRows(db);
}
