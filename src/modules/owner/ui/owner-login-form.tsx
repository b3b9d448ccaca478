"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { safeConsoleRedirect } from "@/components/owner/console-nav";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, apiFetch } from "@/lib/api/client";
import { type Operator, useOwnerSession } from "@/lib/owner/owner-session";
import { useHydrated } from "@/lib/use-hydrated";
import { loginInput } from "@/modules/identity/identity.schema";

/** The operator's sign-in; the token goes to localStorage `admin_token`, never to the member session. */
export function OwnerLoginForm() {
  const params = useSearchParams();
  const target = safeConsoleRedirect(params?.get("redirectTo"));
  const router = useRouter();
  const { status, signIn } = useOwnerSession();
  const [formError, setFormError] = useState<string>();
  const [navigating, setNavigating] = useState(false);
  // Disabled until the page is interactive: a click before would post the form natively, and the
  // page would come back empty.
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof loginInput>, unknown, z.output<typeof loginInput>>({
    resolver: zodResolver(loginInput),
    mode: "onTouched",
    defaultValues: { email: "", password: "" },
  });

  useEffect(() => {
    if (status === "signed-in" && !navigating) router.replace(target);
  }, [status, navigating, router, target]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const out = await apiFetch<{ token: string; owner: Operator }>("/api/auth/owner-login", {
        method: "POST",
        body: values,
        token: "",
      });
      setNavigating(true);
      signIn(out.token, out.owner);
      router.push(target);
    } catch (e) {
      setFormError(e instanceof Error ? e.message : "ログインできませんでした。");
      if (e instanceof ApiError) {
        for (const [field, message] of Object.entries(e.fields)) {
          if (field === "email" || field === "password") setError(field, { type: "server", message });
        }
      }
    }
  });

  const busy = isSubmitting || navigating;
  return (
    <div className="flex flex-col gap-5">
      {params?.get("signedOut") && <Alert tone="success">ログアウトしました。</Alert>}
      {formError && <Alert tone="error">{formError}</Alert>}
      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-5"
        aria-label="運営者ログイン"
      >
        <FormField label="メールアドレス" required error={errors.email?.message}>
          <Input type="email" autoComplete="username" inputMode="email" {...register("email")} />
        </FormField>
        <FormField label="パスワード" required error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...register("password")} />
        </FormField>
        <Button type="submit" disabled={busy || !hydrated} className="w-full">
          {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
          ログイン
        </Button>
      </form>
      <p className="text-xs leading-5 text-slate-600">
        運営者専用のログインです。発注者・OEMメーカーのアカウントではログインできません。
      </p>
    </div>
  );
}
