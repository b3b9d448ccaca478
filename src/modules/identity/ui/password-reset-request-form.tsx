"use client";

import { MailCheck } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { AuthLinks, linkClass } from "@/components/ui/auth-page";
import { FormField } from "@/components/ui/form-field";
import Link from "@/components/ui/link";
import { EmailInput } from "@/components/ui/preset-inputs";
import { Result } from "@/components/ui/result";
import { SubmitCta } from "@/components/ui/submit-cta";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiFetch } from "@/lib/api/client";
import { messageOf, setFieldErrors } from "@/lib/form-helpers";
import { passwordEmailInput } from "@/modules/identity/identity.schema";

/** /password-reset/email: asks for the address; the answer never tells whether it is registered. */
export function PasswordResetRequestForm() {
  const [sent, setSent] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(passwordEmailInput, { email: "" });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const res = await apiFetch<{ message?: string }>("/api/password/email", {
        method: "POST",
        body: values,
      });
      setSent(
        res?.message ??
          "ご入力のメールアドレスが登録されている場合、パスワード再設定のご案内をお送りしました。メールをご確認ください。",
      );
    } catch (e) {
      setFormError(messageOf(e));
      setFieldErrors(e, setError, ["email"]);
    }
  });

  if (sent) {
    return (
      <Result tone="success" icon={<MailCheck aria-hidden className="size-8" />} title="メールを送信しました">
        <p role="status">{sent}</p>
        <p className="mt-3 text-slate-600">
          メールに記載のリンクの有効期限は60分です。届かない場合は、迷惑メールフォルダもご確認ください。
        </p>
        <AuthLinks>
          <button type="button" className={linkClass} onClick={() => setSent(undefined)}>
            メールアドレスを入力し直す
          </button>
          <Link href="/buyer/login" className={linkClass}>
            発注者ログインへ
          </Link>
          <Link href="/oem/login" className={linkClass}>
            OEMメーカーログインへ
          </Link>
        </AuthLinks>
      </Result>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {formError && <Alert tone="error">{formError}</Alert>}
      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-6"
        aria-label="パスワード再設定メールの送信"
      >
        <FormField label="メールアドレス" required error={errors.email?.message}>
          <EmailInput autoComplete="email" {...register("email")} />
        </FormField>
        <SubmitCta busy={isSubmitting} className="mx-auto">
          再設定メールを送信する
        </SubmitCta>
      </form>
      <AuthLinks>
        <Link href="/buyer/login" className={linkClass}>
          発注者ログインへ戻る
        </Link>
        <Link href="/oem/login" className={linkClass}>
          OEMメーカーログインへ戻る
        </Link>
      </AuthLinks>
    </div>
  );
}
