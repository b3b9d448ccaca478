"use client";

// /account/oem/member (メンバー管理, ADMIN only): members and pending invitations, inviting by
// email with a role, resending, cancelling, changing roles and removing, each confirmed.
import { Clock, Mail, RotateCw, Send, ShieldCheck, Trash2, UserPlus, UserRound, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import useSWR from "swr";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader, SettingsSection } from "@/components/ui/page-parts";
import { Pager } from "@/components/ui/pager";
import { apiFetch } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { applyApiError, bodyResolver, withoutBlanks } from "@/lib/form-utils";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { useSession } from "@/lib/session/session-provider";
import { toast } from "@/lib/toast";
import { inviteInput, type member } from "@/modules/members/member.schema";

type Member = z.infer<typeof member>;
type Role = Member["role"];
interface MemberPage {
  items: Member[];
  page: number;
  perPage: number;
  total: number;
}

const ROLE_LABEL: Record<Role, string> = { ADMIN: "管理者", GENERAL: "一般" };
const ROLE_NOTE: Record<Role, string> = {
  ADMIN: "すべての操作（メンバー管理・企業名の公開設定・退会を含む）",
  GENERAL: "メンバー管理・企業名の公開設定・退会以外の操作",
};
const PER_PAGE = 50;

type Action =
  | { kind: "role"; target: Member; role: Role }
  | { kind: "remove"; target: Member }
  | { kind: "resend"; target: Member }
  | { kind: "cancel"; target: Member };

export function MemberManagement({ companyId }: { companyId: string }) {
  const router = useRouter();
  const { update } = useSession();
  const [page, setPage] = useState(1);
  const key = `/api/oem/company/${companyId}/users?page=${page}&perPage=${PER_PAGE}`;
  const { data, error, mutate } = useSWR<MemberPage>(key, { keepPreviousData: true });
  const [action, setAction] = useState<Action>();

  const base = `/api/oem/company/${companyId}/user`;
  const run = async (a: Action) => {
    const who = a.target.name ?? a.target.email;
    if (a.kind === "role") {
      await apiFetch(`${base}/${a.target.id}/role/update`, { method: "PATCH", body: { role: a.role } });
      toast.success(`${who}さんの権限を「${ROLE_LABEL[a.role]}」に変更しました。`);
      if (a.target.isMe) {
        // Without the ADMIN role this page is closed to me: the server renders the 403 screen.
        await update();
        router.refresh();
        return;
      }
    } else if (a.kind === "remove") {
      await apiFetch(`${base}/${a.target.id}/delete`, { method: "DELETE" });
      toast.success(`${who}さんをメンバーから削除しました。`);
    } else if (a.kind === "resend") {
      const res = await apiFetch<{ expiresAt: string }>(`${base}/${a.target.id}/invitation/resent`, {
        method: "POST",
      });
      toast.success(`${a.target.email} に招待メールを再送しました（${formatDate(res.expiresAt)}まで有効）。`);
    } else {
      await apiFetch(`${base}/${a.target.id}/invitation/cancel`, { method: "DELETE" });
      toast.success(`${a.target.email} への招待を取り消しました。`);
    }
    await mutate();
  };

  const members = data?.items.filter((m) => m.kind === "MEMBER") ?? [];
  const invitations = data?.items.filter((m) => m.kind === "INVITATION") ?? [];

  return (
    <div className="flex flex-col gap-6 desktop:gap-8">
      <PageHeader
        title="メンバー管理"
        lead="同じ会社の方を招待して、一緒に案件へ対応できます。招待メールのリンクの有効期限は7日間です。"
      />

      <InviteForm companyId={companyId} onInvited={() => void mutate()} />

      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={2} />
      ) : (
        <>
          <SettingsSection
            id="members"
            title="メンバー"
            icon={<UserRound aria-hidden className="size-5" />}
            aside={<span className="text-sm text-slate-500">{members.length}名</span>}
          >
            <ul className="-my-2 divide-y divide-slate-100">
              {members.map((m) => (
                <MemberRow key={m.id} m={m} onAction={setAction} />
              ))}
            </ul>
          </SettingsSection>

          <SettingsSection
            id="invitations"
            title="招待中"
            icon={<Mail aria-hidden className="size-5" />}
            aside={<span className="text-sm text-slate-500">{invitations.length}件</span>}
          >
            {invitations.length === 0 ? (
              <p className="rounded-md bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
                招待中の方はいません。
              </p>
            ) : (
              <ul className="-my-2 divide-y divide-slate-100">
                {invitations.map((m) => (
                  <InvitationRow key={m.id} m={m} onAction={setAction} />
                ))}
              </ul>
            )}
          </SettingsSection>
          <Pager page={page} perPage={PER_PAGE} total={data.total} onPage={setPage} />
        </>
      )}

      {action && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAction(undefined)}
          {...dialogText(action)}
          onConfirm={() => run(action)}
        />
      )}
    </div>
  );
}

function dialogText(a: Action): {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone: "danger" | "primary";
} {
  const who = a.target.name ? `${a.target.name}さん（${a.target.email}）` : a.target.email;
  switch (a.kind) {
    case "role":
      return {
        title: "権限を変更しますか？",
        description: (
          <>
            <p>
              {who}の権限を「{ROLE_LABEL[a.target.role]}」から「
              <span className="font-bold">{ROLE_LABEL[a.role]}</span>」に変更します。
            </p>
            <p className="mt-1 text-slate-600">
              {ROLE_LABEL[a.role]}: {ROLE_NOTE[a.role]}
            </p>
            {a.target.isMe && a.role === "GENERAL" && (
              <p className="mt-2 font-bold text-red-700">
                ご自身の権限を一般に変更すると、このメンバー管理画面を開けなくなります。
              </p>
            )}
          </>
        ),
        confirmLabel: "変更する",
        tone: a.target.isMe && a.role === "GENERAL" ? "danger" : "primary",
      };
    case "remove":
      return {
        title: "メンバーを削除しますか？",
        description: (
          <p>
            {who}
            をこの会社のメンバーから削除します。削除された方は、この会社の情報にアクセスできなくなります（アカウント自体は残ります）。
          </p>
        ),
        confirmLabel: "削除する",
        tone: "danger",
      };
    case "resend":
      return {
        title: "招待メールを再送しますか？",
        description: (
          <p>
            {a.target.email}{" "}
            に新しい招待リンクを送ります。有効期限は今から7日間です。以前のメールのリンクは使えなくなります。
          </p>
        ),
        confirmLabel: "再送する",
        tone: "primary",
      };
    case "cancel":
      return {
        title: "招待を取り消しますか？",
        description: <p>{a.target.email} への招待を取り消します。送信済みの招待リンクは使えなくなります。</p>,
        confirmLabel: "取り消す",
        tone: "danger",
      };
  }
}

function MemberRow({ m, onAction }: { m: Member; onAction: (a: Action) => void }) {
  return (
    <li className="flex flex-col gap-3 py-4 desktop:flex-row desktop:items-center desktop:gap-6">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-bold text-slate-900">
          <span className="break-all">{m.name ?? "（お名前未登録）"}</span>
          {m.isMe && <Badge tone="brand">あなた</Badge>}
          {m.role === "ADMIN" && (
            <Badge tone="gold">
              <ShieldCheck aria-hidden className="mr-0.5 size-3.5" />
              管理者
            </Badge>
          )}
        </p>
        <p className="mt-0.5 text-sm break-all text-slate-600">{m.email}</p>
        <p className="mt-0.5 text-xs text-slate-500">
          {m.department && <span className="mr-3">{m.department}</span>}
          参加日 {formatDate(m.joinedAt)}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2 desktop:w-56 desktop:shrink-0">
        <div className="flex flex-col gap-1 text-xs font-bold text-slate-600">
          <span aria-hidden>権限</span>
          <Select
            value={m.role}
            onChange={(e) => onAction({ kind: "role", target: m, role: e.target.value as Role })}
            className="h-9 w-32 text-sm"
            aria-label={`${m.name ?? m.email}さんの権限`}
          >
            <option value="ADMIN">管理者</option>
            <option value="GENERAL">一般</option>
          </Select>
        </div>
        {!m.isMe && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onAction({ kind: "remove", target: m })}
            className="border border-slate-300 text-red-700 hover:bg-red-50"
            aria-label={`${m.name ?? m.email}さんを削除`}
          >
            <Trash2 aria-hidden className="size-4" />
            削除
          </Button>
        )}
      </div>
    </li>
  );
}

function InvitationRow({ m, onAction }: { m: Member; onAction: (a: Action) => void }) {
  return (
    <li className="flex flex-col gap-3 py-4 desktop:flex-row desktop:items-center desktop:gap-6">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-bold text-slate-900">
          <span className="break-all">{m.email}</span>
          {m.isExpired ? <Badge tone="red">期限切れ</Badge> : <Badge tone="slate">招待中</Badge>}
          <Badge tone={m.role === "ADMIN" ? "gold" : "slate"}>{ROLE_LABEL[m.role]}</Badge>
        </p>
        {m.name && <p className="mt-0.5 text-sm text-slate-600">{m.name}</p>}
        <p
          className={cn(
            "mt-0.5 flex items-center gap-1 text-xs",
            m.isExpired ? "text-red-700" : "text-slate-500",
          )}
        >
          <Clock aria-hidden className="size-3.5" />
          {m.isExpired
            ? `${formatDateTime(m.expiresAt)}に有効期限が切れました。再送すると新しいリンクを送れます。`
            : `送信 ${formatDate(m.invitedAt)}・${formatDateTime(m.expiresAt)}まで有効`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant={m.isExpired ? "primary" : "outline"}
          size="sm"
          onClick={() => onAction({ kind: "resend", target: m })}
          aria-label={`${m.email}に招待を再送`}
        >
          <RotateCw aria-hidden className="size-4" />
          再送
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onAction({ kind: "cancel", target: m })}
          className="border border-slate-300 text-red-700 hover:bg-red-50"
          aria-label={`${m.email}への招待を取り消し`}
        >
          <X aria-hidden className="size-4" />
          取り消し
        </Button>
      </div>
    </li>
  );
}

// ------------------------------------------------------------------ invite

interface InviteValues {
  email: string;
  name: string;
  role: Role;
}
const resolver = bodyResolver<InviteValues, typeof inviteInput>(inviteInput, (v) => withoutBlanks({ ...v }));

function InviteForm({ companyId, onInvited }: { companyId: string; onInvited: () => void }) {
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
