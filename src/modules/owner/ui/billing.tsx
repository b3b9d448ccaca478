"use client";

// Tickets in the console: purchases (confirm the invoice payment, cancel), the operator's free
// grant, and usages (refund). Plans are in plans.tsx.
import { Gift, Loader2 } from "lucide-react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { ConsoleList, type ListColumn, type ListFilter } from "@/components/owner/console-list";
import { AuditTrail, BackLink, Fields, optionsOf, Panel, StatusBadge } from "@/components/owner/parts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi, useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import { yenOrDash } from "@/lib/yen";
import type { OwnerPurchaseItem, OwnerUsageItem, ownerSupplierBilling } from "../owner.schema";
import { formErrorsOf, linkClass, useRefreshOwner } from "./common";
import { type PickedSupplier, SupplierPicker } from "./supplier-picker";

type SupplierBilling = z.infer<typeof ownerSupplierBilling>;

const supplierLink = (c: { id: string; name: string }) => (
  <Link href={`/owner/suppliers/${c.id}`} className={linkClass}>
    {c.name}
  </Link>
);

const person = (p: { name: string; email: string } | null) =>
  p ? (
    <span className="flex flex-col">
      <span>{p.name}</span>
      <span className="text-xs break-all text-slate-500">{p.email}</span>
    </span>
  ) : (
    "—"
  );

function PurchaseStatus({ p }: { p: Pick<OwnerPurchaseItem, "status" | "isGrant"> }) {
  return (
    <span className="flex flex-wrap gap-1 whitespace-nowrap">
      <StatusBadge kind="purchase" value={p.status} />
      {p.isGrant && <Badge tone="brand">運営付与</Badge>}
    </span>
  );
}

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
          {r.status === "PENDING" ? "入金を確認する" : "詳細を見る"}
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
              data.status === "PENDING" ? (
                <>
                  <Button onClick={() => setDialog("confirm")}>入金を確認</Button>
                  <Button
                    variant="ghost"
                    className="border border-slate-300"
                    onClick={() => setDialog("cancel")}
                  >
                    購入をキャンセル
                  </Button>
                </>
              ) : undefined
            }
          />
          {data.status === "PENDING" && (
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

// ---------------------------------------------------------------- grant

export function GrantTicketsForm() {
  const params = useSearchParams();
  const preset = params?.get("companyId") ?? null;
  const router = useRouter();
  const { call } = useOwnerSession();
  const refresh = useRefreshOwner();
  const presetBilling = useOwnerApi<SupplierBilling>(preset ? `/api/owner/oem-detail/${preset}` : null);
  const [company, setCompany] = useState<PickedSupplier | null>(null);
  const [quantity, setQuantity] = useState("1");
  const [note, setNote] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);

  // A link from a supplier's page (?companyId=) chooses the company.
  const presetCompany = presetBilling.data?.company;
  const [presetApplied, setPresetApplied] = useState(false);
  if (presetCompany && !presetApplied) {
    setPresetApplied(true);
    setCompany({
      id: presetCompany.id,
      name: presetCompany.name,
      ticketBalance: presetBilling.data?.ticketBalance,
      paymentStatus: presetCompany.paymentStatus,
    });
  }

  const n = Number(quantity);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!company) local.companyId = "企業を選択してください";
    if (!quantity.trim()) local.quantity = "枚数を入力してください";
    else if (!Number.isInteger(n) || n < 1) local.quantity = "枚数は1枚以上の整数で入力してください";
    else if (n > 100) local.quantity = "一度に付与できるのは100枚までです";
    setFields(local);
    setFormError(Object.keys(local).length ? "入力内容を確認してください。" : undefined);
    if (Object.keys(local).length === 0) setConfirming(true);
  };

  const grant = async () => {
    if (!company) return;
    try {
      const created = await call<OwnerPurchaseItem>("/api/owner/ticket-purchase", {
        method: "POST",
        body: { companyId: company.id, quantity: n, note: note.trim() || undefined },
      });
      setDone(true);
      void refresh("/api/owner/ticket-purchase", "/api/owner/oem", "/api/owner/audit-log");
      toast.success(`${company.name}にチケットを${n}枚付与しました。`);
      router.push(`/owner/ticket-purchases/${created.id}`);
    } catch (err) {
      const { message, fields: f } = formErrorsOf(err);
      setFields(f);
      setFormError(message);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <BackLink href="/owner/ticket-purchases">チケット購入の一覧へ</BackLink>
      <PageHeader
        title="チケットを付与"
        lead="お詫びやキャンペーンで、OEMメーカーにチケットを無償で付与します。付与するとすぐに残数に反映され、請求書は発行されません。"
      />
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="チケットの付与"
        className="flex max-w-2xl flex-col gap-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm desktop:p-6"
      >
        {formError && <Alert tone="error">{formError}</Alert>}
        {preset && presetBilling.error && (
          <Alert tone="error">指定された企業が見つかりませんでした。企業を検索して選んでください。</Alert>
        )}
        <FormField
          label="付与する企業（OEMメーカー）"
          required
          error={fields.companyId}
          hint="企業名の一部を入力すると候補が表示されます。"
        >
          <SupplierPicker value={company} onChange={setCompany} />
        </FormField>
        {company && (
          <p className="-mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            選択中：<span className="font-bold">{company.name}</span>
            {company.paymentStatus && <StatusBadge kind="payment" value={company.paymentStatus} />}
            {company.ticketBalance !== undefined && <span>現在の残数 {company.ticketBalance}枚</span>}
          </p>
        )}
        <FormField label="枚数" required error={fields.quantity} hint="1〜100枚">
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            className="w-32"
          />
        </FormField>
        <FormField
          label="メモ"
          error={fields.note}
          hint="付与の理由など（500文字まで）。操作履歴に残り、企業には表示されません。"
        >
          <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={3} />
        </FormField>
        <div>
          <Button type="submit" disabled={done} className="w-full desktop:w-auto">
            {done && <Loader2 aria-hidden className="size-4 animate-spin" />}
            内容を確認して付与
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="チケットを付与しますか？"
        tone="primary"
        confirmLabel={`${Number.isInteger(n) ? n : ""}枚を付与する`}
        description={
          company && (
            <>
              <p>
                {company.name}にチケットを{n}枚、無償で付与します。
              </p>
              <p className="mt-2 font-bold text-slate-900">
                すぐに残数に反映されます
                {company.ticketBalance !== undefined &&
                  `（${company.ticketBalance}枚 → ${company.ticketBalance + n}枚）`}
                。
              </p>
              {note.trim() && <p className="mt-2 whitespace-pre-wrap">メモ：{note.trim()}</p>}
            </>
          )
        }
        onConfirm={grant}
      />
    </div>
  );
}

// ---------------------------------------------------------------- usages

const usageFilters: ListFilter[] = [
  { name: "keyword", label: "キーワード", type: "search", placeholder: "企業名・案件名" },
  {
    name: "refunded",
    label: "返還",
    type: "select",
    options: [
      { value: "", label: "すべて" },
      { value: "false", label: "返還していない" },
      { value: "true", label: "返還済み" },
    ],
  },
  { name: "companyId", label: "企業", type: "hidden" },
  { name: "contactId", label: "案件", type: "hidden" },
];

export function UsagesList() {
  const params = useSearchParams();
  const { call } = useOwnerSession();
  const refresh = useRefreshOwner();
  const [target, setTarget] = useState<OwnerUsageItem | null>(null);
  const scoped = params?.get("companyId") || params?.get("contactId");

  const refund = async () => {
    if (!target) return;
    await call<OwnerUsageItem>(`/api/owner/ticket-usage/${target.id}`, { method: "DELETE" });
    await refresh(
      "/api/owner/ticket-usage",
      "/api/owner/audit-log",
      `/api/owner/oem-detail/${target.company.id}`,
    );
    toast.success(`${target.company.name}にチケットを1枚返還しました。`);
  };

  const columns: Array<ListColumn<OwnerUsageItem>> = [
    { header: "使用日時", cell: (r) => formatDateTime(r.createdAt) },
    { header: "企業", cell: (r) => supplierLink(r.company) },
    {
      header: "案件",
      cell: (r) => (
        <span className="flex flex-col gap-1">
          <Link href={`/owner/inquiries/${r.inquiry.id}`} className={linkClass}>
            {r.inquiry.title}
          </Link>
          <span>
            <StatusBadge kind="inquiryType" value={r.inquiry.type} />
          </span>
        </span>
      ),
    },
    { header: "使用者", cell: (r) => person(r.usedBy), desktopOnly: true },
    {
      header: "返還",
      cell: (r) =>
        r.refundedAt ? (
          <span className="flex flex-col">
            <Badge tone="slate" className="self-start">
              返還済み
            </Badge>
            <span className="text-xs text-slate-500">{formatDateTime(r.refundedAt)}</span>
          </span>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            className="border border-slate-300"
            onClick={() => setTarget(r)}
            aria-label={`${r.company.name}の「${r.inquiry.title}」のチケットを返還`}
          >
            返還
          </Button>
        ),
    },
  ];
  return (
    <>
      <ConsoleList
        title="チケット利用"
        lead={
          scoped
            ? "企業または案件で絞り込んでいます。「条件をクリア」ですべての利用を表示します。"
            : "指名案件で使われたチケットです。誤って使われたものは返還できます。"
        }
        endpoint="/api/owner/ticket-usage"
        filters={usageFilters}
        columns={columns}
        rowKey={(r) => r.id}
        csvName="ticket-usages.csv"
        empty="該当するチケット利用はありません。"
      />
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(o) => !o && setTarget(null)}
        title="チケットを返還しますか？"
        tone="primary"
        confirmLabel="返還する"
        description={
          target && (
            <>
              <p>
                {target.company.name}が「{target.inquiry.title}」で使ったチケット1枚を返還します。
              </p>
              <p className="mt-2 font-bold text-slate-900">
                {target.company.name}のチケット残数が1枚増えます。
              </p>
              <p className="mt-2">使用の記録は「返還済み」として残ります。</p>
            </>
          )
        }
        onConfirm={refund}
      />
    </>
  );
}
