"use client";

// /account/oem/ticket-buy: the balance, the three ticket products with tax, payment by invoice
// (請求書払い: tickets are credited once the payment is confirmed), the purchase
// (POST /api/billing/ticket_purchase with an Idempotency-Key), the pending purchases, the ticket
// usage history (refunds included) and the invoices with their PDFs. `redirectTo` (a page under /account/oem/) is offered as the way back.
import { ArrowLeft, Building2, CheckCircle2, FileDown, Landmark, Ticket } from "lucide-react";
import { useRef, useState } from "react";
import useSWR from "swr";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { ApiError } from "@/lib/api/client";
import { postIdempotent } from "@/lib/api/idempotent";
import { newIdempotencyKey } from "@/lib/api/submission-key";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/japanese-date";
import { useSession } from "@/lib/session/session-provider";
import { yen } from "@/lib/yen";
import type { purchase as purchaseSchema, ticketsOverview } from "@/modules/billing/billing.schema";
import { InvoiceList } from "./invoice-list";
import { TicketUsageHistory } from "./ticket-usages";

type Overview = z.infer<typeof ticketsOverview>;
type Purchase = z.infer<typeof purchaseSchema>;

export function TicketBuy({ companyId, redirectTo }: { companyId: string; redirectTo?: string }) {
  const { data: session, update } = useSession();
  const overview = useSWR<Overview>(`/api/billing/tickets?companyId=${companyId}`);
  const [quantity, setQuantity] = useState<number>(1);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<Purchase | null>(null);
  const [invoicesVersion, setInvoicesVersion] = useState(0);
  const key = useRef<{ quantity: number; value: string } | null>(null);

  if (overview.error) return <LoadError error={overview.error} onRetry={() => void overview.mutate()} />;
  const data = overview.data;
  const product = data?.products.find((p) => p.quantity === quantity);
  const basePrice = data?.products.find((p) => p.quantity === 1)?.unitPriceYen;

  const buy = async () => {
    // One key per purchase attempt of this quantity; resent only when the answer was lost.
    if (!key.current || key.current.quantity !== quantity)
      key.current = { quantity, value: newIdempotencyKey() };
    try {
      const result = await postIdempotent<Purchase>(
        "/api/billing/ticket_purchase",
        { companyId, quantity },
        key.current.value,
        session?.token,
      );
      key.current = null;
      setDone(result);
      setInvoicesVersion((v) => v + 1);
      await Promise.all([overview.mutate(), update()]);
      window.scrollTo({ top: 0, behavior: "smooth" });
    } catch (e) {
      if (e instanceof ApiError && e.status !== 0) key.current = null;
      throw e;
    }
  };

  return (
    <div className="flex flex-col gap-6">
      {redirectTo && !done && (
        <Link
          href={redirectTo}
          className="inline-flex w-fit items-center gap-1 rounded text-sm font-bold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <ArrowLeft aria-hidden className="size-4" />
          元のページに戻る
        </Link>
      )}
      <PageHeader
        title="チケット購入"
        lead="チケットは、指名案件の発注者の連絡先を開示して返信するときに使います（1件につき1枚）。"
      />

      {done ? <PurchaseDone purchase={done} redirectTo={redirectTo} onAgain={() => setDone(null)} /> : null}

      {!data ? (
        <LoadingBlock rows={2} />
      ) : (
        <>
          <section
            aria-label="チケットの残り枚数"
            className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm desktop:flex-row desktop:items-center desktop:justify-between desktop:p-6"
          >
            <div className="flex items-center gap-4">
              <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <Ticket aria-hidden className="size-6" />
              </span>
              <div>
                <p className="text-sm font-bold text-slate-600">現在のチケット残り</p>
                <p className="font-bold text-slate-900">
                  <span className="text-3xl tabular-nums">{data.balance}</span>
                  <span className="ml-1 text-base">枚</span>
                </p>
              </div>
            </div>
            <ul className="list-disc space-y-1 pl-5 text-xs leading-5 text-slate-600 desktop:max-w-[420px] desktop:text-sm">
              <li>同じ案件は、何度ご覧になってもチケットは1枚だけです。</li>
              {data.pendingPurchases.length > 0 && (
                <li>入金確認待ちのお申し込みが{data.pendingPurchases.length}件あります（下記参照）。</li>
              )}
            </ul>
          </section>

          {data.paymentStatus === "OEM_PAID" && (
            <Alert tone="info" title="無制限プランをご契約中です">
              ご契約中は、チケットを使わずにすべての指名案件に返信できます。
            </Alert>
          )}

          {!done && (
            <section aria-labelledby="products-title" className="flex flex-col gap-4">
              <h2 id="products-title" className="text-lg font-bold text-slate-900">
                購入する枚数を選ぶ
              </h2>
              <div
                role="radiogroup"
                aria-labelledby="products-title"
                className="grid gap-3 desktop:grid-cols-3"
              >
                {data.products.map((p) => {
                  const checked = p.quantity === quantity;
                  const saving =
                    basePrice && p.unitPriceYen < basePrice
                      ? Math.round((1 - p.unitPriceYen / basePrice) * 100)
                      : 0;
                  return (
                    <label
                      key={p.quantity}
                      className={cn(
                        "relative flex cursor-pointer flex-col gap-2 rounded-lg border-2 bg-white p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                        checked
                          ? "border-brand-600 bg-brand-50/40"
                          : "border-slate-200 hover:border-brand-600/40",
                      )}
                    >
                      <input
                        type="radio"
                        name="quantity"
                        value={p.quantity}
                        checked={checked}
                        onChange={() => setQuantity(p.quantity)}
                        className="sr-only"
                      />
                      <span className="flex items-center justify-between gap-2">
                        <span className="text-base font-bold text-slate-900">{p.label}</span>
                        {saving > 0 && <Badge tone="gold">{saving}%お得</Badge>}
                      </span>
                      <span className="text-2xl font-bold text-slate-900 tabular-nums">
                        {yen(p.subtotalYen)}
                        <span className="ml-1 text-xs font-normal text-slate-600">（税抜）</span>
                      </span>
                      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-600 tabular-nums">
                        <dt>消費税（10%）</dt>
                        <dd className="text-right">{yen(p.taxYen)}</dd>
                        <dt className="font-bold text-slate-800">税込</dt>
                        <dd className="text-right font-bold text-slate-800">{yen(p.totalYen)}</dd>
                        <dt>1枚あたり</dt>
                        <dd className="text-right">{yen(p.unitPriceYen)}（税抜）</dd>
                      </dl>
                      <span
                        aria-hidden
                        className={cn(
                          "absolute top-4 right-4 hidden size-5 items-center justify-center rounded-full",
                          checked && "flex bg-brand-600 text-white",
                        )}
                      >
                        <CheckCircle2 className="size-5" />
                      </span>
                    </label>
                  );
                })}
              </div>

              <PaymentSteps />

              {product && (
                <div className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm desktop:flex-row desktop:justify-between desktop:p-6">
                  <p className="text-sm text-slate-700">
                    {product.label}　ご請求額{" "}
                    <span className="text-xl font-bold text-slate-900 tabular-nums">
                      {yen(product.totalYen)}
                    </span>
                    <span className="text-xs">（税込）</span>
                  </p>
                  <Button size="cta" onClick={() => setConfirming(true)}>
                    購入を申し込む
                  </Button>
                </div>
              )}
            </section>
          )}

          <PendingPurchases items={data.pendingPurchases} />
        </>
      )}

      <TicketUsageHistory companyId={companyId} />

      <InvoiceList key={invoicesVersion} companyId={companyId} />

      {product && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          tone="primary"
          title="チケットの購入を申し込みますか？"
          confirmLabel="申し込む"
          description={
            <>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 tabular-nums">
                <dt>購入内容</dt>
                <dd className="text-right font-bold">{product.label}</dd>
                <dt>小計（税抜）</dt>
                <dd className="text-right">{yen(product.subtotalYen)}</dd>
                <dt>消費税（10%）</dt>
                <dd className="text-right">{yen(product.taxYen)}</dd>
                <dt className="font-bold">ご請求額（税込）</dt>
                <dd className="text-right font-bold">{yen(product.totalYen)}</dd>
              </dl>
              <p className="mt-3">
                お支払いは請求書払いです。お申し込み後に請求書（PDF）を発行し、メールでもお送りします。入金を確認したのち、チケットを付与します。
              </p>
            </>
          }
          onConfirm={buy}
        />
      )}
    </div>
  );
}

function PaymentSteps() {
  const steps = [
    {
      icon: FileDown,
      title: "お申し込み・請求書の発行",
      text: "お申し込みと同時に請求書（PDF）を発行し、メールでもお送りします。",
    },
    {
      icon: Landmark,
      title: "お振り込み",
      text: "請求書に記載の口座へ、お支払い期限までにお振り込みください。",
    },
    {
      icon: Ticket,
      title: "チケットの付与",
      text: "運営事務局で入金を確認したのち、チケットを付与してメールでお知らせします。",
    },
  ];
  return (
    <section
      aria-labelledby="payment-title"
      className="rounded-lg border border-slate-200 bg-slate-50 p-4 desktop:p-6"
    >
      <h3 id="payment-title" className="flex items-center gap-2 text-base font-bold text-slate-900">
        <Building2 aria-hidden className="size-5 text-slate-500" />
        お支払い方法：請求書払い（銀行振込）
      </h3>
      <ol className="mt-4 grid gap-3 desktop:grid-cols-3">
        {steps.map((s, i) => (
          <li key={s.title} className="flex gap-3 rounded-md bg-white p-3">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
              {i + 1}
            </span>
            <div>
              <p className="text-sm font-bold text-slate-900">{s.title}</p>
              <p className="mt-0.5 text-xs leading-5 text-slate-600">{s.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-xs leading-5 text-slate-600">
        請求書は適格請求書（インボイス）の記載事項に対応しています。
      </p>
    </section>
  );
}

function PurchaseDone({
  purchase,
  redirectTo,
  onAgain,
}: {
  purchase: Purchase;
  redirectTo?: string;
  onAgain: () => void;
}) {
  return (
    <section
      aria-labelledby="purchase-done-title"
      className="rounded-lg border-2 border-emerald-300 bg-emerald-50/60 p-4 desktop:p-8"
    >
      <h2 id="purchase-done-title" className="flex items-center gap-2 text-xl font-bold text-emerald-900">
        <CheckCircle2 aria-hidden className="size-6 text-emerald-600" />
        お申し込みを受け付けました
      </h2>
      <p className="mt-3 text-sm leading-7 text-slate-700">
        チケット{purchase.quantity}枚（ご請求額 {yen(purchase.totalYen)}
        ・税込）のお申し込みを受け付けました。請求書に記載の口座へお振り込みください。入金を確認したのち、チケットを付与してメールでお知らせします。
      </p>
      <div className="mt-5 flex flex-col gap-3 desktop:flex-row desktop:flex-wrap desktop:items-center">
        {purchase.invoiceId && (
          <Button asChild variant="outline">
            <a href={`/api/billing/invoice/${purchase.invoiceId}/pdf`} download>
              <FileDown aria-hidden className="size-4" />
              請求書（PDF）をダウンロード
            </a>
          </Button>
        )}
        {redirectTo ? (
          <Button asChild>
            <Link href={redirectTo}>
              <ArrowLeft aria-hidden className="size-4" />
              元のページに戻る
            </Link>
          </Button>
        ) : (
          <Button asChild>
            <Link href="/account/oem">マイページへ</Link>
          </Button>
        )}
        <button
          type="button"
          onClick={onAgain}
          className="text-sm font-bold text-brand-700 underline-offset-4 hover:underline"
        >
          続けて購入する
        </button>
      </div>
    </section>
  );
}

function PendingPurchases({ items }: { items: Purchase[] }) {
  return (
    <section
      aria-labelledby="pending-title"
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <h2
        id="pending-title"
        className="border-b border-slate-100 px-4 py-3 text-base font-bold text-slate-900 desktop:px-6"
      >
        入金確認待ちのお申し込み
      </h2>
      {items.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600 desktop:px-6">
          入金確認待ちのお申し込みはありません。
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((p) => (
            <li
              key={p.id}
              className="flex flex-col gap-2 px-4 py-3 desktop:flex-row desktop:items-center desktop:justify-between desktop:px-6"
            >
              <div className="text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <Badge tone="gold">入金確認待ち</Badge>
                  <span className="font-bold text-slate-900">チケット{p.quantity}枚</span>
                  <span className="tabular-nums text-slate-700">{yen(p.totalYen)}（税込）</span>
                </p>
                <p className="mt-1 text-xs text-slate-500">
                  お申し込み <time dateTime={p.createdAt}>{formatDateTime(p.createdAt)}</time>
                </p>
              </div>
              {p.invoiceId && (
                <a
                  href={`/api/billing/invoice/${p.invoiceId}/pdf`}
                  download
                  className="inline-flex items-center gap-1 self-start text-sm font-bold text-brand-700 underline-offset-4 hover:underline desktop:self-auto"
                >
                  <FileDown aria-hidden className="size-4" />
                  請求書（PDF）
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
