import type { Metadata } from "next";
import { PersonalAccount } from "@/modules/accounts/ui/personal-account";

export const metadata: Metadata = { title: "個人情報" };

export default function SupplierMePage() {
  return <PersonalAccount area="oem" />;
}
