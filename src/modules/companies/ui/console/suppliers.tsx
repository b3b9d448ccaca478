"use client";

// A supplier in the console: the company, its OEM information, members and figures
// (GET /api/owner/oem/{id}); its billing (GET /api/owner/oem-detail/{id}) is the `billing` the page
// composes, and the ticket balance figure reads the same call.
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { BackLink, Fields, Panel, StatusBadge } from "@/components/owner/parts";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { cn } from "@/lib/cn";
import { useOwnerApi } from "@/lib/owner/owner-session";
import type { ownerSupplierDetail } from "@/modules/companies/company-operator.schema";
import { CompanyFields, DeactivationsPanel, MembersPanel } from "./companies";

const link = "font-bold text-brand-700 underline-offset-4 hover:underline";

type SupplierDetail = z.infer<typeof ownerSupplierDetail>;

function Figure({ label, value, href }: { label: string; value: string; href?: string }) {
  const body = (
    <>
      <span className="text-xs font-bold text-slate-500">{label}</span>
      <span className="text-xl font-bold text-slate-900 tabular-nums">{value}</span>
    </>
  );
  const box = "flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm";
  return href ? (
    <Link href={href} className={cn(box, "hover:border-brand-600")}>
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}

function ProfilePanel({ data }: { data: SupplierDetail }) {
  const p = data.profile;
  return (
    <Panel title="OEM情報">
      <Fields
        rows={[
          [
            "企業名の公開",
            data.company.namePublished ? "公開" : "非公開（検索・公開ページでは企業名を伏せます）",
          ],
          ["カテゴリ", data.categories.map((c) => c.name).join("、")],
          ["キャッチコピー", p?.catchphrase],
          ["強み", p?.strengths],
          ["最小ロット", p?.minimumLot],
          ["納期の目安", p?.leadTime],
          ["生産能力", p?.capacity],
          ["認証・資格", p?.certifications],
          ["対応サービス", p?.services],
          ["価格帯", p?.priceRange],
          ["情報の充実度", p ? `${p.profileCompleteness}%` : null],
        ]}
      />
    </Panel>
  );
}

export function SupplierDetail({
  companyId,
  billing: billingPanels,
}: {
  companyId: string;
  billing: ReactNode;
}) {
  const { data, error, mutate } = useOwnerApi<SupplierDetail>(`/api/owner/oem/${companyId}`);
  // The same call as the billing section (one request): its balance is the current one.
  const billing = useOwnerApi<{ ticketBalance: number }>(`/api/owner/oem-detail/${companyId}`);
  return (
    <div className="flex flex-col gap-6">
      <BackLink href="/owner/suppliers">OEMメーカーの一覧へ</BackLink>
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={2} />
      ) : (
        <>
          <div className="flex flex-col gap-3 desktop:flex-row desktop:items-start desktop:justify-between">
            <div className="flex min-w-0 flex-col gap-2">
              <h1 className="text-2xl font-bold break-words text-slate-900">{data.company.name}</h1>
              <p className="flex flex-wrap gap-1.5">
                <StatusBadge kind="company" value={data.company.status} />
                <StatusBadge kind="payment" value={data.company.paymentStatus ?? "OEM_FREE"} />
                {!data.company.namePublished && <Badge tone="slate">企業名非公開</Badge>}
              </p>
            </div>
            <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {data.company.status === "ACTIVE" && (
                <a
                  href={`/oem/company/${companyId}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={cn(link, "inline-flex items-center gap-1")}
                >
                  公開ページを見る
                  <ExternalLink aria-hidden className="size-4" />
                  <span className="sr-only">（新しいタブで開きます）</span>
                </a>
              )}
              <Link href={`/owner/inquiries?supplierCompanyId=${companyId}`} className={link}>
                届いた問い合わせを見る
              </Link>
              <Link href={`/owner/entries?supplierCompanyId=${companyId}`} className={link}>
                エントリーを見る
              </Link>
            </div>
          </div>

          <div className="grid grid-cols-2 gap-3 desktop:grid-cols-5">
            <Figure
              label="チケット残数"
              value={`${(billing.data?.ticketBalance ?? data.ticketBalance).toLocaleString("ja-JP")}枚`}
            />
            <Figure
              label="指名問い合わせ"
              value={`${data.nominationCount.toLocaleString("ja-JP")}件`}
              href={`/owner/inquiries?type=NOMINATION&supplierCompanyId=${companyId}`}
            />
            <Figure
              label="エントリー"
              value={`${data.entryCount.toLocaleString("ja-JP")}件`}
              href={`/owner/entries?supplierCompanyId=${companyId}`}
            />
            <Figure label="事例" value={`${data.caseCount.toLocaleString("ja-JP")}件`} />
            <Figure label="情報の充実度" value={`${data.profile?.profileCompleteness ?? 0}%`} />
          </div>

          <Panel title="企業情報">
            <CompanyFields company={data.company} />
          </Panel>
          <ProfilePanel data={data} />

          <h2 className="mt-2 text-lg font-bold text-slate-900">課金</h2>
          {billingPanels}

          <MembersPanel members={data.members} />
          <DeactivationsPanel items={data.deactivations} />
        </>
      )}
    </div>
  );
}
