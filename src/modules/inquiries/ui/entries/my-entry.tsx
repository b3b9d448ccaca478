"use client";

// The supplier's own entry on an inquiry: its state, the message sent, and 取り消す while
// the inquiry is open (DELETE /api/oem/company/{companyId}/contact/{contactId}/entries/cancel).
import { CircleCheck, Undo2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { type Attachment, AttachmentList } from "@/components/ui/list-parts";
import { apiFetch } from "@/lib/api/client";
import { ENTRY_STATUS, type EntryStatus } from "@/lib/status-labels";
import { toast } from "@/lib/toast";

const EXPLAIN: Record<EntryStatus, string> = {
  ENTERED: "発注者が内容を確認しています。候補になった場合や見送りになった場合は、メールでお知らせします。",
  SHORTLISTED: "発注者が貴社を候補にしました。発注者の連絡先から、具体的なお打ち合わせを進めてください。",
  DECLINED: "今回は見送りとなりました。またの機会にエントリーをお待ちしています。",
  CANCELLED: "エントリーを取り消しました。",
  AWARDED: "発注者が貴社を発注先に決定しました。商談スレッドで発注書と今後の進め方をご確認ください。",
  WITHDRAWN: "貴社はこの案件の見積を辞退しました。",
};

export function MyEntry({
  companyId,
  contactId,
  entry,
  inquiryOpen,
  onChanged,
}: {
  companyId: string;
  contactId: string;
  entry: { id: string; status: EntryStatus; message: string; attachments?: Attachment[] };
  inquiryOpen: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const s = ENTRY_STATUS[entry.status];
  const cancellable = inquiryOpen && (entry.status === "ENTERED" || entry.status === "SHORTLISTED");

  const cancel = async () => {
    await apiFetch(`/api/oem/company/${companyId}/contact/${contactId}/entries/cancel`, { method: "DELETE" });
    await onChanged();
    toast.success("エントリーを取り消しました。");
  };

  return (
    <section
      aria-labelledby="my-entry-title"
      className="rounded-lg border border-emerald-200 bg-emerald-50/50 p-4 desktop:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="my-entry-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <CircleCheck aria-hidden className="size-5 text-emerald-600" />
          エントリー済み
        </h2>
        <Badge tone={s.tone} className="px-3 py-1 text-sm">
          {s.label}
        </Badge>
      </div>
      <p className="mt-2 text-sm leading-7 text-slate-700">{EXPLAIN[entry.status]}</p>
      <div className="mt-4 rounded-md border border-slate-200 bg-white p-4">
        <p className="text-xs font-bold text-slate-600">送信したメッセージ</p>
        <p className="mt-1 text-sm leading-7 whitespace-pre-wrap break-words text-slate-800">
          {entry.message}
        </p>
        {entry.attachments && entry.attachments.length > 0 && (
          <div className="mt-3">
            <p className="text-xs font-bold text-slate-600">添付したファイル（発注者のみ閲覧できます）</p>
            <div className="mt-1">
              <AttachmentList items={entry.attachments} />
            </div>
          </div>
        )}
      </div>
      {cancellable && (
        <div className="mt-4 flex flex-col gap-2 desktop:flex-row desktop:items-center">
          <Button
            variant="ghost"
            size="sm"
            className="border border-slate-300 bg-white"
            onClick={() => setConfirming(true)}
          >
            <Undo2 aria-hidden className="size-4" />
            取り消す
          </Button>
          <p className="text-xs text-slate-500">受付期間中は、エントリーを取り消せます。</p>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="エントリーを取り消しますか？"
        confirmLabel="取り消す"
        description={
          <>
            <p>発注者の一覧から貴社のエントリーが外れます。</p>
            <p>受付期間中であれば、あらためてエントリーできます。</p>
          </>
        }
        onConfirm={cancel}
      />
    </section>
  );
}
