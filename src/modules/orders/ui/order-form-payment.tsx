"use client";

// 支払条件 (締め日・支払月・支払日, or a date per delivery) with each delivery's 支払期日 and its
// day count from receipt, checked by the server's checkDue so a date past the limit shows its
// message before sending; 支払方法 (銀行振込 or 電子記録債権 — 手形 is never offered).
import { useWatch } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { MONTH_END } from "@/modules/orders/payment.policy";
import { Choice, dateOrDash, FieldError, Section, type SectionProps } from "./order-form-parts";
import { schedulePreview } from "./order-preview";

const DAYS = [...Array.from({ length: 28 }, (_, i) => i + 1), MONTH_END];
const dayLabel = (d: number) => (d === MONTH_END ? "末日" : `${d}日`);
const MONTHS = [
  { value: "0", label: "当月" },
  { value: "1", label: "翌月" },
  { value: "2", label: "翌々月" },
];

export function PaymentTermsSection({ form, errorOf }: SectionProps) {
  const { register, control } = form;
  const [split, deliveries, inspection, payment] = useWatch({
    control,
    name: ["split", "deliveries", "inspection", "payment"],
  });
  const { rows, termsProblem } = schedulePreview({ split, deliveries, inspection, payment });
  const fixed = payment.kind === "FIXED";
  return (
    <Section title="支払条件" required>
      <div role="radiogroup" aria-label="支払条件の決め方" className="flex flex-wrap gap-x-6">
        <Choice type="radio" value="CLOSING" label="締め日と支払日で決める" {...register("payment.kind")} />
        <Choice type="radio" value="FIXED" label="支払期日を個別に指定" {...register("payment.kind")} />
      </div>
      {!fixed && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <FormField label="締め日" required>
            <Select {...register("payment.closingDay")}>
              {DAYS.map((d) => (
                <option key={d} value={String(d)}>
                  {d === MONTH_END ? "月末" : `${d}日`}締め
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="支払月" required>
            <Select {...register("payment.monthsLater")}>
              {MONTHS.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="支払日" required>
            <Select {...register("payment.payDay")}>
              {DAYS.map((d) => (
                <option key={d} value={String(d)}>
                  {dayLabel(d)}払い
                </option>
              ))}
            </Select>
          </FormField>
        </div>
      )}
      <FieldError message={termsProblem ?? errorOf("payment.kind")} />
      <p className="text-xs leading-5 text-slate-600">
        取適法では、支払期日は納品（受領）日から60日以内（受領日を1日目と数えます）です。月末締め翌月末払いのような月単位の締切制度では2か月以内と扱われます。銀行の休業日にあたる支払日は前の営業日に繰り上げます。
      </p>
      <ul className="flex flex-col gap-3" aria-label="納入回ごとの支払期日">
        {rows.map((r, i) => {
          const label = rows.length > 1 ? `${i + 1}回目` : "納品";
          const limitMessage = r.check && !r.check.ok ? r.check.message : undefined;
          const dueError = errorOf(`deliveries.${i}.paymentDue`);
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: rows follow the delivery inputs' order
              key={i}
              data-payment-row={i}
              className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 text-sm"
            >
              <p className="text-slate-700">
                {label}（納期 {dateOrDash(r.date)}）
              </p>
              {fixed && (
                <FormField
                  label={`${label}の支払期日`}
                  required
                  className="max-w-xs"
                  error={dueError && dueError !== limitMessage ? dueError : undefined}
                >
                  <Input type="date" {...register(`deliveries.${i}.paymentDue`)} />
                </FormField>
              )}
              <p>
                支払期日 <span className="font-bold">{dateOrDash(r.paymentDue)}</span>
                {r.check && <span className="ml-2 text-slate-700">（受領日から{r.check.day}日目）</span>}
              </p>
              {limitMessage && (
                <p role="alert" data-limit-message className="text-red-700">
                  {limitMessage}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export function PaymentMethodSection({ form, errorOf }: SectionProps) {
  const { register, control } = form;
  const method = useWatch({ control, name: "payment.method" });
  return (
    <Section title="支払方法" required>
      <div role="radiogroup" aria-label="支払方法" className="flex flex-wrap gap-x-6">
        <Choice type="radio" value="BANK_TRANSFER" label="銀行振込" {...register("payment.method")} />
        <Choice type="radio" value="ELECTRONIC_CLAIM" label="電子記録債権" {...register("payment.method")} />
      </div>
      <FieldError message={errorOf("payment.method")} />
      {method === "ELECTRONIC_CLAIM" && (
        <>
          <FormField
            label="電子記録債権の内容"
            required
            hint="例：でんさいネット、支払期日に満期"
            error={errorOf("payment.methodDetail")}
          >
            <Input autoComplete="off" {...register("payment.methodDetail")} />
          </FormField>
          <div>
            <Choice
              type="checkbox"
              label="支払期日までに満額を現金化できることを確認しました"
              aria-invalid={errorOf("payment.cashableConfirmed") ? true : undefined}
              {...register("payment.cashableConfirmed")}
            />
            <FieldError message={errorOf("payment.cashableConfirmed")} />
          </div>
        </>
      )}
      <p className="text-sm text-slate-700">振込手数料は発注者が負担します。</p>
    </Section>
  );
}
