import { asc, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { categories, deactivationReasons, features, prefectures } from "@/server/db/schema";
import { CATEGORIES, DEACTIVATION_REASONS, FEATURES, PREFECTURES } from "./master-data.data";

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
  return cached(db, "prefectures", () => db.select().from(prefectures).orderBy(asc(prefectures.id)));
}

export function listCategories(db: DbOrTx) {
  return cached(db, "categories", () =>
    db
      .select({ id: categories.id, slug: categories.slug, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
  );
}

export function listFeatures(db: DbOrTx) {
  return cached(db, "features", () =>
    db
      .select({ id: features.id, slug: features.slug, name: features.name })
      .from(features)
      .orderBy(asc(features.sortOrder), asc(features.id)),
  );
}

export function listReasons(db: DbOrTx, audience?: "BUYER" | "SUPPLIER") {
  return db
    .select({
      id: deactivationReasons.id,
      label: deactivationReasons.label,
      audience: deactivationReasons.audience,
    })
    .from(deactivationReasons)
    .where(audience ? inArray(deactivationReasons.audience, ["ALL", audience]) : undefined)
    .orderBy(asc(deactivationReasons.sortOrder), asc(deactivationReasons.id));
}

/** Idempotent: run on every start, so new master rows arrive with a deploy. */
export async function seedMasterData(db: DbOrTx): Promise<void> {
  cache.delete(db);
  await db
    .insert(prefectures)
    .values(PREFECTURES.map(([id, name, region]) => ({ id, name, region })))
    .onConflictDoUpdate({
      target: prefectures.id,
      set: { name: sql`excluded.name`, region: sql`excluded.region` },
    });
  await db
    .insert(categories)
    .values(CATEGORIES.map(([slug, name], i) => ({ slug, name, sortOrder: i + 1 })))
    .onConflictDoUpdate({
      target: categories.slug,
      set: { name: sql`excluded.name`, sortOrder: sql`excluded.sort_order` },
    });
  await db
    .insert(features)
    .values(FEATURES.map(([slug, name], i) => ({ slug, name, sortOrder: i + 1 })))
    .onConflictDoUpdate({
      target: features.slug,
      set: { name: sql`excluded.name`, sortOrder: sql`excluded.sort_order` },
    });
  const existing = await db.select({ label: deactivationReasons.label }).from(deactivationReasons);
  const known = new Set(existing.map((r) => r.label));
  const missing = DEACTIVATION_REASONS.map(([audience, label], i) => ({
    audience,
    label,
    sortOrder: i + 1,
  })).filter((r) => !known.has(r.label));
  if (missing.length) await db.insert(deactivationReasons).values(missing);
}
