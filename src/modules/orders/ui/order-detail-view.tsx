"use client";

// One order as its side sees it (the view takes the detail, order-page.tsx loads it): number,
// status, the act's verdict, who issued it and when the supplier first opened it, the actions of
// the viewer, a pending change against the terms in force, the terms, the documents and the 7条 record.
import { Building2 } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { BackLink, DetailSection } from "@/components/ui/list-parts";
import { formatDateTime } from "@/lib/japanese-date";
import type { OrderDetail } from "@/modules/orders/order-view.schema";
import { OrderActionPanel } from "./order-action-panel";
import { type MemberRole, versionInForce } from "./order-actions";
import { ConsultationList } from "./order-consultation";
import type { OrderArea, OrderPaths } from "./order-page-api";
import { OrderDocuments, OrderRecord } from "./order-record-view";
import { OrderStatusBadge, OrderTermsView, TermsDiff } from "./order-terms-view";

const PARTY = { BUYER: "発注者", SUPPLIER: "受注者" } as const;

export function OrderDetailView({
  order,
  role,
  area,
  paths,
  onChanged,
}: {
  order: OrderDetail;
  role: MemberRole;
  area: OrderArea;
  paths: OrderPaths;
  onChanged: () => Promise<unknown>;
}) {
  const current = versionInForce(order);
  const t = current.terms;
  const pending = order.versions.find((v) => v.version === order.pendingVersion);
  const buyer = order.side === "BUYER";

  return (
    <div className="flex flex-col gap-6">
      <BackLink href={`/account/${area}/orders`}>
        {area === "buyer" ? "発注一覧へ戻る" : "受注一覧へ戻る"}
      </BackLink>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <span className="text-sm font-bold text-slate-600 tabular-nums">{order.number}</span>
          {order.versions.length > 1 && (
            <span className="text-sm text-slate-600">第{order.currentVersion}版</span>
          )}
        </div>
        <h1 className="text-2xl leading-snug font-bold break-words text-slate-900 desktop:text-3xl">
          {t.title}
        </h1>
        <p className="text-sm leading-6 text-slate-700">{t.law.summary}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700 desktop:flex desktop:flex-wrap desktop:gap-x-6">
          <div className="contents desktop:flex desktop:gap-1">
            <dt className="inline-flex items-center gap-1 text-slate-500">
              <Building2 aria-hidden className="size-4" />
              {buyer ? "受注者" : "発注者"}
            </dt>
            <dd className="font-bold text-slate-900">{buyer ? order.supplierName : order.buyerName}</dd>
          </div>
          <div className="contents desktop:flex desktop:gap-1">
            <dt className="text-slate-500">発行者</dt>
            <dd>{order.issuedByName ?? "—"}</dd>
          </div>
          <div className="contents desktop:flex desktop:gap-1">
            <dt className="text-slate-500">送付日時</dt>
            <dd>
              <time dateTime={order.issuedAt}>{formatDateTime(order.issuedAt)}</time>
            </dd>
          </div>
          <div className="contents desktop:flex desktop:gap-1">
            <dt className="text-slate-500">受注者の開封日時</dt>
            <dd>
              {order.firstOpenedAt ? (
                <time dateTime={order.firstOpenedAt}>{formatDateTime(order.firstOpenedAt)}</time>
              ) : (
                "未開封"
              )}
            </dd>
          </div>
        </dl>
      </header>

      {order.status === "RETURNED" && (
        <Alert
          tone="error"
          title={`${buyer ? "受注者から差し戻されました" : "この発注を差し戻しました"}${order.answeredAt ? `（${formatDateTime(order.answeredAt)}）` : ""}`}
        >
          {order.returnReason && <p className="whitespace-pre-wrap">理由：{order.returnReason}</p>}
          {buyer && <p className="mt-1">内容を見直して、新しい発注書を発行してください。</p>}
        </Alert>
      )}

      {/* One column: the terms' tables need the width, and the actions come first on a phone. */}
      <DetailSection id="order-actions" title="対応">
        <OrderActionPanel order={order} role={role} paths={paths} onChanged={onChanged} />
      </DetailSection>
      {pending && (
        <DetailSection id="order-pending" title={`変更発注（第${pending.version}版・受注者の承諾待ち）`}>
          <div className="flex flex-col gap-3">
            <TermsDiff from={t} to={pending.terms} />
            {pending.reason && (
              <p className="text-sm leading-6 text-slate-700">
                変更の理由：{pending.reason}
                {pending.reasonParty && `（原因：${PARTY[pending.reasonParty]}）`}
              </p>
            )}
          </div>
        </DetailSection>
      )}
      <DetailSection id="order-terms" title={`発注内容（第${current.version}版）`}>
        <OrderTermsView terms={t} />
      </DetailSection>
      <div className="flex flex-col gap-6 desktop:grid desktop:grid-cols-2 desktop:items-start">
        <DetailSection id="order-documents" title="書面">
          <OrderDocuments order={order} />
        </DetailSection>
        {order.consultations.length > 0 && (
          <DetailSection id="order-consultations" title="価格協議">
            <ConsultationList order={order} />
          </DetailSection>
        )}
      </div>

      <DetailSection id="order-record" title="取引の記録（取適法7条）">
        <OrderRecord
          order={order}
          csvUrl={buyer ? paths.recordCsv(order.id) : undefined}
          pdfUrl={buyer ? paths.recordPdf(order.id) : undefined}
        />
      </DetailSection>
    </div>
  );
}
