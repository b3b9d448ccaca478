import type { Metadata } from "next";
import { AuthPage } from "@/components/ui/auth-page";
import { firstParam, type SearchParams } from "@/lib/form-helpers";
import { PasswordResetForm } from "@/modules/identity/ui/password-reset-form";

export const metadata: Metadata = { title: "パスワードの再設定", robots: { index: false } };

export default async function PasswordResetPage({ searchParams }: { searchParams: SearchParams }) {
  const token = firstParam((await searchParams).token);
  return (
    <AuthPage title="パスワードの再設定">
      <PasswordResetForm token={token} />
    </AuthPage>
  );
}
