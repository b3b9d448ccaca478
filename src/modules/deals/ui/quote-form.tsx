"use client";

// The supplier's quote (first version or a revision): up to 3 quantity/unit price tiers, sample
// cost and days, 版代・金型代, MOQ, 量産リードタイム, 支払条件, 有効期限 (today + 30 days by default),
// 備考 and files. Validated by the API's schema in the browser; the API's field errors land on
// the fields and the input stays.
import { Loader2, Plus, Trash2 } from "lucide-react";
import { useCallback, useState } from "react";
import { useFieldArray } from "react-hook-form";
import { AttachmentsField, type DraftAttachment } from "@/components/ui/attachments-field";
import { Button } from "@/components/ui/button";
import { FormErrorBanner, useFormError } from "@/components/ui/form-error-banner";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { useZodForm } from "@/components/ui/use-zod-form";
import { messageOf, setFieldErrors } from "@/lib/form-helpers";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { type QuoteInput, type QuoteVersion, quoteInput } from "@/modules/deals/deals.schema";
import { dealUploadTarget } from "./deal-parts";

export const MAX_TIERS = 3;

/** 「1,000」「１０００」 → 1000; "" → null; anything else → NaN (the schema says 数字で入力). */
export function parseNumber(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (value === null || value === undefined) return null;
  const s = String(value)
    .normalize("NFKC")
    .replace(/[,\s円日個]/g, "");
  if (s === "") return null;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
}
const required = (v: unknown) => parseNumber(v) ?? undefined;
const nullable = (v: unknown) => parseNumber(v);

const PAYMENT_PRESETS = [
  "月末締め翌月末払い",
  "月末締め翌々月末払い",
  "前金50%・納品後50%",
  "納品後30日以内に銀行振込",
];

export function defaultValidUntil(now = new Date()): string {
  return addDays(todayInJapan(now), 30);
}

function initialValues(previous: QuoteVersion | null | undefined, now = new Date()) {
  if (!previous) {
    return {
      tiers: [{ quantity: undefined, unitPriceYen: undefined }],
      sampleCostYen: null,
      sampleLeadDays: null,
      toolingCostYen: null,
      moq: null,
      leadTimeDays: undefined,
      paymentTerms: "",
      validUntil: defaultValidUntil(now),
      notes: "",
      fileIds: [],
    };
  }
  return {
    tiers: previous.tiers.map((t) => ({ ...t })),
    sampleCostYen: previous.sampleCostYen,
    sampleLeadDays: previous.sampleLeadDays,
    toolingCostYen: previous.toolingCostYen,
    moq: previous.moq,
    leadTimeDays: previous.leadTimeDays,
    paymentTerms: previous.paymentTerms,
    // An expired validity starts again at today + 30 days.
    validUntil: previous.expired ? defaultValidUntil(now) : previous.validUntil,
    notes: previous.notes ?? "",
    fileIds: previous.files.map((f) => f.id),
  };
}

const SERVER_FIELDS = [
  "tiers",
  "tiers.0.quantity",
  "tiers.0.unitPriceYen",
  "tiers.1.quantity",
  "tiers.1.unitPriceYen",
  "tiers.2.quantity",
  "tiers.2.unitPriceYen",
  "sampleCostYen",
  "sampleLeadDays",
  "toolingCostYen",
  "moq",
  "leadTimeDays",
  "paymentTerms",
  "validUntil",
  "notes",
  "fileIds",
] as const;

export function QuoteForm({
  previous,
  unit = "個",
  filesPath,
  onSubmit,
  onCancel,
}: {
  /** The current version: the form starts from it and the button says 「見積を改訂」. */
  previous?: QuoteVersion | null;
  /** The inquiry's unit: quantities are quoted in it (the thread's `inquiry.unit`). */
  unit?: string;
  /** POST …/files of the caller's company. */
  filesPath: string;
  /** PUT …/quote; throws ApiError on failure. */
  onSubmit: (input: QuoteInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const revising = Boolean(previous);
  const form = useZodForm(quoteInput, initialValues(previous) as never);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const tiers = useFieldArray({ control, name: "tiers" });
  const [files, setFiles] = useState<DraftAttachment[]>(() =>
    (previous?.files ?? []).map((f) => ({
      id: f.id,
      name: f.name,
      contentType: f.contentType,
      byteSize: f.byteSize,
    })),
  );
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((b: boolean) => setUploading(b), []);
  const { formError, ref, reveal } = useFormError();

  const submit = handleSubmit(
    async (values) => {
      reveal(undefined);
      try {
        await onSubmit({ ...values, fileIds: files.map((f) => f.id) });
      } catch (e) {
        setFieldErrors(e, setError, SERVER_FIELDS as never);
        reveal(messageOf(e));
      }
    },
    () => reveal("入力内容に誤りがあります。赤字の項目を確認してください。"),
  );

  const tierError = (errors.tiers as { message?: string; root?: { message?: string } } | undefined) ?? {};
  const num = { type: "text", inputMode: "numeric", autoComplete: "off" } as const;

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={revising ? "見積の改訂" : "見積の作成"}
      data-quote-form
      // Laid out by its own width, not the window's: it sits in the thread's side column.
      className="@container flex flex-col gap-5"
    >
      <FormErrorBanner ref={ref} message={formError} />

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-bold text-slate-800">
          数量と単価（{MAX_TIERS}段階まで）
          <span className="ml-2 inline-block rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold whitespace-nowrap text-white">
            必須
          </span>
        </legend>
        <p className="text-xs leading-5 text-slate-600">
          数量が多いほど単価が下がる場合は、段階ごとに入力してください。数量は段階ごとに大きくしてください。金額は税抜・円です。
        </p>
        {tiers.fields.map((field, i) => (
          <div
            key={field.id}
            className="grid grid-cols-1 gap-3 rounded-md bg-slate-50 p-3 @md:grid-cols-2 @2xl:grid-cols-[1fr_1fr_auto]"
          >
            <FormField
              label={`第${i + 1}段階の数量（${unit}）`}
              required
              error={errors.tiers?.[i]?.quantity?.message}
            >
              <Input
                {...num}
                placeholder="1000"
                {...register(`tiers.${i}.quantity`, { setValueAs: required })}
              />
            </FormField>
            <FormField
              label={`第${i + 1}段階の単価（円）`}
              required
              error={errors.tiers?.[i]?.unitPriceYen?.message}
            >
              <Input
                {...num}
                placeholder="350"
                {...register(`tiers.${i}.unitPriceYen`, { setValueAs: required })}
              />
            </FormField>
            {tiers.fields.length > 1 && (
              <Button
                variant="ghost"
                size="sm"
                className="self-end justify-self-end border border-slate-300 @md:col-span-2 @2xl:col-span-1 @2xl:mb-1"
                onClick={() => tiers.remove(i)}
              >
                <Trash2 aria-hidden className="size-4" />第{i + 1}段階を削除
              </Button>
            )}
          </div>
        ))}
        {(tierError.message || tierError.root?.message) && (
          <p role="alert" className="text-sm text-red-600">
            {tierError.message ?? tierError.root?.message}
          </p>
        )}
        {tiers.fields.length < MAX_TIERS && (
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={() => tiers.append({ quantity: undefined, unitPriceYen: undefined } as never)}
          >
            <Plus aria-hidden className="size-4" />
            数量の段階を追加
          </Button>
        )}
      </fieldset>

      <div className="grid grid-cols-1 gap-4 @md:grid-cols-2">
        <FormField label="サンプル費用（円）" hint="無料の場合は 0" error={errors.sampleCostYen?.message}>
          <Input {...num} {...register("sampleCostYen", { setValueAs: nullable })} />
        </FormField>
        <FormField label="サンプル納期（日）" error={errors.sampleLeadDays?.message}>
          <Input {...num} {...register("sampleLeadDays", { setValueAs: nullable })} />
        </FormField>
        <FormField label="版代・金型代（円）" hint="初回のみの費用" error={errors.toolingCostYen?.message}>
          <Input {...num} {...register("toolingCostYen", { setValueAs: nullable })} />
        </FormField>
        <FormField label={`最小ロット（MOQ・${unit}）`} error={errors.moq?.message}>
          <Input {...num} {...register("moq", { setValueAs: nullable })} />
        </FormField>
        <FormField
          label="量産リードタイム（日）"
          required
          hint="ご発注から納品までの日数"
          error={errors.leadTimeDays?.message}
        >
          <Input {...num} {...register("leadTimeDays", { setValueAs: required })} />
        </FormField>
        <FormField
          label="見積の有効期限"
          required
          hint="初期値は本日から30日後です"
          error={errors.validUntil?.message}
        >
          <Input type="date" {...register("validUntil")} />
        </FormField>
      </div>

      <FormField label="支払条件" required hint="例：月末締め翌月末払い" error={errors.paymentTerms?.message}>
        <Input list="deal-payment-presets" autoComplete="off" {...register("paymentTerms")} />
      </FormField>
      <datalist id="deal-payment-presets">
        {PAYMENT_PRESETS.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>

      <FormField label="備考" hint="条件・前提・仕様の補足など（2000文字以内）" error={errors.notes?.message}>
        <Textarea rows={4} className="min-h-24" {...register("notes")} />
      </FormField>

      <AttachmentsField
        attachments={files}
        canUpload
        compact
        target={dealUploadTarget(filesPath)}
        error={errors.fileIds?.message}
        onUploaded={(a) => setFiles((l) => [...l, a])}
        onRemove={(id) => setFiles((l) => l.filter((f) => f.id !== id))}
        onBusyChange={onBusyChange}
      />

      <div className="flex flex-col-reverse gap-2 @md:flex-row @md:justify-end">
        {onCancel && (
          <Button
            variant="ghost"
            className="border border-slate-300"
            disabled={isSubmitting}
            onClick={onCancel}
          >
            キャンセル
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting || uploading} className="@md:min-w-48">
          {isSubmitting && <Loader2 aria-hidden className="size-4 animate-spin" />}
          {revising ? "見積を改訂" : "見積を提出"}
        </Button>
      </div>
      <p className="text-xs leading-5 text-slate-600">
        提出した見積は版として保存され、発注者に通知されます。提出後の変更は「改訂」として新しい版になります。
      </p>
    </form>
  );
}
