import type { Metadata } from "next";
import { Suspense } from "react";
import { GrantTicketsForm } from "@/modules/owner/ui/billing";

export const metadata: Metadata = { title: "チケットの付与" };

export default function OwnerGrantTicketsPage() {
  return (
    <Suspense>
      <GrantTicketsForm />
    </Suspense>
  );
}
