import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { CaseEdit } from "@/modules/cases/ui/case-form";
import { firstParam, type SearchParams } from "@/modules/identity/ui/form-helpers";

export const metadata: Metadata = { title: "事例を編集" };

export default async function SupplierCaseEditPage({ searchParams }: { searchParams: SearchParams }) {
  const { companyId } = await requireAreaSession("oem");
  const caseId = firstParam((await searchParams).id);
  return <CaseEdit key={`${companyId}:${caseId}`} companyId={companyId} caseId={caseId} />;
}
