import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { BuyerNewsDetail } from "../buyer-news";

export const metadata: Metadata = { title: "お知らせ" };

export default async function BuyerNewsDetailPage({ params }: { params: Promise<{ newsId: string }> }) {
  const { companyId } = await requireAreaSession("buyer");
  const { newsId } = await params;
  return <BuyerNewsDetail key={`${companyId}:${newsId}`} companyId={companyId} newsId={newsId} />;
}
