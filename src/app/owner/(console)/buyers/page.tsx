import type { Metadata } from "next";
import { Suspense } from "react";
import { BuyersList } from "@/modules/companies/ui/console/companies";

export const metadata: Metadata = { title: "発注者" };

export default function OwnerBuyersPage() {
  return (
    <Suspense>
      <BuyersList />
    </Suspense>
  );
}
