import { inArray } from "drizzle-orm";
import type fc from "fast-check";
import { db } from "@/server/db/client";
import { supplierCertifications } from "@/server/db/schema";
import type { Personas } from "../../factories/actors";
import { insertCertification } from "../../factories/certification-rows";
import { idFrom } from "./context";
import type { Operation } from "./requests";

// The console's certificate review in the fuzzer: every operation under /api/owner/certifications
// points at pending certificates of the paid supplier, made when its plan is drawn; after a
// successful verify or reject they are pending again, so the next valid request succeeds too
// (and has its answer checked) instead of meeting a 409.

const CONSOLE = "/api/owner/certifications/";

export async function planCertifications(
  op: Operation,
  p: Personas,
  params: Record<string, fc.Arbitrary<string>>,
): Promise<(() => Promise<void>) | undefined> {
  if (!op.path.startsWith(CONSOLE)) return undefined;
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await insertCertification(p.paidSupplier.companyId!)).id);
  params.certificationId = idFrom(ids);
  if (op.method.toUpperCase() !== "POST") return undefined;
  return async () => {
    await db()
      .update(supplierCertifications)
      .set({ status: "PENDING", reviewedAt: null, reviewedByOwnerId: null, rejectionReason: null })
      .where(inArray(supplierCertifications.id, ids));
  };
}
