import type { Metadata } from "next";
import { MasterDataConsole } from "@/modules/master-data/ui/console/master-data-console";

export const metadata: Metadata = { title: "加工・素材・認証" };

export default function OwnerMasterDataPage() {
  return <MasterDataConsole />;
}
