import type { Metadata } from "next";
import { Suspense } from "react";
import { UsagesList } from "@/modules/billing/ui/console/usages";

export const metadata: Metadata = { title: "チケット利用" };

export default function OwnerTicketUsagesPage() {
  return (
    <Suspense>
      <UsagesList />
    </Suspense>
  );
}
