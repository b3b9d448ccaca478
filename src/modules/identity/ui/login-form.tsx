"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { AuthLinks, linkClass } from "@/components/ui/auth-page";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import Link from "@/components/ui/link";
import { PasswordInput } from "@/components/ui/password-input";
import { EmailInput } from "@/components/ui/preset-inputs";
import { SubmitCta } from "@/components/ui/submit-cta";
import { useZodForm } from "@/components/ui/use-zod-form";
import { messageOf, setFieldErrors } from "@/lib/form-helpers";
import { safeRedirect } from "@/lib/safe-redirect";
import { useSession } from "@/lib/session/session-provider";
import { SESSION_EXPIRED_MESSAGE } from "@/lib/session/user-type";
import { loginInput } from "@/modules/identity/identity.schema";

type AccountType = "BUYER" | "SUPPLIER";

const SIDES = {
  BUYER: {
    area: "/account/buyer",
    label: "発注者",
    other: { href: "/oem/login", label: "OEMメーカーの方はこちら" },
  },
  SUPPLIER: {
    area: "/account/oem",
    label: "OEMメーカー",
    other: { href: "/buyer/login", label: "発注者の方はこちら" },
  },
} as const;

export function LoginForm({
  accountType,
  redirect,
  sessionExpired,
}: {
  accountType: AccountType;
  /** `?redirect=`; only same-site paths are honoured. */
  redirect?: string;
  /** `?reason=session-expired`: the session ended on a protected page. */
  sessionExpired?: boolean;
}) {
  const side = SIDES[accountType];
  const target = safeRedirect(redirect) ?? side.area;
  const router = useRouter();
  const { status, data, signIn } = useSession();
  const [formError, setFormError] = useState<string>();
  const [navigating, setNavigating] = useState(false);
  const signingIn = useRef(false);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(loginInput, { email: "", password: "" });

  // Already signed in on this side: straight on to the destination.
  const signedInHere = status === "authenticated" && data?.companyType === accountType;
  useEffect(() => {
    if (signedInHere && !signingIn.current) router.replace(target);
  }, [signedInHere, router, target]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    signingIn.current = true;
    try {
      const url = await signIn({ ...values, accountType, callbackUrl: target });
      setNavigating(true);
      router.push(url);
    } catch (e) {
      signingIn.current = false;
      setFormError(messageOf(e));
      setFieldErrors(e, setError, ["email", "password"]);
    }
  });

  const busy = isSubmitting || navigating;
  const otherSide = status === "authenticated" && data && data.companyType !== accountType;

  return (
    <div className="flex flex-col gap-6">
      {sessionExpired && !signedInHere && <Alert tone="info">{SESSION_EXPIRED_MESSAGE}</Alert>}
      {otherSide && (
        <Alert tone="info">
          現在、{data.companyDetails?.name ?? data.user.name}
          のアカウントでログインしています。
          {side.label}
          のアカウントでログインすると、そちらに切り替わります。
          <Link
            href={data.companyType === "SUPPLIER" ? "/account/oem" : "/account/buyer"}
            className={`ml-1 ${linkClass}`}
          >
            現在のマイページへ
          </Link>
        </Alert>
      )}
      {formError && <Alert tone="error">{formError}</Alert>}

      {/* method="post": a click before hydration must not put the password into the URL. */}
      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-5"
        aria-label={`${side.label}ログイン`}
      >
        <FormField label="メールアドレス" required error={errors.email?.message}>
          <EmailInput autoComplete="username" {...register("email")} />
        </FormField>
        <FormField label="パスワード" required error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...register("password")} />
        </FormField>
        <p className="-mt-2 text-right text-sm">
          <Link href="/password-reset/email" className={linkClass}>
            パスワードをお忘れの方
          </Link>
        </p>
        <SubmitCta busy={busy} className="mx-auto">
          ログイン
        </SubmitCta>
      </form>

      <div className="rounded-lg bg-slate-50 p-5 text-center">
        <p className="text-sm text-slate-700">アカウントをお持ちでない方</p>
        <Button asChild variant="outline" className="mt-3 w-full max-w-[300px]">
          <Link href={`/register?type=${accountType}`}>新規会員登録（無料）</Link>
        </Button>
      </div>

      <AuthLinks>
        <Link href={side.other.href} className={linkClass}>
          {side.other.label}
        </Link>
      </AuthLinks>
    </div>
  );
}
