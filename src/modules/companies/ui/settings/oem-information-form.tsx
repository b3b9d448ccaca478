"use client";

// /account/oem/company-information (OEM情報): GET …/information, PUT …/information/update.
// A long form in six sections with a sticky navigation that shows which sections are filled
// and the profile completeness (プロフィール充実度), computed as the server computes it.
import { Award, Check, Factory, Images, Megaphone, Plus, Sparkles, Tags, Trash2, Truck } from "lucide-react";
import Link from "next/link";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Controller, useFieldArray, useForm, useWatch } from "react-hook-form";
import useSWR from "swr";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { ImageListField } from "@/components/ui/image-list-field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader, ProgressBar, SaveBar, SettingsSection } from "@/components/ui/page-parts";
import { PrefectureOptions } from "@/components/ui/prefecture-options";
import { apiFetch } from "@/lib/api/client";
import type { UploadedImage } from "@/lib/api/company-image";
import { type NamedItem, useCategories, useFeatures, usePrefectures } from "@/lib/api/master-data";
import { cn } from "@/lib/cn";
import { applyApiError, bodyResolver, revealFirstError } from "@/lib/form-utils";
import { toast } from "@/lib/toast";
import { useUnsavedWarning } from "@/lib/use-unsaved-warning";
import { numberFromText } from "@/lib/validation";
import {
  type companyBasic,
  type oemInformation,
  oemInformationInput,
} from "@/modules/companies/company.schema";

type OemInformation = z.infer<typeof oemInformation>;
type CompanyBasic = z.infer<typeof companyBasic>;

const TEXT_FIELDS = [
  "catchphrase",
  "strengths",
  "minimumLot",
  "leadTime",
  "capacity",
  "certifications",
  "services",
  "priceRange",
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

interface FactoryValues {
  name: string;
  prefectureId: string;
  address: string;
}
interface OemValues extends Record<TextField, string> {
  categoryIds: number[];
  featureIds: number[];
  factories: FactoryValues[];
  gallery: UploadedImage[];
}

const MAX_CATEGORIES = 5;
const MAX_FEATURES = 12;
const MAX_FACTORIES = 10;
const MAX_GALLERY = 10;

function toValues(info: OemInformation): OemValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f, info[f] ?? ""])) as Record<TextField, string>;
  return {
    ...text,
    categoryIds: info.categories.map((c) => c.id),
    featureIds: info.features.map((f) => f.id),
    factories: info.factories.map((f) => ({
      name: f.name,
      prefectureId: String(f.prefectureId),
      address: f.address ?? "",
    })),
    gallery: info.gallery.map((g) => ({ id: g.id, url: g.url, caption: g.caption })),
  };
}

function toBody(v: OemValues) {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, v[f] ?? ""])),
    categoryIds: v.categoryIds ?? [],
    featureIds: v.featureIds ?? [],
    factories: (v.factories ?? []).map((f) => ({
      name: f.name,
      prefectureId: numberFromText(f.prefectureId),
      address: f.address,
    })),
    gallery: (v.gallery ?? []).map((g) => ({ fileId: g.id, caption: g.caption ?? undefined })),
  };
}

const resolver = bodyResolver<OemValues, typeof oemInformationInput>(oemInformationInput, toBody);

const filledText = (v: string | undefined) => Boolean(v?.trim());

interface SectionDef {
  id: string;
  title: string;
  short: string;
  icon: ReactNode;
  done: (v: OemValues) => boolean;
}

const SECTIONS: SectionDef[] = [
  {
    id: "oem-pr",
    title: "キャッチコピー・強み",
    short: "強み",
    icon: <Megaphone aria-hidden className="size-5" />,
    done: (v) => filledText(v.catchphrase) && filledText(v.strengths),
  },
  {
    id: "oem-terms",
    title: "取引条件・生産能力",
    short: "取引条件",
    icon: <Truck aria-hidden className="size-5" />,
    done: (v) => [v.minimumLot, v.leadTime, v.capacity, v.priceRange].every(filledText),
  },
  {
    id: "oem-quality",
    title: "認証・対応サービス",
    short: "認証・サービス",
    icon: <Award aria-hidden className="size-5" />,
    done: (v) => filledText(v.certifications) && filledText(v.services),
  },
  {
    id: "oem-categories",
    title: "カテゴリ・特徴",
    short: "カテゴリ",
    icon: <Tags aria-hidden className="size-5" />,
    done: (v) => v.categoryIds.length > 0 && v.featureIds.length > 0,
  },
  {
    id: "oem-factories",
    title: "工場・拠点",
    short: "工場",
    icon: <Factory aria-hidden className="size-5" />,
    done: (v) => v.factories.length > 0,
  },
  {
    id: "oem-gallery",
    title: "ギャラリー",
    short: "ギャラリー",
    icon: <Images aria-hidden className="size-5" />,
    done: (v) => v.gallery.length > 0,
  },
];

/** The server's formula (refreshSupplierSearch): 16 items, basic information and cases included. */
function completenessOf(v: OemValues, basic: CompanyBasic | undefined, publishedCases: number | undefined) {
  const items: { label: string; done: boolean; href: string }[] = [
    {
      label: "会社紹介",
      done: filledText(basic?.description ?? ""),
      href: "/account/oem/company#basic-profile",
    },
    { label: "ロゴ画像", done: Boolean(basic?.logoFileId), href: "/account/oem/company#basic-profile" },
    {
      label: "Webサイト",
      done: filledText(basic?.website ?? ""),
      href: "/account/oem/company#basic-address",
    },
    { label: "キャッチコピー", done: filledText(v.catchphrase), href: "#oem-pr" },
    { label: "強み", done: filledText(v.strengths), href: "#oem-pr" },
    { label: "最小ロット", done: filledText(v.minimumLot), href: "#oem-terms" },
    { label: "納期の目安", done: filledText(v.leadTime), href: "#oem-terms" },
    { label: "生産能力", done: filledText(v.capacity), href: "#oem-terms" },
    { label: "認証・許認可", done: filledText(v.certifications), href: "#oem-quality" },
    { label: "対応サービス", done: filledText(v.services), href: "#oem-quality" },
    { label: "価格帯", done: filledText(v.priceRange), href: "#oem-terms" },
    { label: "カテゴリ", done: v.categoryIds.length > 0, href: "#oem-categories" },
    { label: "特徴", done: v.featureIds.length > 0, href: "#oem-categories" },
    { label: "工場・拠点", done: v.factories.length > 0, href: "#oem-factories" },
    { label: "ギャラリー画像", done: v.gallery.length > 0, href: "#oem-gallery" },
    { label: "公開中の事例", done: (publishedCases ?? 0) > 0, href: "/account/oem/case/create" },
  ];
  const done = items.filter((i) => i.done).length;
  return { percent: Math.round((done / items.length) * 100), missing: items.filter((i) => !i.done) };
}

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
function Welcome({ info }: { info: OemInformation | undefined }) {
  if (!info) return null;
  const complete = info.profileCompleteness >= 100;
  return (
    <Alert tone={complete ? "success" : "info"} title="OEMマッチへようこそ">
      {complete ? (
        <p>
          OEM情報はすべて入力されています。取引条件や写真が最新の内容になっているか、ときどき見直しましょう。
        </p>
      ) : (
        <p>
          まずはOEM情報を登録しましょう（現在のプロフィール充実度は{info.profileCompleteness}
          %です）。充実度が高いほど、おすすめ順の検索結果で上位に表示されやすくなります。キャッチコピー・強み・対応カテゴリから入力するのがおすすめです。
        </p>
      )}
    </Alert>
  );
}

/** The sticky bar above the form: profile completeness and the sections, each marked when filled. */
function SectionNav({
  percent,
  missing,
  sections,
  active,
}: {
  percent: number;
  missing: { label: string; href: string }[];
  sections: { id: string; label: string; done: boolean }[];
  active: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  // On narrow screens the chips scroll sideways: keep the current one in view.
  useEffect(() => {
    const nav = navRef.current;
    const link = active ? nav?.querySelector<HTMLElement>(`a[href="#${active}"]`) : null;
    if (!nav || !link || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollTo({ left: link.offsetLeft - nav.clientWidth / 2 + link.offsetWidth / 2, behavior: "smooth" });
  }, [active]);
  return (
    <div className="sticky top-16 z-30 -mx-4 border-b border-slate-200 bg-white/95 px-4 pt-3 pb-2 backdrop-blur desktop:top-[72px] desktop:mx-0 desktop:rounded-lg desktop:border desktop:px-5 desktop:shadow-sm">
      <div className="flex items-center gap-3">
        <Sparkles aria-hidden className="size-4 shrink-0 text-amber-500" />
        <p className="shrink-0 text-sm font-bold text-slate-800">
          プロフィール充実度 <span className="text-lg text-brand-700 tabular-nums">{percent}%</span>
        </p>
        <ProgressBar value={percent} label="プロフィール充実度" className="min-w-16 flex-1" />
        {missing.length > 0 && (
          <button
            type="button"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls="completeness-missing"
            className="shrink-0 rounded text-xs font-bold text-brand-700 underline-offset-4 hover:underline"
          >
            未入力{missing.length}件
          </button>
        )}
      </div>
      {open && missing.length > 0 && (
        <ul id="completeness-missing" className="mt-2 flex flex-wrap gap-1.5 border-t border-slate-100 pt-2">
          {missing.map((m) => (
            <li key={m.label}>
              <Link
                href={m.href}
                onClick={() => setOpen(false)}
                className="inline-flex rounded-full border border-amber-300 bg-amber-50 px-2.5 py-1 text-xs font-bold text-amber-800 hover:bg-amber-100"
              >
                {m.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <nav ref={navRef} aria-label="OEM情報のセクション" className="relative -mx-1 mt-2 overflow-x-auto">
        <ol className="flex w-max gap-1 px-1 pb-1 desktop:w-full desktop:justify-between">
          {sections.map((s, i) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                aria-current={active === s.id ? "location" : undefined}
                className={cn(
                  "flex items-center gap-1.5 rounded-full px-3 py-1.5 text-xs font-bold whitespace-nowrap transition-colors desktop:text-sm",
                  active === s.id ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100",
                )}
              >
                <span
                  className={cn(
                    "flex size-5 items-center justify-center rounded-full text-[11px]",
                    s.done
                      ? "bg-emerald-500 text-white"
                      : active === s.id
                        ? "bg-white/25 text-white"
                        : "bg-slate-200 text-slate-600",
                  )}
                >
                  {s.done ? <Check aria-hidden className="size-3.5" /> : i + 1}
                </span>
                {s.label}
                <span className="sr-only">{s.done ? "（入力済み）" : "（未入力あり）"}</span>
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </div>
  );
}

/** The section whose top is nearest below the sticky bars. */
function useActiveSection(ids: string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const key = ids.join(",");
  useEffect(() => {
    const list = key.split(",");
    const onScroll = () => {
      let current = list[0];
      for (const id of list) {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top < window.innerHeight * 0.35) current = id;
      }
      setActive(current);
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [key]);
  return active;
}

/** Checkbox chips with a maximum: once full, the others are disabled. */
function ChoiceGroup({
  legend,
  note,
  items,
  loadError,
  value,
  onChange,
  max,
  error,
}: {
  legend: string;
  note: string;
  items: NamedItem[] | undefined;
  loadError: unknown;
  value: number[];
  onChange: (next: number[]) => void;
  max: number;
  error?: string;
}) {
  const full = value.length >= max;
  const chosen = useMemo(() => new Set(value), [value]);
  return (
    <fieldset className="flex flex-col gap-3" data-invalid={error ? true : undefined}>
      <legend className="mb-3 flex w-full flex-wrap items-baseline justify-between gap-2 text-sm font-bold text-slate-800">
        <span>
          {legend}
          <span className="ml-2 font-normal text-slate-500">（{note}）</span>
        </span>
        <span className={cn("text-xs font-bold", full ? "text-amber-700" : "text-slate-500")}>
          {value.length} / {max} 選択中
        </span>
      </legend>
      {loadError ? (
        <LoadError error={loadError} />
      ) : !items ? (
        <div className="h-24 animate-pulse rounded-md bg-slate-100" />
      ) : (
        <ul className="grid grid-cols-2 gap-2 desktop:grid-cols-3">
          {items.map((item) => {
            const checked = chosen.has(item.id);
            const disabled = !checked && full;
            return (
              <li key={item.id}>
                <label
                  className={cn(
                    "flex h-full cursor-pointer items-center gap-2 rounded-md border px-3 py-2.5 text-sm leading-5 transition-colors",
                    checked
                      ? "border-brand-600 bg-brand-50 font-bold text-brand-700"
                      : "border-slate-300 bg-white text-slate-700 hover:border-brand-600/50",
                    disabled && "cursor-not-allowed opacity-50 hover:border-slate-300",
                  )}
                >
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-brand-600"
                    checked={checked}
                    disabled={disabled}
                    onChange={(e) =>
                      onChange(e.target.checked ? [...value, item.id] : value.filter((id) => id !== item.id))
                    }
                  />
                  {item.name}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {full && max < (items?.length ?? 0) && (
        <p className="text-xs text-amber-700">
          {legend}は{max}つまで選択できます。変更する場合は、選択済みのものを外してください。
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
