import type { Metadata } from "next";
import { AuthPage } from "@/components/ui/auth-page";
import { firstParam, type SearchParams } from "@/lib/form-helpers";
import { LoginForm } from "@/modules/identity/ui/login-form";

export const metadata: Metadata = { title: "発注者ログイン" };

export default async function BuyerLoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  return (
    <AuthPage
      title="発注者ログイン"
      lead={<p className="text-center">OEMメーカーを探して問い合わせる方のログインページです。</p>}
    >
      <LoginForm
        accountType="BUYER"
        redirect={firstParam(params.redirect)}
        sessionExpired={firstParam(params.reason) === "session-expired"}
      />
    </AuthPage>
  );
}
