import type { Metadata } from "next";
import { AuthPage } from "@/components/ui/auth-page";
import { firstParam, type SearchParams } from "@/lib/form-helpers";
import { LoginForm } from "@/modules/identity/ui/login-form";

export const metadata: Metadata = { title: "OEMメーカーログイン" };

export default async function SupplierLoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  return (
    <AuthPage
      title="OEMメーカーログイン"
      lead={<p className="text-center">自社を掲載し、案件に対応するOEMメーカーの方のログインページです。</p>}
    >
      <LoginForm
        accountType="SUPPLIER"
        redirect={firstParam(params.redirect)}
        sessionExpired={firstParam(params.reason) === "session-expired"}
      />
    </AuthPage>
  );
}
