"use client";

// The certificate upload (POST /api/oem/company/{companyId}/certifications, multipart): the type
// (認証 / 許可), its number, the issuer, the expiry and the document (PDF, JPEG or PNG, 10 MB).
// The same schema as the API runs in the browser; the server decides the file's kind by content.
import { FileText, Loader2, Paperclip, Upload, X } from "lucide-react";
import { type RefObject, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormErrorBanner, useFormError } from "@/components/ui/form-error-banner";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import type { CertificationTypeItem } from "@/lib/api/capability-masters";
import { apiFetch } from "@/lib/api/client";
import { formatBytes } from "@/lib/file-size";
import { applyApiError, bodyResolver, revealFirstError } from "@/lib/form-utils";
import { toast } from "@/lib/toast";
import { type Certification, type CertificationUpload, certificationUpload } from "../certification.schema";

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";
const TOO_LARGE = "証明書のファイルサイズは10MB以内にしてください。";
const UNSUPPORTED = "証明書は PDF・JPEG・PNG のファイルを選択してください。";

interface UploadValues {
  certificationTypeId: string;
  number: string;
  issuer: string;
  expiresOn: string;
  file: File | null;
}

const EMPTY: UploadValues = { certificationTypeId: "", number: "", issuer: "", expiresOn: "", file: null };

const resolver = bodyResolver<UploadValues, typeof certificationUpload>(certificationUpload, (v) => ({
  ...v,
  file: v.file ?? undefined,
}));

/** What the browser can tell before sending: the size and the kind the name and type claim. */
function fileProblem(file: File): string | undefined {
  if (file.size > MAX_BYTES) return TOO_LARGE;
  const ok =
    /\.(pdf|jpe?g|png)$/i.test(file.name) || /^(application\/pdf|image\/(jpeg|png))$/.test(file.type);
  return ok ? undefined : UNSUPPORTED;
}

export function CertificationUploadForm({
  companyId,
  types,
  full,
  onUploaded,
}: {
  companyId: string;
  types: CertificationTypeItem[] | undefined;
  /** The company has as many certificates as it may: the form is closed. */
  full: boolean;
  onUploaded: (c: Certification) => void;
}) {
  const [progress, setProgress] = useState<number>();
  // A file refused in the browser (size, kind) is not taken into the form; the reason shows here.
  const [fileNotice, setFileNotice] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const { formError, setFormError, ref: formErrorRef, reveal } = useFormError();
  const {
    register,
    handleSubmit,
    reset,
    control,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UploadValues, unknown, CertificationUpload>({
    resolver,
    mode: "onTouched",
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(
    async () => {
      setFormError(undefined);
      const values = getValues();
      const form = new FormData();
      form.set("certificationTypeId", values.certificationTypeId);
      form.set("number", values.number);
      form.set("issuer", values.issuer);
      form.set("expiresOn", values.expiresOn);
      form.set("file", values.file!);
      setProgress(0);
      try {
        const created = await apiFetch<Certification>(`/api/oem/company/${companyId}/certifications`, {
          method: "POST",
          body: form,
          onProgress: (ratio) => setProgress(Math.min(ratio, 0.99)),
        });
        onUploaded(created);
        reset(EMPTY);
        setFileNotice(undefined);
        if (fileInput.current) fileInput.current.value = "";
        toast.success("証明書を登録しました。運営事務局の確認をお待ちください。");
      } catch (e) {
        // What was typed stays; only the messages are added.
        reveal(applyApiError(e, setError, (k) => k in EMPTY));
      } finally {
        setProgress(undefined);
      }
    },
    () => revealFirstError(),
  );

  if (full) {
    return (
      <p className="rounded-md bg-amber-50 px-4 py-4 text-sm leading-6 text-amber-900">
        登録できる証明書は30件までです。期限切れや不要な証明書を削除すると、新しい証明書を登録できます。
      </p>
    );
  }
  const certifications = types?.filter((t) => t.kind === "CERTIFICATION") ?? [];
  const licenses = types?.filter((t) => t.kind === "LICENSE") ?? [];
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-label="証明書の登録"
      className="flex flex-col gap-5"
    >
      <FormErrorBanner ref={formErrorRef} message={formError} className="empty:hidden" />
      <FormField label="認証・許可の種類" required error={errors.certificationTypeId?.message}>
        <Select key={types ? "ready" : "loading"} {...register("certificationTypeId")}>
          <option value="">選択してください</option>
          {certifications.length > 0 && (
            <optgroup label="認証">
              {certifications.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </optgroup>
          )}
          {licenses.length > 0 && (
            <optgroup label="許可">
              {licenses.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </optgroup>
          )}
        </Select>
      </FormField>
      <div className="grid gap-5 desktop:grid-cols-2">
        <FormField
          label="登録番号・許可番号"
          required
          hint="証明書に記載の番号"
          error={errors.number?.message}
        >
          <Input autoComplete="off" placeholder="例: JQA-QMA12345" {...register("number")} />
        </FormField>
        <FormField label="発行機関" required hint="審査登録機関・都道府県など" error={errors.issuer?.message}>
          <Input autoComplete="off" placeholder="例: 一般財団法人日本品質保証機構" {...register("issuer")} />
        </FormField>
      </div>
      <FormField
        label="有効期限"
        hint="証明書に記載の有効期限の最終日。期限のない許可は空欄のままにしてください"
        error={errors.expiresOn?.message}
      >
        <Input type="date" className="desktop:max-w-60" {...register("expiresOn")} />
      </FormField>
      <Controller
        control={control}
        name="file"
        render={({ field, fieldState }) => (
          <FormField
            label="証明書ファイル"
            required
            hint="PDF・JPEG・PNG、10MBまで。記載内容が読み取れるものを選んでください"
            error={fileNotice ?? fieldState.error?.message}
          >
            <FilePicker
              inputRef={fileInput}
              file={field.value}
              onChange={(file) => {
                const problem = file ? fileProblem(file) : undefined;
                setFileNotice(problem);
                if (problem && fileInput.current) fileInput.current.value = "";
                field.onChange(problem ? null : file);
              }}
            />
          </FormField>
        )}
      />
      {progress !== undefined && (
        <div
          role="progressbar"
          aria-label="証明書をアップロード中"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-brand-600"
            style={{ width: `${Math.round(progress * 100)}%` }}
          />
        </div>
      )}
      <div>
        <Button type="submit" disabled={isSubmitting} className="w-full desktop:w-auto desktop:min-w-56">
          {isSubmitting ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <Upload aria-hidden className="size-4" />
          )}
          {isSubmitting ? "登録しています…" : "証明書を登録する"}
        </Button>
      </div>
    </form>
  );
}

/** One file: a button opens the picker, the chosen file shows with a way to take it back. */
function FilePicker({
  inputRef,
  file,
  onChange,
  ...aria
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  file: File | null;
  onChange: (file: File | null) => void;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  return (
    <div className="flex flex-col gap-2" data-invalid={aria["aria-invalid"] ? true : undefined}>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        {...aria}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      {file ? (
        <div className="flex items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2">
          <FileText aria-hidden className="size-5 shrink-0 text-brand-600" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-bold text-slate-800">{file.name}</p>
            <p className="text-xs text-slate-500">{formatBytes(file.size)}</p>
          </div>
          <button
            type="button"
            onClick={() => {
              if (inputRef.current) inputRef.current.value = "";
              onChange(null);
            }}
            aria-label={`${file.name}の選択を取り消す`}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-md border border-dashed border-brand-600 bg-white px-5 font-bold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 desktop:w-auto"
        >
          <Paperclip aria-hidden className="size-4" />
          ファイルを選択
        </button>
      )}
    </div>
  );
}
