"use client";

import { useId } from "react";
import type { Resolver } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import type { documentDownloadInput } from "../lead.schema";
import { PublicSubmit, usePublicForm } from "./public-form";

type Output = z.output<typeof documentDownloadInput>;

interface Values {
  companyName: string;
  name: string;
  email: string;
  phone: string;
  role: string;
  interest: string;
  agreeToPrivacy: boolean;
}

const FIELD_ORDER = [
  "companyName",
  "name",
  "email",
  "phone",
  "role",
  "interest",
  "agreeToPrivacy",
] as const satisfies readonly (keyof Values)[];

const ROLES = [
  { value: "BUYER", label: "発注者として" },
  { value: "SUPPLIER", label: "OEMメーカーとして" },
  { value: "OTHER", label: "その他" },
] as const;

// zod and the schema load when the visitor first focuses the form, not with the page: the form
// sits at the bottom of /lp, and zod is the largest script the page would otherwise run. Loading
// on focus (not at the first validation) keeps a blur's validation and the submit's from both
// waiting on the download and settling out of order (the submit's errors went missing).
let zodResolved: Promise<Resolver<Values, unknown, Output>> | undefined;
function loadResolver() {
  zodResolved ??= Promise.all([import("@hookform/resolvers/zod"), import("../lead.schema")]).then(
    ([{ zodResolver }, { documentDownloadInput }]) =>
      zodResolver(documentDownloadInput) as unknown as Resolver<Values, unknown, Output>,
    (e: unknown) => {
      zodResolved = undefined; // a failed download is retried at the next validation
      throw e;
    },
  );
  return zodResolved;
}
const resolver: Resolver<Values, unknown, Output> = async (values, context, options) =>
  (await loadResolver())(values, context, options);

export function BrochureForm({ privacyUrl }: { privacyUrl: string }) {
  const roleId = useId();
  const agreeId = useId();
  const { form, formError, onSubmit, sending, hydrated } = usePublicForm<Values, Output>({
    resolver,
    path: "/api/document-download",
    next: "/lp/document-download/complete",
    fieldOrder: FIELD_ORDER,
    defaultValues: {
      companyName: "",
      name: "",
      email: "",
      phone: "",
      role: "",
      interest: "",
      agreeToPrivacy: false,
    },
  });
  const { register } = form;
  const { errors } = form.formState;

  return (
    // method="post": a click before hydration must not put the name, email and phone into the URL.
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocusCapture={() => void loadResolver().catch(() => {})}
      className="flex flex-col gap-5"
      aria-label="サービス資料の請求"
    >
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="grid gap-5 desktop:grid-cols-2">
        <FormField label="会社名" required error={errors.companyName?.message}>
          <Input
            {...register("companyName")}
            autoComplete="organization"
            placeholder="例）株式会社OEMマッチ"
          />
        </FormField>
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
        <FormField label="電話番号" hint="ハイフンありでもなしでも構いません" error={errors.phone?.message}>
          <Input {...register("phone")} type="tel" autoComplete="tel" placeholder="例）03-1234-5678" />
        </FormField>
      </div>

      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.role ? `${roleId}-error` : undefined}
        aria-invalid={errors.role ? true : undefined}
      >
        <legend className="mb-1.5 text-sm font-bold text-slate-800">
          ご検討中の立場
          <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">必須</span>
        </legend>
        <div className="grid gap-2 desktop:grid-cols-3">
          {ROLES.map((r) => (
            <label
              key={r.value}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input {...register("role")} type="radio" value={r.value} className="size-4 accent-brand-600" />
              {r.label}
            </label>
          ))}
        </div>
        {errors.role?.message && (
          <p id={`${roleId}-error`} role="alert" className="text-sm text-red-600">
            {errors.role.message}
          </p>
        )}
      </fieldset>

      <FormField
        label="ご興味のある内容"
        hint="知りたいこと・ご検討中の商品など（500文字以内）"
        error={errors.interest?.message}
      >
        <Textarea
          {...register("interest")}
          rows={4}
          placeholder="例）化粧品の小ロットOEMを検討しています。料金体系を知りたいです。"
        />
      </FormField>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={agreeId} className="flex cursor-pointer items-start gap-3 text-sm leading-6">
          <input
            {...register("agreeToPrivacy")}
            id={agreeId}
            type="checkbox"
            aria-invalid={errors.agreeToPrivacy ? true : undefined}
            aria-describedby={errors.agreeToPrivacy ? `${agreeId}-error` : undefined}
            className="mt-1 size-4 shrink-0 accent-brand-600"
          />
          <span>
            <a
              href={privacyUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-bold text-brand-700 underline underline-offset-2"
            >
              プライバシーポリシー
            </a>
            に同意する
          </span>
        </label>
        {errors.agreeToPrivacy?.message && (
          <p id={`${agreeId}-error`} role="alert" className="text-sm text-red-600">
            {errors.agreeToPrivacy.message}
          </p>
        )}
      </div>

      <PublicSubmit
        hydrated={hydrated}
        sending={sending}
        icon={<SpriteIcon name="download" className="size-5" />}
      >
        無料で資料を受け取る
      </PublicSubmit>
    </form>
  );
}
