import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireAreaSession } from "@/components/layout/account-guard";
import { firstParam, type SearchParams } from "@/lib/form-helpers";
import { isUuid } from "@/lib/uuid";
import { getCase } from "@/modules/cases/case.service";
import { CaseEdit } from "@/modules/cases/ui/case-form";
import { foundOr404 } from "@/server/auth/page-lookup";
import { db } from "@/server/db/client";

export const metadata: Metadata = { title: "事例を編集" };

export default async function SupplierCaseEditPage({ searchParams }: { searchParams: SearchParams }) {
  const { companyId, scope } = await requireAreaSession("oem");
  const caseId = firstParam((await searchParams).id);
  // No id, a malformed one or another company's case: the 404 screen, answered with HTTP 404.
  if (!caseId || !isUuid(caseId)) notFound();
  await foundOr404(() => getCase(scope, db(), caseId));
  return <CaseEdit key={`${companyId}:${caseId}`} companyId={companyId} caseId={caseId} />;
}
