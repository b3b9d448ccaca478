"use client";

import { useState } from "react";
import { linkClass, useRefreshOwner } from "@/components/owner/console-helpers";
import { ConsoleList, type ListColumn, type ListFilter } from "@/components/owner/console-list";
import { FormDialog } from "@/components/owner/form-dialog";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
// 「通報メッセージ」: messages members reported, without their bodies (the operator reads a thread
// from the inquiry page, with a reason). 「対応済みにする」 records a note in the audit log.
import Link from "@/components/ui/link";
import { ApiError } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { formatDateTime } from "@/lib/japanese-date";
import { useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import type { DealReportItem } from "../../deal-operator.schema";

const SIDE = { BUYER: "発注者", SUPPLIER: "OEMメーカー" } as const;

function ResolveButton({ item }: { item: DealReportItem }) {
  const { call } = useOwnerSession();
  const refresh = useRefreshOwner();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();

  const submit = async () => {
    if (!note.trim()) {
      setFieldError("対応の内容を入力してください");
      return;
    }
    setBusy(true);
    setError(undefined);
    setFieldError(undefined);
    try {
      await call(`/api/owner/deal-reports/${item.messageId}/resolve`, {
        method: "POST",
        body: { note: note.trim() },
      });
      setOpen(false);
      toast.success("通報を対応済みにしました。");
      await refresh("/api/owner/deal-reports", "/api/owner/audit-log", "/api/owner/contact/");
    } catch (e) {
      if (e instanceof ApiError && e.fields.note) setFieldError(e.fields.note);
      else setError(messageOf(e));
      if (e instanceof ApiError && e.status === 409) void refresh("/api/owner/deal-reports");
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setNote("");
          setError(undefined);
          setFieldError(undefined);
          setOpen(true);
        }}
      >
        対応済みにする
        <span className="sr-only">（{item.inquiry.title}）</span>
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="通報を対応済みにする"
        description={
          <p>
            行った対応を記録してください（例：OEMメーカーに注意喚起のメールを送信）。記録は操作履歴に残り、通報した会員には通知されません。
          </p>
        }
        busy={busy}
        error={error}
        submitLabel="対応済みにする"
        onSubmit={() => void submit()}
      >
        <FormField label="対応の内容" required error={fieldError} hint="1,000文字以内">
          <Textarea
            name="note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={1000}
            rows={4}
          />
        </FormField>
      </FormDialog>
    </>
  );
}

export function DealReportsList() {
  const filters: ListFilter[] = [
    {
      name: "status",
      label: "対応状況",
      type: "select",
      options: [
        { value: "", label: "未対応" },
        { value: "resolved", label: "対応済み" },
      ],
    },
  ];
  const columns: Array<ListColumn<DealReportItem>> = [
    {
      header: "通報日時",
      cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.reportedAt)}</span>,
    },
    {
      header: "案件・スレッド",
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          <Link href={`/owner/inquiries/${r.inquiry.id}`} className={`${linkClass} break-words`}>
            {r.inquiry.title}
          </Link>
          <span className="text-xs text-slate-600">
            {r.buyer.name} ⇔ {r.supplier.name}
          </span>
        </span>
      ),
    },
    {
      header: "通報した側",
      cell: (r) => (
        <span className="flex flex-col">
          <span className="font-bold text-slate-900">{SIDE[r.reporterSide]}</span>
          {r.reporterName && <span className="text-xs text-slate-600">{r.reporterName}</span>}
        </span>
      ),
    },
    {
      header: "通報の理由",
      cell: (r) => (
        <p className="max-w-md text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">
          {r.reason}
        </p>
      ),
    },
    {
      header: "状態",
      cell: (r) =>
        r.status === "open" ? (
          <Badge tone="red" className="whitespace-nowrap">
            未対応
          </Badge>
        ) : (
          <span className="flex flex-col items-start gap-0.5">
            <Badge tone="green" className="whitespace-nowrap">
              対応済み
            </Badge>
            <span className="text-xs text-slate-500">{formatDateTime(r.resolvedAt)}</span>
          </span>
        ),
    },
    {
      header: "操作",
      cell: (r) =>
        r.status === "open" ? <ResolveButton item={r} /> : <span className="text-slate-500">—</span>,
    },
  ];
  return (
    <ConsoleList
      title="通報メッセージ"
      lead="商談スレッドで会員が通報したメッセージです。内容は案件ページの「商談スレッド」から、理由を記録して確認してください。"
      endpoint="/api/owner/deal-reports"
      filters={filters}
      columns={columns}
      rowKey={(r) => r.messageId}
      csvName="deal-reports.csv"
      empty="該当する通報はありません。"
    />
  );
}
