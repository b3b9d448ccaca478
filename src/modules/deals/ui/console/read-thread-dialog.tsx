"use client";

// 「内容を確認（理由を記録）」: the operator writes why, the server records it in the audit log,
// and only then does the dialog show the thread's messages.
import { Paperclip } from "lucide-react";
import { useState } from "react";
import { useRefreshOwner } from "@/components/owner/console-helpers";
import { FormDialog } from "@/components/owner/form-dialog";
import { Badge } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { ApiError } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { messageOf } from "@/lib/form-helpers";
import { formatDateTime } from "@/lib/japanese-date";
import { useOwnerSession } from "@/lib/owner/owner-session";
import {
  MIN_READ_REASON,
  type OwnerDealMessage,
  type OwnerDealThread,
  type OwnerDealThreadContent,
} from "../../deal-operator.schema";

const SIDE = { BUYER: "発注者", SUPPLIER: "OEMメーカー" } as const;
const EVENT = { QUOTE: "見積", NO_QUOTE: "辞退", AWARD: "発注", DECLINE: "お見送り" } as const;

function fileSize(bytes: number) {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

function MessageItem({ m, thread }: { m: OwnerDealMessage; thread: OwnerDealThread }) {
  const company = m.side === "BUYER" ? thread.buyer.name : thread.supplier.name;
  return (
    <li
      className={cn(
        "flex flex-col gap-1.5 rounded-md border p-3 text-sm",
        m.side === "BUYER" ? "border-slate-200 bg-white" : "border-brand-100 bg-brand-50/40",
        m.reportedAt && !m.reportResolvedAt && "border-red-300",
      )}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
        <span className="font-bold text-slate-900">{SIDE[m.side]}</span>
        <span className="break-all">
          {company}
          {m.authorName ? `・${m.authorName}` : ""}
        </span>
        {m.kind !== "MESSAGE" && <Badge tone="brand">{EVENT[m.kind]}</Badge>}
        <span>{formatDateTime(m.createdAt)}</span>
        {m.reportedAt && (
          <Badge tone={m.reportResolvedAt ? "slate" : "red"}>
            {m.reportResolvedAt ? "通報（対応済み）" : "通報あり"}
          </Badge>
        )}
      </p>
      <p className="break-words whitespace-pre-wrap text-slate-900">{m.body}</p>
      {m.files.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-xs text-slate-600">
          {m.files.map((f) => (
            <li key={f.id} className="flex items-center gap-1 break-all">
              <Paperclip aria-hidden className="size-3.5 shrink-0" />
              {f.name}（{fileSize(f.byteSize)}）
            </li>
          ))}
        </ul>
      )}
      {m.reportReason && (
        <p className="text-xs text-red-700">
          通報の理由：<span className="break-words whitespace-pre-wrap">{m.reportReason}</span>
        </p>
      )}
    </li>
  );
}

export function ReadThreadDialog({
  thread,
  onClose,
}: {
  /** The thread to read; null closes the dialog. */
  thread: OwnerDealThread | null;
  onClose: () => void;
}) {
  const { call } = useOwnerSession();
  const refresh = useRefreshOwner();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const [content, setContent] = useState<OwnerDealThreadContent | null>(null);
  const [shownFor, setShownFor] = useState<string | null>(null);
  // A new thread starts from an empty reason and no content.
  if ((thread?.id ?? null) !== shownFor) {
    setShownFor(thread?.id ?? null);
    setReason("");
    setError(undefined);
    setFieldError(undefined);
    setContent(null);
  }

  const submit = async () => {
    if (!thread) return;
    const text = reason.trim();
    if (text.length < MIN_READ_REASON) {
      setFieldError(
        text ? `確認の理由は${MIN_READ_REASON}文字以上で入力してください` : "確認の理由を入力してください",
      );
      return;
    }
    setBusy(true);
    setError(undefined);
    setFieldError(undefined);
    try {
      const out = await call<OwnerDealThreadContent>(`/api/owner/deal-threads/${thread.id}/read`, {
        method: "POST",
        body: { reason: text },
      });
      setContent(out);
      void refresh("/api/owner/audit-log");
    } catch (e) {
      if (e instanceof ApiError && e.fields.reason) setFieldError(e.fields.reason);
      else setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const open = thread !== null;
  const title = thread ? `商談スレッドの内容（${thread.supplier.name}）` : "商談スレッドの内容";
  if (content && thread) {
    return (
      <FormDialog
        open={open}
        onOpenChange={(o) => !o && onClose()}
        title={title}
        wide
        description={
          <p>
            確認の記録を操作履歴に残しました。メッセージ{content.items.length}件を古い順に表示しています
            {content.truncated ? "（古いメッセージは省略しています）" : ""}。
          </p>
        }
      >
        {content.items.length === 0 ? (
          <p className="text-sm text-slate-600">メッセージはまだありません。</p>
        ) : (
          <ol className="flex flex-col gap-2" aria-label="メッセージ">
            {content.items.map((m) => (
              <MessageItem key={m.id} m={m} thread={content.thread} />
            ))}
          </ol>
        )}
      </FormDialog>
    );
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="商談スレッドの内容を確認"
      description={
        <div className="flex flex-col gap-2">
          <p>
            商談スレッドは発注者とOEMメーカーの非公開のやり取りです。確認する理由を記録すると、内容が表示されます。
          </p>
          <p>理由・日時・運営者は操作履歴に残ります。</p>
        </div>
      }
      busy={busy}
      error={error}
      submitLabel="理由を記録して内容を表示"
      onSubmit={() => void submit()}
    >
      <FormField
        label="確認の理由"
        required
        error={fieldError}
        hint={`${MIN_READ_REASON}文字以上で具体的に（例：通報メッセージの確認のため）`}
      >
        <Textarea
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={1000}
          rows={3}
        />
      </FormField>
    </FormDialog>
  );
}
