import type { Metadata } from "next";
import { Suspense } from "react";
import { requireAreaSession } from "@/components/layout/account-guard";
import { CompanyNewsList } from "@/modules/news/ui/company-news";

export const metadata: Metadata = { title: "お知らせ" };

export default async function SupplierNewsPage() {
  const { companyId } = await requireAreaSession("oem");
  return (
    <Suspense>
      <CompanyNewsList side="SUPPLIER" key={companyId} companyId={companyId} />
    </Suspense>
  );
}
