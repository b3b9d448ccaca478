import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { CompanyNewsDetail } from "@/modules/news/ui/company-news";

export const metadata: Metadata = { title: "お知らせ" };

export default async function SupplierNewsDetailPage({ params }: { params: Promise<{ newsId: string }> }) {
  const { companyId } = await requireAreaSession("oem");
  const { newsId } = await params;
  return (
    <CompanyNewsDetail side="SUPPLIER" key={`${companyId}:${newsId}`} companyId={companyId} newsId={newsId} />
  );
}
