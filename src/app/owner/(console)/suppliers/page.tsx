import type { Metadata } from "next";
import { Suspense } from "react";
import { SuppliersList } from "@/modules/companies/ui/console/companies";

export const metadata: Metadata = { title: "OEMメーカー" };

export default function OwnerSuppliersPage() {
  return (
    <Suspense>
      <SuppliersList />
    </Suspense>
  );
}
