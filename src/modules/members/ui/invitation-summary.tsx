"use client";

import { Building2, CalendarClock } from "lucide-react";
import type { z } from "zod";
import { Badge } from "@/components/ui/card";
import { formatDateTime } from "@/lib/japanese-date";
import type { invitationView } from "@/modules/members/member.schema";

export type Invitation = z.infer<typeof invitationView>;

const ROLE_LABEL = { ADMIN: "管理者", GENERAL: "一般" } as const;
const TYPE_LABEL = { SUPPLIER: "OEMメーカー", BUYER: "発注者" } as const;

export function InvitationSummary({ invitation }: { invitation: Invitation }) {
  return (
    <section
      aria-labelledby="invitation-company"
      className="rounded-lg border border-brand-600/30 bg-brand-50 p-5"
    >
      <p className="text-xs font-bold text-brand-700">{TYPE_LABEL[invitation.companyType]}の会社からの招待</p>
      <h2 id="invitation-company" className="mt-1 flex items-start gap-2 text-lg font-bold text-slate-900">
        <Building2 aria-hidden className="mt-1 size-5 shrink-0 text-brand-600" />
        <span className="break-all">{invitation.companyName}</span>
      </h2>
      <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm [grid-template-columns:auto_1fr]">
        <dt className="text-slate-600">メールアドレス</dt>
        <dd className="font-bold break-all text-slate-900">{invitation.email}</dd>
        <dt className="text-slate-600">権限</dt>
        <dd>
          <Badge tone={invitation.role === "ADMIN" ? "gold" : "slate"}>{ROLE_LABEL[invitation.role]}</Badge>
        </dd>
        <dt className="text-slate-600">有効期限</dt>
        <dd className="flex items-center gap-1 text-slate-900">
          <CalendarClock aria-hidden className="size-4 text-slate-500" />
          {formatDateTime(invitation.expiresAt)}まで
        </dd>
      </dl>
    </section>
  );
}
