"use client";

import { ChevronDown } from "lucide-react";
import { useEffect, useId, useState } from "react";
import useSWR from "swr";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { QUANTITY_UNITS } from "@/modules/master-data/master-data.schema";
import { MAX_REQUIREMENT_IDS } from "@/modules/matching/requirement.schema";
import { Anchor } from "./content-parts";
import type { InquiryDraft } from "./draft";

// 「詳しい条件（任意）」 of the content step (issue 20): quantities with their unit, the
// certifications and licences a supplier must hold verified, processes, materials, a sample.
// They decide which suppliers the bulk flow suggests and are shown to the suppliers.

export interface CapabilityLists {
  processes: Array<{ id: number; name: string }>;
  materials: Array<{ id: number; name: string }>;
  certificationTypes: Array<{ id: number; name: string; kind: "CERTIFICATION" | "LICENSE" }>;
}

/** The API keys of the part: an error on one of them opens it. */
export const REQUIREMENT_KEYS = [
  "lotQuantity",
  "monthlyQuantity",
  "quantityUnit",
  "requiredCertificationIds",
  "processIds",
  "materialIds",
  "sampleWanted",
] as const;

type Setter = <K extends keyof InquiryDraft>(key: K, value: InquiryDraft[K], ...apiKeys: string[]) => void;

export function hasRequirements(d: InquiryDraft): boolean {
  return Boolean(
    d.lotQuantity ||
      d.monthlyQuantity ||
      d.quantityUnit ||
      d.requiredCertificationIds.length ||
      d.processIds.length ||
      d.materialIds.length ||
      d.sampleWanted,
  );
}

const LOAD_ERROR = "選択肢を読み込めませんでした。時間をおいてもう一度お試しください。";

export function RequirementsFields({
  draft,
  set,
  errors,
}: {
  draft: InquiryDraft;
  set: Setter;
  errors: Record<string, string>;
}) {
  const id = useId();
  const [open, setOpen] = useState(() => hasRequirements(draft));
  const { data: lists, error: loadError } = useSWR<CapabilityLists>("/api/capabilities");
  const hasError = REQUIREMENT_KEYS.some((k) => errors[k]);
  useEffect(() => {
    if (hasError) setOpen(true);
  }, [hasError]);

  const certifications = lists?.certificationTypes ?? [];
  return (
    <section id="field-requirements" className="flex scroll-mt-24 flex-col gap-4">
      <h2 className="border-b-2 border-brand-600 pb-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-11 w-full items-center justify-between gap-3 text-left text-lg font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span>
            詳しい条件（任意）
            {!open && hasRequirements(draft) && (
              <span className="ml-2 text-sm font-normal text-brand-700">入力済み</span>
            )}
          </span>
          <ChevronDown
            aria-hidden
            className={cn("size-5 shrink-0 text-slate-500 transition-transform", open && "rotate-180")}
          />
        </button>
      </h2>
      <p className="text-sm leading-6 text-slate-600">
        ロット数量や必要な認証・許可を入れると、条件に合うOEMメーカーを探しやすくなります。入力した条件は、問い合わせ内容としてOEMメーカーにも表示されます。
      </p>
      <div id={`${id}-body`} hidden={!open} className="flex flex-col gap-6">
        <div className="grid grid-cols-1 gap-5 desktop:grid-cols-3">
          <Anchor name="lotQuantity">
            <FormField label="ロット数量（1回の発注）" hint="例: 3000" error={errors.lotQuantity}>
              <Input
                name="lotQuantity"
                inputMode="numeric"
                autoComplete="off"
                value={draft.lotQuantity}
                onChange={(e) => set("lotQuantity", e.target.value)}
              />
            </FormField>
          </Anchor>
          <Anchor name="monthlyQuantity">
            <FormField label="月間数量（量産時）" hint="例: 10000" error={errors.monthlyQuantity}>
              <Input
                name="monthlyQuantity"
                inputMode="numeric"
                autoComplete="off"
                value={draft.monthlyQuantity}
                onChange={(e) => set("monthlyQuantity", e.target.value)}
              />
            </FormField>
          </Anchor>
          <Anchor name="quantityUnit">
            <FormField
              label="数量の単位"
              hint="数量を入れたときは必ず選んでください。"
              error={errors.quantityUnit}
            >
              <Select
                name="quantityUnit"
                value={draft.quantityUnit}
                onChange={(e) => set("quantityUnit", e.target.value)}
              >
                <option value="">選択してください</option>
                {QUANTITY_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </Select>
            </FormField>
          </Anchor>
        </div>

        {loadError && (
          <p role="alert" className="text-sm text-red-600">
            {LOAD_ERROR}
          </p>
        )}
        {!lists && !loadError ? (
          <div role="status" aria-label="選択肢を読み込み中" className="flex flex-col gap-3">
            <div className="h-5 w-1/4 animate-pulse rounded bg-slate-200" />
            <div className="h-24 animate-pulse rounded bg-slate-100" />
          </div>
        ) : (
          lists && (
            <>
              <Anchor name="requiredCertificationIds">
                <fieldset className="flex flex-col gap-3">
                  <Legend
                    text="必要な認証・許可"
                    hint="運営事務局が証明書を確認した（認証確認済みの）OEMメーカーだけが、条件に合う企業になります。"
                  />
                  {(
                    [
                      ["CERTIFICATION", "認証"],
                      ["LICENSE", "許可"],
                    ] as const
                  ).map(([kind, label]) => (
                    <IdCheckboxes
                      key={kind}
                      group={label}
                      items={certifications.filter((c) => c.kind === kind)}
                      value={draft.requiredCertificationIds}
                      onChange={(v) => set("requiredCertificationIds", v)}
                    />
                  ))}
                  <FieldError message={errors.requiredCertificationIds} />
                </fieldset>
              </Anchor>
              <Anchor name="processIds">
                <fieldset className="flex flex-col gap-3">
                  <Legend text="加工" hint="依頼したい加工・工程を選んでください。" />
                  <IdCheckboxes
                    items={lists.processes}
                    value={draft.processIds}
                    onChange={(v) => set("processIds", v)}
                  />
                  <FieldError message={errors.processIds} />
                </fieldset>
              </Anchor>
              <Anchor name="materialIds">
                <fieldset className="flex flex-col gap-3">
                  <Legend text="素材" hint="使いたい素材・原料を選んでください。" />
                  <IdCheckboxes
                    items={lists.materials}
                    value={draft.materialIds}
                    onChange={(v) => set("materialIds", v)}
                  />
                  <FieldError message={errors.materialIds} />
                </fieldset>
              </Anchor>
            </>
          )
        )}

        <Anchor name="sampleWanted">
          <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-bold text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
            <input
              type="checkbox"
              name="sampleWanted"
              checked={draft.sampleWanted}
              onChange={(e) => set("sampleWanted", e.target.checked)}
              className="size-5 shrink-0 accent-brand-600 focus-visible:outline-none"
            />
            サンプル（試作品）の製作を希望する
          </label>
          <FieldError message={errors.sampleWanted} />
        </Anchor>
      </div>
    </section>
  );
}

function Legend({ text, hint }: { text: string; hint: string }) {
  return (
    <legend className="flex flex-col gap-1">
      <span className="text-sm font-bold text-slate-800">
        {text}
        <span className="ml-2 rounded bg-slate-500 px-1.5 py-0.5 text-xs font-bold text-white">任意</span>
        <span className="ml-2 text-xs font-normal text-slate-600">（{MAX_REQUIREMENT_IDS}件まで）</span>
      </span>
      <span className="text-xs font-normal text-slate-600">{hint}</span>
    </legend>
  );
}

function FieldError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="text-sm text-red-600">
      {message}
    </p>
  ) : null;
}

/** Checkboxes of master-list rows; at most MAX_REQUIREMENT_IDS checked (the others wait). */
function IdCheckboxes({
  items,
  value,
  onChange,
  group,
}: {
  items: Array<{ id: number; name: string }>;
  value: number[];
  onChange: (ids: number[]) => void;
  /** A heading above the boxes (認証 / 許可). */
  group?: string;
}) {
  const full = value.length >= MAX_REQUIREMENT_IDS;
  if (!items.length) return null;
  const boxes = (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => {
        const checked = value.includes(item.id);
        return (
          <li key={item.id}>
            <label
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
                checked
                  ? "border-brand-600 bg-brand-50 font-bold text-brand-700"
                  : "border-slate-300 bg-white text-slate-700",
                full && !checked && "cursor-not-allowed opacity-60",
              )}
            >
              <input
                type="checkbox"
                checked={checked}
                disabled={full && !checked}
                onChange={(e) =>
                  onChange(e.target.checked ? [...value, item.id] : value.filter((v) => v !== item.id))
                }
                className="size-4 shrink-0 accent-brand-600 focus-visible:outline-none"
              />
              {item.name}
            </label>
          </li>
        );
      })}
    </ul>
  );
  if (!group) return boxes;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-xs font-bold text-slate-600">{group}</legend>
      {boxes}
    </fieldset>
  );
}
