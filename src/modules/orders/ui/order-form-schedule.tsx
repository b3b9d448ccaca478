"use client";

// 納期 (one date, or 分納 rows of date + quantity with their running sum against the order),
// 納入場所 with its contact, and 検査 with the date each delivery's inspection must be done by.
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { MAX_FORM_DELIVERIES, parseCount, scheduleSum } from "./order-form.schema";
import { Choice, dateOrDash, FieldError, numeric, Section, type SectionProps } from "./order-form-parts";
import { schedulePreview } from "./order-preview";

const n = (v: number) => v.toLocaleString("ja-JP");

export function DeliverySection({ form, draft, errorOf }: SectionProps) {
  const { register, control, setValue } = form;
  const rows = useFieldArray({ control, name: "deliveries" });
  const [split, deliveries, quantity] = useWatch({ control, name: ["split", "deliveries", "quantity"] });
  const ordered = parseCount(quantity);
  const sum = scheduleSum({ split, deliveries, quantity });
  const matches = ordered !== null && !Number.isNaN(ordered) && sum === ordered;
  const setSplit = (next: boolean) => {
    setValue("split", next);
    // Leaving 分納 keeps the first date: one delivery carries the whole order.
    if (!next && rows.fields.length > 1) rows.remove(rows.fields.map((_, i) => i).slice(1));
  };
  return (
    <Section title="納期" required>
      <div role="radiogroup" aria-label="納入の回数" className="flex flex-wrap gap-x-6">
        <Choice
          type="radio"
          name="delivery-mode"
          label="一括納入"
          checked={!split}
          onChange={() => setSplit(false)}
        />
        <Choice
          type="radio"
          name="delivery-mode"
          label="分納（複数回）"
          checked={split}
          onChange={() => setSplit(true)}
        />
      </div>
      {!split ? (
        <FormField label="納期" required className="max-w-xs" error={errorOf("deliveries.0.date")}>
          <Input type="date" {...register("deliveries.0.date")} />
        </FormField>
      ) : (
        <div className="flex flex-col gap-3">
          {rows.fields.map((f, i) => (
            <div
              key={f.id}
              className="grid grid-cols-1 gap-3 rounded-md bg-slate-50 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
            >
              <FormField label={`${i + 1}回目の納期`} required error={errorOf(`deliveries.${i}.date`)}>
                <Input type="date" {...register(`deliveries.${i}.date`)} />
              </FormField>
              <FormField
                label={`${i + 1}回目の数量（${draft.unit}）`}
                required
                error={errorOf(`deliveries.${i}.quantity`)}
              >
                <Input {...numeric} {...register(`deliveries.${i}.quantity`)} />
              </FormField>
              {rows.fields.length > 1 && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="self-end justify-self-end border border-slate-300 sm:mb-1"
                  onClick={() => rows.remove(i)}
                >
                  <Trash2 aria-hidden className="size-4" />
                  {i + 1}回目を削除
                </Button>
              )}
            </div>
          ))}
          {rows.fields.length < MAX_FORM_DELIVERIES && (
            <Button
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => rows.append({ date: "", quantity: "", paymentDue: "" })}
            >
              <Plus aria-hidden className="size-4" />
              納入回を追加（{MAX_FORM_DELIVERIES}回まで）
            </Button>
          )}
          <p
            role="status"
            data-schedule-sum
            className={`rounded-md px-3 py-2 text-sm ${matches ? "bg-emerald-50 text-emerald-900" : "bg-amber-50 text-amber-900"}`}
          >
            納入数量の合計 {n(sum)}
            {draft.unit}／発注数量 {ordered && !Number.isNaN(ordered) ? `${n(ordered)}${draft.unit}` : "—"}
            {ordered && !Number.isNaN(ordered) && !matches
              ? sum < ordered
                ? `（あと${n(ordered - sum)}${draft.unit}）`
                : `（${n(sum - ordered)}${draft.unit}多い）`
              : ""}
          </p>
          <FieldError message={errorOf("split")} />
        </div>
      )}
    </Section>
  );
}

export function PlaceSection({ form, errorOf }: SectionProps) {
  const openTerms = useWatch({ control: form.control, name: "openTerms" });
  const open = openTerms.some((t) => t.field === "PLACE");
  return (
    <Section title="納入場所">
      {open && <p className="text-sm text-slate-600">納入場所は「未定事項」として後日お知らせします。</p>}
      <FormField
        label="納入場所"
        required={!open}
        hint="初期値は貴社の所在地です。工場や倉庫に納める場合は書き換えてください。"
        error={errorOf("place.address")}
      >
        <Input autoComplete="off" disabled={open} {...form.register("place.address")} />
      </FormField>
      <FormField label="担当者・連絡先" hint="例：倉庫 山田 03-1234-5678" error={errorOf("place.contact")}>
        <Input autoComplete="off" disabled={open} {...form.register("place.contact")} />
      </FormField>
    </Section>
  );
}

export function InspectionSection({ form, errorOf }: SectionProps) {
  const { register, control } = form;
  const [split, deliveries, inspection, payment] = useWatch({
    control,
    name: ["split", "deliveries", "inspection", "payment"],
  });
  const { rows } = schedulePreview({ split, deliveries, inspection, payment });
  return (
    <Section title="検査">
      <div role="radiogroup" aria-label="検査の有無" className="flex flex-wrap gap-x-6">
        <Choice type="radio" value="yes" label="検査する" {...register("inspection.required")} />
        <Choice type="radio" value="no" label="検査しない" {...register("inspection.required")} />
      </div>
      {inspection.required === "yes" && (
        <>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="order-inspection-days" className="text-sm font-bold text-slate-800">
              検査完了期日
            </label>
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
              <span>納品後</span>
              <Input
                id="order-inspection-days"
                {...numeric}
                className="w-20"
                aria-invalid={errorOf("inspection.days") ? true : undefined}
                aria-describedby={errorOf("inspection.days") ? "order-inspection-days-error" : undefined}
                {...register("inspection.days")}
              />
              <span>日以内</span>
            </div>
            <FieldError id="order-inspection-days-error" message={errorOf("inspection.days")} />
          </div>
          <ul className="flex flex-col gap-1 text-sm text-slate-700" aria-label="納入回ごとの検査完了期日">
            {rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows follow the delivery inputs' order
              <li key={i}>
                {rows.length > 1 ? `${i + 1}回目` : "納品"}（{dateOrDash(r.date)}）→ 検査完了期日{" "}
                <span className="font-bold">{dateOrDash(r.inspectionBy)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}
