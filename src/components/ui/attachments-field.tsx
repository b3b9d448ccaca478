"use client";

import { AlertCircle, FileText, Lock, Paperclip, Upload, X } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { ApiError, apiFetch } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { fileKindLabel, formatBytes } from "@/lib/file-size";

/** An uploaded attachment as a form keeps it until it is sent (POST /api/attachment/upload answers it). */
export interface DraftAttachment {
  id: string;
  name: string;
  contentType: string;
  byteSize: number;
}

export const MAX_FILES = 5;
const MAX_BYTES = 10 * 1024 * 1024;
/** What the file picker offers; the server decides by the content. */
export const ACCEPT =
  ".pdf,.jpg,.jpeg,.png,.webp,.gif,.doc,.docx,.xls,.xlsx,.ppt,.pptx,application/pdf,image/jpeg,image/png,image/webp,image/gif";

interface PendingUpload {
  key: string;
  name: string;
  size: number;
  /** 0–1 while sending; undefined once failed. */
  progress?: number;
  error?: string;
}

let uploadSeq = 0;

/** Where and what an AttachmentsField uploads (the inquiry form's attachments by default). */
export interface UploadTarget {
  /** POST multipart `file`, answers {id, name, contentType, byteSize}. */
  path: string;
  maxBytes: number;
  accept: string;
  /** The line under the drop zone: the kinds and sizes the server takes. */
  hint: string;
}

const INQUIRY_UPLOAD: UploadTarget = {
  path: "/api/attachment/upload",
  maxBytes: MAX_BYTES,
  accept: ACCEPT,
  hint: "PDF・画像（JPEG・PNG・WebP・GIF）・Word・Excel・PowerPoint、1ファイル10MBまで",
};

/**
 * Up to five attachments, each uploaded at once (POST /api/attachment/upload, or `target`) with
 * its own progress bar; the draft keeps the uploaded ones by id. Only a signed-in buyer can
 * upload: visitors are told they can add files after signing in.
 */
export function AttachmentsField({
  attachments,
  canUpload,
  error,
  onUploaded,
  onRemove,
  onBusyChange,
  target = INQUIRY_UPLOAD,
  compact = false,
}: {
  attachments: DraftAttachment[];
  canUpload: boolean;
  error?: string;
  onUploaded: (a: DraftAttachment) => void;
  onRemove: (id: string) => void;
  onBusyChange: (busy: boolean) => void;
  target?: UploadTarget;
  /** A smaller drop zone (a message composer). */
  compact?: boolean;
}) {
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [notice, setNotice] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const busy = uploads.some((u) => u.progress !== undefined);

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const patch = (key: string, change: Partial<PendingUpload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const send = async (file: File, key: string) => {
    const form = new FormData();
    form.set("file", file);
    try {
      const res = await apiFetch<DraftAttachment & { url: string }>(target.path, {
        method: "POST",
        body: form,
        onProgress: (ratio) => patch(key, { progress: Math.min(ratio, 0.99) }),
      });
      setUploads((list) => list.filter((u) => u.key !== key));
      onUploaded({ id: res.id, name: res.name, contentType: res.contentType, byteSize: res.byteSize });
    } catch (e) {
      patch(key, {
        progress: undefined,
        error:
          e instanceof ApiError
            ? e.message
            : "アップロードできませんでした。時間をおいてもう一度お試しください。",
      });
    }
  };

  const add = (files: File[]) => {
    setNotice(undefined);
    const pending = uploads.filter((u) => u.progress !== undefined).length;
    const room = MAX_FILES - attachments.length - pending;
    if (files.length > room) {
      setNotice(
        room > 0
          ? `添付できるのは${MAX_FILES}ファイルまでです。最初の${room}ファイルを追加しました。`
          : `添付できるのは${MAX_FILES}ファイルまでです。追加するには、添付済みのファイルを削除してください。`,
      );
    }
    const accepted = files.slice(0, Math.max(0, room));
    const next: PendingUpload[] = accepted.map((file) => {
      const key = `u${++uploadSeq}`;
      if (file.size > target.maxBytes) {
        return {
          key,
          name: file.name,
          size: file.size,
          error: `${Math.round(target.maxBytes / 1024 / 1024)}MBを超えるファイルは添付できません。`,
        };
      }
      if (file.size === 0) return { key, name: file.name, size: 0, error: "空のファイルは添付できません。" };
      void send(file, key);
      return { key, name: file.name, size: file.size, progress: 0 };
    });
    // Earlier failures give way to the new attempt.
    setUploads((list) => [...list.filter((u) => u.progress !== undefined), ...next]);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (canUpload) add([...e.dataTransfer.files]);
  };

  const full = attachments.length + uploads.filter((u) => u.progress !== undefined).length >= MAX_FILES;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={canUpload ? inputId : undefined} className="text-sm font-bold text-slate-800">
        添付ファイル
        <span className="ml-2 rounded bg-slate-500 px-1.5 py-0.5 text-xs font-bold text-white">任意</span>
      </label>
      {canUpload ? (
        <fieldset
          aria-label="ファイルの追加（ドラッグ＆ドロップもできます）"
          onDragOver={(e) => {
            e.preventDefault();
            if (!full) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex flex-col items-center gap-3 rounded-md border-2 border-dashed px-4 text-center transition-colors",
            compact ? "py-3" : "py-5",
            dragging ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-slate-50",
            error && "border-red-400",
          )}
        >
          {!compact && <Upload aria-hidden className="size-6 text-slate-500" />}
          <p className="text-sm text-slate-700">
            <span className="hidden desktop:inline">ここにファイルをドラッグ＆ドロップするか、</span>
            ボタンからファイルを選んでください
          </p>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            multiple
            accept={target.accept}
            disabled={full}
            aria-describedby={[hintId, error ? errorId : ""].filter(Boolean).join(" ")}
            aria-invalid={error ? true : undefined}
            className="sr-only"
            onChange={(e) => {
              add([...(e.target.files ?? [])]);
              e.target.value = "";
            }}
          />
          <button
            type="button"
            onClick={() => inputRef.current?.click()}
            disabled={full}
            className="inline-flex h-11 items-center gap-2 rounded-md border border-brand-600 bg-white px-5 font-bold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400"
          >
            <Paperclip aria-hidden className="size-4" />
            ファイルを選択
          </button>
        </fieldset>
      ) : (
        <div className="flex items-start gap-3 rounded-md border border-dashed border-slate-300 bg-slate-50 p-4 text-sm leading-6 text-slate-700">
          <Lock aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
          <p>
            図面や仕様書などのファイルは、発注者アカウントでログインすると添付できます。ログイン・会員登録は次のステップで行えます。その後、確認画面の「修正する」から添付してください。
          </p>
        </div>
      )}
      <p id={hintId} className="text-xs leading-5 text-slate-600">
        {target.hint}、{MAX_FILES}ファイルまで（添付済み {attachments.length}/{MAX_FILES}）
      </p>
      {notice && (
        <p role="status" className="text-sm text-amber-800">
          {notice}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {(attachments.length > 0 || uploads.length > 0) && (
        <ul aria-label="添付ファイル" className="flex flex-col gap-2">
          {attachments.map((a) => (
            <li
              key={a.id}
              className="flex items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2"
            >
              <FileText aria-hidden className="size-5 shrink-0 text-brand-600" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-bold text-slate-800">{a.name}</p>
                <p className="text-xs text-slate-500">
                  {fileKindLabel(a.contentType, a.name)}・{formatBytes(a.byteSize)}・アップロード済み
                </p>
              </div>
              <button
                type="button"
                onClick={() => onRemove(a.id)}
                aria-label={`${a.name}を削除`}
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
          {uploads.map((u) => (
            <UploadRow
              key={u.key}
              upload={u}
              onDismiss={() => setUploads((l) => l.filter((x) => x.key !== u.key))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function UploadRow({ upload, onDismiss }: { upload: PendingUpload; onDismiss: () => void }) {
  const percent = Math.round((upload.progress ?? 0) * 100);
  if (upload.error) {
    return (
      <li className="flex items-start gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2">
        <AlertCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-red-600" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-bold text-slate-800">{upload.name}</p>
          <p role="alert" className="text-xs leading-5 text-red-700">
            {upload.error}
          </p>
        </div>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={`${upload.name}のエラー表示を閉じる`}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X aria-hidden className="size-4" />
        </button>
      </li>
    );
  }
  return (
    <li className="flex items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2">
      <Upload aria-hidden className="size-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className="truncate text-sm font-bold text-slate-800">{upload.name}</p>
          <p className="shrink-0 text-xs text-slate-500 tabular-nums">
            {formatBytes(upload.size)}・{percent}%
          </p>
        </div>
        <div
          role="progressbar"
          aria-label={`${upload.name}をアップロード中`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-150"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
    </li>
  );
}
