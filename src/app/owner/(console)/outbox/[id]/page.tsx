import type { Metadata } from "next";
import { OutboxDetailView } from "@/modules/owner/ui/outbox";

export const metadata: Metadata = { title: "送信メールの詳細" };

export default async function OwnerOutboxEmailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <OutboxDetailView id={id} />;
}
