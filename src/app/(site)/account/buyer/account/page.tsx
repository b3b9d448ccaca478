import type { Metadata } from "next";
import { PersonalAccount } from "@/modules/accounts/ui/personal-account";

export const metadata: Metadata = { title: "個人アカウント情報" };

export default function BuyerAccountPage() {
  return <PersonalAccount area="buyer" />;
}
