// What every section of the demo seed shares: the seeded generator and the clock (one of each,
// drawn from in section order, so ids and times stay the same between runs), the password hash,
// the rows of people and pictures several sections add to, and the lookups of master data.
import { hashPassword } from "@/server/auth/password";
import type { Db } from "../client";
import * as t from "../schema";
import { DemoClock, type Rng, seededRng } from "./demo-helpers";
import { type Motif, type RenderedImage, renderDemoImages } from "./demo-images";
import { DEMO_SUPPLIERS } from "./demo-suppliers.data";

export const DEMO_PASSWORD = "Demo-pass-2026";

export type Row<T extends { $inferInsert: unknown }> = T["$inferInsert"];

export interface Member {
  userId: string;
  companyId: string;
}

export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo seed: unknown ${what}`);
  return value;
}

const CATEGORY_MOTIF: Record<string, Motif> = {
  cosmetics: "bottle",
  "health-food": "capsule",
  food: "pouch",
  beverage: "drink",
  apparel: "shirt",
  "bags-accessories": "bag",
  goods: "mug",
  "daily-necessities": "soap",
  electronics: "circuit",
  "machine-parts": "gear",
  "metal-processing": "gear",
  "resin-molding": "container",
  packaging: "box",
  pet: "paw",
  furniture: "chair",
  "medical-devices": "medical",
};

type DemoImages = Awaited<ReturnType<typeof renderDemoImages>>;
export type FileRow = Row<typeof t.files> & { image: RenderedImage };

export interface DemoContext {
  rng: Rng;
  clock: DemoClock;
  passwordHash: string;
  images: DemoImages;
  users: Row<typeof t.users>[];
  companies: Row<typeof t.companies>[];
  memberships: Row<typeof t.memberships>[];
  /** Pictures with their bytes: written to storage before the rows (demo-write.ts). */
  files: FileRow[];
  cat(slug: string): number;
  feat(slug: string): number;
  caseMotif(slug: string): Motif;
  scene(m: Motif): RenderedImage;
  addUser(name: string, email: string, createdAt: Date): string;
  addMembership(
    userId: string,
    companyId: string,
    role: "ADMIN" | "GENERAL",
    person: { name: string; department: string; phone: string },
    createdAt: Date,
  ): void;
  addFile(
    companyId: string,
    userId: string,
    image: RenderedImage,
    originalName: string,
    caption: string,
    createdAt: Date,
  ): string;
}

/** Created once per seed, before any section draws an id. */
export async function createDemoContext(db: Db): Promise<DemoContext> {
  const rng = seededRng(20_260_401);
  const clock = new DemoClock();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const categoryRows = await db.select({ id: t.categories.id, slug: t.categories.slug }).from(t.categories);
  const featureRows = await db.select({ id: t.features.id, slug: t.features.slug }).from(t.features);
  const categoryId = new Map(categoryRows.map((c) => [c.slug, c.id]));
  const featureId = new Map(featureRows.map((f) => [f.slug, f.id]));
  const cat = (slug: string) => must(categoryId.get(slug), `category ${slug}`);
  const feat = (slug: string) => must(featureId.get(slug), `feature ${slug}`);

  const caseMotif = (slug: string) => must(CATEGORY_MOTIF[slug], `motif of ${slug}`);
  const images = await renderDemoImages([
    ...DEMO_SUPPLIERS.map((s) => s.motif),
    ...DEMO_SUPPLIERS.flatMap((s) => [...s.categories, ...s.cases.map((c) => c.category)].map(caseMotif)),
    "factory",
  ]);
  const scene = (m: Motif) => must(images.scenes.get(m), `image ${m}`);

  const users: Row<typeof t.users>[] = [];
  const companies: Row<typeof t.companies>[] = [];
  const memberships: Row<typeof t.memberships>[] = [];
  const files: FileRow[] = [];

  const addUser = (name: string, email: string, createdAt: Date) => {
    const id = rng.uuid();
    users.push({
      id,
      email: email.toLowerCase(),
      name,
      passwordHash,
      emailVerifiedAt: new Date(createdAt.getTime() + 10 * 60_000),
      createdAt,
      updatedAt: createdAt,
    });
    return id;
  };
  const addMembership: DemoContext["addMembership"] = (userId, companyId, role, person, createdAt) => {
    memberships.push({
      id: rng.uuid(),
      userId,
      companyId,
      role,
      name: person.name,
      department: person.department,
      phone: person.phone,
      createdAt,
      updatedAt: createdAt,
    });
  };
  const addFile: DemoContext["addFile"] = (companyId, userId, image, originalName, caption, createdAt) => {
    const id = rng.uuid();
    files.push({
      id,
      kind: "IMAGE",
      companyId,
      uploadedByUserId: userId,
      storageKey: `images/${id}.${image.extension}`,
      originalName,
      contentType: image.contentType,
      byteSize: image.buffer.length,
      width: image.width,
      height: image.height,
      sha256: image.sha256,
      caption,
      createdAt,
      image,
    });
    return id;
  };

  return {
    rng,
    clock,
    passwordHash,
    images,
    users,
    companies,
    memberships,
    files,
    cat,
    feat,
    caseMotif,
    scene,
    addUser,
    addMembership,
    addFile,
  };
}
