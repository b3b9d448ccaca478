"use client";

// /account/oem/company-information (OEM情報): GET …/information, PUT …/information/update.
// A long form in six sections with a sticky navigation that shows which sections are filled
// and the profile completeness (プロフィール充実度), computed as the server computes it.
import { Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Controller, useFieldArray, useForm, useWatch } from "react-hook-form";
import useSWR from "swr";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { ImageListField } from "@/components/ui/image-list-field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader, SaveBar, SettingsSection } from "@/components/ui/page-parts";
import { PrefectureOptions } from "@/components/ui/prefecture-options";
import { apiFetch } from "@/lib/api/client";
import { useCategories, useFeatures, usePrefectures } from "@/lib/api/master-data";
import { applyApiError, revealFirstError } from "@/lib/form-utils";
import { toast } from "@/lib/toast";
import { useUnsavedWarning } from "@/lib/use-unsaved-warning";
import type { oemInformationInput } from "@/modules/companies/company.schema";

import {
  type CompanyBasic,
  completenessOf,
  MAX_CATEGORIES,
  MAX_FACTORIES,
  MAX_FEATURES,
  MAX_GALLERY,
  type OemInformation,
  type OemValues,
  resolver,
  SECTIONS,
  type TextField,
  toValues,
} from "./oem-information-model";
import { ChoiceGroup, SectionNav, useActiveSection, Welcome } from "./oem-information-parts";

export function OemInformationSettings({ companyId, fromLogin }: { companyId: string; fromLogin: boolean }) {
  const key = `/api/oem/company/${companyId}/information`;
  const { data: info, error, mutate } = useSWR<OemInformation>(key);
  const { data: basic } = useSWR<CompanyBasic>(`/api/oem/company/${companyId}`);
  const { data: cases } = useSWR<{ total: number }>(
    `/api/oem/company/${companyId}/case?status=PUBLISHED&perPage=1`,
  );

  return (
    <div className="flex flex-col gap-6 desktop:gap-8">
      <PageHeader
        title="OEM情報"
        lead="対応できるカテゴリや取引条件、工場、写真を登録しましょう。発注者が委託先を選ぶときの判断材料になります。"
      />
      {fromLogin && <Welcome info={info} />}
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !info ? (
        <LoadingBlock rows={5} />
      ) : (
        <OemForm
          companyId={companyId}
          info={info}
          basic={basic}
          publishedCases={cases?.total}
          onSaved={(saved) => void mutate(saved, { revalidate: false })}
        />
      )}
    </div>
  );
}

function OemForm({
  companyId,
  info,
  basic,
  publishedCases,
  onSaved,
}: {
  companyId: string;
  info: OemInformation;
  basic: CompanyBasic | undefined;
  publishedCases: number | undefined;
  onSaved: (saved: OemInformation) => void;
}) {
  const [formError, setFormError] = useState<string>();
  const formErrorRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<OemValues, unknown, z.output<typeof oemInformationInput>>({
    resolver,
    mode: "onTouched",
    defaultValues: toValues(info),
  });
  useUnsavedWarning(isDirty);
  const factories = useFieldArray({ control, name: "factories" });
  const values = useWatch({ control }) as OemValues;
  const { data: prefectures } = usePrefectures();
  const { data: categories, error: categoriesError } = useCategories();
  const { data: features, error: featuresError } = useFeatures();

  const completeness = completenessOf(values, basic, publishedCases);
  const active = useActiveSection(SECTIONS.map((s) => s.id));

  const onSubmit = handleSubmit(
    async (input) => {
      setFormError(undefined);
      try {
        const saved = await apiFetch<OemInformation>(`/api/oem/company/${companyId}/information/update`, {
          method: "PUT",
          body: input,
        });
        onSaved(saved);
        reset(toValues(saved));
        toast.success(`OEM情報を保存しました。プロフィール充実度は${saved.profileCompleteness}%です。`);
      } catch (e) {
        const root = (k: string) => k.split(".")[0]!;
        const message = applyApiError(e, setError, (k) => root(k) in values || k.startsWith("factories."), {
          "gallery.0.fileId": "gallery",
        });
        setFormError(message);
        if (message) {
          requestAnimationFrame(() =>
            formErrorRef.current?.scrollIntoView({ behavior: "smooth", block: "center" }),
          );
        } else revealFirstError();
      }
    },
    () => revealFirstError(),
  );

  const err = (f: TextField) => errors[f]?.message;
  const text = (f: TextField, max: number, hint?: string) => {
    const n = (values[f] ?? "").length;
    return `${hint ? `${hint}　` : ""}${n.toLocaleString("ja-JP")} / ${max.toLocaleString("ja-JP")}文字`;
  };

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-label="OEM情報の編集"
      className="flex flex-col gap-6"
    >
      <SectionNav
        percent={completeness.percent}
        missing={completeness.missing}
        sections={SECTIONS.map((s) => ({ id: s.id, label: s.short, done: s.done(values) }))}
        active={active}
      />
      <div ref={formErrorRef} className="empty:hidden">
        {formError && <Alert tone="error">{formError}</Alert>}
      </div>

      <SettingsSection
        id="oem-pr"
        title="キャッチコピー・強み"
        icon={SECTIONS[0]!.icon}
        lead="検索結果の一覧と公開ページの冒頭に表示されます。"
      >
        <FormField
          label="キャッチコピー"
          hint={text("catchphrase", 100, "30文字前後がおすすめです")}
          error={err("catchphrase")}
        >
          <Input placeholder="例: 小ロット100個から、処方開発まで一貫対応" {...register("catchphrase")} />
        </FormField>
        <FormField
          label="強み"
          hint={text("strengths", 2000, "箇条書きにすると読みやすくなります")}
          error={err("strengths")}
        >
          <Textarea
            rows={6}
            placeholder={"例:\n・自社ラボでの処方開発\n・最短3週間での試作"}
            {...register("strengths")}
          />
        </FormField>
      </SettingsSection>

      <SettingsSection id="oem-terms" title="取引条件・生産能力" icon={SECTIONS[1]!.icon}>
        <div className="grid gap-6 desktop:grid-cols-2">
          <FormField label="最小ロット" hint={text("minimumLot", 200)} error={err("minimumLot")}>
            <Input placeholder="例: 300個〜" {...register("minimumLot")} />
          </FormField>
          <FormField label="納期の目安" hint={text("leadTime", 200)} error={err("leadTime")}>
            <Input placeholder="例: 試作2週間、量産1〜2か月" {...register("leadTime")} />
          </FormField>
        </div>
        <FormField label="生産能力" hint={text("capacity", 500)} error={err("capacity")}>
          <Textarea
            rows={3}
            className="min-h-24"
            placeholder="例: 月産10万本（ボトル充填）"
            {...register("capacity")}
          />
        </FormField>
        <FormField label="価格帯" hint={text("priceRange", 200)} error={err("priceRange")}>
          <Input placeholder="例: 化粧水150mL 300〜800円／個（1,000個の場合）" {...register("priceRange")} />
        </FormField>
      </SettingsSection>

      <SettingsSection id="oem-quality" title="認証・対応サービス" icon={SECTIONS[2]!.icon}>
        <FormField label="認証・許認可" hint={text("certifications", 1000)} error={err("certifications")}>
          <Textarea
            rows={3}
            className="min-h-24"
            placeholder="例: ISO 9001、化粧品製造業許可"
            {...register("certifications")}
          />
        </FormField>
        <FormField label="対応サービス" hint={text("services", 1000)} error={err("services")}>
          <Textarea
            rows={3}
            className="min-h-24"
            placeholder="例: 処方開発、容器・パッケージ手配、充填、物流代行"
            {...register("services")}
          />
        </FormField>
      </SettingsSection>

      <SettingsSection
        id="oem-categories"
        title="カテゴリ・特徴"
        icon={SECTIONS[3]!.icon}
        lead="発注者が検索で絞り込むときに使われます。"
      >
        <Controller
          control={control}
          name="categoryIds"
          render={({ field, fieldState }) => (
            <ChoiceGroup
              legend="対応カテゴリ"
              note={`${MAX_CATEGORIES}つまで`}
              items={categories?.items}
              loadError={categoriesError}
              value={field.value}
              onChange={field.onChange}
              max={MAX_CATEGORIES}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="featureIds"
          render={({ field, fieldState }) => (
            <ChoiceGroup
              legend="特徴"
              note="当てはまるものをすべて"
              items={features?.items}
              loadError={featuresError}
              value={field.value}
              onChange={field.onChange}
              max={MAX_FEATURES}
              error={fieldState.error?.message}
            />
          )}
        />
      </SettingsSection>

      <SettingsSection
        id="oem-factories"
        title="工場・拠点"
        icon={SECTIONS[4]!.icon}
        lead={`製造を行う工場や拠点を${MAX_FACTORIES}か所まで登録できます。都道府県は検索の絞り込みに使われます。`}
        aside={
          <span className="text-sm text-slate-500">
            {factories.fields.length} / {MAX_FACTORIES}
          </span>
        }
      >
        {factories.fields.length === 0 && (
          <p className="rounded-md bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
            まだ工場・拠点が登録されていません。
          </p>
        )}
        <ol className="flex flex-col gap-4">
          {factories.fields.map((row, i) => {
            const e = errors.factories?.[i];
            return (
              <li key={row.id} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
                <div className="mb-3 flex items-center justify-between gap-2">
                  <p className="text-sm font-bold text-slate-800">拠点 {i + 1}</p>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => factories.remove(i)}
                    className="text-red-700 hover:bg-red-50"
                    aria-label={`拠点${i + 1}を削除`}
                  >
                    <Trash2 aria-hidden className="size-4" />
                    削除
                  </Button>
                </div>
                <div className="grid gap-4 desktop:grid-cols-[1fr_12rem]">
                  <FormField label="工場名" required error={e?.name?.message}>
                    <Input placeholder="例: 本社工場" {...register(`factories.${i}.name`)} />
                  </FormField>
                  <FormField label="都道府県" required error={e?.prefectureId?.message}>
                    <Select
                      key={prefectures ? "ready" : "loading"}
                      {...register(`factories.${i}.prefectureId`)}
                    >
                      <PrefectureOptions items={prefectures?.items} />
                    </Select>
                  </FormField>
                </div>
                <FormField label="住所" className="mt-4" error={e?.address?.message}>
                  <Input placeholder="例: 富士市今泉4-12-1" {...register(`factories.${i}.address`)} />
                </FormField>
              </li>
            );
          })}
        </ol>
        {factories.fields.length < MAX_FACTORIES && (
          <div>
            <Button
              variant="outline"
              onClick={() =>
                factories.append({ name: "", prefectureId: "", address: "" }, { shouldFocus: true })
              }
            >
              <Plus aria-hidden className="size-4" />
              工場・拠点を追加
            </Button>
          </div>
        )}
      </SettingsSection>

      <SettingsSection
        id="oem-gallery"
        title="ギャラリー"
        icon={SECTIONS[5]!.icon}
        lead="工場や設備、製品の写真を10枚まで登録できます。並び順は公開ページの表示順です。キャプションは入力欄を離れると保存されます。"
        aside={
          <span className="text-sm text-slate-500">
            {values.gallery.length} / {MAX_GALLERY}
          </span>
        }
      >
        <Controller
          control={control}
          name="gallery"
          render={({ field, fieldState }) => (
            <ImageListField
              companyId={companyId}
              value={field.value}
              onChange={field.onChange}
              max={MAX_GALLERY}
              itemLabel="ギャラリー画像"
              error={fieldState.error?.message}
            />
          )}
        />
      </SettingsSection>

      <SaveBar
        busy={isSubmitting}
        label="OEM情報を保存する"
        status={
          <span>
            {SECTIONS.filter((s) => s.done(values)).length} / {SECTIONS.length}セクション入力済み
            {isDirty && <span className="ml-3 font-bold text-amber-700">未保存の変更があります</span>}
          </span>
        }
      />
    </form>
  );
}

/** The login redirect variant (?from=login): a greeting with where to start. */
