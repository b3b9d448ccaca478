import { eq } from "drizzle-orm";
import { refreshVerifiedCertifications } from "@/modules/certifications/certification-badges.service";
import { db } from "@/server/db/client";
import { supplierCertifications } from "@/server/db/schema";
import { api } from "./http";

// A supplier's certificates (issue 20): uploaded through the API as the supplier does; the
// operator's verdict is written straight to the row (the console is tested on its own).

export const CERTIFICATE_PDF =
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

/** The type id of a seeded certification type by its slug (iso-9001, cosmetics-manufacturing …). */
export async function certificationTypeId(slug: string): Promise<number> {
  const res = await api("GET", "/api/capabilities");
  const type = (res.body.certificationTypes as Array<{ id: number; slug: string }>).find(
    (t) => t.slug === slug,
  );
  if (!type) throw new Error(`no certification type ${slug}`);
  return type.id;
}

/** The multipart form of an upload; `file` overrides the document (bytes, name, type). */
export function certificationForm(
  fields: Record<string, string | number | undefined>,
  file: { data: BlobPart; name: string; type: string } | null = {
    data: CERTIFICATE_PDF,
    name: "ISO9001登録証.pdf",
    type: "application/pdf",
  },
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.set(k, String(v));
  if (file) form.set("file", new File([file.data], file.name, { type: file.type }));
  return form;
}

/** Uploads a certificate for the supplier (a PDF); answers the API's response. */
export function uploadCertification(
  who: { token?: string; companyId?: string },
  fields: { certificationTypeId: number; number?: string; issuer?: string; expiresOn?: string },
) {
  return api("POST", `/api/oem/company/${who.companyId}/certifications`, {
    token: who.token,
    body: certificationForm({ number: "JQA-QMA12345", issuer: "一般財団法人日本品質保証機構", ...fields }),
  });
}

/** Uploads a certificate and answers its id; throws when the upload is refused. */
export async function addCertification(
  who: { token?: string; companyId?: string },
  fields: { certificationTypeId: number; number?: string; issuer?: string; expiresOn?: string },
): Promise<string> {
  const res = await uploadCertification(who, fields);
  if (res.status !== 201) throw new Error(`certificate upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** The operator's verdict, written as the console would leave it, with the badges recomputed. */
export async function reviewCertification(
  id: string,
  status: "VERIFIED" | "REJECTED",
  opts: { rejectionReason?: string; expiresOn?: string | null; expiredAt?: Date | null } = {},
): Promise<void> {
  await db().transaction(async (tx) => {
    const [row] = await tx
      .update(supplierCertifications)
      .set({
        status,
        reviewedAt: new Date(),
        rejectionReason: status === "REJECTED" ? (opts.rejectionReason ?? "書類が不鮮明です") : null,
        ...(opts.expiresOn !== undefined ? { expiresOn: opts.expiresOn } : {}),
        ...(opts.expiredAt !== undefined ? { expiredAt: opts.expiredAt } : {}),
      })
      .where(eq(supplierCertifications.id, id))
      .returning({ companyId: supplierCertifications.companyId });
    await refreshVerifiedCertifications(tx, row!.companyId, new Date());
  });
}
