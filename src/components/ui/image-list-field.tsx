"use client";

// Several images in order (gallery, case images): add by picking or dropping (each upload with
// its own progress bar), caption each, move up or down, remove; at most `max`.
import { AlertCircle, ArrowDown, ArrowUp, Trash2, X } from "lucide-react";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { FORMATS_HINT, type UploadedImage, uploadCompanyImage } from "@/lib/api/company-image";
import { cn } from "@/lib/cn";
import { messageOf } from "@/lib/form-helpers";
import { CaptionField, DropZone, UploadProgress, usePreview } from "./image-uploader";

interface Pending {
  key: number;
  file: File;
  ratio: number;
  error?: string;
}

export function ImageListField({
  companyId,
  value,
  onChange,
  max,
  itemLabel = "画像",
  captions = true,
  disabled,
  error: fieldError,
}: {
  companyId: string;
  value: UploadedImage[];
  onChange: (next: UploadedImage[]) => void;
  max: number;
  /** 「ギャラリー画像」: used in button labels and messages. */
  itemLabel?: string;
  captions?: boolean;
  disabled?: boolean;
  error?: string;
}) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [notice, setNotice] = useState<string>();
  // Uploads finish after later renders: always add to the latest list.
  const latest = useRef(value);
  latest.current = value;
  const nextKey = useRef(0);

  const uploading = pending.filter((p) => !p.error).length;
  const room = max - value.length - uploading;

  const patch = (key: number, change: Partial<Pending>) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const add = async (files: File[]) => {
    setNotice(undefined);
    const taken = files.slice(0, Math.max(0, room));
    if (files.length > taken.length) {
      setNotice(
        `${itemLabel}は${max}枚まで登録できます。${files.length - taken.length}枚は追加しませんでした。`,
      );
    }
    const jobs = taken.map((file) => ({ key: nextKey.current++, file, ratio: 0 }));
    setPending((list) => [...list.filter((p) => !p.error), ...jobs]);
    // One after another: the images keep the order they were picked in.
    for (const job of jobs) {
      try {
        const image = await uploadCompanyImage(companyId, job.file, (ratio) => patch(job.key, { ratio }));
        onChange([...latest.current, image]);
        latest.current = [...latest.current, image];
        setPending((list) => list.filter((p) => p.key !== job.key));
      } catch (e) {
        patch(job.key, { error: messageOf(e) });
      }
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-4" data-invalid={fieldError ? true : undefined}>
      {value.length > 0 && (
        <ol className="flex flex-col gap-3" aria-label={`登録済みの${itemLabel}`}>
          {value.map((image, i) => (
            <li
              key={image.id}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 desktop:flex-row desktop:items-start"
            >
              <div className="flex items-start gap-3">
                <span className="mt-1 flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-800 text-xs font-bold text-white">
                  {i + 1}
                </span>
                <div className="aspect-[4/3] w-36 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-100 desktop:w-40">
                  {/* biome-ignore lint/performance/noImgElement: uploaded images are served by the API */}
                  <img
                    src={image.url}
                    alt={image.caption || `${itemLabel}${i + 1}枚目`}
                    className="size-full object-cover"
                  />
                </div>
                <div className="ml-auto flex flex-col gap-1.5 desktop:hidden">
                  <ItemButtons
                    index={i}
                    count={value.length}
                    label={itemLabel}
                    disabled={disabled}
                    onMove={move}
                    onRemove={() => onChange(value.filter((v) => v.id !== image.id))}
                  />
                </div>
              </div>
              <div className="min-w-0 flex-1">
                {captions ? (
                  <CaptionField
                    companyId={companyId}
                    image={image}
                    disabled={disabled}
                    label={`${i + 1}枚目のキャプション`}
                    onSaved={(caption) =>
                      onChange(latest.current.map((v) => (v.id === image.id ? { ...v, caption } : v)))
                    }
                  />
                ) : null}
              </div>
              <div className="hidden shrink-0 gap-1.5 desktop:flex">
                <ItemButtons
                  index={i}
                  count={value.length}
                  label={itemLabel}
                  disabled={disabled}
                  onMove={move}
                  onRemove={() => onChange(value.filter((v) => v.id !== image.id))}
                />
              </div>
            </li>
          ))}
        </ol>
      )}

      {pending.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="アップロード中の画像">
          {pending.map((p) => (
            <PendingRow
              key={p.key}
              pending={p}
              onDismiss={() => setPending((list) => list.filter((x) => x.key !== p.key))}
            />
          ))}
        </ul>
      )}

      {notice && <Alert tone="info">{notice}</Alert>}

      {room > 0 ? (
        <DropZone
          multiple
          compact={value.length > 0}
          disabled={disabled}
          title={
            value.length
              ? `${itemLabel}を追加（あと${room}枚）`
              : `${itemLabel}をアップロード（${max}枚まで）`
          }
          hint={`${FORMATS_HINT}。複数枚まとめて選べます。`}
          inputLabel={`${itemLabel}のファイル`}
          onFiles={(files) => void add(files)}
        />
      ) : (
        <p className="rounded-md bg-slate-50 px-4 py-3 text-center text-sm text-slate-600">
          {itemLabel}は{max}枚まで登録できます。追加するには、先にいずれかを削除してください。
        </p>
      )}
      {fieldError && <Alert tone="error">{fieldError}</Alert>}
    </div>
  );
}

function ItemButtons({
  index,
  count,
  label,
  disabled,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  label: string;
  disabled?: boolean;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const btn =
    "inline-flex size-10 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-35";
  const n = index + 1;
  return (
    <>
      <button
        type="button"
        className={btn}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, -1)}
        aria-label={`${label}${n}枚目を上へ移動`}
        title="上へ移動"
      >
        <ArrowUp aria-hidden className="size-4" />
      </button>
      <button
        type="button"
        className={btn}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, 1)}
        aria-label={`${label}${n}枚目を下へ移動`}
        title="下へ移動"
      >
        <ArrowDown aria-hidden className="size-4" />
      </button>
      <button
        type="button"
        className={cn(btn, "text-red-700 hover:bg-red-50")}
        disabled={disabled}
        onClick={onRemove}
        aria-label={`${label}${n}枚目を削除`}
        title="削除"
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </>
  );
}

function PendingRow({ pending, onDismiss }: { pending: Pending; onDismiss: () => void }) {
  const preview = usePreview(pending.file);
  return (
    <li
      className={cn(
        "flex items-center gap-3 rounded-lg border p-3",
        pending.error ? "border-red-200 bg-red-50" : "border-slate-200 bg-white",
      )}
    >
      {pending.error ? (
        <AlertCircle aria-hidden className="size-6 shrink-0 text-red-600" />
      ) : (
        <div className="aspect-[4/3] w-24 shrink-0 overflow-hidden rounded-md bg-slate-100">
          {preview && (
            // biome-ignore lint/performance/noImgElement: a local preview (blob URL)
            <img src={preview} alt="" className="size-full object-cover opacity-60" />
          )}
        </div>
      )}
      <div className="min-w-0 flex-1">
        {pending.error ? (
          <div role="alert" className="text-sm text-red-700">
            <p className="truncate font-bold">{pending.file.name}</p>
            <p>{pending.error}</p>
          </div>
        ) : (
          <UploadProgress ratio={pending.ratio} name={pending.file.name} />
        )}
      </div>
      {pending.error && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="このエラーを閉じる"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-red-700 hover:bg-red-100"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </li>
  );
}
