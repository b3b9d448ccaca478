"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, CircleCheck } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { linkClass } from "@/components/ui/auth-page";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { PasswordStrength } from "@/components/ui/password-strength";
import { Result } from "@/components/ui/result";
import { ApiError, apiFetch } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { useSession } from "@/lib/session/session-provider";
import { useHydrated } from "@/lib/use-hydrated";
import { passwordResetInput } from "@/modules/identity/identity.schema";

const LINK_BROKEN = "リンクが正しくありません。メールに記載のURLをすべてコピーして開いてください。";

const resetForm = passwordResetInput
  .pick({ password: true })
  .extend({
    passwordConfirmation: z
      .string({ error: "確認のため、もう一度パスワードを入力してください" })
      .min(1, "確認のため、もう一度パスワードを入力してください"),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ["passwordConfirmation"],
    message: "パスワードが一致しません",
  });

type State = { kind: "form" } | { kind: "done"; message: string } | { kind: "broken"; message: string };

/** /password-reset?token=…: the page of the emailed reset link. */
export function PasswordResetForm({ token }: { token?: string }) {
  const { update } = useSession();
  const [state, setState] = useState<State>(
    token && token.length >= 10 ? { kind: "form" } : { kind: "broken", message: LINK_BROKEN },
  );
  const [formError, setFormError] = useState<string>();
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof resetForm>, unknown, z.output<typeof resetForm>>({
    resolver: zodResolver(resetForm),
    mode: "onTouched",
    defaultValues: { password: "", passwordConfirmation: "" },
  });
  const password = useWatch({ control, name: "password" });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(undefined);
    try {
      const res = await apiFetch<{ message?: string }>("/api/password/reset", {
        method: "POST",
        body: { token, password },
      });
      setState({
        kind: "done",
        message: res?.message ?? "パスワードを再設定しました。新しいパスワードでログインしてください。",
      });
      // Every session of the account ended, this browser's included.
      void update();
    } catch (e) {
      if (e instanceof ApiError && e.fields.token) {
        setState({ kind: "broken", message: e.fields.token });
        return;
      }
      setFormError(messageOf(e));
      if (e instanceof ApiError && e.fields.password) {
        setError("password", { type: "server", message: e.fields.password });
      }
    }
  });

  if (state.kind === "done") {
    return (
      <Result
        tone="success"
        icon={<CircleCheck aria-hidden className="size-8" />}
        title="パスワードを再設定しました"
      >
        <p role="status">{state.message}</p>
        <div className="mt-8 flex flex-col items-center gap-3">
          <Button asChild size="cta">
            <Link href="/buyer/login">発注者ログイン</Link>
          </Button>
          <Button asChild size="cta" variant="outline">
            <Link href="/oem/login">OEMメーカーログイン</Link>
          </Button>
        </div>
      </Result>
    );
  }

  if (state.kind === "broken") {
    return (
      <Result
        tone="error"
        icon={<CircleAlert aria-hidden className="size-8" />}
        title="このリンクはご利用いただけません"
      >
        <p role="alert">{state.message}</p>
        <p className="mt-3 text-slate-600">再設定のリンクの有効期限は60分で、一度だけご利用いただけます。</p>
        <div className="mt-8 flex flex-col items-center gap-4">
          <Button asChild size="cta">
            <Link href="/password-reset/email">再設定メールを再度受け取る</Link>
          </Button>
        </div>
      </Result>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm leading-7 text-slate-600">
        新しいパスワードを入力してください。再設定すると、ログイン中のすべての端末からログアウトされます。
      </p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-6"
        aria-label="パスワードの再設定"
      >
        <div className="flex flex-col gap-2">
          <FormField
            label="新しいパスワード"
            required
            hint="8文字以上で、英字と数字を含めてください。"
            error={errors.password?.message}
          >
            <PasswordInput autoComplete="new-password" {...register("password")} />
          </FormField>
          <PasswordStrength password={password ?? ""} />
        </div>
        <FormField label="新しいパスワード（確認）" required error={errors.passwordConfirmation?.message}>
          <PasswordInput autoComplete="new-password" {...register("passwordConfirmation")} />
        </FormField>
        <Button type="submit" size="cta" className="mx-auto" disabled={isSubmitting || !hydrated}>
          {isSubmitting ? "送信中…" : "パスワードを再設定する"}
        </Button>
      </form>
      <p className="text-center text-sm">
        <Link href="/password-reset/email" className={linkClass}>
          再設定メールを再度受け取る
        </Link>
      </p>
    </div>
  );
}
