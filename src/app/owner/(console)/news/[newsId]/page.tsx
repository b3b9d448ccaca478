import type { Metadata } from "next";
import { NewsEdit } from "@/modules/news/ui/console/news";
import { AuditTrail } from "@/modules/owner/ui/parts";

export const metadata: Metadata = { title: "お知らせの編集" };

export default async function OwnerNewsEditPage({ params }: { params: Promise<{ newsId: string }> }) {
  const { newsId } = await params;
  // The item's audit trail comes from the console's audit view (shown once the item has loaded).
  return (
    <NewsEdit newsId={newsId} auditTrail={<AuditTrail targetType="news" targetId={newsId.toLowerCase()} />} />
  );
}
