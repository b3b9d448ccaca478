import type { Metadata } from "next";
import { AuthPage } from "@/components/ui/auth-page";
import { PasswordResetRequestForm } from "@/modules/identity/ui/password-reset-request-form";

export const metadata: Metadata = { title: "パスワードをお忘れの方" };

export default function PasswordResetEmailPage() {
  return (
    <AuthPage
      title="パスワードをお忘れの方"
      lead={<p>ご登録のメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。</p>}
    >
      <PasswordResetRequestForm />
    </AuthPage>
  );
}
