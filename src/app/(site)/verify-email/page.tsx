import type { Metadata } from "next";
import { AuthPage } from "@/components/ui/auth-page";
import { firstParam, type SearchParams } from "@/lib/form-helpers";
import { VerifyEmail } from "@/modules/identity/ui/verify-email";

export const metadata: Metadata = { title: "メールアドレスの確認", robots: { index: false } };

export default async function VerifyEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const token = firstParam((await searchParams).token);
  return (
    <AuthPage title="メールアドレスの確認">
      <VerifyEmail token={token} />
    </AuthPage>
  );
}
