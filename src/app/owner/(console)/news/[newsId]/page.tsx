import type { Metadata } from "next";
import { NewsEdit } from "@/modules/news/ui/console/news";

export const metadata: Metadata = { title: "お知らせの編集" };

export default async function OwnerNewsEditPage({ params }: { params: Promise<{ newsId: string }> }) {
  const { newsId } = await params;
  return <NewsEdit newsId={newsId} />;
}
