import { randomBytes } from "node:crypto";
import { addDays, todayInJapan } from "@/lib/japan-time";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { invoiceIssuedMail } from "@/server/email/templates";
import { invoiceDto, lastDayOfMonth } from "./billing.dto";
import { priced, TAX_RATE } from "./billing.products";
import * as repo from "./billing.repository";

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
