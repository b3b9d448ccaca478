"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { useSession } from "@/lib/session/session-provider";
import { useHydrated } from "@/lib/use-hydrated";
import { SUPPORT_CATEGORIES, supportInput } from "../lead.schema";
import { postHandlers } from "./form-errors";

type Output = z.output<typeof supportInput>;

interface Values {
  category: string;
  message: string;
  name: string;
  email: string;
  phone: string;
  companyName: string;
}

const FIELD_ORDER = [
  "category",
  "message",
  "name",
  "email",
  "phone",
  "companyName",
] as const satisfies readonly (keyof Values)[];

const resolver = zodResolver(supportInput) as unknown as Resolver<Values, unknown, Output>;

export function SupportForm({ privacyUrl }: { privacyUrl: string }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const { data: session } = useSession();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<Values, unknown, Output>({
    resolver,
    mode: "onTouched",
    shouldFocusError: false,
    defaultValues: { category: "", message: "", name: "", email: "", phone: "", companyName: "" },
  });

  // Signed in: fill the contact details from the account, never over what was typed.
  const account = session
    ? {
        name: session.companyUserProfile?.name || session.user.name,
        email: session.user.email,
        companyName: session.companyDetails?.name ?? "",
      }
    : null;
  const accountKey = account ? `${account.name}\n${account.email}\n${account.companyName}` : "";
  useEffect(() => {
    if (!accountKey) return;
    const [name, email, companyName] = accountKey.split("\n");
    const fill = { name, email, companyName } as const;
    for (const [key, value] of Object.entries(fill) as [keyof typeof fill, string][]) {
      if (value && !getValues(key).trim()) setValue(key, value);
    }
  }, [accountKey, getValues, setValue]);

  const [onValid, onInvalid] = postHandlers<Values, Output>({
    path: "/api/support",
    next: () => router.push("/support/complete"),
    fieldOrder: FIELD_ORDER,
    setError,
    setFormError,
  });
  const onSubmit = handleSubmit(onValid, onInvalid);

  return (
    // method="post": a click before hydration must not put the name, email and phone into the URL.
    <form
      method="post"
      noValidate
      onSubmit={(e) => onSubmit(e).catch(() => {})}
      className="flex flex-col gap-5"
      aria-label="運営へのお問い合わせ"
    >
      {account && (
        <Alert tone="info">
          ログイン中のアカウント（{account.email}
          ）の情報を入力しています。お問い合わせにはアカウント情報が添えられます。
        </Alert>
      )}
      {formError && <Alert tone="error">{formError}</Alert>}
      <FormField label="お問い合わせ種別" required error={errors.category?.message}>
        <Select {...register("category")}>
          <option value="">選択してください</option>
          {SUPPORT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label="お問い合わせ内容"
        required
        hint="できるだけ具体的にご記入ください（3000文字以内）"
        error={errors.message?.message}
      >
        <Textarea {...register("message")} rows={8} placeholder="例）請求書の送付先を変更したいです。" />
      </FormField>
      <div className="grid gap-5 desktop:grid-cols-2">
        <FormField label="お名前" required error={errors.name?.message}>
          <Input {...register("name")} autoComplete="name" placeholder="例）山田 太郎" />
        </FormField>
        <FormField label="メールアドレス" required error={errors.email?.message}>
          <Input
            {...register("email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="例）taro@example.co.jp"
          />
        </FormField>
        <FormField label="電話番号" error={errors.phone?.message}>
          <Input {...register("phone")} type="tel" autoComplete="tel" placeholder="例）03-1234-5678" />
        </FormField>
        <FormField label="会社名" error={errors.companyName?.message}>
          <Input
            {...register("companyName")}
            autoComplete="organization"
            placeholder="例）株式会社OEMマッチ"
          />
        </FormField>
      </div>
      <p className="text-sm leading-6 text-slate-600">
        ご入力いただいた個人情報は、お問い合わせへの回答のために利用します。詳しくは
        <a
          href={privacyUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="font-bold text-brand-700 underline underline-offset-2"
        >
          プライバシーポリシー
        </a>
        をご覧ください。
      </p>
      <div className="flex justify-center">
        <Button type="submit" size="cta" disabled={!hydrated || isSubmitting || isSubmitSuccessful}>
          <Send aria-hidden className="size-5" />
          {isSubmitting || isSubmitSuccessful ? "送信しています…" : "送信する"}
        </Button>
      </div>
    </form>
  );
}
