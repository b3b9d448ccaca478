"use client";

// The operator's free grant of tickets (compensation, campaigns): POST /api/owner/ticket-purchase.
import { Loader2 } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { type ComponentType, type FormEvent, useState } from "react";
import { formErrorsOf, useRefreshOwner } from "@/components/owner/console-helpers";
import { BackLink, StatusBadge } from "@/components/owner/parts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-parts";
import { useOwnerApi, useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import type { OwnerPurchaseItem } from "@/modules/billing/billing-operator.schema";
import type { PickedSupplier, SupplierBilling } from "./parts";

// ---------------------------------------------------------------- grant

/** The companies module's supplier picker, handed in by the page (a module does not import another's ui/). */
export type SupplierPickerComponent = ComponentType<{
  value: PickedSupplier | null;
  onChange: (next: PickedSupplier | null) => void;
}>;

export function GrantTicketsForm({ SupplierPicker }: { SupplierPicker: SupplierPickerComponent }) {
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
