"use client";

// 取適法: the verdict the companies' figures give (an info box), the figures still missing asked
// here and sent as `facts`, and — outside the act, once the server advises — the reason for
// setting an advised rule aside (overrideReason).
import { Alert } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { Choice, FieldError, numeric, Section, type SectionProps } from "./order-form-parts";

type Missing = SectionProps["draft"]["law"]["missing"][number];

function labelOf(m: Missing, supplierName: string): string {
  const who = m.side === "BUYER" ? "貴社" : supplierName;
  if (m.field === "capitalYen") return `${who}の資本金（円）`;
  if (m.field === "employeeCount") return `${who}の従業員数（常時使用する従業員・パート含む、派遣除く）`;
  return m.side === "SUPPLIER" ? `受注者（${supplierName}）が個人事業主か` : "貴社が個人事業主か";
}

export function LawSection({
  form,
  draft,
  errorOf,
  askOverride,
}: SectionProps & { /** The server advised a rule that a reason may set aside. */ askOverride: boolean }) {
  const { register } = form;
  return (
    <Section title="取適法（中小受託取引適正化法）">
      <Alert tone="info">
        <p data-law-summary>{draft.law.summary}</p>
      </Alert>
      {draft.law.missing.length > 0 && (
        <div className="flex flex-col gap-3">
          <p className="text-sm leading-6 text-slate-700">
            対象かどうかを判断するため、次の項目を入力してください（貴社の数値は会社情報に保存されます）。
          </p>
          {draft.law.missing.map((m) => {
            const side = m.side === "BUYER" ? "buyer" : "supplier";
            const key = `facts.${side}.${m.field}`;
            if (m.field === "individual") {
              return (
                <fieldset key={key} className="flex flex-col gap-1">
                  <legend className="text-sm font-bold text-slate-800">
                    {labelOf(m, draft.supplierName)}
                  </legend>
                  <div className="flex flex-wrap gap-x-6">
                    <Choice type="radio" value="no" label="法人" {...register(`facts.${side}.individual`)} />
                    <Choice
                      type="radio"
                      value="yes"
                      label="個人事業主"
                      {...register(`facts.${side}.individual`)}
                    />
                  </div>
                  <FieldError message={errorOf(key)} />
                </fieldset>
              );
            }
            return (
              <FormField
                key={key}
                label={labelOf(m, draft.supplierName)}
                required
                className="max-w-md"
                error={errorOf(key)}
              >
                <Input {...numeric} {...register(`facts.${side}.${m.field}`)} />
              </FormField>
            );
          })}
          <FieldError message={errorOf("facts")} />
        </div>
      )}
      {askOverride && (
        <FormField
          label="基準外とする理由"
          required
          hint="この発注は取適法の対象外です。上の注意事項と異なる条件で発行する理由を記載してください（発注の記録に残ります）。"
          error={errorOf("overrideReason")}
        >
          <Textarea rows={3} className="min-h-24" {...register("overrideReason")} />
        </FormField>
      )}
    </Section>
  );
}
