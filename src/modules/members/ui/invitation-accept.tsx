"use client";

// /invitation?companyId=&token= (the page the invitation email opens): checks the link,
// shows the company and the role, and registers (or joins with an existing account), with
// a live dry-run check; then signs the browser in and opens the company's my page.
import { CheckCircle2, Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import useSWR from "swr";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { linkClass } from "@/components/ui/auth-page";
import { Button } from "@/components/ui/button";
import { FormErrorBanner, useFormError } from "@/components/ui/form-error-banner";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import Link from "@/components/ui/link";
import { PasswordInput } from "@/components/ui/password-input";
import { PasswordStrength } from "@/components/ui/password-strength";
import { TelInput } from "@/components/ui/preset-inputs";
import { Result } from "@/components/ui/result";
import { Agreement } from "@/components/ui/terms-agreement";
import { ApiError, apiFetch } from "@/lib/api/client";
import { messageOf, scrollToField } from "@/lib/form-helpers";
import { bodyResolver, withoutBlanks } from "@/lib/form-utils";
import { useSession } from "@/lib/session/session-provider";
import { INVITATION_USED, invitationRegisterInput } from "@/modules/members/member.schema";
import { type Invitation, InvitationSummary } from "./invitation-summary";
import { LinkProblem } from "./link-problem";

// The heading already says the link is invalid; the text says what to do about it.
const INVALID_LINK = "このリンクからは参加できません。招待したご担当者さまに再送を依頼してください。";

interface JoinValues {
  name: string;
  password: string;
  department: string;
  phone: string;
  agreeToTerms: boolean;
}
type Field = keyof JoinValues;
const FIELDS: Field[] = ["name", "password", "department", "phone", "agreeToTerms"];

export function InvitationAccept({
  companyId,
  token,
  termsUrl,
  privacyUrl,
}: {
  companyId: string | undefined;
  token: string | undefined;
  termsUrl: string;
  privacyUrl: string;
}) {
  const { data, error, isLoading, mutate } = useSWR<Invitation>(
    companyId && token ? ["invitation-check", companyId, token] : null,
    () =>
      apiFetch<Invitation>(`/api/oem/company/${companyId}/invitation/check`, {
        method: "POST",
        body: { token },
      }),
    { revalidateOnReconnect: false, shouldRetryOnError: false, revalidateIfStale: false },
  );

  if (!companyId || !token) return <LinkProblem kind="invalid" message={INVALID_LINK} />;
  if (error) {
    if (error instanceof ApiError && error.status === 409)
      return (
        <LinkProblem kind={error.message === INVITATION_USED ? "used" : "expired"} message={error.message} />
      );
    if (error instanceof ApiError && (error.status === 404 || error.status === 422))
      return <LinkProblem kind="invalid" message={INVALID_LINK} />;
    return (
      <Alert tone="error" title="招待内容を確認できませんでした">
        <p>{messageOf(error)}</p>
        <button
          type="button"
          onClick={() => void mutate()}
          className="mt-2 font-bold underline underline-offset-4"
        >
          もう一度読み込む
        </button>
      </Alert>
    );
  }
  if (isLoading || !data) {
    return (
      <div role="status" aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only">招待内容を確認しています…</span>
        <div className="h-40 animate-pulse rounded-lg bg-slate-100" />
        <div className="h-80 animate-pulse rounded-lg bg-slate-100" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <InvitationSummary invitation={data} />
      <JoinForm
        companyId={companyId}
        token={token}
        invitation={data}
        termsUrl={termsUrl}
        privacyUrl={privacyUrl}
      />
    </div>
  );
}

/** A field error from the server, shown while the field still holds the value it was about. */
type ServerErrors = Partial<Record<Field, { value: unknown; message: string }>>;

function JoinForm({
  companyId,
  token,
  invitation,
  termsUrl,
  privacyUrl,
}: {
  companyId: string;
  token: string;
  invitation: Invitation;
  termsUrl: string;
  privacyUrl: string;
}) {
  const router = useRouter();
  const { signIn, update, switchCompany } = useSession();
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const { formError, setFormError, ref: formErrorRef, show: showFormError } = useFormError();
  const [checking, setChecking] = useState(false);
  const [joined, setJoined] = useState<"signing-in" | "signed-out">();

  const toBody = (v: JoinValues) =>
    withoutBlanks({
      token,
      name: v.name,
      password: v.password,
      department: v.department,
      phone: v.phone,
      agreeToTerms: v.agreeToTerms,
    });
  const [resolver] = useState(() =>
    bodyResolver<JoinValues, typeof invitationRegisterInput>(invitationRegisterInput, toBody),
  );
  const {
    register,
    handleSubmit,
    control,
    getValues,
    formState: { errors, isSubmitting, touchedFields, isSubmitted },
  } = useForm<JoinValues, unknown, z.output<typeof invitationRegisterInput>>({
    resolver,
    mode: "onTouched",
    defaultValues: {
      name: invitation.name ?? "",
      password: "",
      department: "",
      phone: "",
      agreeToTerms: false,
    },
    shouldFocusError: false,
  });
  const values = useWatch({ control }) as JoinValues;

  const errorOf = (f: Field): string | undefined => {
    const own = errors[f]?.message;
    if (own) return own;
    const server = serverErrors[f];
    const shown = touchedFields[f] || isSubmitted || f === "password";
    return server && shown && Object.is(server.value, values[f]) ? server.message : undefined;
  };

  // Live check (dry-run) 700 ms after the last change, once name and password look complete.
  // The agreement is checked in the browser and at submit, so it is sent as given here: an
  // unticked box must not hide what the server says about the password.
  const { name, password, department, phone } = values;
  useEffect(() => {
    const sent = {
      name: name ?? "",
      password: password ?? "",
      department: department ?? "",
      phone: phone ?? "",
    };
    const body = { ...withoutBlanks({ token, ...sent }), agreeToTerms: true };
    if (!invitationRegisterInput.safeParse(body).success) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setChecking(true);
      try {
        await apiFetch(`/api/oem/company/${companyId}/invitation/dry-run/register`, {
          method: "POST",
          body,
          signal: controller.signal,
        });
        setServerErrors({});
      } catch (e) {
        if (e instanceof ApiError && e.status === 422) {
          const next: ServerErrors = {};
          for (const [k, message] of Object.entries(e.fields)) {
            if (k in sent) next[k as keyof typeof sent] = { value: sent[k as keyof typeof sent], message };
          }
          setServerErrors(next);
        } else if (e instanceof ApiError && (e.status === 404 || e.status === 409)) {
          setFormError(e.message);
        }
      } finally {
        if (!controller.signal.aborted) setChecking(false);
      }
    }, 700);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [name, password, department, phone, companyId, token, setFormError]);

  const onSubmit = handleSubmit(
    async (input) => {
      setFormError(undefined);
      const current = getValues();
      try {
        await apiFetch(`/api/oem/company/${companyId}/invitation/register`, { method: "POST", body: input });
      } catch (e) {
        if (e instanceof ApiError && e.status === 422 && Object.keys(e.fields).length) {
          const next: ServerErrors = {};
          const rest: string[] = [];
          for (const [k, message] of Object.entries(e.fields)) {
            if ((FIELDS as string[]).includes(k)) next[k as Field] = { value: current[k as Field], message };
            else rest.push(message);
          }
          setServerErrors(next);
          const first = FIELDS.find((f) => next[f]);
          if (first) scrollToField(first);
          if (rest.length) setFormError(rest.join(" "));
        } else {
          showFormError(messageOf(e));
        }
        return;
      }
      // Joined. The register call answers a bearer token; the browser session comes from signing in.
      setJoined("signing-in");
      const area = invitation.companyType === "SUPPLIER" ? "/account/oem" : "/account/buyer";
      try {
        await signIn({
          email: invitation.email,
          password: input.password,
          accountType: invitation.companyType,
        });
        const session = await update();
        if (session?.companyDetails?.id !== companyId && session?.companies.some((c) => c.id === companyId)) {
          await switchCompany(companyId); // goes to the company's my page
          return;
        }
        router.push(area);
        router.refresh();
      } catch {
        setJoined("signed-out");
      }
    },
    (invalid) => {
      const first = FIELDS.find((f) => invalid[f]);
      if (first) scrollToField(first);
    },
  );

  if (joined) {
    return (
      <Result
        tone="success"
        icon={<CheckCircle2 aria-hidden className="size-8" />}
        title="参加が完了しました"
      >
        {joined === "signing-in" ? (
          <p className="inline-flex items-center gap-2">
            <Loader2 aria-hidden className="size-4 animate-spin" />
            マイページへ移動しています…
          </p>
        ) : (
          <>
            <p>{invitation.companyName}のメンバーになりました。ログインしてご利用ください。</p>
            <Button asChild className="mt-6">
              <Link
                href={
                  invitation.companyType === "SUPPLIER" ? "/oem/login?redirect=/account/oem" : "/buyer/login"
                }
              >
                ログインする
              </Link>
            </Button>
          </>
        )}
      </Result>
    );
  }

  const hasAccount = invitation.hasAccount;
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-label="招待からの参加"
      className="flex flex-col gap-6"
    >
      <FormErrorBanner ref={formErrorRef} message={formError} className="empty:hidden" />
      {hasAccount ? (
        <Alert tone="info" title="アカウントをお持ちの方">
          <p>
            {invitation.email}{" "}
            は既にアカウントをお持ちのため、そのパスワードを入力すると参加できます。お名前・部署名・電話番号は、この会社での表示に使われます。
          </p>
        </Alert>
      ) : (
        <p className="text-sm leading-7 text-slate-600">
          アカウントを作成して参加します。ログインIDは招待されたメールアドレス（{invitation.email}）です。
        </p>
      )}

      <FormField label="お名前" required error={errorOf("name")}>
        <Input autoComplete="name" placeholder="山田 花子" {...register("name")} />
      </FormField>
      <div className="flex flex-col gap-2">
        <FormField
          label="パスワード"
          required
          hint={
            hasAccount
              ? "現在お使いのパスワードを入力してください。"
              : "8文字以上で、英字と数字を含めてください。"
          }
          error={errorOf("password")}
        >
          <PasswordInput
            autoComplete={hasAccount ? "current-password" : "new-password"}
            {...register("password")}
          />
        </FormField>
        {hasAccount ? (
          <Link href="/password-reset/email" className={`w-fit text-sm ${linkClass}`}>
            パスワードをお忘れの方
          </Link>
        ) : (
          <PasswordStrength password={values.password ?? ""} />
        )}
      </div>
      <FormField label="部署名" error={errorOf("department")}>
        <Input autoComplete="organization-title" placeholder="営業部" {...register("department")} />
      </FormField>
      <FormField label="電話番号" hint="半角数字（例: 03-1234-5678）" error={errorOf("phone")}>
        <TelInput placeholder="03-1234-5678" className="max-w-64" {...register("phone")} />
      </FormField>
      <Agreement
        termsUrl={termsUrl}
        privacyUrl={privacyUrl}
        error={errorOf("agreeToTerms")}
        errorId="invitation-agree-error"
        input={register("agreeToTerms")}
      />

      <p aria-live="polite" className="-mt-2 min-h-5 text-xs text-slate-500">
        {checking ? "入力内容を確認しています…" : ""}
      </p>
      <div className="flex flex-col items-center gap-4">
        <Button type="submit" size="cta" disabled={isSubmitting}>
          {isSubmitting ? "送信しています…" : hasAccount ? "参加する" : "登録して参加する"}
        </Button>
      </div>
    </form>
  );
}
