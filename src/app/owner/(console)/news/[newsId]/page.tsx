import type { Metadata } from "next";
import { NewsEdit } from "@/modules/owner/ui/news";

export const metadata: Metadata = { title: "お知らせの編集" };

export default async function OwnerNewsEditPage({ params }: { params: Promise<{ newsId: string }> }) {
  const { newsId } = await params;
  return <NewsEdit newsId={newsId} />;
}
