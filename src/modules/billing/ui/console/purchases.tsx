"use client";

// Ticket purchases in the console: the list and one purchase (confirm the invoice payment,
// cancel). The grant is in grant-tickets.tsx, usages in usages.tsx, plans in plans.tsx.
import { Gift } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { linkClass, useRefreshOwner } from "@/components/owner/console-helpers";
import { ConsoleList, type ListColumn, type ListFilter } from "@/components/owner/console-list";
import { AuditTrail, BackLink, Fields, optionsOf, Panel } from "@/components/owner/parts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi, useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import { yenOrDash } from "@/lib/yen";
import { type OwnerPurchaseItem, purchaseActionsOf } from "@/modules/billing/billing-operator.schema";
import { PurchaseStatus, person, type SupplierBilling, supplierLink } from "./parts";

// ---------------------------------------------------------------- purchases

const purchaseFilters: ListFilter[] = [
  { name: "keyword", label: "キーワード", type: "search", placeholder: "企業名" },
  { name: "status", label: "状態", type: "select", options: optionsOf("purchase") },
  {
    name: "isGrant",
    label: "種別",
    type: "select",
    options: [
      { value: "", label: "すべて" },
      { value: "false", label: "購入（請求書払い）" },
      { value: "true", label: "運営付与" },
    ],
  },
  { name: "companyId", label: "企業", type: "hidden" },
];

export function PurchasesList() {
  const params = useSearchParams();
  const columns: Array<ListColumn<OwnerPurchaseItem>> = [
    { header: "申込日時", cell: (r) => formatDateTime(r.createdAt) },
    { header: "企業", cell: (r) => supplierLink(r.company) },
    { header: "枚数", cell: (r) => <span className="whitespace-nowrap">{r.quantity}枚</span>, numeric: true },
    {
      header: "合計（税込）",
      cell: (r) => <span className="whitespace-nowrap">{r.isGrant ? "無償" : yenOrDash(r.totalYen)}</span>,
      numeric: true,
    },
    { header: "状態", cell: (r) => <PurchaseStatus p={r} /> },
    { header: "請求書番号", cell: (r) => r.invoice?.number ?? "—", desktopOnly: true },
    { header: "申込者", cell: (r) => person(r.requestedBy), desktopOnly: true },
    {
      header: "詳細",
      cell: (r) => (
        <Link href={`/owner/ticket-purchases/${r.id}`} className={`${linkClass} whitespace-nowrap`}>
          {purchaseActionsOf(r.status).includes("CONFIRM") ? "入金を確認する" : "詳細を見る"}
          <span className="sr-only">
            （{r.company.name}・{r.quantity}枚）
          </span>
        </Link>
      ),
    },
  ];
  return (
    <ConsoleList
      title="チケット購入"
      lead={
        params?.get("companyId")
          ? "1社の購入に絞り込んでいます。「条件をクリア」ですべての購入を表示します。"
          : "請求書払いの購入は、入金を確認するとチケットが付与されます。"
      }
      actions={
        <Button asChild size="sm">
          <Link href="/owner/ticket-purchases/grant">
            <Gift aria-hidden className="size-4" />
            チケットを付与
          </Link>
        </Button>
      }
      endpoint="/api/owner/ticket-purchase"
      filters={purchaseFilters}
      columns={columns}
      rowKey={(r) => r.id}
      csvName="ticket-purchases.csv"
      empty="該当するチケット購入はありません。"
    />
  );
}

export function PurchaseDetail({ purchaseId }: { purchaseId: string }) {
  const { call } = useOwnerSession();
  const refresh = useRefreshOwner();
  const { data, error, mutate } = useOwnerApi<OwnerPurchaseItem>(`/api/owner/ticket-purchase/${purchaseId}`);
  const billing = useOwnerApi<SupplierBilling>(data ? `/api/owner/oem-detail/${data.company.id}` : null);
  const [dialog, setDialog] = useState<"confirm" | "cancel" | null>(null);
  const balance = billing.data?.ticketBalance;
  // The buttons the purchase table allows from this status (billing.policy.ts).
  const actions = data ? purchaseActionsOf(data.status) : [];

  const act = async (kind: "confirm" | "cancel") => {
    if (!data) return;
    const next = await call<OwnerPurchaseItem>(`/api/owner/ticket-purchase/${purchaseId}`, {
      method: kind === "confirm" ? "PUT" : "DELETE",
      body: kind === "confirm" ? { action: "CONFIRM_PAYMENT" } : undefined,
    });
    await mutate(next, { revalidate: false });
    void refresh(
      "/api/owner/ticket-purchase",
      "/api/owner/audit-log",
      `/api/owner/oem-detail/${data.company.id}`,
      "/api/owner/dashboard",
    );
    toast.success(
      kind === "confirm"
        ? `入金を確認しました。${data.company.name}のチケットが${data.quantity}枚増えました。`
        : "購入をキャンセルしました。",
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <BackLink href="/owner/ticket-purchases">チケット購入の一覧へ</BackLink>
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={2} />
      ) : (
        <>
          <PageHeader
            title={`チケット${data.quantity}枚の${data.isGrant ? "付与" : "購入"}`}
            lead={
              <span className="flex flex-wrap items-center gap-2">
                {supplierLink(data.company)}
                <PurchaseStatus p={data} />
              </span>
            }
            actions={
              actions.length ? (
                <>
                  {actions.includes("CONFIRM") && (
                    <Button onClick={() => setDialog("confirm")}>入金を確認</Button>
                  )}
                  {actions.includes("CANCEL") && (
                    <Button
                      variant="ghost"
                      className="border border-slate-300"
                      onClick={() => setDialog("cancel")}
                    >
                      購入をキャンセル
                    </Button>
                  )}
                </>
              ) : undefined
            }
          />
          {actions.includes("CONFIRM") && (
            <Alert tone="info" title="入金待ちです">
              {data.invoice ? `請求書（${data.invoice.number}）` : "請求書"}
              の入金を確認したら「入金を確認」を押してください。チケットはそのときに付与されます。
            </Alert>
          )}
          <Panel title="購入の内容">
            <Fields
              rows={[
                ["企業", supplierLink(data.company)],
                [
                  "現在のチケット残数",
                  billing.data
                    ? `${billing.data.ticketBalance}枚`
                    : billing.error
                      ? "取得できませんでした"
                      : "…",
                ],
                ["種別", data.isGrant ? "運営付与（無償）" : "購入（請求書払い）"],
                ["枚数", `${data.quantity}枚`],
                ...(data.isGrant
                  ? ([["金額", "無償"]] as Array<[string, string]>)
                  : ([
                      ["小計（税抜）", yenOrDash(data.subtotalYen)],
                      ["消費税", yenOrDash(data.taxYen)],
                      ["合計（税込）", yenOrDash(data.totalYen)],
                    ] as Array<[string, string]>)),
                ["状態", <PurchaseStatus key="s" p={data} />],
                ["請求書番号", data.invoice?.number],
                ["申込者", data.requestedBy ? `${data.requestedBy.name}（${data.requestedBy.email}）` : null],
                ["申込日時", formatDateTime(data.createdAt)],
                ["入金確認日時", data.paidAt ? formatDateTime(data.paidAt) : null],
                ["取消日時", data.cancelledAt ? formatDateTime(data.cancelledAt) : null],
              ]}
            />
          </Panel>
          <AuditTrail targetType="ticket_purchase" targetId={data.id} />
          <ConfirmDialog
            open={dialog === "confirm"}
            onOpenChange={(o) => setDialog(o ? "confirm" : null)}
            title="入金を確認しますか？"
            tone="primary"
            confirmLabel="入金を確認する"
            description={
              <>
                <p>
                  {data.company.name}からの入金（{yenOrDash(data.totalYen)}・税込）を確認済みにします。
                </p>
                <p className="mt-2 font-bold text-slate-900">
                  {data.company.name}のチケット残数が{data.quantity}枚増えます
                  {balance !== undefined && `（${balance}枚 → ${balance + data.quantity}枚）`}。
                </p>
                <p className="mt-2">この操作は取り消せません。</p>
              </>
            }
            onConfirm={() => act("confirm")}
          />
          <ConfirmDialog
            open={dialog === "cancel"}
            onOpenChange={(o) => setDialog(o ? "cancel" : null)}
            title="この購入をキャンセルしますか？"
            confirmLabel="購入をキャンセルする"
            cancelLabel="閉じる"
            description={
              <p>
                {data.company.name}のチケット{data.quantity}枚の購入
                {data.invoice && `（請求書 ${data.invoice.number}）`}
                を取り消します。チケットは付与されず、元に戻せません。
              </p>
            }
            onConfirm={() => act("cancel")}
          />
        </>
      )}
    </div>
  );
}
