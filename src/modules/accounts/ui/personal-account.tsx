"use client";

import { ChevronRight, KeyRound, Mail, UserRound } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import useSWR from "swr";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import Link from "@/components/ui/link";
import { NewPasswordField, PasswordConfirmationField } from "@/components/ui/new-password-field";
import { PasswordInput } from "@/components/ui/password-input";
import { EmailInput, TelInput } from "@/components/ui/preset-inputs";
import { ResendVerification } from "@/components/ui/resend-verification";
import { apiFetch } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { useSession } from "@/lib/session/session-provider";
import { toast } from "@/lib/toast";
import {
  emailUpdateInput,
  type memberProfile,
  passwordUpdateInput,
  profileUpdateInput,
} from "@/modules/accounts/account.schema";
import { Page, Section, SubmitButton, useAccountForm } from "./account-parts";

type MemberProfile = z.infer<typeof memberProfile>;
type Area = "buyer" | "oem";

const TITLES = { buyer: "個人アカウント情報", oem: "個人情報" } as const;
const ROLE_LABEL = { ADMIN: "管理者", GENERAL: "一般" } as const;

/**
 * /account/buyer/account and /account/oem/me: the person's profile in the active company,
 * their email address and their password. The account layout guarantees a session.
 */
export function PersonalAccount({
  area,
  companySection,
}: {
  area: Area;
  /** The buyer's company details, edited on the same screen (the buyer menu has no company page). */
  companySection?: ReactNode;
}) {
  const { status, data } = useSession();

  if (status === "loading") {
    return (
      <Page title={TITLES[area]}>
        <div role="status" aria-busy="true" className="flex flex-col gap-6">
          <span className="sr-only">読み込み中…</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-56 animate-pulse rounded-lg bg-slate-100" />
          ))}
        </div>
      </Page>
    );
  }
  if (!data?.companyDetails) {
    return (
      <Page title={TITLES[area]}>
        <Alert tone="info">
          この画面をご利用いただくにはログインが必要です。
          <Link
            href={`${area === "buyer" ? "/buyer/login" : "/oem/login"}?redirect=${area === "buyer" ? "/account/buyer/account" : "/account/oem/me"}`}
            className="ml-1 font-bold underline"
          >
            ログインする
          </Link>
        </Alert>
      </Page>
    );
  }

  const isAdmin = data.companyUserProfile?.role === "ADMIN";
  return (
    <Page title={TITLES[area]}>
      <ProfileSection key={data.companyDetails.id} companyId={data.companyDetails.id} />
      <EmailSection email={data.user.email} verified={data.user.emailVerified} />
      <PasswordSection />
      {companySection}
      {area === "buyer" ? (
        <Deactivation href="/account/buyer/account/delete" label="退会手続き">
          会社のアカウントを退会すると、問い合わせ履歴などは閲覧できなくなります。
        </Deactivation>
      ) : isAdmin ? (
        <Deactivation href="/account/oem/company/delete" label="退会手続き（会社の退会）">
          会社を退会すると、公開ページは表示されなくなり、メンバー全員がご利用いただけなくなります。
        </Deactivation>
      ) : (
        <p className="text-sm text-slate-500">会社の退会手続きは、管理者の方のみ行えます。</p>
      )}
    </Page>
  );
}

// ------------------------------------------------------------------ profile within the company

function ProfileSection({ companyId }: { companyId: string }) {
  const { update } = useSession();
  const key = `/api/account/company/${companyId}/profile`;
  const { data: profile, error, mutate } = useSWR<MemberProfile>(key);
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useAccountForm(profileUpdateInput, { name: "", department: "", phone: "" }, [
    "name",
    "department",
    "phone",
  ]);

  // Fill the form once when the profile arrives; later revalidations must not wipe edits.
  const filled = useRef(false);
  useEffect(() => {
    if (!profile || filled.current) return;
    filled.current = true;
    reset({ name: profile.name, department: profile.department ?? "", phone: profile.phone ?? "" });
  }, [profile, reset]);

  const onSubmit = submit(async (input) => {
    const saved = await apiFetch<MemberProfile>(`${key}/update`, { method: "PUT", body: input });
    await mutate(saved, { revalidate: false });
    reset({ name: saved.name, department: saved.department ?? "", phone: saved.phone ?? "" });
    await update(); // the sidebar and header show the new name
    toast.success("プロフィールを更新しました。");
  });

  return (
    <Section
      id="profile"
      title="プロフィール"
      icon={<UserRound aria-hidden className="size-5" />}
      lead={
        profile ? (
          <p>
            <span className="font-bold text-slate-800">{profile.companyName}</span>
            <Badge tone={profile.role === "ADMIN" ? "brand" : "slate"} className="ml-2 align-middle">
              {ROLE_LABEL[profile.role]}
            </Badge>
            <br />
            この会社でのお名前・部署名・電話番号です。会社ごとに設定できます。
          </p>
        ) : undefined
      }
    >
      {error ? (
        <Alert tone="error">{messageOf(error)}</Alert>
      ) : !profile ? (
        <div role="status" aria-busy="true" className="h-48 animate-pulse rounded-md bg-slate-100">
          <span className="sr-only">読み込み中…</span>
        </div>
      ) : (
        <form
          method="post"
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-5"
          aria-label="プロフィールの編集"
        >
          {formError && <Alert tone="error">{formError}</Alert>}
          <FormField label="お名前" required error={errors.name?.message}>
            <Input autoComplete="name" {...register("name")} />
          </FormField>
          <FormField label="部署名" error={errors.department?.message}>
            <Input autoComplete="organization-title" {...register("department")} />
          </FormField>
          <FormField label="電話番号" hint="半角数字（例: 03-1234-5678）" error={errors.phone?.message}>
            <TelInput className="max-w-64" {...register("phone")} />
          </FormField>
          <div>
            <SubmitButton busy={isSubmitting}>{isDirty ? "変更を保存する" : "保存する"}</SubmitButton>
          </div>
        </form>
      )}
    </Section>
  );
}

// ------------------------------------------------------------------ email address

function EmailSection({ email, verified }: { email: string; verified: boolean }) {
  const [sentTo, setSentTo] = useState<{ email: string; message: string }>();
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting },
  } = useAccountForm(emailUpdateInput, { newEmail: "", password: "" }, ["newEmail", "password"]);

  const onSubmit = submit(async (input) => {
    const res = await apiFetch<{ message?: string }>("/api/account/email/update", {
      method: "PATCH",
      body: input,
    });
    setSentTo({
      email: input.newEmail,
      message:
        res?.message ??
        "新しいメールアドレスに確認メールを送信しました。メール内のリンクから変更を完了してください。",
    });
    reset({ newEmail: "", password: "" });
  });

  return (
    <Section
      id="email"
      title="メールアドレスの変更"
      icon={<Mail aria-hidden className="size-5" />}
      lead={
        <p>
          現在のメールアドレス：
          <span className="break-all font-bold text-slate-800">{email}</span>
          {verified ? (
            <Badge tone="green" className="ml-2 align-middle">
              確認済み
            </Badge>
          ) : (
            <Badge tone="red" className="ml-2 align-middle">
              未確認
            </Badge>
          )}
          <br />
          メールアドレスはログインIDを兼ねています。変更は、新しいアドレスに届くメールのリンクを開いた時点で完了します。
        </p>
      }
    >
      <div className="flex flex-col gap-5">
        {!verified && (
          <div className="rounded-md border border-amber-200 bg-amber-50 p-4 text-sm leading-6 text-amber-900">
            メールアドレスの確認が完了していません。確認が済むまで、問い合わせやエントリーはご利用いただけません。
            <ResendVerification className="mt-2 [&_p]:text-amber-900" />
          </div>
        )}
        {sentTo && (
          <Alert tone="success" title={`${sentTo.email} に確認メールを送信しました`}>
            {sentTo.message}
          </Alert>
        )}
        {formError && <Alert tone="error">{formError}</Alert>}
        <form
          method="post"
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-5"
          aria-label="メールアドレスの変更"
        >
          <FormField label="新しいメールアドレス" required error={errors.newEmail?.message}>
            <EmailInput autoComplete="email" {...register("newEmail")} />
          </FormField>
          <FormField
            label="現在のパスワード"
            required
            hint="ご本人確認のため入力してください。"
            error={errors.password?.message}
          >
            <PasswordInput autoComplete="current-password" {...register("password")} />
          </FormField>
          <div>
            <SubmitButton busy={isSubmitting}>確認メールを送信する</SubmitButton>
          </div>
        </form>
      </div>
    </Section>
  );
}

// ------------------------------------------------------------------ password

const passwordForm = passwordUpdateInput
  .safeExtend({
    newPasswordConfirmation: z
      .string({ error: "確認のため、もう一度新しいパスワードを入力してください" })
      .min(1, "確認のため、もう一度新しいパスワードを入力してください"),
  })
  .refine((v) => v.newPassword === v.newPasswordConfirmation, {
    path: ["newPasswordConfirmation"],
    message: "新しいパスワードが一致しません",
  });

function PasswordSection() {
  const {
    register,
    submit,
    formError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useAccountForm(passwordForm, { currentPassword: "", newPassword: "", newPasswordConfirmation: "" }, [
    "currentPassword",
    "newPassword",
  ]);
  const newPassword = useWatch({ control, name: "newPassword" });

  const onSubmit = submit(async ({ currentPassword, newPassword }) => {
    await apiFetch("/api/account/password/update", {
      method: "PATCH",
      body: { currentPassword, newPassword },
    });
    reset();
    toast.success("パスワードを変更しました。", {
      description: "この端末以外でログインしていた端末は、すべてログアウトされました。",
    });
  });

  return (
    <Section
      id="password"
      title="パスワードの変更"
      icon={<KeyRound aria-hidden className="size-5" />}
      lead={<p>変更すると、この端末以外でログインしている端末はすべてログアウトされます。</p>}
    >
      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-5"
        aria-label="パスワードの変更"
      >
        {formError && <Alert tone="error">{formError}</Alert>}
        <FormField label="現在のパスワード" required error={errors.currentPassword?.message}>
          <PasswordInput autoComplete="current-password" {...register("currentPassword")} />
        </FormField>
        <NewPasswordField
          label="新しいパスワード"
          password={newPassword}
          error={errors.newPassword?.message}
          input={register("newPassword")}
        />
        <PasswordConfirmationField
          label="新しいパスワード（確認）"
          error={errors.newPasswordConfirmation?.message}
          input={register("newPasswordConfirmation")}
        />
        <div>
          <SubmitButton busy={isSubmitting}>パスワードを変更する</SubmitButton>
        </div>
      </form>
    </Section>
  );
}

// ------------------------------------------------------------------ deactivation

function Deactivation({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <section aria-labelledby="deactivation" className="rounded-lg border border-slate-200 p-5 desktop:p-8">
      <h2 id="deactivation" className="text-base font-bold">
        退会について
      </h2>
      <p className="mt-2 text-sm leading-7 text-slate-600">{children}</p>
      <Link
        href={href}
        className="mt-3 inline-flex items-center gap-1 text-sm font-bold text-red-700 underline-offset-4 hover:underline"
      >
        {label}
        <ChevronRight aria-hidden className="size-4" />
      </Link>
    </section>
  );
}
