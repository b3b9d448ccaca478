"use client";

// 数量 in the inquiry's unit and, as it is typed, the tier that applies, the lines, 消費税 and the
// total — priceAt, the server's own rule — with the MOQ warning and the quote's one-off costs.
import { useWatch } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { yen } from "@/lib/yen";
import { TAX_RATE_PERCENT } from "@/modules/orders/order-build";
import { Choice, FieldError, numeric, Section, type SectionProps } from "./order-form-parts";
import { pricePreview } from "./order-preview";

const n = (v: number) => v.toLocaleString("ja-JP");

export function QuantitySection({ form, draft, errorOf }: SectionProps) {
  const [quantity, includeTooling, includeSample] = useWatch({
    control: form.control,
    name: ["quantity", "includeTooling", "includeSample"],
  });
  const preview = pricePreview(draft, { quantity, includeTooling, includeSample });
  const tiers = [...draft.tiers].sort((a, b) => a.quantity - b.quantity);
  return (
    <Section title="数量と金額" required>
      <p className="text-sm leading-6 text-slate-600">
        見積（第{draft.quoteVersion}版）の単価：
        {tiers.map((t) => `${n(t.quantity)}${draft.unit}以上 ${yen(t.unitPriceYen)}`).join("／")}
        {draft.moq ? `（最小ロット ${n(draft.moq)}${draft.unit}）` : ""}
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="order-quantity" className="text-sm font-bold text-slate-800">
          数量
          <span className="ml-2 inline-block rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold whitespace-nowrap text-white">
            必須
          </span>
        </label>
        <div className="flex max-w-xs items-center gap-2">
          <Input
            id="order-quantity"
            {...numeric}
            placeholder={String(tiers[0]?.quantity ?? "")}
            aria-invalid={errorOf("quantity") ? true : undefined}
            aria-describedby={errorOf("quantity") ? "order-quantity-error" : "order-quantity-unit"}
            {...form.register("quantity")}
          />
          <span id="order-quantity-unit" className="shrink-0 text-sm font-bold text-slate-700">
            {draft.unit}
          </span>
        </div>
        <FieldError id="order-quantity-error" message={errorOf("quantity")} />
      </div>
      {preview.warning && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {preview.warning}
        </p>
      )}
      {(draft.toolingCostYen || draft.sampleCostYen) && (
        <div className="flex flex-col gap-1">
          {draft.toolingCostYen ? (
            <Choice
              type="checkbox"
              label={`版代・金型代を含める（${yen(draft.toolingCostYen)}）`}
              {...form.register("includeTooling")}
            />
          ) : null}
          {draft.sampleCostYen ? (
            <Choice
              type="checkbox"
              label={`サンプル費用を含める（${yen(draft.sampleCostYen)}）`}
              {...form.register("includeSample")}
            />
          ) : null}
        </div>
      )}
      <div
        role="status"
        aria-live="polite"
        aria-label="金額の計算"
        data-order-amounts
        className="flex flex-col gap-1.5 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm"
      >
        {preview.price ? (
          <>
            <p className="font-bold text-brand-700">{preview.tierLabel}</p>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5">
              {preview.price.lines.map((l) => (
                <div key={l.kind} className="contents">
                  <dt className="text-slate-700">
                    {l.kind === "GOODS" ? `単価 ${yen(l.unitPriceYen)} × ${n(l.quantity)}${l.unit}` : l.label}
                  </dt>
                  <dd className="text-right tabular-nums">{yen(l.amountYen)}</dd>
                </div>
              ))}
            </dl>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 border-t border-slate-200 pt-1.5">
              <dt className="text-slate-700">小計（税抜）</dt>
              <dd className="text-right tabular-nums">{yen(preview.price.subtotalYen)}</dd>
              <dt className="text-slate-700">消費税（{TAX_RATE_PERCENT}%）</dt>
              <dd className="text-right tabular-nums">{yen(preview.price.taxYen)}</dd>
              <dt className="font-bold text-slate-900">合計（税込）</dt>
              <dd className="text-right text-lg font-bold tabular-nums text-slate-900">
                {yen(preview.price.totalYen)}
              </dd>
            </dl>
          </>
        ) : (
          <p className="text-slate-600">数量を入力すると、適用される単価と金額がここに表示されます。</p>
        )}
      </div>
    </Section>
  );
}
