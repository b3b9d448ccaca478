"use client";

// The quote side of a thread page. Supplier: submit or revise the quote, or decline to quote
// (辞退). Buyer: the current quote, 「発注先に決定」 / 「お見送り」 and the way to the comparison.
// Both: the history of versions (the orders are the page's 「発注」 panel).
import { Ban, FilePenLine, Scale } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { DetailSection } from "@/components/ui/list-parts";
import { apiFetch } from "@/lib/api/client";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { toast } from "@/lib/toast";
import { awaitsDecision, NO_QUOTE_REASONS } from "@/modules/deals/deal.policy";
import type { QuoteInput, ThreadDetail } from "@/modules/deals/deals.schema";
import type { DealPaths } from "./deal-api";
import { AwardButton, DeclineButton, RequestAwardButton } from "./decision-actions";
import { QuoteForm } from "./quote-form";
import { QuoteHistoryList, QuoteSummary } from "./quote-summary";
import { ReasonDialog } from "./reason-dialog";

function Outcome({ thread, area }: { thread: ThreadDetail; area: "buyer" | "oem" }) {
  const reason = thread.reasonLabel && (
    <p className="mt-1">
      理由：{thread.reasonLabel}
      {thread.reasonNote && <span className="mt-1 block whitespace-pre-wrap">{thread.reasonNote}</span>}
    </p>
  );
  const when = thread.decidedAt ? `（${formatDateTime(thread.decidedAt)}）` : "";
  switch (thread.status) {
    case "AWARDED":
      return (
        <Alert
          tone="success"
          title={area === "buyer" ? `発注先に決定しました${when}` : `発注先に選ばれました${when}`}
        >
          {thread.poNumber && <p>発注書番号：{thread.poNumber}</p>}
          <p>このスレッドで、引き続き量産に向けたやり取りができます。</p>
        </Alert>
      );
    case "DECLINED":
      return (
        <Alert
          tone="info"
          title={area === "buyer" ? `お見送りしました${when}` : `今回はお見送りとなりました${when}`}
        >
          {reason}
          <p className="mt-1">この商談は終了しました。メッセージは送れません。</p>
        </Alert>
      );
    case "WITHDRAWN":
      return (
        <Alert
          tone="info"
          title={area === "buyer" ? `メーカーが見積を辞退しました${when}` : `見積を辞退しました${when}`}
        >
          {reason}
          <p className="mt-1">この商談は終了しました。メッセージは送れません。</p>
        </Alert>
      );
    default:
      return null;
  }
}

export function SupplierQuotePanel({
  thread,
  paths,
  onChanged,
}: {
  thread: ThreadDetail;
  paths: DealPaths;
  onChanged: () => unknown;
}) {
  // A withdrawn inquiry or a refunded ticket locks the quote too (the API answers 409).
  const open = awaitsDecision(thread.status) && thread.lockedReason === null;
  const [editing, setEditing] = useState(false);
  const [declining, setDeclining] = useState(false);
  const showForm = open && (thread.quote === null || editing);

  const submit = async (input: QuoteInput) => {
    const v = await apiFetch<{ version: number }>(paths.quote(thread.id), { method: "PUT", body: input });
    setEditing(false);
    await onChanged();
    toast.success(v.version > 1 ? `見積を改訂しました（第${v.version}版）。` : "見積を提出しました。");
  };

  return (
    <DetailSection id="deal-quote" title={thread.quote ? `見積（第${thread.quote.version}版）` : "見積"}>
      <div className="flex flex-col gap-4">
        <Outcome thread={thread} area="oem" />
        {thread.quote && !editing && <QuoteSummary quote={thread.quote} unit={thread.inquiry.unit} />}
        {thread.quote?.expired && open && (
          <Alert tone="info">
            見積の有効期限が過ぎています。発注者が決定できるよう、有効期限を更新して改訂してください。
          </Alert>
        )}
        {showForm ? (
          <>
            {thread.quote === null && (
              <p className="text-sm leading-6 text-slate-700">
                見積を提出すると、発注者の比較表に表示されます。対応が難しい場合は「辞退する」から理由を添えてお知らせください。
              </p>
            )}
            <QuoteForm
              key={thread.quote?.version ?? 0}
              previous={thread.quote}
              unit={thread.inquiry.unit}
              filesPath={paths.files}
              onSubmit={submit}
              onCancel={thread.quote ? () => setEditing(false) : undefined}
            />
          </>
        ) : (
          open && (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <FilePenLine aria-hidden className="size-4" />
              改訂版を作成
            </Button>
          )
        )}
        {open && (
          <Button
            variant="ghost"
            className="border border-slate-300 text-red-700 hover:bg-red-50"
            onClick={() => setDeclining(true)}
          >
            <Ban aria-hidden className="size-4" />
            辞退する
          </Button>
        )}
        <QuoteHistoryList
          paths={paths}
          threadId={thread.id}
          quoteVersion={thread.quoteVersion}
          unit={thread.inquiry.unit}
        />
      </div>
      <ReasonDialog
        open={declining}
        onOpenChange={setDeclining}
        kind="noQuote"
        title="この案件の見積を辞退しますか？"
        description={
          <p>理由を添えて、発注者に辞退をお知らせします。辞退すると、この商談は終了し、元に戻せません。</p>
        }
        reasons={NO_QUOTE_REASONS}
        noteLabel="理由の詳細"
        confirmLabel="辞退する"
        onSubmit={async (values) => {
          await apiFetch(paths.noQuote(thread.id), { method: "POST", body: values });
          await onChanged();
          toast.success("見積を辞退しました。");
        }}
      />
    </DetailSection>
  );
}

export function BuyerQuotePanel({
  thread,
  paths,
  onChanged,
}: {
  thread: ThreadDetail;
  paths: DealPaths;
  onChanged: () => unknown;
}) {
  // A withdrawn inquiry or a refunded ticket: the decision buttons would only answer 409.
  const open = awaitsDecision(thread.status) && thread.lockedReason === null;
  const q = thread.quote;
  const request = thread.awardRequest;
  return (
    <DetailSection id="deal-quote" title={q ? `見積（第${q.version}版）` : "見積"}>
      <div className="flex flex-col gap-4">
        <Outcome thread={thread} area="buyer" />
        {q ? (
          <>
            <p className="text-xs text-slate-500">
              {formatDateTime(q.createdAt)} 提出・有効期限 {formatDate(q.validUntil)}
            </p>
            <QuoteSummary quote={q} showChanges={q.version > 1} unit={thread.inquiry.unit} />
          </>
        ) : (
          open && (
            <p className="text-sm leading-6 text-slate-700">
              まだ見積は届いていません。見積が提出されるとメールでお知らせします。
            </p>
          )
        )}
        {q?.expired && open && (
          <Alert tone="info">
            この見積は有効期限が過ぎているため、発注先に決定できません。メッセージで見積の更新を依頼してください。
          </Alert>
        )}
        {open && thread.canDecide && request && q && (
          <Alert tone="info" title="発注先の決定の依頼があります">
            <p>
              {request.requestedBy}さんから、見積（第{request.version}
              版）で発注先に決定するよう依頼がありました（{formatDateTime(request.requestedAt)}）。
            </p>
          </Alert>
        )}
        {open && (
          <div className="flex flex-col gap-2">
            {thread.status === "QUOTED" && q && thread.canDecide && (
              <AwardButton
                threadId={thread.id}
                expired={q.expired}
                label={request ? "依頼を承認して発注先に決定" : "発注先に決定"}
              />
            )}
            {thread.status === "QUOTED" &&
              q &&
              !thread.canDecide &&
              (request ? (
                <p className="text-sm leading-6 text-slate-700">
                  {request.requestedBy}さんが管理者に発注先の決定を依頼しています（
                  {formatDateTime(request.requestedAt)}）。
                </p>
              ) : (
                <RequestAwardButton
                  paths={paths}
                  threadId={thread.id}
                  version={q.version}
                  supplierName={thread.counterpart.name}
                  expired={q.expired}
                  onDone={onChanged}
                />
              ))}
            <DeclineButton
              paths={paths}
              threadId={thread.id}
              supplierName={thread.counterpart.name}
              onDone={onChanged}
            />
          </div>
        )}
        <Link
          href={`/account/buyer/inquiry/${thread.inquiry.id}/compare`}
          className="inline-flex items-center gap-1.5 text-sm font-bold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Scale aria-hidden className="size-4" />
          見積を比較する
        </Link>
        <QuoteHistoryList
          paths={paths}
          threadId={thread.id}
          quoteVersion={thread.quoteVersion}
          unit={thread.inquiry.unit}
        />
      </div>
    </DetailSection>
  );
}
