"use client";

import { ArrowRight } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import useSWR from "swr";
import { Alert } from "@/components/ui/alert";
import { AttachmentsField } from "@/components/ui/attachments-field";
import { Button } from "@/components/ui/button";
import { CategoryOptions } from "@/components/ui/category-options";
import { FormField } from "@/components/ui/form-field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { ApiError } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { todayInJapan } from "@/lib/japan-time";
import type { SelectedCompany } from "@/lib/selected-companies";
import { REQUIREMENT_LABELS } from "@/modules/matching/requirement.schema";
import { dryRunInquiry, fieldErrors } from "./api";
import { Anchor, Counter, Section, YenInput } from "./content-parts";
import { deadlineRange, type FlowTarget, type InquiryDraft, takePendingErrors, toInquiryBody } from "./draft";
import { type Prefecture, PrefecturePicker } from "./prefecture-picker";
import { type NominatedCompany, NominatedCompanyPanel, SelectedCompaniesPanel } from "./recipients";
import { RequirementsFields } from "./requirements-fields";
import { SendBlockedNotice } from "./send-blocked";

export const FIELD_LABELS: Record<string, string> = {
  title: "案件名",
  categoryId: "カテゴリ",
  description: "依頼内容",
  quantity: "数量・ロット",
  targetUnitPriceYen: "希望単価",
  budgetYen: "予算",
  desiredDeliveryDate: "希望納期",
  entryDeadline: "エントリー締切",
  prefectureIds: "希望する製造地域",
  ndaRequired: "NDA（秘密保持契約）",
  attachmentIds: "添付ファイル",
  selectedCompanyIds: "お知らせを届ける企業",
  nominatedCompanyId: "問い合わせ先",
  ...REQUIREMENT_LABELS,
};

/** The draft field an API error key is shown at. */
const FIELD_OF: Record<string, keyof InquiryDraft> = {
  targetUnitPriceYen: "targetUnitPrice",
  budgetYen: "budget",
  attachmentIds: "attachments",
};

const GENERIC = "通信に失敗しました。時間をおいてもう一度お試しください。";

export function ContentStep({
  target,
  draft,
  update,
  isBuyer,
  selected,
  nominated,
  blocked,
  onDone,
}: {
  target: FlowTarget;
  draft: InquiryDraft;
  update: (change: Partial<InquiryDraft> | ((d: InquiryDraft) => Partial<InquiryDraft>)) => void;
  isBuyer: boolean;
  selected: SelectedCompany[];
  nominated: NominatedCompany | undefined;
  /** Why this buyer may not send it: shown instead of the submit button. */
  blocked?: string;
  onDone: () => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const [uploading, setUploading] = useState(false);
  const { data: categories, error: categoriesError } = useSWR<{ items: Array<{ id: number; name: string }> }>(
    "/api/categories",
  );
  const { data: prefectures, error: prefecturesError } = useSWR<{ items: Prefecture[] }>("/api/prefectures");
  const today = todayInJapan();
  const range = deadlineRange(today);

  // Fields the confirmation step could not send come back here with their messages.
  useEffect(() => {
    const pending = takePendingErrors(target);
    if (!pending) return;
    setErrors(fieldErrors(pending.fields));
    setFormError(pending.message ?? "入力内容に誤りがあります。赤字の項目をご確認ください。");
  }, [target]);

  const set = <K extends keyof InquiryDraft>(key: K, value: InquiryDraft[K], ...apiKeys: string[]) => {
    update({ [key]: value } as Partial<InquiryDraft>);
    const keys = apiKeys.length ? apiKeys : [key];
    if (keys.some((k) => errors[k])) {
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))));
    }
  };

  const onUploaded = useCallback(
    (a: InquiryDraft["attachments"][number]) =>
      update((d) => ({ attachments: [...d.attachments, a].slice(0, 5) })),
    [update],
  );
  const onRemove = useCallback(
    (id: string) => update((d) => ({ attachments: d.attachments.filter((a) => a.id !== id) })),
    [update],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (uploading || checking || blocked) return;
    setChecking(true);
    setFormError(undefined);
    try {
      await dryRunInquiry(
        toInquiryBody(
          draft,
          target,
          selected.map((c) => c.id),
        ),
        isBuyer,
      );
    } catch (err) {
      setChecking(false);
      if (err instanceof ApiError && err.status === 422) {
        const fields = fieldErrors(err.fields);
        setErrors(fields);
        const known = Object.keys(fields).filter((k) => FIELD_LABELS[k]);
        const other = Object.entries(fields)
          .filter(([k]) => !FIELD_LABELS[k])
          .map(([, m]) => m);
        setFormError(
          [known.length ? "入力内容に誤りがあります。赤字の項目をご確認ください。" : "", ...other]
            .filter(Boolean)
            .join(" "),
        );
      } else {
        setErrors({});
        setFormError(err instanceof ApiError ? err.message : GENERIC);
      }
      requestAnimationFrame(() =>
        document.getElementById("content-errors")?.scrollIntoView({ behavior: "smooth", block: "start" }),
      );
      return;
    }
    setErrors({});
    update({ checked: true });
    onDone();
  };

  const errorList = Object.entries(errors).filter(([k]) => FIELD_LABELS[k]);

  return (
    <form onSubmit={submit} noValidate aria-label="問い合わせ内容の入力" className="flex flex-col gap-8">
      <div id="content-errors" className="scroll-mt-24">
        {formError && (
          <Alert tone="error" title={formError}>
            {errorList.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {errorList.map(([k, m]) => (
                  <li key={k}>
                    <a href={`#field-${FIELD_OF[k] ?? k}`} className="underline underline-offset-2">
                      {FIELD_LABELS[k]}
                    </a>
                    ：{m}
                  </li>
                ))}
              </ul>
            )}
          </Alert>
        )}
      </div>

      {target.kind === "bulk" ? (
        <SelectedCompaniesPanel selected={selected} error={errors.selectedCompanyIds} />
      ) : (
        <NominatedCompanyPanel company={nominated} error={errors.nominatedCompanyId} />
      )}

      <Section title="ご依頼の内容">
        <Anchor name="title">
          <FormField label="案件名" required error={errors.title}>
            <Input
              name="title"
              value={draft.title}
              placeholder="例: オーガニック化粧水のOEM製造（初回3,000本）"
              onChange={(e) => set("title", e.target.value)}
            />
          </FormField>
          <Counter value={draft.title} max={100} />
        </Anchor>
        <Anchor name="categoryId">
          <FormField
            label="カテゴリ"
            required
            error={errors.categoryId ?? (categoriesError ? GENERIC : undefined)}
          >
            <Select
              name="categoryId"
              value={draft.categoryId}
              className="desktop:max-w-80"
              onChange={(e) => set("categoryId", e.target.value)}
            >
              <CategoryOptions items={categories?.items} />
            </Select>
          </FormField>
        </Anchor>
        <Anchor name="description">
          <FormField
            label="依頼内容"
            required
            hint="作りたい製品、仕様や素材、品質の条件、現在の状況（企画中・試作済みなど）をできるだけ具体的にご記入ください。"
            error={errors.description}
          >
            <Textarea
              name="description"
              rows={8}
              value={draft.description}
              placeholder={
                "例:\n敏感肌向けの化粧水を新たに開発したいと考えています。\n・容量150ml、ポンプボトル\n・無香料・パラベンフリー\n処方の開発から充填・包装までご相談させてください。"
              }
              onChange={(e) => set("description", e.target.value)}
            />
          </FormField>
          <Counter value={draft.description} max={3000} />
        </Anchor>
      </Section>

      <Section title="数量・条件">
        <Anchor name="quantity">
          <FormField label="数量・ロット" required error={errors.quantity}>
            <Input
              name="quantity"
              value={draft.quantity}
              placeholder="例: 初回3,000本、以降月1,000本"
              onChange={(e) => set("quantity", e.target.value)}
            />
          </FormField>
        </Anchor>
        <div className="grid grid-cols-1 gap-5 desktop:grid-cols-2">
          <Anchor name="targetUnitPrice">
            <FormField label="希望単価（1個あたり）" hint="円単位・税抜" error={errors.targetUnitPriceYen}>
              <YenInput
                name="targetUnitPrice"
                value={draft.targetUnitPrice}
                placeholder="450"
                onChange={(e) => set("targetUnitPrice", e.target.value, "targetUnitPriceYen")}
              />
            </FormField>
          </Anchor>
          <Anchor name="budget">
            <FormField label="予算（総額）" hint="円単位・税抜" error={errors.budgetYen}>
              <YenInput
                name="budget"
                value={draft.budget}
                placeholder="1500000"
                onChange={(e) => set("budget", e.target.value, "budgetYen")}
              />
            </FormField>
          </Anchor>
        </div>
        <div className="grid grid-cols-1 gap-5 desktop:grid-cols-2">
          <Anchor name="desiredDeliveryDate">
            <FormField
              label="希望納期"
              hint="決まっていなければ空欄で構いません。"
              error={errors.desiredDeliveryDate}
            >
              <Input
                name="desiredDeliveryDate"
                type="date"
                min={today}
                value={draft.desiredDeliveryDate}
                className="desktop:max-w-64"
                onChange={(e) => set("desiredDeliveryDate", e.target.value)}
              />
            </FormField>
          </Anchor>
          {target.kind === "bulk" && (
            <Anchor name="entryDeadline">
              <FormField
                label="エントリー締切"
                hint="OEMメーカーがエントリーできる期限です。初期値は14日後、最長60日後まで指定できます。"
                error={errors.entryDeadline}
              >
                <Input
                  name="entryDeadline"
                  type="date"
                  min={range.min}
                  max={range.max}
                  value={draft.entryDeadline}
                  className="desktop:max-w-64"
                  onChange={(e) => set("entryDeadline", e.target.value)}
                />
              </FormField>
            </Anchor>
          )}
        </div>
        <Anchor name="prefectureIds">
          <PrefecturePicker
            prefectures={prefectures?.items}
            value={draft.prefectureIds}
            onChange={(ids) => set("prefectureIds", ids)}
            error={errors.prefectureIds}
            loadError={prefecturesError ? GENERIC : undefined}
          />
        </Anchor>
        <Anchor name="ndaRequired">
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-bold text-slate-800">
              NDA（秘密保持契約）の締結
              <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">必須</span>
            </legend>
            <p className="text-xs text-slate-600">
              詳しい情報を伝える前にNDAの締結が必要かどうかを選んでください。
            </p>
            <div className="flex flex-wrap gap-3">
              {[
                { value: true, label: "必要" },
                { value: false, label: "不要" },
              ].map((o) => (
                <label
                  key={o.label}
                  className={cn(
                    "flex h-11 min-w-32 cursor-pointer items-center gap-2 rounded-md border px-4 text-sm font-bold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
                    draft.ndaRequired === o.value
                      ? "border-brand-600 bg-brand-50 text-brand-700"
                      : "border-slate-300 bg-white text-slate-700",
                  )}
                >
                  <input
                    type="radio"
                    name="ndaRequired"
                    checked={draft.ndaRequired === o.value}
                    onChange={() => set("ndaRequired", o.value)}
                    className="size-4 accent-brand-600 focus-visible:outline-none"
                  />
                  {o.label}
                </label>
              ))}
            </div>
            {errors.ndaRequired && (
              <p role="alert" className="text-sm text-red-600">
                {errors.ndaRequired}
              </p>
            )}
          </fieldset>
        </Anchor>
      </Section>

      <RequirementsFields draft={draft} set={set} errors={errors} />

      <Section title="添付ファイル">
        <Anchor name="attachments">
          <AttachmentsField
            attachments={draft.attachments}
            canUpload={isBuyer}
            error={errors.attachmentIds}
            onUploaded={onUploaded}
            onRemove={onRemove}
            onBusyChange={setUploading}
          />
        </Anchor>
      </Section>

      <div className="flex flex-col items-center gap-3 border-t border-slate-200 pt-8">
        {uploading && (
          <p role="status" className="text-sm text-slate-600">
            ファイルのアップロードが終わるまでお待ちください。
          </p>
        )}
        {blocked ? (
          <SendBlockedNotice message={blocked} />
        ) : (
          <Button type="submit" size="cta" disabled={checking || uploading}>
            {checking ? "確認しています…" : isBuyer ? "確認画面へ進む" : "次へ進む"}
            {!checking && <ArrowRight aria-hidden className="size-5" />}
          </Button>
        )}
        {!isBuyer && (
          <p className="text-center text-xs leading-5 text-slate-600">
            次のステップでログインまたは会員登録（無料）を行います。入力内容は保存されます。
          </p>
        )}
      </div>
    </form>
  );
}
