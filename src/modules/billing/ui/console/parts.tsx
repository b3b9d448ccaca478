"use client";

import type { z } from "zod";
import { linkClass } from "@/components/owner/console-helpers";
import { StatusBadge } from "@/components/owner/parts";
import { Badge } from "@/components/ui/card";
// Parts shared by the console's ticket pages (purchases, grant, usages) and the plan page.
import Link from "@/components/ui/link";
import type { OwnerPurchaseItem, ownerSupplierBilling } from "@/modules/billing/billing-operator.schema";

export type SupplierBilling = z.infer<typeof ownerSupplierBilling>;

export const supplierLink = (c: { id: string; name: string }) => (
  <Link href={`/owner/suppliers/${c.id}`} className={linkClass}>
    {c.name}
  </Link>
);

export const person = (p: { name: string; email: string } | null) =>
  p ? (
    <span className="flex flex-col">
      <span>{p.name}</span>
      <span className="text-xs break-all text-slate-500">{p.email}</span>
    </span>
  ) : (
    "—"
  );

export function PurchaseStatus({ p }: { p: Pick<OwnerPurchaseItem, "status" | "isGrant"> }) {
  return (
    <span className="flex flex-wrap gap-1 whitespace-nowrap">
      <StatusBadge kind="purchase" value={p.status} />
      {p.isGrant && <Badge tone="brand">運営付与</Badge>}
    </span>
  );
}

/** A supplier chosen in the console (the companies module's picker fills it). */
export interface PickedSupplier {
  id: string;
  name: string;
  ticketBalance?: number;
  paymentStatus?: "OEM_FREE" | "OEM_PAID";
}
