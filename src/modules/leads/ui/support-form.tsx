"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useEffect } from "react";
import type { Resolver } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { useSession } from "@/lib/session/session-provider";
import { SUPPORT_CATEGORIES, supportInput } from "../lead.schema";
import { PublicSubmit, usePublicForm } from "./public-form";

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
  const { data: session } = useSession();
  const { form, formError, onSubmit, sending, hydrated } = usePublicForm<Values, Output>({
    resolver,
    path: "/api/support",
    next: "/support/complete",
    fieldOrder: FIELD_ORDER,
    defaultValues: { category: "", message: "", name: "", email: "", phone: "", companyName: "" },
  });
  const { register, getValues, setValue } = form;
  const { errors } = form.formState;

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

  return (
    // method="post": a click before hydration must not put the name, email and phone into the URL.
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
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
      <PublicSubmit hydrated={hydrated} sending={sending} icon={<Send aria-hidden className="size-5" />}>
        送信する
      </PublicSubmit>
    </form>
  );
}
