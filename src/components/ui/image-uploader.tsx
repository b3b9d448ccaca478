"use client";

// The image uploader of the supplier settings: pick or drop an image, watch the upload
// progress, see the thumbnail, give it a caption, replace or remove it.
import { Check, ImagePlus, Loader2, RefreshCw, Trash2, Upload } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  ACCEPT,
  FORMATS_HINT,
  saveImageCaption,
  type UploadedImage,
  uploadCompanyImage,
} from "@/lib/api/company-image";
import { cn } from "@/lib/cn";
import { messageOf } from "@/lib/form-helpers";

export type { UploadedImage } from "@/lib/api/company-image";

/** A dashed box that takes dropped files and opens the file picker on click or Enter. */
export function DropZone({
  onFiles,
  multiple,
  disabled,
  title,
  hint,
  compact,
  inputLabel,
}: {
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  title: string;
  hint?: string;
  compact?: boolean;
  /** Accessible name of the hidden file input. */
  inputLabel: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const take = (list: FileList | null) => {
    const files = list ? [...list] : [];
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
  };
  return (
    <fieldset
      aria-label={title}
      onDragOver={(e) => {
        if (disabled) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!disabled) take(e.dataTransfer.files);
      }}
      className={cn(
        "flex min-w-0 flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 text-center transition-colors",
        compact ? "py-5" : "py-8",
        disabled
          ? "border-slate-200 bg-slate-50 text-slate-400"
          : over
            ? "border-brand-600 bg-brand-50 text-brand-700"
            : "border-slate-300 bg-slate-50/60 text-slate-600 hover:border-brand-600/60",
      )}
    >
      <ImagePlus aria-hidden className={cn("size-8", disabled ? "text-slate-300" : "text-brand-600")} />
      <p className="text-sm font-bold">{title}</p>
      <p className="hidden text-xs desktop:block">ここに画像をドラッグ＆ドロップ、または</p>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        aria-describedby={hint ? hintId : undefined}
      >
        <Upload aria-hidden className="size-4" />
        画像を選択
      </Button>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        multiple={multiple}
        disabled={disabled}
        aria-label={inputLabel}
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          take(e.currentTarget.files);
          e.currentTarget.value = "";
        }}
      />
    </fieldset>
  );
}

/** The progress of one upload: the bar with its percentage, then the server's processing. */
export function UploadProgress({ ratio, name }: { ratio: number; name: string }) {
  const pct = Math.round(ratio * 100);
  const processing = pct >= 100;
  return (
    <div className="flex w-full flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2 text-xs text-slate-600">
        <span className="min-w-0 truncate">{name}</span>
        <span className="shrink-0 font-bold tabular-nums text-brand-700">
          {processing ? (
            <span className="inline-flex items-center gap-1">
              <Loader2 aria-hidden className="size-3.5 animate-spin" />
              画像を処理しています…
            </span>
          ) : (
            `${pct}%`
          )}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${name}のアップロード`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={processing ? "アップロード完了、画像を処理しています" : `${pct}%`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            "h-full rounded-full bg-brand-600 transition-[width] duration-150",
            processing && "animate-pulse",
          )}
          style={{ width: `${pct}%` }}
        />
      </div>
    </div>
  );
}

/**
 * The caption of an uploaded image, saved on its own (PATCH …/caption/update) when the field
 * is left or Enter is pressed; Enter never submits the surrounding form.
 */
export function CaptionField({
  companyId,
  image,
  onSaved,
  label = "キャプション",
  disabled,
}: {
  companyId: string;
  image: UploadedImage;
  onSaved: (caption: string | null) => void;
  label?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState(image.caption ?? "");
  const [state, setState] = useState<"idle" | "saving" | "saved">("idle");
  const [error, setError] = useState<string>();
  const saved = useRef(image.caption ?? "");

  useEffect(() => {
    // A new image or a caption set from outside (e.g. the form was reloaded).
    saved.current = image.caption ?? "";
    setText(image.caption ?? "");
  }, [image.caption]);

  const save = async () => {
    if (text.trim() === saved.current.trim()) return;
    setState("saving");
    setError(undefined);
    try {
      const caption = await saveImageCaption(companyId, image.id, text);
      saved.current = caption ?? "";
      onSaved(caption);
      setState("saved");
    } catch (e) {
      setState("idle");
      setError(messageOf(e));
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void save();
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-bold text-slate-700">
        {label}
        <span className="ml-2 font-normal text-slate-500">（200文字以内・任意）</span>
      </label>
      <Input
        id={id}
        value={text}
        maxLength={200}
        disabled={disabled}
        placeholder="例: 充填ラインの様子"
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setState("idle");
        }}
        onBlur={() => void save()}
        onKeyDown={onKeyDown}
        className="h-10 text-sm"
      />
      <p aria-live="polite" className="min-h-4 text-xs">
        {error ? (
          <span className="text-red-600">{error}</span>
        ) : state === "saving" ? (
          <span className="text-slate-500">保存しています…</span>
        ) : state === "saved" ? (
          <span className="inline-flex items-center gap-1 text-emerald-700">
            <Check aria-hidden className="size-3.5" />
            キャプションを保存しました
          </span>
        ) : null}
      </p>
    </div>
  );
}

/** A local preview of a picked file while it uploads. */
export function usePreview(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

/**
 * One image (the company logo, …): the value is the uploaded image or null. Removing only
 * clears the value; the form that holds it decides when it is saved.
 */
export function ImageUploader({
  companyId,
  value,
  onChange,
  label,
  caption = false,
  disabled,
  shape = "square",
  error: fieldError,
}: {
  companyId: string;
  value: UploadedImage | null;
  onChange: (value: UploadedImage | null) => void;
  /** Names the image in button labels: 「ロゴ画像」. */
  label: string;
  caption?: boolean;
  disabled?: boolean;
  shape?: "square" | "wide";
  error?: string;
}) {
  const [file, setFile] = useState<File>();
  const [ratio, setRatio] = useState(0);
  const [error, setError] = useState<string>();
  const preview = usePreview(file);

  const upload = async (picked: File) => {
    setError(undefined);
    setFile(picked);
    setRatio(0);
    try {
      const image = await uploadCompanyImage(companyId, picked, setRatio);
      onChange(image);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setFile(undefined);
    }
  };

  const frame = cn(
    "relative shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-100",
    shape === "square" ? "size-32 desktop:size-40" : "aspect-[4/3] w-40 desktop:w-56",
  );
  const shown = preview ?? value?.url;
  return (
    <div className="flex flex-col gap-3" data-invalid={fieldError ? true : undefined}>
      {shown ? (
        <div className="flex flex-col gap-4 desktop:flex-row desktop:items-start">
          <div className={frame}>
            {/* biome-ignore lint/performance/noImgElement: uploaded images are served by the API, not next/image */}
            <img
              src={shown}
              alt={value?.caption || `${label}のプレビュー`}
              className={cn("size-full object-contain", file && "opacity-50")}
            />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            {file ? (
              <UploadProgress ratio={ratio} name={file.name} />
            ) : (
              <>
                <ReplaceButtons
                  label={label}
                  disabled={disabled}
                  onPick={(f) => void upload(f)}
                  onRemove={() => onChange(null)}
                />
                {caption && value && (
                  <CaptionField
                    companyId={companyId}
                    image={value}
                    disabled={disabled}
                    onSaved={(c) => onChange({ ...value, caption: c })}
                  />
                )}
              </>
            )}
          </div>
        </div>
      ) : (
        <DropZone
          title={`${label}をアップロード`}
          hint={FORMATS_HINT}
          disabled={disabled}
          inputLabel={`${label}のファイル`}
          onFiles={(files) => files[0] && void upload(files[0])}
        />
      )}
      {(error || fieldError) && <Alert tone="error">{error ?? fieldError}</Alert>}
    </div>
  );
}

function ReplaceButtons({
  label,
  disabled,
  onPick,
  onRemove,
}: {
  label: string;
  disabled?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => inputRef.current?.click()}>
        <RefreshCw aria-hidden className="size-4" />
        画像を変更
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={disabled}
        onClick={onRemove}
        className="border border-slate-300 text-red-700 hover:bg-red-50"
      >
        <Trash2 aria-hidden className="size-4" />
        削除
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        aria-label={`${label}のファイル（変更）`}
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (f) onPick(f);
        }}
      />
    </div>
  );
}
