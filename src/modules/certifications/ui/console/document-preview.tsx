"use client";

// The certificate's document as the operator reads it: fetched with the operator token (the console
// keeps it in localStorage, so no plain link can carry it) into a blob. A JPEG or PNG is shown on the
// page; a PDF opens in a new tab (the pages' policy keeps frames to this site). Both can be saved.
import { Download, ExternalLink, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { ApiError } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import type { CertificationDetail } from "../../certification-operator.schema";

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("ja-JP")} KB`;

export function DocumentPreview({ document }: { document: CertificationDetail["document"] }) {
  const { token, download } = useOwnerSession();
  const [blobUrl, setBlobUrl] = useState<string>();
  const [saving, setSaving] = useState(false);
  const isImage = document.contentType.startsWith("image/");
  const {
    data: blob,
    error,
    mutate,
  } = useSWR(token ? ["owner-document", document.url] : null, async () => {
    const res = await fetch(document.url, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new ApiError(res.status, "DOCUMENT", "書類を読み込めませんでした。");
    return res.blob();
  });

  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setBlobUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);

  const save = async () => {
    setSaving(true);
    try {
      await download(document.url, document.name);
    } catch (e) {
      toast.error(messageOf(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        <span className="font-bold break-all">{document.name}</span>
        <span className="ml-2 text-slate-500">
          {isImage ? "画像" : "PDF"}・{kb(document.byteSize)}
        </span>
      </p>
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !blobUrl ? (
        <LoadingBlock rows={2} label="書類を読み込み中…" />
      ) : isImage ? (
        // biome-ignore lint/performance/noImgElement: a blob of the operator's own fetch, not an optimisable asset
        <img
          src={blobUrl}
          alt={`${document.name}（証明書の画像）`}
          className="max-h-[70vh] w-auto max-w-full rounded border border-slate-200 object-contain"
        />
      ) : (
        <p className="text-sm text-slate-700">PDFは新しいタブで開いて確認してください。</p>
      )}
      <div className="flex flex-wrap gap-2">
        {blobUrl && !isImage && (
          <Button asChild size="sm">
            <a href={blobUrl} target="_blank" rel="noopener">
              <ExternalLink aria-hidden className="size-4" />
              PDFを新しいタブで開く
            </a>
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => void save()} disabled={saving}>
          {saving ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <Download aria-hidden className="size-4" />
          )}
          ダウンロード
        </Button>
      </div>
    </div>
  );
}
