import { asc, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import {
  categories,
  certificationTypes,
  deactivationReasons,
  features,
  materials,
  prefectures,
  processes,
} from "@/server/db/schema";
import {
  CATEGORIES,
  CERTIFICATION_TYPES,
  DEACTIVATION_REASONS,
  FEATURES,
  MATERIALS,
  PREFECTURES,
  PROCESSES,
} from "./master-data.data";

export function selectPrefectures(db: DbOrTx) {
  return db.select().from(prefectures).orderBy(asc(prefectures.id));
}

export function selectCategories(db: DbOrTx) {
  return db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

export function selectFeatures(db: DbOrTx) {
  return db
    .select({ id: features.id, slug: features.slug, name: features.name })
    .from(features)
    .orderBy(asc(features.sortOrder), asc(features.id));
}

export function selectProcesses(db: DbOrTx) {
  return db
    .select({ id: processes.id, slug: processes.slug, name: processes.name })
    .from(processes)
    .orderBy(asc(processes.sortOrder), asc(processes.id));
}

export function selectMaterials(db: DbOrTx) {
  return db
    .select({ id: materials.id, slug: materials.slug, name: materials.name })
    .from(materials)
    .orderBy(asc(materials.sortOrder), asc(materials.id));
}

export function selectCertificationTypes(db: DbOrTx) {
  return db
    .select({
      id: certificationTypes.id,
      slug: certificationTypes.slug,
      name: certificationTypes.name,
      kind: certificationTypes.kind,
    })
    .from(certificationTypes)
    .orderBy(asc(certificationTypes.sortOrder), asc(certificationTypes.id));
}

export function selectReasons(db: DbOrTx, audience?: "BUYER" | "SUPPLIER") {
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

/** A capability list the operator extends (processes, materials, certification types). */
export type CapabilityList = "processes" | "materials" | "certificationTypes";
const capabilityTables = { processes, materials, certificationTypes } as const;

/** The list's names, to refuse a new one that reads the same (case, width and spacing aside). */
export async function selectCapabilityNames(db: DbOrTx, list: CapabilityList) {
  const t = capabilityTables[list];
  return db.select({ id: t.id, name: t.name }).from(t);
}

/** The next place at the end of a list. */
const lastPlus1 = (t: typeof processes | typeof materials | typeof certificationTypes) =>
  sql<number>`(select coalesce(max(${t.sortOrder}), 0) + 1 from ${t})`;

/**
 * Adds a row the operator named at the end of its list; undefined when the name (unique) or the
 * slug is taken meanwhile. The slug is generated: operator rows never collide with the seeded ones.
 */
export async function insertCapabilityRow(
  db: DbOrTx,
  list: CapabilityList,
  v: { slug: string; name: string; kind?: "CERTIFICATION" | "LICENSE" },
): Promise<{ id: number; slug: string; name: string; kind?: "CERTIFICATION" | "LICENSE" } | undefined> {
  if (list === "certificationTypes") {
    const t = certificationTypes;
    const [row] = await db
      .insert(t)
      .values({ slug: v.slug, name: v.name, kind: v.kind ?? "CERTIFICATION", sortOrder: lastPlus1(t) })
      .onConflictDoNothing()
      .returning({ id: t.id, slug: t.slug, name: t.name, kind: t.kind });
    return row;
  }
  const t = list === "processes" ? processes : materials;
  const [row] = await db
    .insert(t)
    .values({ slug: v.slug, name: v.name, sortOrder: lastPlus1(t) })
    .onConflictDoNothing()
    .returning({ id: t.id, slug: t.slug, name: t.name });
  return row;
}

/** Idempotent upserts of the master rows (prefectures, categories, features; missing reasons added). */
export async function upsertMasterRows(db: DbOrTx): Promise<void> {
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
  // Capability lists: seeded rows by slug; rows the operator added (other slugs) stay as they are.
  await db
    .insert(processes)
    .values(PROCESSES.map(([slug, name], i) => ({ slug, name, sortOrder: i + 1 })))
    .onConflictDoUpdate({ target: processes.slug, set: { sortOrder: sql`excluded.sort_order` } });
  await db
    .insert(materials)
    .values(MATERIALS.map(([slug, name], i) => ({ slug, name, sortOrder: i + 1 })))
    .onConflictDoUpdate({ target: materials.slug, set: { sortOrder: sql`excluded.sort_order` } });
  await db
    .insert(certificationTypes)
    .values(CERTIFICATION_TYPES.map(([slug, name, kind], i) => ({ slug, name, kind, sortOrder: i + 1 })))
    .onConflictDoUpdate({
      target: certificationTypes.slug,
      set: { kind: sql`excluded.kind`, sortOrder: sql`excluded.sort_order` },
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
