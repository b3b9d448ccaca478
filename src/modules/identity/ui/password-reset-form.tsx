"use client";

import { CircleAlert, CircleCheck } from "lucide-react";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { linkClass } from "@/components/ui/auth-page";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { NewPasswordField, PasswordConfirmationField } from "@/components/ui/new-password-field";
import { Result } from "@/components/ui/result";
import { SubmitCta } from "@/components/ui/submit-cta";
import { useZodForm } from "@/components/ui/use-zod-form";
import { ApiError, apiFetch } from "@/lib/api/client";
import { messageOf, setFieldErrors } from "@/lib/form-helpers";
import { useSession } from "@/lib/session/session-provider";
import { passwordResetInput } from "@/modules/identity/identity.schema";
import { LoginButtons } from "./login-buttons";

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
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useZodForm(resetForm, { password: "", passwordConfirmation: "" });
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
      setFieldErrors(e, setError, ["password"]);
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
        <LoginButtons className="mt-8 flex flex-col items-center gap-3" />
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
        <NewPasswordField
          label="新しいパスワード"
          password={password}
          error={errors.password?.message}
          input={register("password")}
        />
        <PasswordConfirmationField
          label="新しいパスワード（確認）"
          error={errors.passwordConfirmation?.message}
          input={register("passwordConfirmation")}
        />
        <SubmitCta busy={isSubmitting} className="mx-auto">
          パスワードを再設定する
        </SubmitCta>
      </form>
      <p className="text-center text-sm">
        <Link href="/password-reset/email" className={linkClass}>
          再設定メールを再度受け取る
        </Link>
      </p>
    </div>
  );
}
