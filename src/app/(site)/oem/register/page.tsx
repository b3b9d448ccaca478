import type { Metadata } from "next";
import { RegisterPage } from "@/modules/identity/ui/register-page";

export const metadata: Metadata = { title: "OEMメーカー 新規会員登録" };
// The terms and privacy links come from the runtime configuration.
export const dynamic = "force-dynamic";

export default function SupplierRegisterRoute() {
  return <RegisterPage accountType="SUPPLIER" />;
}
