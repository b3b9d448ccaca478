"use client";

import { Send, UserPlus } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SettingsSection } from "@/components/ui/page-parts";
import { apiFetch } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { applyApiError, bodyResolver, withoutBlanks } from "@/lib/form-utils";
import { formatDate } from "@/lib/japanese-date";
import { toast } from "@/lib/toast";
import { inviteInput } from "@/modules/members/member.schema";
import { ROLE_LABEL, ROLE_NOTE, type Role } from "./roles";

// ------------------------------------------------------------------ invite

interface InviteValues {
  email: string;
  name: string;
  role: Role;
}
const resolver = bodyResolver<InviteValues, typeof inviteInput>(inviteInput, (v) => withoutBlanks({ ...v }));

export function InviteForm({ companyId, onInvited }: { companyId: string; onInvited: () => void }) {
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues, unknown, z.output<typeof inviteInput>>({
    resolver,
    mode: "onTouched",
    defaultValues: { email: "", name: "", role: "GENERAL" },
  });
  const role = useWatch({ control, name: "role" });

  const onSubmit = handleSubmit(async (input) => {
    setFormError(undefined);
    try {
      const res = await apiFetch<{ email: string; expiresAt: string }>(
        `/api/oem/company/${companyId}/user/invitation`,
        { method: "POST", body: input },
      );
      toast.success(`${res.email} に招待メールを送信しました（${formatDate(res.expiresAt)}まで有効）。`);
      reset({ email: "", name: "", role: input.role });
      onInvited();
    } catch (e) {
      setFormError(applyApiError(e, setError, (k) => k === "email" || k === "name" || k === "role"));
    }
  });

  return (
    <SettingsSection
      id="invite"
      title="メンバーを招待"
      icon={<UserPlus aria-hidden className="size-5" />}
      lead="招待された方には、参加用のリンクを記載したメールが届きます。"
    >
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-label="メンバーの招待"
        className="flex flex-col gap-5"
      >
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="grid gap-5 desktop:grid-cols-2">
          <FormField label="メールアドレス" required error={errors.email?.message}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder="colleague@company.co.jp"
              {...register("email")}
            />
          </FormField>
          <FormField label="お名前" hint="招待メールの宛名になります" error={errors.name?.message}>
            <Input autoComplete="off" placeholder="山田 花子" {...register("name")} />
          </FormField>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-bold text-slate-800">
            権限
            <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">必須</span>
          </legend>
          <div className="grid gap-2 desktop:grid-cols-2">
            {(["GENERAL", "ADMIN"] as const).map((r) => (
              <label
                key={r}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-lg border-2 p-3 transition-colors",
                  role === r ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:border-slate-300",
                )}
              >
                <input
                  type="radio"
                  value={r}
                  className="mt-1 size-4 accent-brand-600"
                  {...register("role")}
                />
                <span>
                  <span className="block font-bold text-slate-900">{ROLE_LABEL[r]}</span>
                  <span className="block text-xs leading-5 text-slate-600">{ROLE_NOTE[r]}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.role?.message && (
            <p role="alert" className="text-sm text-red-600">
              {errors.role.message}
            </p>
          )}
        </fieldset>
        <div>
          <Button type="submit" disabled={isSubmitting} className="w-full desktop:w-auto desktop:min-w-48">
            <Send aria-hidden className="size-4" />
            {isSubmitting ? "送信しています…" : "招待メールを送る"}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
