"use client";

// /account/oem/case/create and /account/oem/case/edit?id=: one case study (title, category,
// client's industry, body, lot, period, up to 5 images, 公開/下書き).
import { ChevronLeft, Eye, FileEdit, Images, NotebookPen } from "lucide-react";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { Controller, type UseFormRegisterReturn, useForm, useWatch } from "react-hook-form";
import useSWR from "swr";
import type { z } from "zod";
import { ApiErrorScreen } from "@/components/layout/error-screen";
import { CategoryOptions } from "@/components/ui/category-options";
import { FormErrorBanner, useFormError } from "@/components/ui/form-error-banner";
import { FormField } from "@/components/ui/form-field";
import { ImageListField } from "@/components/ui/image-list-field";
import { Input, Select, Textarea } from "@/components/ui/input";
import Link from "@/components/ui/link";
import { LoadingBlock } from "@/components/ui/load-state";
import { PageHeader, SaveBar, SettingsSection } from "@/components/ui/page-parts";
import { ApiError, apiFetch } from "@/lib/api/client";
import type { UploadedImage } from "@/lib/api/company-image";
import { useCategories } from "@/lib/api/master-data";
import { cn } from "@/lib/cn";
import { applyApiError, bodyResolver, revealFirstError } from "@/lib/form-utils";
import { toast } from "@/lib/toast";
import { useUnsavedWarning } from "@/lib/use-unsaved-warning";
import { numberFromText } from "@/lib/validation";
import { type CaseStudy, caseInput } from "@/modules/cases/case.schema";

interface CaseValues {
  title: string;
  categoryId: string;
  clientIndustry: string;
  body: string;
  lotSize: string;
  period: string;
  status: "PUBLISHED" | "DRAFT";
  images: UploadedImage[];
}

const EMPTY: CaseValues = {
  title: "",
  categoryId: "",
  clientIndustry: "",
  body: "",
  lotSize: "",
  period: "",
  status: "PUBLISHED",
  images: [],
};
const MAX_IMAGES = 5;
const REQUIRED: (keyof CaseValues)[] = ["title", "body"];
const OPTIONAL: (keyof CaseValues)[] = ["categoryId", "clientIndustry", "lotSize", "period"];

function toValues(c: CaseStudy): CaseValues {
  return {
    title: c.title,
    categoryId: c.categoryId ? String(c.categoryId) : "",
    clientIndustry: c.clientIndustry ?? "",
    body: c.body,
    lotSize: c.lotSize ?? "",
    period: c.period ?? "",
    status: c.status,
    images: c.images,
  };
}

function toBody(v: CaseValues) {
  return {
    title: v.title,
    categoryId: v.categoryId ? numberFromText(v.categoryId) : null,
    clientIndustry: v.clientIndustry,
    body: v.body,
    lotSize: v.lotSize,
    period: v.period,
    status: v.status,
    imageIds: (v.images ?? []).map((i) => i.id),
  };
}

const resolver = bodyResolver<CaseValues, typeof caseInput>(caseInput, toBody);

export function CaseCreate({ companyId }: { companyId: string }) {
  return (
    <div className="flex flex-col gap-6">
      <BackLink />
      <PageHeader title="事例を登録" lead="製造実績を具体的に書くほど、発注者に得意分野が伝わります。" />
      <CaseForm companyId={companyId} initial={EMPTY} />
    </div>
  );
}

export function CaseEdit({ companyId, caseId }: { companyId: string; caseId: string | undefined }) {
  const { data, error } = useSWR<CaseStudy>(caseId ? `/api/oem/company/${companyId}/case/${caseId}` : null, {
    revalidateOnReconnect: false,
  });
  if (!caseId) return <ApiErrorScreen error={{ status: 404 }} />;
  // A malformed id answers 422: for the person it is a case that does not exist.
  if (error)
    return (
      <ApiErrorScreen error={error instanceof ApiError && error.status === 422 ? { status: 404 } : error} />
    );
  return (
    <div className="flex flex-col gap-6">
      <BackLink />
      <PageHeader title="事例を編集" />
      {!data ? (
        <LoadingBlock rows={3} />
      ) : (
        <CaseForm companyId={companyId} caseId={caseId} initial={toValues(data)} />
      )}
    </div>
  );
}

function BackLink() {
  return (
    <Link
      href="/account/oem/case"
      className="inline-flex w-fit items-center gap-1 text-sm font-bold text-brand-700 hover:underline"
    >
      <ChevronLeft aria-hidden className="size-4" />
      事例一覧へ戻る
    </Link>
  );
}

function CaseForm({
  companyId,
  caseId,
  initial,
}: {
  companyId: string;
  caseId?: string;
  initial: CaseValues;
}) {
  const router = useRouter();
  const { data: categories } = useCategories();
  const { formError, setFormError, ref: formErrorRef, reveal } = useFormError();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting, isDirty, isSubmitSuccessful },
  } = useForm<CaseValues, unknown, z.output<typeof caseInput>>({
    resolver,
    mode: "onTouched",
    defaultValues: initial,
  });
  useUnsavedWarning(isDirty && !isSubmitSuccessful);
  const values = useWatch({ control }) as CaseValues;

  const onSubmit = handleSubmit(
    async (input) => {
      setFormError(undefined);
      try {
        await apiFetch<CaseStudy>(
          caseId ? `/api/oem/company/${companyId}/case/${caseId}` : `/api/oem/company/${companyId}/case`,
          { method: caseId ? "PUT" : "POST", body: input },
        );
        toast.success(
          input.status === "PUBLISHED"
            ? caseId
              ? "事例を更新しました。"
              : "事例を公開しました。"
            : "事例を下書きとして保存しました。",
        );
        router.push("/account/oem/case");
        router.refresh();
      } catch (e) {
        const message = applyApiError(e, setError, (k) => k in values, { imageIds: "images" });
        reveal(message);
        throw e; // keeps isSubmitSuccessful false
      }
    },
    () => revealFirstError(),
  );

  const requiredDone = REQUIRED.filter((f) => String(values[f] ?? "").trim()).length;
  const optionalDone = OPTIONAL.filter((f) => String(values[f] ?? "").trim()).length;
  const bodyLength = (values.body ?? "").length;

  return (
    <form
      method="post"
      noValidate
      onSubmit={(e) => void onSubmit(e).catch(() => {})}
      aria-label={caseId ? "事例の編集" : "事例の登録"}
      className="flex flex-col gap-6"
    >
      <FormErrorBanner ref={formErrorRef} message={formError} className="empty:hidden" />

      <SettingsSection
        id="case-content"
        title="事例の内容"
        icon={<NotebookPen aria-hidden className="size-5" />}
      >
        <FormField
          label="タイトル"
          required
          hint="100文字以内（例: 美容室チェーンの店販用トリートメントを共同開発）"
          error={errors.title?.message}
        >
          <Input {...register("title")} />
        </FormField>
        <div className="grid gap-6 desktop:grid-cols-2">
          <FormField label="カテゴリ" error={errors.categoryId?.message}>
            <Select key={categories ? "ready" : "loading"} {...register("categoryId")}>
              <CategoryOptions items={categories?.items} />
            </Select>
          </FormField>
          <FormField
            label="依頼元の業種"
            hint="企業名は書かずに業種で（例: 化粧品通販）"
            error={errors.clientIndustry?.message}
          >
            <Input {...register("clientIndustry")} />
          </FormField>
        </div>
        <FormField
          label="内容"
          required
          hint={`${bodyLength.toLocaleString("ja-JP")} / 3,000文字　ご依頼の背景、工夫した点、成果などをご記入ください。`}
          error={errors.body?.message}
        >
          <Textarea rows={8} className="min-h-48" {...register("body")} />
        </FormField>
        <div className="grid gap-6 desktop:grid-cols-2">
          <FormField label="ロット" hint="例: 1,000本" error={errors.lotSize?.message}>
            <Input {...register("lotSize")} />
          </FormField>
          <FormField label="期間" hint="例: 約3か月" error={errors.period?.message}>
            <Input {...register("period")} />
          </FormField>
        </div>
      </SettingsSection>

      <SettingsSection
        id="case-images"
        title="画像"
        icon={<Images aria-hidden className="size-5" />}
        lead="製品や製造工程の写真を5枚まで登録できます。1枚目が一覧のサムネイルになります。"
        aside={
          <span className="text-sm text-slate-500">
            {values.images?.length ?? 0} / {MAX_IMAGES}
          </span>
        }
      >
        <Controller
          control={control}
          name="images"
          render={({ field, fieldState }) => (
            <ImageListField
              companyId={companyId}
              value={field.value}
              onChange={field.onChange}
              max={MAX_IMAGES}
              itemLabel="事例の画像"
              error={fieldState.error?.message}
            />
          )}
        />
      </SettingsSection>

      <SettingsSection id="case-status" title="公開設定" icon={<Eye aria-hidden className="size-5" />}>
        <fieldset>
          <legend className="sr-only">公開状態</legend>
          <div className="grid gap-3 desktop:grid-cols-2">
            <StatusOption
              value="PUBLISHED"
              current={values.status}
              title="公開する"
              description="公開ページと検索結果に表示されます。"
              icon={<Eye aria-hidden className="size-5" />}
              input={register("status")}
            />
            <StatusOption
              value="DRAFT"
              current={values.status}
              title="下書きとして保存"
              description="自社のメンバーだけが見られます。あとから公開できます。"
              icon={<FileEdit aria-hidden className="size-5" />}
              input={register("status")}
            />
          </div>
        </fieldset>
      </SettingsSection>

      <SaveBar
        busy={isSubmitting}
        label={
          values.status === "PUBLISHED"
            ? caseId
              ? "更新して公開する"
              : "登録して公開する"
            : "下書きとして保存する"
        }
        status={
          <span>
            必須 {requiredDone}/{REQUIRED.length}・任意 {optionalDone}/{OPTIONAL.length}項目入力済み
            {isDirty && !isSubmitSuccessful && (
              <span className="ml-3 font-bold text-amber-700">未保存の変更があります</span>
            )}
          </span>
        }
      />
    </form>
  );
}

function StatusOption({
  value,
  current,
  title,
  description,
  icon,
  input,
}: {
  value: CaseValues["status"];
  current: CaseValues["status"];
  title: string;
  description: string;
  icon: ReactNode;
  input: UseFormRegisterReturn<"status">;
}) {
  const checked = current === value;
  return (
    <label
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-lg border-2 p-4 transition-colors",
        checked ? "border-brand-600 bg-brand-50" : "border-slate-200 bg-white hover:border-slate-300",
      )}
    >
      <input type="radio" value={value} className="mt-1 size-4 accent-brand-600" {...input} />
      <span className="flex flex-col gap-1">
        <span
          className={cn("flex items-center gap-1.5 font-bold", checked ? "text-brand-700" : "text-slate-800")}
        >
          {icon}
          {title}
        </span>
        <span className="text-sm leading-6 text-slate-600">{description}</span>
      </span>
    </label>
  );
}
