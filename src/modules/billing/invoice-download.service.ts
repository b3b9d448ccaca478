import { todayInJapan } from "@/lib/japan-time";
import { resolveCompanyScope, type ScopedUser } from "@/server/auth/company-scope";
import type { Db } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import { looksLikeId } from "./billing.dto";
import * as repo from "./billing.repository";
import { renderInvoicePdf } from "./invoice-pdf";

// The invoice PDF download, apart from billing.service.ts: the PDF renderer (pdfkit and its fonts)
// is for the API server only, and pages import billing's service.

/** The invoice as PDF, for members of its company or the operator; anyone else gets 404. */
export async function invoicePdf(db: Db, viewer: ScopedUser | { ownerId: string }, invoiceId: string) {
  const row = looksLikeId(invoiceId) ? await repo.findInvoiceWithCompany(db, invoiceId) : undefined;
  if (!row) throw notFound("請求書が見つかりませんでした。");
  if ("userId" in viewer) resolveCompanyScope(viewer, row.invoice.companyId, { type: "SUPPLIER" });
  const inv = row.invoice;
  const pdf = await renderInvoicePdf({
    number: inv.number,
    issuedOn: todayInJapan(inv.issuedAt),
    dueOn: inv.dueOn,
    companyName: row.companyName,
    lines: inv.lines as Parameters<typeof renderInvoicePdf>[0]["lines"],
    subtotalYen: inv.subtotalYen,
    taxYen: inv.taxYen,
    totalYen: inv.totalYen,
  });
  return { pdf, fileName: `${inv.number}.pdf` };
}
