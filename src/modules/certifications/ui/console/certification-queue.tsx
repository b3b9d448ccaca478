"use client";

import { useSearchParams } from "next/navigation";
import { linkClass } from "@/components/owner/console-helpers";
import { ConsoleList, type ListColumn } from "@/components/owner/console-list";
// 「認証の確認」: the certificates suppliers uploaded, one tab per status. 確認待ち is oldest first
// (the operator works from the top); the reviewed tabs are newest review first. Each row opens the
// certificate, where the document is read and the operator verifies or sends it back.
import Link from "@/components/ui/link";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import {
  CERTIFICATE_STATUSES,
  type CertificateStatus,
  type CertificationQueueItem,
} from "../../certification-operator.schema";
import { CertificateStatusBadge, kindLabel, QUEUE_PATH, StatusTabs } from "./certification-parts";

const TITLE = "認証の確認";

const LEADS: Record<CertificateStatus, string> = {
  PENDING:
    "OEMメーカーが登録した認証・許可の証明書です。登録の古い順に並んでいます。書類を確認し、認証確認済みにするか差し戻してください。",
  VERIFIED:
    "認証確認済みの証明書です（確認の新しい順）。公開ページ・検索・見積の比較表に「認証確認済み」と表示されます。有効期限を過ぎると自動で表示が外れます。",
  REJECTED: "差し戻した証明書です（確認の新しい順）。理由はOEMメーカーにメールで伝えています。",
};

export function CertificationQueue() {
  const params = useSearchParams() ?? new URLSearchParams();
  const raw = params.get("status") as CertificateStatus | null;
  const status: CertificateStatus = raw && CERTIFICATE_STATUSES.includes(raw) ? raw : "PENDING";
  const companyId = params.get("companyId") ?? undefined;
  const columns: Array<ListColumn<CertificationQueueItem>> = [
    { header: "登録日時", cell: (r) => formatDateTime(r.createdAt), desktopOnly: true },
    {
      header: "企業名",
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          <Link href={`/owner/suppliers/${r.company.id}`} className={`${linkClass} break-words`}>
            {r.company.name}
          </Link>
          {r.company.status === "DEACTIVATED" && <span className="text-xs text-slate-500">退会済み</span>}
        </span>
      ),
    },
    {
      header: "認証・許可",
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          <Link href={`${QUEUE_PATH}/${r.id}`} className={`${linkClass} break-words`}>
            {r.type.name}
          </Link>
          <span className="text-xs text-slate-500">{kindLabel(r.type.kind)}</span>
        </span>
      ),
    },
    { header: "登録番号", cell: (r) => <span className="break-all">{r.number}</span> },
    { header: "有効期限", cell: (r) => (r.expiresOn ? formatDate(r.expiresOn) : "なし") },
    { header: "状態", cell: (r) => <CertificateStatusBadge item={r} /> },
    ...(status === "PENDING"
      ? []
      : [
          {
            header: "確認日時",
            cell: (r: CertificationQueueItem) => formatDateTime(r.reviewedAt),
            desktopOnly: true,
          },
        ]),
    {
      header: "操作",
      cell: (r) => (
        <Link href={`${QUEUE_PATH}/${r.id}`} className={linkClass}>
          {status === "PENDING" ? "確認する" : "詳細"}
        </Link>
      ),
    },
  ];
  return (
    <ConsoleList
      key={status}
      title={TITLE}
      lead={
        <>
          <p>{LEADS[status]}</p>
          {companyId && (
            <p className="mt-1 text-sm">
              1社の証明書に絞り込んでいます。
              <Link
                href={status === "PENDING" ? QUEUE_PATH : `${QUEUE_PATH}?status=${status}`}
                className={linkClass}
              >
                すべての企業を表示
              </Link>
            </p>
          )}
          <StatusTabs current={status} companyId={companyId} />
        </>
      }
      endpoint="/api/owner/certifications"
      fixed={companyId ? { status, companyId } : { status }}
      preserve={["status", "companyId"]}
      filters={[]}
      columns={columns}
      rowKey={(r) => r.id}
      csvName={`certifications-${status.toLowerCase()}.csv`}
      empty={status === "PENDING" ? "確認待ちの証明書はありません。" : "該当する証明書はありません。"}
    />
  );
}
