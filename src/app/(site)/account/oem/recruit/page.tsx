import type { Metadata } from "next";
import { Suspense } from "react";
import { requireAreaSession } from "@/components/layout/account-guard";
import { SupplierInquiryListPage } from "../supplier-inquiry-list";

export const metadata: Metadata = { title: "公開案件一覧" };

// ?categoryId=…&prefectureId=…&page=… are read in the browser (filters live in the URL).
export default async function PublicRecruitListPage() {
  const { companyId } = await requireAreaSession("oem");
  return (
    <Suspense>
      <SupplierInquiryListPage key={companyId} companyId={companyId} kind="recruit" />
    </Suspense>
  );
}
