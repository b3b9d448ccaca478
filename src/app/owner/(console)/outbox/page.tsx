import type { Metadata } from "next";
import { Suspense } from "react";
import { OutboxList } from "@/modules/owner/ui/outbox";

export const metadata: Metadata = { title: "送信メール" };

export default function OwnerOutboxPage() {
  return (
    <Suspense>
      <OutboxList />
    </Suspense>
  );
}
