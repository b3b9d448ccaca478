"use client";

// The award is an order form (issue 35): quantity → tier and amounts, deliveries, place,
// inspection, payment dates checked against the 60-day limit, payment method (never 手形), paid
// materials, open terms, notes and the act's verdict; a confirm step with the totals, then
// `onSubmit`. Presentational: the draft comes in as a prop, the page wrapper loads and sends.
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { get } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useFormError } from "@/components/ui/form-error-banner";
import { useZodForm } from "@/components/ui/use-zod-form";
import { ApiError } from "@/lib/api/client";
import { japaneseDate } from "@/lib/japanese-date";
import { yen } from "@/lib/yen";
import type { OrderInput } from "@/modules/orders/order.schema";
import { OUTSIDE_ADVICE } from "@/modules/orders/order-build";
import type { OrderDraft } from "@/modules/orders/order-view.schema";
import {
  formKeyOf,
  initialValues,
  type OrderFormValues,
  orderFormSchema,
  toOrderInput,
} from "./order-form.schema";
import { NotesSection, OpenTermsSection, PaidMaterialsSection } from "./order-form-extras";
import { LawSection } from "./order-form-law";
import type { SectionProps } from "./order-form-parts";
import { PaymentMethodSection, PaymentTermsSection } from "./order-form-payment";
import { QuantitySection } from "./order-form-quantity";
import { DeliverySection, InspectionSection, PlaceSection } from "./order-form-schedule";
import { pricePreview } from "./order-preview";

const ADVICE_MARK = "理由を入力すれば発行できます";

export function OrderForm({
  draft,
  onSubmit,
}: {
  draft: OrderDraft;
  /** Sends the order; throws ApiError (422 with `fields`, 409 expired or stale quote). */
  onSubmit: (input: OrderInput) => Promise<unknown>;
}) {
  const form = useZodForm(orderFormSchema(draft.law.missing), initialValues(draft));
  const {
    handleSubmit,
    formState: { errors },
  } = form;
  const [server, setServer] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<{ input: OrderInput; values: OrderFormValues } | null>(null);
  const [askOverride, setAskOverride] = useState(false);
  const { formError, ref, reveal, show } = useFormError();
  const [summary, setSummary] = useState<string[]>([]);

  const errorOf = (key: string): string | undefined =>
    (get(errors, key) as { message?: string } | undefined)?.message ?? server[key];
  const props: SectionProps = { form: form as never, draft, errorOf };

  const review = handleSubmit(
    (values) => {
      setServer({});
      setSummary([]);
      reveal(undefined);
      setPending({
        input: toOrderInput(values as OrderFormValues, draft),
        values: values as OrderFormValues,
      });
    },
    () => reveal("入力内容に誤りがあります。赤字の項目を確認してください。"),
  );

  const send = async () => {
    if (!pending) return;
    try {
      await onSubmit(pending.input);
    } catch (e) {
      setPending(null);
      if (e instanceof ApiError && Object.keys(e.fields).length) {
        const mapped: Record<string, string> = {};
        for (const [k, m] of Object.entries(e.fields)) mapped[formKeyOf(k)] = m;
        setServer(mapped);
        setSummary(Object.values(e.fields));
        if (Object.values(e.fields).some((m) => m.includes(ADVICE_MARK) || m.endsWith(OUTSIDE_ADVICE)))
          setAskOverride(true);
        show(e.message || "入力内容を確認してください。");
        return;
      }
      show(e instanceof ApiError ? e.message : "通信に失敗しました。時間をおいてもう一度お試しください。");
    }
  };

  const price = pending ? pricePreview(draft, pending.values) : null;
  return (
    <form
      onSubmit={(e) => void review(e)}
      noValidate
      aria-label="発注フォーム"
      data-order-form
      // The first section needs no rule above it.
      className="flex flex-col gap-6 [&>fieldset:first-of-type]:border-t-0 [&>fieldset:first-of-type]:pt-0"
    >
      <div ref={ref} className="empty:hidden">
        {formError && (
          <Alert tone="error" title={formError}>
            {summary.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {summary.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
      </div>
      {draft.quoteExpired && (
        <Alert tone="error">
          この見積は有効期限（{japaneseDate(draft.quoteValidUntil)}
          ）が過ぎているため発注できません。メッセージで見積の更新を依頼してください。
        </Alert>
      )}
      <QuantitySection {...props} />
      <DeliverySection {...props} />
      <PlaceSection {...props} />
      <InspectionSection {...props} />
      <PaymentTermsSection {...props} />
      <PaymentMethodSection {...props} />
      <PaidMaterialsSection {...props} />
      <OpenTermsSection {...props} />
      <NotesSection {...props} />
      <LawSection {...props} askOverride={askOverride} />

      <div className="flex flex-col gap-2 border-t border-slate-200 pt-6 desktop:flex-row desktop:items-center desktop:justify-end">
        <p className="text-xs leading-5 text-slate-600 desktop:mr-auto">
          発注すると発注書（PDF）が発行され、{draft.supplierName}にメールで届きます。
        </p>
        <Button
          type="submit"
          disabled={draft.quoteExpired || form.formState.isSubmitting}
          className="desktop:min-w-64"
        >
          {form.formState.isSubmitting && <Loader2 aria-hidden className="size-4 animate-spin" />}
          この内容で発注する
        </Button>
      </div>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        tone="primary"
        title={`${draft.supplierName}に発注しますか？`}
        confirmLabel="発注する"
        onConfirm={send}
        description={
          pending && price?.price ? (
            <>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt>数量</dt>
                <dd className="text-right">
                  {pending.input.quantity.toLocaleString("ja-JP")}
                  {draft.unit}（{price.tierLabel}）
                </dd>
                <dt>小計（税抜）</dt>
                <dd className="text-right tabular-nums">{yen(price.price.subtotalYen)}</dd>
                <dt>消費税</dt>
                <dd className="text-right tabular-nums">{yen(price.price.taxYen)}</dd>
                <dt className="font-bold">合計（税込）</dt>
                <dd className="text-right font-bold tabular-nums">{yen(price.price.totalYen)}</dd>
                <dt>納期</dt>
                <dd className="text-right">
                  {pending.input.deliveries.map((d) => japaneseDate(d.date)).join("、")}
                </dd>
              </dl>
              <p className="mt-2">
                発注書を発行して{draft.supplierName}
                にお送りします。発行後の変更は「変更発注」として受注者の承諾が必要です。
              </p>
            </>
          ) : (
            <p>この内容で発注書を発行します。</p>
          )
        }
      />
    </form>
  );
}
