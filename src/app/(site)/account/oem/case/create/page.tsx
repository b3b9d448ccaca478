import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { CaseCreate } from "@/modules/cases/ui/case-form";

export const metadata: Metadata = { title: "事例を登録" };

export default async function SupplierCaseCreatePage() {
  const { companyId } = await requireAreaSession("oem");
  return <CaseCreate key={companyId} companyId={companyId} />;
}
