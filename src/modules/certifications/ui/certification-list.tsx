"use client";

// The supplier's certificates with their review: 確認待ち, 認証確認済み, 差し戻し (with the reason),
// 期限切れ; the document downloads, and a deletion asks first.
import { CalendarClock, Download, FileText, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ApiError, apiDownload, apiFetch } from "@/lib/api/client";
import { fileKindLabel, formatBytes } from "@/lib/file-size";
import { japaneseDate } from "@/lib/japanese-date";
import { toast } from "@/lib/toast";
import type { Certification, CertificationStanding } from "../certification.schema";

const TONES: Record<CertificationStanding, "gold" | "green" | "red" | "slate"> = {
  PENDING: "gold",
  VERIFIED: "green",
  REJECTED: "red",
  EXPIRED: "slate",
};

const EXPLAIN: Record<CertificationStanding, string> = {
  PENDING: "運営事務局が証明書を確認しています。確認が済むと公開ページに「認証確認済み」と表示されます。",
  VERIFIED: "公開ページと検索結果に「認証確認済み」と表示されています。",
  REJECTED: "内容を確認のうえ、正しい証明書を登録し直してください。",
  EXPIRED: "有効期限が過ぎたため、「認証確認済み」の表示は外れています。更新後の証明書を登録してください。",
};

export function CertificationList({
  companyId,
  items,
  onDeleted,
}: {
  companyId: string;
  items: Certification[];
  onDeleted: (id: string) => void;
}) {
  const [deleting, setDeleting] = useState<Certification>();
  if (!items.length) {
    return (
      <p className="rounded-md bg-slate-50 px-4 py-6 text-center text-sm leading-6 text-slate-600">
        まだ証明書が登録されていません。ISO認証や製造業許可などの証明書を登録すると、運営事務局の確認後に「認証確認済み」と表示されます。
      </p>
    );
  }
  return (
    <>
      <ul aria-label="登録済みの証明書" className="flex flex-col gap-3">
        {items.map((c) => (
          <CertificationRow key={c.id} certification={c} onDelete={() => setDeleting(c)} />
        ))}
      </ul>
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="証明書を削除しますか？"
        description={
          deleting && (
            <>
              <p>
                「{deleting.certificationTypeName}（{deleting.number}
                ）」を削除します。削除すると元に戻せません。
              </p>
              {deleting.standing === "VERIFIED" && (
                <p className="mt-2 font-bold text-red-700">
                  この証明書による「認証確認済み」の表示も公開ページから外れます（同じ種類の確認済みの証明書がほかにある場合を除きます）。
                </p>
              )}
            </>
          )
        }
        confirmLabel="削除する"
        onConfirm={async () => {
          const target = deleting!;
          await apiFetch(`/api/oem/company/${companyId}/certifications/${target.id}/delete`, {
            method: "POST",
          });
          onDeleted(target.id);
          toast.success("証明書を削除しました。");
        }}
      />
    </>
  );
}

function CertificationRow({
  certification: c,
  onDelete,
}: {
  certification: Certification;
  onDelete: () => void;
}) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await apiDownload(c.document.url, { fallbackName: c.document.name });
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : "ダウンロードできませんでした。");
    } finally {
      setDownloading(false);
    }
  };
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-base font-bold text-slate-900">{c.certificationTypeName}</span>
            <Badge className="font-normal">{c.kind === "LICENSE" ? "許可" : "認証"}</Badge>
          </p>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">番号</dt>
            <dd className="break-all text-slate-800">{c.number}</dd>
            <dt className="text-slate-500">発行機関</dt>
            <dd className="break-words text-slate-800">{c.issuer}</dd>
            <dt className="text-slate-500">有効期限</dt>
            <dd className="inline-flex items-center gap-1 text-slate-800">
              <CalendarClock aria-hidden className="size-4 text-slate-500" />
              {c.expiresOn ? `${japaneseDate(c.expiresOn)}まで` : "期限なし"}
            </dd>
          </dl>
        </div>
        <Badge tone={TONES[c.standing]} className="shrink-0">
          {c.standingLabel}
        </Badge>
      </div>
      {c.standing === "REJECTED" ? (
        <div className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm leading-6 text-red-800">
          <p className="font-bold">差し戻し（理由）</p>
          <p className="whitespace-pre-line break-words">
            {c.rejectionReason ?? "理由は記載されていません。"}
          </p>
          <p className="mt-1 text-red-700">{EXPLAIN.REJECTED}</p>
        </div>
      ) : (
        <p className="mt-3 text-xs leading-5 text-slate-600">{EXPLAIN[c.standing]}</p>
      )}
      <div className="mt-3 flex flex-col gap-2 border-t border-slate-100 pt-3 desktop:flex-row desktop:items-center desktop:justify-between">
        <p className="flex min-w-0 items-center gap-2 text-xs text-slate-500">
          <FileText aria-hidden className="size-4 shrink-0 text-brand-600" />
          <span className="truncate">{c.document.name}</span>
          <span className="shrink-0">
            （{fileKindLabel(c.document.contentType, c.document.name)}・{formatBytes(c.document.byteSize)}）
          </span>
        </p>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void download()}
            disabled={downloading}
            className="flex-[3] whitespace-nowrap desktop:flex-none"
          >
            <Download aria-hidden className="size-4" />
            ダウンロード
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onDelete}
            className="flex-[2] border border-slate-200 whitespace-nowrap text-red-700 hover:bg-red-50 desktop:flex-none"
            aria-label={`${c.certificationTypeName}（${c.number}）を削除`}
          >
            <Trash2 aria-hidden className="size-4" />
            削除
          </Button>
        </div>
      </div>
    </li>
  );
}
