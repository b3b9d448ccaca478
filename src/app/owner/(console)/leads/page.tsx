import type { Metadata } from "next";
import { Suspense } from "react";
import { LeadsList } from "@/modules/owner/ui/inbox";

export const metadata: Metadata = { title: "資料請求" };

export default function OwnerLeadsPage() {
  return (
    <Suspense>
      <LeadsList />
    </Suspense>
  );
}
