import type { ReactNode } from "react";
import { AccountLayout } from "@/components/layout/account-layout";

// Signed out: to /oem/login?redirect=…; a buyer company: to /account/buyer.
export default function SupplierAccountLayout({ children }: { children: ReactNode }) {
  return <AccountLayout area="oem">{children}</AccountLayout>;
}
