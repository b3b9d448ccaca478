import { randomBytes } from "node:crypto";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { type CompanyScope, resolveCompanyScope, type ScopedUser } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { invoiceIssuedMail } from "@/server/email/templates";
import { notFound } from "@/server/http/errors";
import { invoiceDto, lastDayOfMonth, looksLikeId } from "./billing.dto";
import { priced, TAX_RATE } from "./billing.products";
import * as repo from "./billing.repository";
import { renderInvoicePdf } from "./invoice-pdf";

// Invoices: one per ticket purchase and per plan month, mailed to the company's members.

function invoiceNumber(now = new Date()): string {
  return `INV-${todayInJapan(now).replaceAll("-", "")}-${randomBytes(4).toString("hex").toUpperCase()}`;
}

export async function issueInvoice(
  tx: DbOrTx,
  v: {
    companyId: string;
    ticketPurchaseId?: string;
    planContractId?: string;
    billingMonth?: string;
    lines: Array<{ label: string; quantity: number; unitPriceYen: number; amountYen: number }>;
  },
) {
  const subtotal = v.lines.reduce((s, l) => s + l.amountYen, 0);
  const amounts = priced(subtotal);
  const row = await repo.insertInvoice(tx, {
    number: invoiceNumber(),
    companyId: v.companyId,
    ticketPurchaseId: v.ticketPurchaseId ?? null,
    planContractId: v.planContractId ?? null,
    billingMonth: v.billingMonth ?? null,
    lines: v.lines.map((l) => ({ ...l, taxRate: TAX_RATE })),
    ...amounts,
    dueOn: lastDayOfMonth(addDays(lastDayOfMonth(todayInJapan()), 1)),
  });
  for (const m of await repo.billingRecipients(tx, v.companyId)) {
    await enqueueEmail(
      tx,
      m.email,
      invoiceIssuedMail({
        number: row.number,
        totalYen: row.totalYen,
        dueOn: row.dueOn!,
        billingMonth: row.billingMonth,
      }),
    );
  }
  return row;
}

export async function listInvoices(scope: CompanyScope, db: Db, q: { page: number; perPage: number }) {
  const { rows, total } = await repo.listInvoices(scope, db, q.perPage, (q.page - 1) * q.perPage);
  return { items: rows.map(invoiceDto), page: q.page, perPage: q.perPage, total };
}

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
