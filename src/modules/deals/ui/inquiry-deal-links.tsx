"use client";

// The deal room on the inquiry pages. Buyer (/account/buyer/inquiry/{id}): 「見積を比較する」 and a
// 「商談スレッド」 link per supplier with its unread count. Supplier (/account/oem/contact/{id},
// /account/oem/recruit/{id}): 「商談スレッドを開く」 (POST …/inquiries/{id}/thread, then the thread)
// when the server would open it; otherwise the reason and the next step (issue 33 #5).
import { Loader2, MessagesSquare, Scale } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import useSWR from "swr";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { DetailSection } from "@/components/ui/list-parts";
import { ApiError, apiFetch } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { useSession } from "@/lib/session/session-provider";
import type { ThreadSummary } from "@/modules/deals/deals.schema";
import { dealPaths, type ThreadsPage } from "./deal-api";
import { DealStatusBadge, UnreadBadge } from "./deal-parts";
import { type OpeningFacts, threadOpening } from "./decision-options";

export function BuyerInquiryDeals({ companyId, inquiryId }: { companyId: string; inquiryId: string }) {
  const paths = dealPaths(companyId);
  const { data, error } = useSWR<ThreadsPage>(paths.threads({ inquiryId, perPage: 100 }));
  if (error || !data || data.total === 0) return null;
  return (
    <DetailSection
      id="inquiry-deals"
      title={`商談中のメーカー（${data.total}社）`}
      aside={
        <Button asChild size="sm">
          <Link href={`/account/buyer/inquiry/${inquiryId}/compare`}>
            <Scale aria-hidden className="size-4" />
            見積を比較する
          </Link>
        </Button>
      }
    >
      <ul aria-label="商談中のメーカー" className="flex flex-col divide-y divide-slate-100">
        {data.items.map((t) => (
          <li key={t.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
            <span className="min-w-0 flex-1 font-bold break-words text-slate-900">{t.counterpart.name}</span>
            <DealStatusBadge status={t.status} />
            <Link
              href={`/account/buyer/deals/${t.id}`}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-md border border-brand-600 px-3 text-sm font-bold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <MessagesSquare aria-hidden className="size-4" />
              商談スレッド
              <span className="sr-only">（{t.counterpart.name}）</span>
              <UnreadBadge count={t.unread} />
            </Link>
          </li>
        ))}
      </ul>
    </DetailSection>
  );
}

/** The Japanese message of a refused POST …/thread (402 ticket, 403 free plan, 409 no entry). */
export function openThreadError(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.message) return e.message;
    if (e.status === 402) return "チケットを使用すると商談を始められます。";
    if (e.status === 403) return "公開案件の商談は無制限プランでご利用いただけます。";
    if (e.status === 409) return "エントリーすると、発注者と商談を始められます。";
  }
  return messageOf(e);
}

export function OpenThreadButton({ companyId, inquiryId }: { companyId: string; inquiryId: string }) {
  const paths = dealPaths(companyId);
  const router = useRouter();
  const existing = useSWR<ThreadsPage>(paths.threads({ inquiryId, perPage: 1 }));
  // The inquiry as the page above loaded it (same key, one request): who may open the thread.
  const inquiry = useSWR<OpeningFacts>(
    `/api/oem/company/${companyId}/contact/${encodeURIComponent(inquiryId)}`,
  );
  const { userType } = useSession();
  const thread: ThreadSummary | undefined = existing.data?.items[0];
  const gate = inquiry.data ? threadOpening(inquiry.data, userType === "oem_paid") : null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ status: number; message: string }>();

  const open = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const t = await apiFetch<ThreadSummary>(paths.openThread(inquiryId), { method: "POST" });
      router.push(`/account/oem/deals/${t.id}`);
    } catch (e) {
      setError({ status: e instanceof ApiError ? e.status : 0, message: openThreadError(e) });
      setBusy(false);
    }
  };

  return (
    <DetailSection id="inquiry-deal" title="商談">
      <div className="flex flex-col gap-3">
        <p className="text-sm leading-6 text-slate-700">
          発注者とメッセージで仕様を確認し、見積を提出できます。図面（STEP・IGES・DXF）やPDFも添付できます。
        </p>
        <div className="flex flex-wrap items-center gap-3">
          {thread ? (
            <Button asChild>
              <Link href={`/account/oem/deals/${thread.id}`}>
                <MessagesSquare aria-hidden className="size-4" />
                商談スレッドを開く
                <UnreadBadge count={thread.unread} className="bg-white text-red-700" />
              </Link>
            </Button>
          ) : gate && !gate.ok ? (
            <div className="flex flex-col gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4 text-sm leading-6 text-slate-700">
              <p>{gate.reason}</p>
              {gate.next && (
                <Link
                  href={gate.next.href}
                  className="self-start font-bold text-brand-700 underline underline-offset-4"
                >
                  {gate.next.label}
                </Link>
              )}
            </div>
          ) : (
            <Button disabled={busy || existing.isLoading || !gate} onClick={() => void open()}>
              {busy ? (
                <Loader2 aria-hidden className="size-4 animate-spin" />
              ) : (
                <MessagesSquare aria-hidden className="size-4" />
              )}
              商談スレッドを開く
            </Button>
          )}
          {thread && <DealStatusBadge status={thread.status} />}
        </div>
        {error && (
          <Alert tone="error">
            <p>{error.message}</p>
            {error.status === 402 && (
              <p className="mt-1">
                このページの「チケットを1枚使って連絡先を開示する」からチケットを使用すると、商談を始められます。
              </p>
            )}
            {error.status === 403 && (
              <Link
                href="/account/oem/subscribe"
                className="mt-1 inline-block font-bold underline underline-offset-4"
              >
                無制限プランについて見る
              </Link>
            )}
          </Alert>
        )}
      </div>
    </DetailSection>
  );
}
