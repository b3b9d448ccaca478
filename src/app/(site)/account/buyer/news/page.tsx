import type { Metadata } from "next";
import { Suspense } from "react";
import { requireAreaSession } from "@/components/layout/account-guard";
import { CompanyNewsList } from "@/modules/news/ui/company-news";

export const metadata: Metadata = { title: "お知らせ" };

export default async function BuyerNewsPage() {
  const { companyId } = await requireAreaSession("buyer");
  return (
    <Suspense>
      <CompanyNewsList side="BUYER" key={companyId} companyId={companyId} />
    </Suspense>
  );
}
