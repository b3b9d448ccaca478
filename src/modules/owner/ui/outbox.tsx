"use client";

// The email outbox: every email the service sends, its delivery state, its text, and resending.
import { RotateCw } from "lucide-react";
import { useState } from "react";
import type { z } from "zod";
import { ConsoleList, type ListColumn, type ListFilter } from "@/components/owner/console-list";
import { AuditTrail, BackLink, Fields, optionsOf, Panel, StatusBadge } from "@/components/owner/parts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi, useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import type { OutboxItem, outboxDetail } from "../owner.schema";
import { linkClass, useRefreshOwner } from "./common";

type OutboxDetail = z.infer<typeof outboxDetail>;

const outboxFilters: ListFilter[] = [
  { name: "keyword", label: "キーワード", type: "search", placeholder: "宛先・件名" },
  { name: "status", label: "状態", type: "select", options: optionsOf("outbox") },
];

export function OutboxList() {
  const columns: Array<ListColumn<OutboxItem>> = [
    { header: "作成日時", cell: (r) => formatDateTime(r.createdAt) },
    {
      header: "件名",
      cell: (r) => (
        <Link href={`/owner/outbox/${r.id}`} className={linkClass}>
          {r.subject}
        </Link>
      ),
    },
    { header: "宛先", cell: (r) => <span className="break-all">{r.toAddress}</span> },
    {
      header: "状態",
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          <span>
            <StatusBadge kind="outbox" value={r.status} />
          </span>
          {r.status === "FAILED" && r.lastError && (
            <span className="line-clamp-2 text-xs break-all text-red-700">{r.lastError}</span>
          )}
        </span>
      ),
    },
    { header: "送信回数", cell: (r) => `${r.attempts}回`, numeric: true, desktopOnly: true },
    { header: "送信日時", cell: (r) => formatDateTime(r.sentAt), desktopOnly: true },
  ];
  return (
    <ConsoleList
      title="送信メール"
      lead="サービスから送ったメールと、その送信状況です。失敗したメールは詳細から再送できます。"
      endpoint="/api/owner/outbox"
      filters={outboxFilters}
      columns={columns}
      rowKey={(r) => r.id}
      csvName="outbox.csv"
      empty="該当するメールはありません。"
    />
  );
}

export function OutboxDetailView({ id }: { id: string }) {
  const { call } = useOwnerSession();
  const refresh = useRefreshOwner();
  const { data, error, mutate } = useOwnerApi<OutboxDetail>(`/api/owner/outbox/${id}`);
  const [confirming, setConfirming] = useState(false);
  const canResend = data?.status === "FAILED" || data?.status === "SENT";

  const resend = async () => {
    await call<OutboxItem>(`/api/owner/outbox/${id}/resend`, { method: "POST" });
    await refresh("/api/owner/outbox", "/api/owner/audit-log", "/api/owner/dashboard");
    toast.success("再送を受け付けました。まもなく送信されます。");
  };

  return (
    <div className="flex flex-col gap-6">
      <BackLink href="/owner/outbox">送信メールの一覧へ</BackLink>
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={2} />
      ) : (
        <>
          <PageHeader
            title={data.subject}
            lead={<StatusBadge kind="outbox" value={data.status} />}
            actions={
              <Button onClick={() => setConfirming(true)} disabled={!canResend}>
                <RotateCw aria-hidden className="size-4" />
                再送
              </Button>
            }
          />
          {!canResend && (
            <p className="-mt-3 text-sm text-slate-600">
              送信待ち・送信中のメールは再送できません。送信が終わるまでお待ちください。
            </p>
          )}
          {data.status === "FAILED" && data.lastError && (
            <Alert tone="error" title="送信に失敗しました">
              <p className="break-all">{data.lastError}</p>
            </Alert>
          )}
          <Panel title="送信の状況">
            <Fields
              rows={[
                [
                  "宛先",
                  <span key="to" className="break-all">
                    {data.toAddress}
                  </span>,
                ],
                ["件名", data.subject],
                ["状態", <StatusBadge key="s" kind="outbox" value={data.status} />],
                ["テンプレート", data.template],
                ["送信回数", `${data.attempts}回`],
                ["作成日時", formatDateTime(data.createdAt)],
                ["次の送信予定", data.status === "PENDING" ? formatDateTime(data.nextAttemptAt) : null],
                ["送信日時", data.sentAt ? formatDateTime(data.sentAt) : null],
                ["メッセージID", data.messageId],
                ["最後のエラー", data.lastError],
              ]}
            />
          </Panel>
          <Panel title="本文（テキスト）">
            {/* A long body scrolls: a focusable region, so the keyboard can scroll it too (WCAG 2.1.1). */}
            <section
              aria-label="メール本文（スクロールできます）"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
              tabIndex={0}
              className="max-h-[32rem] overflow-auto rounded-md bg-slate-50 p-4 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <pre className="font-mono text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">
                {data.textBody}
              </pre>
            </section>
          </Panel>
          <AuditTrail targetType="email_outbox" targetId={data.id} />
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="このメールを再送しますか？"
            tone="primary"
            confirmLabel="再送する"
            description={
              <p>
                {data.toAddress} 宛の「{data.subject}」を送信待ちに戻し、もう一度送信します。
                {data.status === "SENT" && "送信済みのため、受信者には同じメールが2通届きます。"}
              </p>
            }
            onConfirm={resend}
          />
        </>
      )}
    </div>
  );
}
