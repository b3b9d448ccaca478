import type { Metadata } from "next";
import { SystemCheckPage } from "@/modules/owner/ui/system";

export const metadata: Metadata = { title: "システムチェック" };

export default function OwnerSystemPage() {
  return <SystemCheckPage />;
}
