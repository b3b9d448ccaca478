import type { Metadata } from "next";
import { Suspense } from "react";
import { TrustSignals } from "@/modules/deals/ui/console/trust-signals";

export const metadata: Metadata = { title: "不正・信頼シグナル" };

export default function OwnerTrustSignalsPage() {
  return (
    <Suspense>
      <TrustSignals />
    </Suspense>
  );
}
