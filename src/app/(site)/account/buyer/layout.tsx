import type { ReactNode } from "react";
import { AccountLayout } from "@/components/layout/account-layout";

// Signed out: to /buyer/login?redirect=…; a supplier company: to /account/oem.
export default function BuyerAccountLayout({ children }: { children: ReactNode }) {
  return <AccountLayout area="buyer">{children}</AccountLayout>;
}
