"use client";

// /account/oem/company (基本情報): GET /api/oem/company/{companyId}, PUT …/update, the name
// publish toggle and the link to the public page.
import { Building2, ExternalLink, ImageIcon, MapPin } from "lucide-react";
import { Controller, useForm, useWatch } from "react-hook-form";
import useSWR from "swr";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormErrorBanner, useFormError } from "@/components/ui/form-error-banner";
import { FormField } from "@/components/ui/form-field";
import { ImageUploader, type UploadedImage } from "@/components/ui/image-uploader";
import { Input, Select, Textarea } from "@/components/ui/input";
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader, SaveBar, SettingsSection } from "@/components/ui/page-parts";
import { PrefectureOptions } from "@/components/ui/prefecture-options";
import { TelInput, UrlInput } from "@/components/ui/preset-inputs";
import { apiFetch } from "@/lib/api/client";
import { usePrefectures } from "@/lib/api/master-data";
import { applyApiError, bodyResolver, normalizeDigits, revealFirstError } from "@/lib/form-utils";
import { useSession } from "@/lib/session/session-provider";
import { toast } from "@/lib/toast";
import { useUnsavedWarning } from "@/lib/use-unsaved-warning";
import { numberFromText } from "@/lib/validation";
import { type companyBasic, companyBasicInput } from "@/modules/companies/company.schema";
import { NamePublishCard } from "./name-publish-card";

type CompanyBasic = z.infer<typeof companyBasic>;

interface BasicValues {
  name: string;
  nameKana: string;
  postalCode: string;
  prefectureId: string;
  address: string;
  phone: string;
  website: string;
  representativeName: string;
  establishedYear: string;
  capitalYen: string;
  employeeCount: string;
  description: string;
  corporateNumber: string;
  logo: UploadedImage | null;
}
type TextField = Exclude<keyof BasicValues, "logo">;
const TEXT_FIELDS: TextField[] = [
  "name",
  "nameKana",
  "postalCode",
  "prefectureId",
  "address",
  "phone",
  "website",
  "representativeName",
  "establishedYear",
  "capitalYen",
  "employeeCount",
  "description",
  "corporateNumber",
];
const DESCRIPTION_MAX = 3000;

function toValues(c: CompanyBasic): BasicValues {
  const text = (v: string | number | null) => (v === null ? "" : String(v));
  return {
    name: c.name,
    nameKana: text(c.nameKana),
    postalCode: text(c.postalCode),
    prefectureId: text(c.prefectureId),
    address: text(c.address),
    phone: text(c.phone),
    website: text(c.website),
    representativeName: text(c.representativeName),
    establishedYear: text(c.establishedYear),
    capitalYen: text(c.capitalYen),
    employeeCount: text(c.employeeCount),
    description: text(c.description),
    corporateNumber: text(c.corporateNumber),
    logo: c.logoFileId && c.logoUrl ? { id: c.logoFileId, url: c.logoUrl, caption: null } : null,
  };
}

function toBody(v: BasicValues) {
  const { logo, ...text } = v;
  // The complete document (PUT): a blank field goes as "", which the schema reads as "clear it".
  return {
    ...text,
    prefectureId: numberFromText(v.prefectureId),
    establishedYear: numberFromText(normalizeDigits(v.establishedYear)),
    capitalYen: numberFromText(normalizeDigits(v.capitalYen)),
    employeeCount: numberFromText(normalizeDigits(v.employeeCount)),
    logoFileId: logo?.id ?? "",
  };
}

const resolver = bodyResolver<BasicValues, typeof companyBasicInput>(companyBasicInput, toBody);

/** 12,000,000 → 「1,200万円」, for reading a long number at a glance. */
function yenInWords(raw: string): string | undefined {
  const digits = normalizeDigits(raw);
  if (!/^\d+$/.test(digits)) return undefined;
  const n = Number(digits);
  if (n < 10_000) return `${n.toLocaleString("ja-JP")}円`;
  const oku = Math.floor(n / 100_000_000);
  const man = Math.floor((n % 100_000_000) / 10_000);
  return `${oku ? `${oku.toLocaleString("ja-JP")}億` : ""}${man ? `${man.toLocaleString("ja-JP")}万` : ""}円`;
}

export function CompanyBasicSettings({ companyId, isAdmin }: { companyId: string; isAdmin: boolean }) {
  const key = `/api/oem/company/${companyId}`;
  const { data: company, error, mutate } = useSWR<CompanyBasic>(key);

  return (
    <div className="flex flex-col gap-6 desktop:gap-8">
      <PageHeader
        title="基本情報"
        lead="会社の基本情報は、公開ページの会社概要に表示されます。"
        actions={
          <Button asChild variant="outline" size="sm">
            <a href={`/oem/company/${companyId}`} target="_blank" rel="noopener noreferrer">
              公開ページを見る
              <ExternalLink aria-hidden className="size-4" />
              <span className="sr-only">（新しいタブで開きます）</span>
            </a>
          </Button>
        }
      />
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !company ? (
        <LoadingBlock rows={4} />
      ) : (
        <>
          <NamePublishCard
            companyId={companyId}
            companyName={company.name}
            published={company.namePublished}
            isAdmin={isAdmin}
            onChanged={(namePublished) => void mutate({ ...company, namePublished }, { revalidate: false })}
          />
          <BasicForm
            area="oem"
            companyId={companyId}
            company={company}
            onSaved={(saved) => void mutate(saved, { revalidate: false })}
          />
          {isAdmin && (
            <section
              aria-labelledby="deactivate-title"
              className="rounded-lg border border-slate-200 bg-white p-4 desktop:p-6"
            >
              <h2 id="deactivate-title" className="text-base font-bold text-slate-900">
                退会について
              </h2>
              <p className="mt-2 text-sm leading-6 text-slate-600">
                会社を退会すると、公開ページは表示されなくなり、メンバー全員がこの会社の情報にアクセスできなくなります。
              </p>
              <Link
                href="/account/oem/company/delete"
                className="mt-3 inline-block text-sm font-bold text-red-700 underline underline-offset-4 hover:text-red-800"
              >
                退会手続きへ進む
              </Link>
            </section>
          )}
        </>
      )}
    </div>
  );
}

/** The basic-info form of a supplier (with its logo) or a buyer company (PUT …/{area}/company/{id}/update). */
export function BasicForm({
  area,
  companyId,
  company,
  onSaved,
}: {
  area: "oem" | "buyer";
  companyId: string;
  company: CompanyBasic;
  onSaved: (saved: CompanyBasic) => void;
}) {
  const withLogo = area === "oem";
  const { update } = useSession();
  const { data: prefectures } = usePrefectures();
  const { formError, setFormError, ref: formErrorRef, reveal } = useFormError();
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BasicValues, unknown, z.output<typeof companyBasicInput>>({
    resolver,
    mode: "onTouched",
    defaultValues: toValues(company),
    shouldFocusError: true,
  });
  useUnsavedWarning(isDirty);

  const values = useWatch({ control }) as BasicValues;
  const filled =
    TEXT_FIELDS.filter((f) => String(values[f] ?? "").trim() !== "").length + (values.logo ? 1 : 0);
  const total = TEXT_FIELDS.length + (withLogo ? 1 : 0);

  const onSubmit = handleSubmit(
    async (input) => {
      setFormError(undefined);
      try {
        const saved = await apiFetch<CompanyBasic>(`/api/${area}/company/${companyId}/update`, {
          method: "PUT",
          body: input,
        });
        onSaved(saved);
        reset(toValues(saved));
        toast.success(withLogo ? "基本情報を保存しました。" : "会社情報を保存しました。");
        if (saved.name !== company.name || saved.website !== company.website) void update(); // sidebar, header
      } catch (e) {
        const message = applyApiError(e, setError, (k) => k in values, { logoFileId: "logo" });
        reveal(message);
      }
    },
    () => revealFirstError(),
  );

  const err = (f: keyof BasicValues) => errors[f]?.message as string | undefined;
  const capital = yenInWords(values.capitalYen ?? "");
  const descriptionLength = (values.description ?? "").length;

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-label={withLogo ? "基本情報の編集" : "会社情報の編集"}
      className="flex flex-col gap-6"
    >
      <FormErrorBanner ref={formErrorRef} message={formError} className="empty:hidden" />

      <SettingsSection
        id="basic-company"
        title="会社概要"
        icon={<Building2 aria-hidden className="size-5" />}
      >
        <FormField label="会社名" required hint="正式名称（例: 株式会社OEMマッチ）" error={err("name")}>
          <Input autoComplete="organization" {...register("name")} />
        </FormField>
        <FormField label="会社名（カナ）" hint="全角カタカナ" error={err("nameKana")}>
          <Input placeholder="カブシキガイシャオーイーエムマッチ" {...register("nameKana")} />
        </FormField>
        <FormField label="代表者名" error={err("representativeName")}>
          <Input placeholder="山田 太郎" className="desktop:max-w-80" {...register("representativeName")} />
        </FormField>
        <FormField
          label="法人番号"
          hint={
            withLogo
              ? "国税庁が指定する13桁の番号（半角数字）"
              : "国税庁が指定する13桁の番号（半角数字）。登録すると、案件を受け取るメーカーに「法人番号確認済み」と表示されます（番号そのものは表示されません）。"
          }
          error={err("corporateNumber")}
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="1234567890123"
            className="desktop:max-w-80"
            {...register("corporateNumber")}
          />
        </FormField>
        <div className="grid gap-6 desktop:grid-cols-3">
          <FormField label="設立年" hint="西暦4桁（例: 1987）" error={err("establishedYear")}>
            <Input inputMode="numeric" placeholder="1987" {...register("establishedYear")} />
          </FormField>
          <FormField
            label="資本金（円）"
            hint={capital ? `＝ ${capital}` : "半角数字（例: 10000000）"}
            error={err("capitalYen")}
          >
            <Input inputMode="numeric" placeholder="10000000" {...register("capitalYen")} />
          </FormField>
          <FormField label="従業員数" hint="人数（例: 120）" error={err("employeeCount")}>
            <Input inputMode="numeric" placeholder="120" {...register("employeeCount")} />
          </FormField>
        </div>
      </SettingsSection>

      <SettingsSection
        id="basic-address"
        title="所在地・連絡先"
        icon={<MapPin aria-hidden className="size-5" />}
      >
        <div className="grid gap-6 desktop:grid-cols-2">
          <FormField label="郵便番号" hint="半角数字（例: 100-0001）" error={err("postalCode")}>
            <Input
              autoComplete="postal-code"
              inputMode="numeric"
              placeholder="100-0001"
              {...register("postalCode")}
            />
          </FormField>
          <FormField label="都道府県" error={err("prefectureId")}>
            {/* Remounted once the options arrive, so the saved prefecture shows as selected. */}
            <Select
              key={prefectures ? "ready" : "loading"}
              autoComplete="address-level1"
              {...register("prefectureId")}
            >
              <PrefectureOptions items={prefectures?.items} />
            </Select>
          </FormField>
        </div>
        <FormField label="住所" hint="市区町村・番地・建物名" error={err("address")}>
          <Input autoComplete="street-address" placeholder="千代田区丸の内1-1-1" {...register("address")} />
        </FormField>
        <div className="grid gap-6 desktop:grid-cols-2">
          <FormField label="電話番号" hint="半角数字（例: 03-1234-5678）" error={err("phone")}>
            <TelInput placeholder="03-1234-5678" {...register("phone")} />
          </FormField>
          <FormField label="Webサイト" hint="https:// から始まるURL" error={err("website")}>
            <UrlInput {...register("website")} />
          </FormField>
        </div>
      </SettingsSection>

      <SettingsSection
        id="basic-profile"
        title={withLogo ? "会社紹介・ロゴ" : "会社紹介"}
        icon={<ImageIcon aria-hidden className="size-5" />}
      >
        <FormField
          label="会社紹介"
          hint={`${descriptionLength.toLocaleString("ja-JP")} / ${DESCRIPTION_MAX.toLocaleString("ja-JP")}文字　事業内容や得意分野、これまでの実績などをご紹介ください。`}
          error={err("description")}
        >
          <Textarea rows={8} className="min-h-48" {...register("description")} />
        </FormField>
        {withLogo && (
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-bold text-slate-800">
              ロゴ画像
              <span className="ml-2 rounded bg-slate-500 px-1.5 py-0.5 text-xs font-bold text-white">
                任意
              </span>
            </p>
            <p className="text-xs text-slate-600">正方形に近い画像がきれいに表示されます。</p>
            <Controller
              control={control}
              name="logo"
              render={({ field, fieldState }) => (
                <ImageUploader
                  companyId={companyId}
                  label="ロゴ画像"
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </div>
        )}
      </SettingsSection>

      <SaveBar
        busy={isSubmitting}
        label={withLogo ? "基本情報を保存する" : "会社情報を保存する"}
        status={
          <span>
            入力済み <span className="font-bold text-slate-900">{filled}</span> / {total}項目
            {isDirty && <span className="ml-3 font-bold text-amber-700">未保存の変更があります</span>}
          </span>
        }
      />
    </form>
  );
}
