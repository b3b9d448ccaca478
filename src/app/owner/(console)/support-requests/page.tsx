import type { Metadata } from "next";
import { Suspense } from "react";
import { SupportRequestsList } from "@/modules/owner/ui/inbox";

export const metadata: Metadata = { title: "お問い合わせ" };

export default function OwnerSupportRequestsPage() {
  return (
    <Suspense>
      <SupportRequestsList />
    </Suspense>
  );
}
