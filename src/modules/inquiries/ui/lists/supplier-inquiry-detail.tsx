"use client";

// /account/oem/recruit/{id} and /account/oem/contact/{id}: an inquiry as this supplier may see
// it (GET /api/oem/company/{companyId}/contact/{id}): the content, the buyer's contact details
// once revealed, and what the supplier can do now — enter, use a ticket (nomination, free
// plan), upgrade (public recruit, free plan), or follow its own entry.
import { CalendarClock, Lock, UserRound } from "lucide-react";
import { useRouter } from "next/navigation";
import { type ComponentType, type ReactNode, useEffect } from "react";
import useSWR from "swr";
import type { z } from "zod";
import { ApiErrorScreen } from "@/components/layout/error-screen";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/card";
import {
  type Attachment,
  AttachmentList,
  BackLink,
  Description,
  DetailSection,
} from "@/components/ui/list-parts";
import { LoadingBlock } from "@/components/ui/load-state";
import { daysLeft, formatDate, formatDateTime } from "@/lib/japanese-date";
import { useSession } from "@/lib/session/session-provider";
import { type EntryStatus, SUPPLIER_STATUS } from "@/lib/status-labels";
import type { supplierInquiryDetail } from "@/modules/inquiries/inquiry.schema";
import { RequirementsFacts, SupplierFit } from "../requirements/requirements-facts";
import { ContactList, InquiryFacts } from "./parts";
import type { SupplierListKind } from "./supplier-inquiry-list";

type Detail = z.infer<typeof supplierInquiryDetail>;

const BASE: Record<SupplierListKind, string> = {
  recruit: "/account/oem/recruit",
  contact: "/account/oem/contact",
};

/**
 * The parts of other domains this page shows (billing's ticket reveal and upgrade prompt, entries'
 * form and own entry); the route composes them, so inquiries imports no other module's ui/.
 */
export interface SupplierDetailParts {
  TicketReveal: ComponentType<{ contactId: string; returnPath: string; onRevealed: () => Promise<unknown> }>;
  UpgradePrompt: ComponentType<{ title: string; lead: string }>;
  EntryForm: ComponentType<{
    companyId: string;
    contactId: string;
    kind: "BULK" | "NOMINATION";
    onEntered: () => Promise<unknown>;
  }>;
  MyEntry: ComponentType<{
    companyId: string;
    contactId: string;
    entry: { id: string; status: EntryStatus; message: string; attachments?: Attachment[] };
    inquiryOpen: boolean;
    onChanged: () => Promise<unknown>;
  }>;
}

export function SupplierInquiryDetail({
  companyId,
  inquiryId,
  kind,
  parts,
  buyerRecord,
  replyInThread = false,
}: {
  companyId: string;
  inquiryId: string;
  kind: SupplierListKind;
  parts: SupplierDetailParts;
  /** The buyer's track record (the deal room's card, loaded by the page), shown before the ticket and the contact. */
  buyerRecord?: ReactNode;
  /** The conversation has started in the deal thread: replies go there, not through a second form. */
  replyInThread?: boolean;
}) {
  const { TicketReveal, UpgradePrompt, EntryForm, MyEntry } = parts;
  const router = useRouter();
  const { userType } = useSession();
  const { data, error, mutate } = useSWR<Detail>(
    `/api/oem/company/${companyId}/contact/${encodeURIComponent(inquiryId)}`,
  );
  // A nomination is at /account/oem/contact/{id}, a public recruit at /account/oem/recruit/{id}.
  const actualKind: SupplierListKind | undefined = data
    ? data.type === "BULK"
      ? "recruit"
      : "contact"
    : undefined;
  useEffect(() => {
    if (actualKind && actualKind !== kind) router.replace(`${BASE[actualKind]}/${inquiryId}`);
  }, [actualKind, kind, inquiryId, router]);

  if (error) return <ApiErrorScreen error={error} />;
  if (!data) return <LoadingBlock rows={3} />;

  const refresh = () => mutate();
  const here = `${BASE[actualKind ?? kind]}/${data.id}`;
  const paid = userType === "oem_paid";
  const status = SUPPLIER_STATUS[data.status];
  const open = data.status === "OPEN";
  const left = open && data.type === "BULK" ? daysLeft(data.entryDeadline) : null;
  const liveEntry = data.myEntry && data.myEntry.status !== "CANCELLED" ? data.myEntry : null;

  return (
    <div className="flex flex-col gap-6">
      <BackLink href={BASE[actualKind ?? kind]}>
        {data.type === "BULK" ? "公開案件一覧へ戻る" : "指名案件一覧へ戻る"}
      </BackLink>

      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={data.type === "BULK" ? "brand" : "gold"}>
            {data.type === "BULK" ? "公開案件" : "指名案件"}
          </Badge>
          <Badge tone={status.tone}>{status.label}</Badge>
          {data.ndaRequired && <Badge tone="slate">NDA希望</Badge>}
          {liveEntry && <Badge tone="green">エントリー済み</Badge>}
        </div>
        <h1 className="text-2xl leading-snug font-bold break-words text-slate-900 desktop:text-3xl">
          {data.title}
        </h1>
        <p className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
          <span>
            {data.type === "BULK" ? "公開" : "受信"}{" "}
            <time dateTime={data.publishedAt ?? data.createdAt}>
              {formatDateTime(data.publishedAt ?? data.createdAt)}
            </time>
          </span>
          {data.type === "BULK" && data.entryDeadline && (
            <span className="inline-flex items-center gap-1">
              <CalendarClock aria-hidden className="size-4" />
              エントリー締切 {formatDate(data.entryDeadline)}
              {left && <span className="font-bold text-amber-700">（{left}）</span>}
            </span>
          )}
          {data.type === "BULK" && <span>エントリー {data.entryCount}社</span>}
        </p>
        {data.type === "NOMINATION" && (
          <p className="text-sm leading-6 text-slate-700">
            発注者が貴社の企業ページを見て、指名で問い合わせた案件です。
          </p>
        )}
      </header>

      {buyerRecord}

      {data.buyer ? (
        <DetailSection
          id="buyer"
          title="発注者の連絡先"
          aside={<span className="text-xs text-slate-500">取り扱いにご注意ください</span>}
        >
          <ContactList
            rows={[
              { label: "会社名", value: data.buyer.companyName },
              { label: "担当者", value: data.buyer.personName },
              { label: "メール", value: data.buyer.email, kind: "mail" },
              { label: "電話", value: data.buyer.phone, kind: "tel" },
              { label: "Webサイト", value: data.buyer.website, kind: "url" },
            ]}
          />
        </DetailSection>
      ) : data.type === "NOMINATION" && data.needsTicket ? (
        <TicketReveal contactId={data.id} returnPath={here} onRevealed={refresh} />
      ) : data.type === "NOMINATION" ? (
        <LockedBuyer>
          {open
            ? "発注者の連絡先は、返信できる状態になると表示されます。"
            : "受付が終了した案件のため、発注者の連絡先は開示できません。"}
        </LockedBuyer>
      ) : null}

      <DetailSection id="inquiry-content" title="案件の内容">
        <div className="flex flex-col gap-6">
          <InquiryFacts inquiry={data} />
          <div className="flex flex-col gap-3">
            <h3 className="text-sm font-bold text-slate-700">詳しい条件</h3>
            <RequirementsFacts requirements={data.requirements} />
            <SupplierFit fit={data.fit} />
          </div>
          <div>
            <h3 className="text-sm font-bold text-slate-700">依頼内容</h3>
            <div className="mt-2 rounded-md bg-slate-50 p-4">
              <Description text={data.description} />
            </div>
          </div>
          <div>
            <h3 className="text-sm font-bold text-slate-700">添付ファイル</h3>
            <div className="mt-2">
              <AttachmentList items={data.attachments} />
            </div>
          </div>
        </div>
      </DetailSection>

      <div id="respond" className="flex flex-col gap-4">
        {liveEntry ? (
          <MyEntry
            companyId={companyId}
            contactId={data.id}
            entry={liveEntry}
            inquiryOpen={open}
            onChanged={refresh}
          />
        ) : data.canEnter && replyInThread ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4 text-center text-sm text-slate-600">
            発注者とのやり取りは商談スレッドで始まっています。返信は下の「商談スレッドを開く」からお送りください。
          </p>
        ) : data.canEnter ? (
          <>
            {data.myEntry?.status === "CANCELLED" && (
              <Alert tone="info">
                以前のエントリーは取り消されています。受付期間中のため、あらためてエントリーできます。
              </Alert>
            )}
            {data.type === "BULK" && !data.buyer && (
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <UserRound aria-hidden className="size-4" />
                エントリーすると、発注者の連絡先が表示されます。
              </p>
            )}
            <EntryForm companyId={companyId} contactId={data.id} kind={data.type} onEntered={refresh} />
          </>
        ) : data.type === "BULK" && open && !paid ? (
          <UpgradePrompt
            title="公開案件へのエントリーは無制限プランで"
            lead="無料プランでは公開案件の内容をご覧いただけます。エントリーして発注者に提案するには、無制限プランへのアップグレードが必要です。"
          />
        ) : data.needsTicket ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4 text-center text-sm text-slate-600">
            チケットを使って発注者の連絡先を開示すると、ここから返信（エントリー）できます。
          </p>
        ) : (
          data.entryBlockedReason && <Alert tone="info">{data.entryBlockedReason}</Alert>
        )}
      </div>
    </div>
  );
}

function LockedBuyer({ children }: { children: string }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-600">
      <Lock aria-hidden className="size-5 shrink-0 text-slate-400" />
      {children}
    </div>
  );
}
