"use client";

// Small parts shared by the deal room's pages: status badge, unread badge, the files of a
// message or a quote, the upload target of the deal room's files.
import { FileText, Paperclip } from "lucide-react";
import type { UploadTarget } from "@/components/ui/attachments-field";
import { Badge } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { fileKindLabel, fileSize } from "@/lib/file-size";
import { DEAL_STATUS_LABELS, type DealStatus } from "@/modules/deals/deal.policy";
import type { DealFile } from "@/modules/deals/deals.schema";

const STATUS_TONE: Record<DealStatus, "slate" | "brand" | "gold" | "red" | "green"> = {
  NEW: "gold",
  QUOTED: "brand",
  AWARDED: "green",
  DECLINED: "slate",
  WITHDRAWN: "slate",
};

export function DealStatusBadge({ status, className }: { status: DealStatus; className?: string }) {
  return (
    <Badge tone={STATUS_TONE[status]} className={className}>
      {DEAL_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The number of unread messages; nothing when there are none. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      role="img"
      aria-label={`未読 ${count}件`}
      className={cn(
        "inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white tabular-nums",
        className,
      )}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

/** The deal room's files: POST …/files, checked by content on the server. */
export const DEAL_ACCEPT =
  ".pdf,.jpg,.jpeg,.png,.webp,.gif,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.step,.stp,.iges,.igs,.dxf,application/pdf,image/jpeg,image/png,image/webp,image/gif";

export function dealUploadTarget(filesPath: string): UploadTarget {
  return {
    path: filesPath,
    maxBytes: 20 * 1024 * 1024,
    accept: DEAL_ACCEPT,
    hint: "PDF・画像（JPEG・PNG・WebP・GIF）・Word・Excel・PowerPoint・図面（STEP・IGES・DXF）、1ファイル20MBまで",
  };
}

function kindOf(f: DealFile): string {
  if (/\.(step|stp)$/i.test(f.name)) return "STEP";
  if (/\.(iges|igs)$/i.test(f.name)) return "IGES";
  if (/\.dxf$/i.test(f.name)) return "DXF";
  return fileKindLabel(f.contentType, f.name);
}

/** Download links of a message's or a quote's files. */
export function DealFileList({ files, tone = "light" }: { files: DealFile[]; tone?: "light" | "mine" }) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="添付ファイル" className="mt-2 flex flex-col gap-1.5">
      {files.map((f) => (
        <li key={f.id}>
          <a
            href={f.url}
            download={f.name}
            className={cn(
              "flex items-center gap-2 rounded-md border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600",
              tone === "mine"
                ? "border-brand-600/30 bg-white hover:bg-brand-50"
                : "border-slate-200 bg-white hover:border-brand-600/50 hover:bg-brand-50/40",
            )}
          >
            {f.contentType.startsWith("image/") ? (
              <Paperclip aria-hidden className="size-4 shrink-0 text-slate-500" />
            ) : (
              <FileText aria-hidden className="size-4 shrink-0 text-slate-500" />
            )}
            <span className="min-w-0 flex-1 truncate font-bold text-brand-700">{f.name}</span>
            <span className="shrink-0 text-xs text-slate-500">
              {kindOf(f)}・{fileSize(f.byteSize)}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** 「数量 1,000個」 style numbers. */
const grouped = new Intl.NumberFormat("ja-JP");
export const num = (n: number) => grouped.format(n);
export const daysOrDash = (n: number | null | undefined) =>
  n === null || n === undefined ? "—" : `${num(n)}日`;
export const countOrDash = (n: number | null | undefined) => (n === null || n === undefined ? "—" : num(n));
