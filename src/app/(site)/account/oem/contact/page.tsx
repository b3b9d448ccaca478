import type { Metadata } from "next";
import { Suspense } from "react";
import { requireAreaSession } from "@/components/layout/account-guard";
import { SupplierInquiryListPage } from "../supplier-inquiry-list";

export const metadata: Metadata = { title: "指名案件一覧" };

// ?status=OPEN|CLOSED|CANCELLED&page=… are read in the browser (filters live in the URL).
export default async function NominatedRecruitListPage() {
  const { companyId } = await requireAreaSession("oem");
  return (
    <Suspense>
      <SupplierInquiryListPage key={companyId} companyId={companyId} kind="contact" />
    </Suspense>
  );
}
