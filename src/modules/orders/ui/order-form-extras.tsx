"use client";

// The optional parts of an order: 有償支給材 (materials the buyer sells to the supplier, settled
// no earlier than the goods are paid), 未定事項 (what cannot be fixed yet, why, and by when), 備考.
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { MAX_PAID_MATERIALS } from "@/modules/orders/order.schema";
import { numeric, Section, type SectionProps } from "./order-form-parts";

const OPEN_FIELDS = [
  { value: "SPECIFICATION", label: "仕様" },
  { value: "PLACE", label: "納入場所" },
  { value: "INSPECTION", label: "検査" },
] as const;

export function PaidMaterialsSection({ form, errorOf }: SectionProps) {
  const { register, control } = form;
  const rows = useFieldArray({ control, name: "paidMaterials" });
  const e = (i: number, f: string) => errorOf(`paidMaterials.${i}.${f}`);
  return (
    <Section title="有償支給材">
      <p className="text-sm leading-6 text-slate-600">
        製造に使う材料を有償で支給する場合に入力してください。支給材の代金は、それを使った製品の支払期日より前に決済できません。
      </p>
      {rows.fields.map((f, i) => (
        <div
          key={f.id}
          className="grid grid-cols-1 gap-3 rounded-md bg-slate-50 p-3 sm:grid-cols-2 desktop:grid-cols-4"
        >
          <FormField label={`支給品名（${i + 1}）`} required error={e(i, "item")}>
            <Input autoComplete="off" {...register(`paidMaterials.${i}.item`)} />
          </FormField>
          <FormField label="支給数量" required error={e(i, "quantity")}>
            <Input {...numeric} {...register(`paidMaterials.${i}.quantity`)} />
          </FormField>
          <FormField label="単位" required error={e(i, "unit")}>
            <Input autoComplete="off" placeholder="kg" {...register(`paidMaterials.${i}.unit`)} />
          </FormField>
          <FormField label="支給単価（円）" required error={e(i, "unitPriceYen")}>
            <Input {...numeric} {...register(`paidMaterials.${i}.unitPriceYen`)} />
          </FormField>
          <FormField label="引渡日" required error={e(i, "handoverDate")}>
            <Input type="date" {...register(`paidMaterials.${i}.handoverDate`)} />
          </FormField>
          <FormField label="決済期日" required error={e(i, "settlementDate")}>
            <Input type="date" {...register(`paidMaterials.${i}.settlementDate`)} />
          </FormField>
          <FormField label="決済方法" required error={e(i, "settlementMethod")}>
            <Input
              autoComplete="off"
              placeholder="製品代金と相殺"
              {...register(`paidMaterials.${i}.settlementMethod`)}
            />
          </FormField>
          <Button
            variant="ghost"
            size="sm"
            className="self-end justify-self-end border border-slate-300 sm:mb-1"
            onClick={() => rows.remove(i)}
          >
            <Trash2 aria-hidden className="size-4" />
            支給材（{i + 1}）を削除
          </Button>
        </div>
      ))}
      {rows.fields.length < MAX_PAID_MATERIALS && (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() =>
            rows.append({
              item: "",
              quantity: "",
              unit: "",
              unitPriceYen: "",
              handoverDate: "",
              settlementDate: "",
              settlementMethod: "",
            })
          }
        >
          <Plus aria-hidden className="size-4" />
          有償支給材を追加
        </Button>
      )}
    </Section>
  );
}

export function OpenTermsSection({ form, errorOf }: SectionProps) {
  const { register, control } = form;
  const rows = useFieldArray({ control, name: "openTerms" });
  const e = (i: number, f: string) => errorOf(`openTerms.${i}.${f}`);
  return (
    <Section title="未定事項">
      <p className="text-sm leading-6 text-slate-600">
        正当な理由で今は定められない事項があれば、理由と確定予定日を記載してください。確定したら「補充書面」で受注者にお知らせします。
      </p>
      {rows.fields.map((f, i) => (
        <div
          key={f.id}
          className="grid grid-cols-1 gap-3 rounded-md bg-slate-50 p-3 sm:grid-cols-[10rem_1fr_12rem]"
        >
          <FormField label={`項目（${i + 1}）`} required error={e(i, "field")}>
            <Select {...register(`openTerms.${i}.field`)}>
              <option value="">選択してください</option>
              {OPEN_FIELDS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="理由" required error={e(i, "reason")}>
            <Input autoComplete="off" {...register(`openTerms.${i}.reason`)} />
          </FormField>
          <FormField label="確定予定日" required error={e(i, "expectedBy")}>
            <Input type="date" {...register(`openTerms.${i}.expectedBy`)} />
          </FormField>
          <Button
            variant="ghost"
            size="sm"
            className="w-fit border border-slate-300 sm:col-span-3 sm:justify-self-end"
            onClick={() => rows.remove(i)}
          >
            <Trash2 aria-hidden className="size-4" />
            未定事項（{i + 1}）を削除
          </Button>
        </div>
      ))}
      {errorOf("openTerms") && (
        <p role="alert" className="text-sm text-red-600">
          {errorOf("openTerms")}
        </p>
      )}
      {rows.fields.length < OPEN_FIELDS.length && (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => rows.append({ field: "", reason: "", expectedBy: "" })}
        >
          <Plus aria-hidden className="size-4" />
          未定事項を追加
        </Button>
      )}
    </Section>
  );
}

export function NotesSection({ form, errorOf }: SectionProps) {
  return (
    <Section title="備考">
      <FormField label="備考" hint="受注者への連絡事項など（1000文字以内）" error={errorOf("notes")}>
        <Textarea rows={3} className="min-h-24" {...form.register("notes")} />
      </FormField>
    </Section>
  );
}
