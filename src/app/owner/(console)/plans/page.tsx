import type { Metadata } from "next";
import { PlansPage } from "@/modules/billing/ui/console/plans";

export const metadata: Metadata = { title: "無制限プラン" };

export default function OwnerPlansPage() {
  return <PlansPage />;
}
