import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { getCompanyNews } from "@/modules/news/news.service";
import { CompanyNewsDetail } from "@/modules/news/ui/company-news";
import { foundOr404 } from "@/server/auth/page-lookup";
import { db } from "@/server/db/client";

export const metadata: Metadata = { title: "お知らせ" };

export default async function SupplierNewsDetailPage({ params }: { params: Promise<{ newsId: string }> }) {
  const { companyId, scope } = await requireAreaSession("oem");
  const { newsId } = await params;
  await foundOr404(() => getCompanyNews(scope, db(), newsId));
  return (
    <CompanyNewsDetail side="SUPPLIER" key={`${companyId}:${newsId}`} companyId={companyId} newsId={newsId} />
  );
}
