"use client";

// /account/oem/capabilities (対応能力): GET /api/oem/company/{companyId}/capabilities and POST
// …/capabilities/update (the complete document). The figures are what buyers filter and match on,
// so each is a number in one unit; what is left blank is simply not shown.
import { Boxes, Layers, PackageCheck, Wrench } from "lucide-react";
import { Controller, useForm, useWatch } from "react-hook-form";
import useSWR from "swr";
import { FormErrorBanner, useFormError } from "@/components/ui/form-error-banner";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/input";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { SaveBar, SettingsSection } from "@/components/ui/page-parts";
import { useCapabilityMasters } from "@/lib/api/capability-masters";
import { apiFetch } from "@/lib/api/client";
import { applyApiError, revealFirstError } from "@/lib/form-utils";
import { toast } from "@/lib/toast";
import { useUnsavedWarning } from "@/lib/use-unsaved-warning";
import {
  type Capabilities,
  type CapabilitiesBody,
  type CapabilityValues,
  type NumberField,
  quantityInWords,
  resolver,
  toValues,
} from "./capabilities-model";
import { ChoiceRadios, QuantityInput } from "./capabilities-parts";
import { ChoiceGroup } from "./oem-information-parts";

export function CapabilitiesSettings({ companyId }: { companyId: string }) {
  const { data, error, mutate } = useSWR<Capabilities>(`/api/oem/company/${companyId}/capabilities`);
  if (error) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (!data) return <LoadingBlock rows={4} />;
  return (
    <CapabilitiesForm
      companyId={companyId}
      capabilities={data}
      onSaved={(saved) => void mutate(saved, { revalidate: false })}
    />
  );
}

function CapabilitiesForm({
  companyId,
  capabilities,
  onSaved,
}: {
  companyId: string;
  capabilities: Capabilities;
  onSaved: (saved: Capabilities) => void;
}) {
  const { data: masters, error: mastersError } = useCapabilityMasters();
  const { formError, setFormError, ref: formErrorRef, reveal } = useFormError();
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<CapabilityValues, unknown, CapabilitiesBody>({
    resolver,
    mode: "onTouched",
    defaultValues: toValues(capabilities),
  });
  useUnsavedWarning(isDirty);
  const values = useWatch({ control }) as CapabilityValues;
  const unit = values.quantityUnit || "";

  const onSubmit = handleSubmit(
    async (input) => {
      setFormError(undefined);
      try {
        const saved = await apiFetch<Capabilities>(`/api/oem/company/${companyId}/capabilities/update`, {
          method: "POST",
          body: input,
        });
        onSaved(saved);
        reset(toValues(saved));
        toast.success("対応能力を保存しました。");
      } catch (e) {
        // The values stay as typed: only the messages are added.
        reveal(applyApiError(e, setError, (k) => k in values));
      }
    },
    () => revealFirstError(),
  );

  const err = (f: keyof CapabilityValues) => errors[f]?.message as string | undefined;
  const quantity = (f: NumberField, label: string, placeholder: string, hint: string, required = false) => (
    <FormField
      label={label}
      required={required}
      hint={(f === "sampleDays" ? undefined : quantityInWords(values[f], unit)) ?? hint}
      error={err(f)}
    >
      <QuantityInput
        unit={f === "sampleDays" ? "日" : unit || "—"}
        placeholder={placeholder}
        {...register(f)}
      />
    </FormField>
  );

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-label="対応能力の編集"
      className="flex flex-col gap-6"
    >
      <FormErrorBanner ref={formErrorRef} message={formError} className="empty:hidden" />

      <SettingsSection
        id="capability-lot"
        title="ロット・生産能力"
        icon={<Boxes aria-hidden className="size-5" />}
        lead="発注者が数量で検索したり、条件に合うメーカーを探したりするときに使われます。分からない項目は空欄のままで構いません。"
      >
        <FormField
          label="数量の単位"
          hint="MOQ・月産能力・小ロットの数量はこの単位で入力します"
          error={err("quantityUnit")}
        >
          <Select className="desktop:max-w-60" {...register("quantityUnit")}>
            <option value="">選択してください</option>
            {(masters?.quantityUnits ?? (values.quantityUnit ? [values.quantityUnit] : [])).map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </Select>
        </FormField>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-bold text-slate-800">
            MOQ（最小発注数量）
            <span className="ml-2 rounded bg-slate-500 px-1.5 py-0.5 text-xs font-bold text-white">任意</span>
          </legend>
          <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-start gap-2 desktop:max-w-xl">
            {quantity("moqMin", "下限", "1000", "例: 1000")}
            <span aria-hidden className="pt-9 text-slate-500">
              〜
            </span>
            {quantity("moqMax", "上限", "50000", "例: 50000")}
          </div>
        </fieldset>
        <div className="desktop:max-w-xs">
          {quantity("monthlyCapacity", "月産能力", "100000", "1か月に生産できる数量")}
        </div>
      </SettingsSection>

      <SettingsSection
        id="capability-small-lot"
        title="小ロット・サンプル"
        icon={<PackageCheck aria-hidden className="size-5" />}
      >
        <Controller
          control={control}
          name="smallLotAccepted"
          render={({ field }) => (
            <ChoiceRadios
              legend="小ロット対応"
              hint="MOQ未満の数量でも相談に応じられる場合は「対応する」を選びます"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              error={err("smallLotAccepted")}
            />
          )}
        />
        {values.smallLotAccepted === "yes" && (
          <div className="desktop:max-w-xs">
            {quantity("smallLotMin", "小ロットの最小数量", "300", "MOQの下限より小さい数量")}
          </div>
        )}
        <Controller
          control={control}
          name="sampleAvailable"
          render={({ field }) => (
            <ChoiceRadios
              legend="サンプル製作"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              error={err("sampleAvailable")}
            />
          )}
        />
        {values.sampleAvailable === "yes" && (
          <div className="desktop:max-w-xs">
            {quantity("sampleDays", "サンプルの目安日数", "14", "ご依頼からお渡しまでの目安（1〜365日）")}
          </div>
        )}
      </SettingsSection>

      <SettingsSection
        id="capability-processes"
        title="加工"
        icon={<Wrench aria-hidden className="size-5" />}
      >
        <Controller
          control={control}
          name="processIds"
          render={({ field }) => (
            <ChoiceGroup
              wide
              legend="対応できる加工"
              note="当てはまるものをすべて"
              items={masters?.processes}
              loadError={mastersError}
              value={field.value}
              onChange={field.onChange}
              error={err("processIds")}
            />
          )}
        />
      </SettingsSection>

      <SettingsSection
        id="capability-materials"
        title="素材"
        icon={<Layers aria-hidden className="size-5" />}
      >
        <Controller
          control={control}
          name="materialIds"
          render={({ field }) => (
            <ChoiceGroup
              wide
              legend="扱える素材"
              note="当てはまるものをすべて"
              items={masters?.materials}
              loadError={mastersError}
              value={field.value}
              onChange={field.onChange}
              error={err("materialIds")}
            />
          )}
        />
      </SettingsSection>

      <SaveBar
        busy={isSubmitting}
        label="対応能力を保存する"
        status={
          isDirty ? <span className="font-bold text-amber-700">未保存の変更があります</span> : undefined
        }
      />
    </form>
  );
}
