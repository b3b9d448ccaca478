"use client";

// /account/buyer/inquiry/{id}/compare: the quotes of every supplier of one inquiry side by side
// (GET …/inquiries/{id}/comparison?quantity), the decisions per supplier, 「他のメーカーをすべて
// お見送り」, the CSV and the printout.
import { Download, MessagesSquare, Printer, RefreshCw } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { ApiErrorScreen } from "@/components/layout/error-screen";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import Link from "@/components/ui/link";
import { BackLink, EmptyList } from "@/components/ui/list-parts";
import { LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { awaitsDecision } from "@/modules/deals/deal.policy";
import type { ComparisonColumn } from "@/modules/deals/deals.schema";
import { ComparisonTable } from "./comparison-table";
import { dealPaths, useComparison, useRefreshDealCounts } from "./deal-api";
import { num } from "./deal-parts";
import { AwardButton, DeclineButton, DeclineOthersButton } from "./decision-actions";
import { declineAllOffer } from "./decision-options";
import { parseNumber } from "./quote-form";
import "./comparison-print.css";

export function ComparisonView({
  companyId,
  inquiryId,
  canDecide,
}: {
  companyId: string;
  inquiryId: string;
  /** A buyer ADMIN: awards and declines all; a GENERAL member asks from the thread (「決定を依頼」). */
  canDecide: boolean;
}) {
  const paths = dealPaths(companyId);
  const [quantity, setQuantity] = useState<number | undefined>(undefined);
  const [draft, setDraft] = useState("");
  const [quantityError, setQuantityError] = useState<string>();
  const { data, error, mutate, isValidating } = useComparison(paths, inquiryId, quantity);
  const refreshCounts = useRefreshDealCounts(paths);
  const qtyId = useId();

  if (error && !data) return <ApiErrorScreen error={error} />;
  if (!data) return <LoadingBlock rows={2} />;

  const refresh = async () => {
    await mutate();
    await refreshCounts();
  };
  const applyQuantity = (e: FormEvent) => {
    e.preventDefault();
    const n = parseNumber(draft);
    if (n === null) {
      setQuantityError(undefined);
      setQuantity(undefined);
      return;
    }
    if (!Number.isInteger(n) || n < 1 || n > 100_000_000) {
      setQuantityError("数量は1以上の整数で入力してください");
      return;
    }
    setQuantityError(undefined);
    setQuantity(n);
  };
  const unit = data.inquiry.unit;
  const waiting = data.columns.filter((c) => awaitsDecision(c.status)).length;
  const awarded = data.columns.find((c) => c.status === "AWARDED");
  const offer = declineAllOffer(data.columns, canDecide);
  const threadHref = (c: ComparisonColumn) => `/account/buyer/deals/${c.threadId}`;

  return (
    <div className="deal-compare flex flex-col gap-6">
      <div className="print:hidden">
        <BackLink href={`/account/buyer/inquiry/${inquiryId}`}>問い合わせの詳細へ戻る</BackLink>
      </div>
      <PageHeader
        title="見積の比較"
        lead={
          <>
            <span className="font-bold text-slate-800">{data.inquiry.title}</span>
            <span className="ml-2">（ご希望の数量：{data.inquiry.quantity}）</span>
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button asChild variant="outline" size="sm">
              <a href={paths.comparisonCsv(inquiryId, quantity)} download>
                <Download aria-hidden className="size-4" />
                CSVダウンロード
              </a>
            </Button>
            <Button variant="outline" size="sm" onClick={() => window.print()}>
              <Printer aria-hidden className="size-4" />
              印刷
            </Button>
          </div>
        }
      />

      <form
        onSubmit={applyQuantity}
        noValidate
        className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm print:hidden desktop:flex-row desktop:items-end"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={qtyId} className="text-sm font-bold text-slate-800">
            総額を計算する数量（{unit}）
          </label>
          <Input
            id={qtyId}
            inputMode="numeric"
            autoComplete="off"
            value={draft}
            placeholder={data.quantity ? String(data.quantity) : "1000"}
            onChange={(e) => setDraft(e.target.value)}
            aria-invalid={quantityError ? true : undefined}
            aria-describedby={`${qtyId}-hint${quantityError ? ` ${qtyId}-error` : ""}`}
            className="desktop:w-48"
          />
        </div>
        <Button type="submit" variant="outline" disabled={isValidating} className="shrink-0 desktop:mb-0">
          <RefreshCw aria-hidden className="size-4" />
          再計算
        </Button>
        <p id={`${qtyId}-hint`} className="text-xs leading-5 text-slate-600 desktop:mb-3 desktop:ml-2">
          {data.quantity
            ? `いまは${num(data.quantity)}${unit}で計算しています。単価は、その数量以下で最も大きい段階の単価です。最小ロットや最初の段階に満たないメーカーは「MOQ未満」と表示します。`
            : "ご希望の数量から計算できないため、数量を入力してください。"}
        </p>
        {quantityError && (
          <p id={`${qtyId}-error`} role="alert" className="text-sm text-red-600">
            {quantityError}
          </p>
        )}
      </form>

      {awarded && (
        <Alert tone="success" title={`${awarded.supplier.name}を発注先に決定しました`}>
          {waiting > 0 && (
            <p>
              まだ結果をお伝えしていないメーカーには、「他のメーカーをすべてお見送り」からまとめてお知らせできます。
            </p>
          )}
        </Alert>
      )}

      {data.columns.length === 0 ? (
        <EmptyList>
          まだ商談中のメーカーはありません。メーカーが商談を始めると、ここで見積を比較できます。
        </EmptyList>
      ) : (
        <>
          <ComparisonTable
            columns={data.columns}
            best={data.best}
            quantity={data.quantity}
            unit={unit}
            header={(c) => (
              <Link href={threadHref(c)} className="text-brand-700 underline-offset-4 hover:underline">
                {c.supplier.name}
              </Link>
            )}
            actions={(c) => (
              <>
                {canDecide && c.status === "QUOTED" && c.version !== null && (
                  <AwardButton size="sm" threadId={c.threadId} expired={c.expired} />
                )}
                {awaitsDecision(c.status) && (
                  <DeclineButton
                    size="sm"
                    paths={paths}
                    threadId={c.threadId}
                    supplierName={c.supplier.name}
                    onDone={refresh}
                  />
                )}
                <Link
                  href={threadHref(c)}
                  className="inline-flex items-center gap-1 text-sm font-bold text-brand-700 underline-offset-4 hover:underline"
                >
                  <MessagesSquare aria-hidden className="size-4" />
                  商談スレッド
                  <span className="sr-only">（{c.supplier.name}）</span>
                </Link>
              </>
            )}
          />
          {!canDecide && waiting > 0 && (
            <Alert tone="info">
              発注先の決定は管理者が行います。各メーカーの商談スレッドの「決定を依頼」から、管理者に依頼できます。
            </Alert>
          )}
          {offer.kind !== "NONE" && (
            <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 print:hidden desktop:flex-row desktop:items-center desktop:justify-between">
              <p className="text-sm leading-6 text-slate-700">
                結果をまだお伝えしていないメーカー：<span className="font-bold">{waiting}社</span>
                {offer.kind === "END_INQUIRY" && "（発注先を決めずに終える場合は「案件を終了」）"}
              </p>
              <DeclineOthersButton paths={paths} inquiryId={inquiryId} offer={offer} onDone={refresh} />
            </div>
          )}
        </>
      )}
      <p className="text-xs leading-5 text-slate-500">
        金額は税抜です。総額＝単価×数量＋版代・金型代＋サンプル費用。期限切れの見積では発注先に決定できません。
      </p>
    </div>
  );
}
