import type { Metadata } from "next";
import { OwnerDashboard } from "@/modules/owner/ui/dashboard";

export const metadata: Metadata = { title: "ダッシュボード" };

export default function OwnerDashboardPage() {
  return <OwnerDashboard />;
}
