import { and, eq } from "drizzle-orm";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { companies, files } from "@/server/db/schema";

/** An uploaded file as stored, whatever its kind. */
export interface NewFile {
  id: string;
  companyId: string;
  uploadedByUserId: string;
  storageKey: string;
  originalName: string;
  contentType: string;
  byteSize: number;
  sha256: string;
}

export interface NewImageFile extends NewFile {
  width: number;
  height: number;
  caption: string | null;
}

export async function insertFile(db: DbOrTx, kind: "IMAGE" | "DOCUMENT", v: NewFile | NewImageFile) {
  const [row] = await db
    .insert(files)
    .values({ ...v, kind })
    .returning();
  return row!;
}

export const insertImageFile = (db: DbOrTx, v: NewImageFile) => insertFile(db, "IMAGE", v);

/** Changes the caption of an image of this company only; undefined when there is none. */
export async function updateCompanyImageCaption(
  { companyId }: CompanyScope,
  db: DbOrTx,
  imageId: string,
  caption: string | null,
) {
  const [row] = await db
    .update(files)
    .set({ caption })
    .where(and(eq(files.id, imageId), eq(files.companyId, companyId), eq(files.kind, "IMAGE")))
    .returning();
  return row;
}

/** An image by id, for public serving (company pages show them); none of a deactivated company. */
export async function findImage(db: DbOrTx, imageId: string) {
  const [row] = await db
    .select({
      id: files.id,
      storageKey: files.storageKey,
      contentType: files.contentType,
      byteSize: files.byteSize,
      sha256: files.sha256,
    })
    .from(files)
    .innerJoin(companies, eq(companies.id, files.companyId))
    .where(and(eq(files.id, imageId), eq(files.kind, "IMAGE"), eq(companies.status, "ACTIVE")))
    .limit(1);
  return row;
}
