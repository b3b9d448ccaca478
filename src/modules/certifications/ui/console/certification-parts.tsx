"use client";

import { Badge } from "@/components/ui/card";
// Small pieces of the console's certificate pages: the status badge (with 期限切れ), the tabs of
// the queue, and the words of a certificate's type.
import Link from "@/components/ui/link";
import { cn } from "@/lib/cn";
import {
  CERTIFICATE_STATUS_LABELS,
  type CertificateStatus,
  type CertificationQueueItem,
  EXPIRED_LABEL,
} from "../../certification-operator.schema";

export const QUEUE_PATH = "/owner/certifications";

const TONES = { PENDING: "gold", VERIFIED: "green", REJECTED: "red" } as const;

/** 確認待ち / 認証確認済み / 差し戻し, and 期限切れ beside it once the last valid day has passed. */
export function CertificateStatusBadge({
  item,
}: {
  item: Pick<CertificationQueueItem, "status" | "expired">;
}) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={TONES[item.status]} className="whitespace-nowrap">
        {CERTIFICATE_STATUS_LABELS[item.status]}
      </Badge>
      {item.expired && (
        <Badge tone="slate" className="whitespace-nowrap">
          {EXPIRED_LABEL}
        </Badge>
      )}
    </span>
  );
}

export const kindLabel = (kind: "CERTIFICATION" | "LICENSE") => (kind === "LICENSE" ? "許可・登録" : "認証");

const TABS: CertificateStatus[] = ["PENDING", "VERIFIED", "REJECTED"];

/** The queue's tabs, one per status; a company filter stays across them. */
export function StatusTabs({ current, companyId }: { current: CertificateStatus; companyId?: string }) {
  const href = (s: CertificateStatus) => {
    const q = new URLSearchParams();
    if (s !== "PENDING") q.set("status", s);
    if (companyId) q.set("companyId", companyId);
    const qs = q.toString();
    return qs ? `${QUEUE_PATH}?${qs}` : QUEUE_PATH;
  };
  return (
    <nav aria-label="証明書の状態" className="mt-1 border-b border-slate-200">
      <ul className="relative -mb-px flex gap-1 overflow-x-auto">
        {TABS.map((s) => {
          const on = s === current;
          return (
            <li key={s} className="shrink-0">
              <Link
                href={href(s)}
                aria-current={on ? "page" : undefined}
                className={cn(
                  "inline-flex h-11 items-center border-b-2 px-3 text-sm font-bold whitespace-nowrap",
                  on
                    ? "border-brand-600 text-brand-700"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                )}
              >
                {CERTIFICATE_STATUS_LABELS[s]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
