import type { Metadata } from "next";
import { Suspense } from "react";
import { requireAreaSession } from "@/components/layout/account-guard";
import { CaseList } from "@/modules/cases/ui/case-list";

export const metadata: Metadata = { title: "事例管理" };

export default async function SupplierCasesPage() {
  const { companyId } = await requireAreaSession("oem");
  return (
    <Suspense>
      <CaseList key={companyId} companyId={companyId} />
    </Suspense>
  );
}
