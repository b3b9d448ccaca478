"use client";

// The supplier's inquiry detail with the parts of billing (ticket reveal, upgrade prompt) and
// entries (entry form, own entry) that inquiries' page shows, and the deal room's 「商談スレッドを開く」
// and buyer track record (loaded by the page, shown before the ticket): composed here, in the route layer.
// One reply box at a time (issue 33, item 4): the entry form before the first reply, the thread after.
import useSWR from "swr";
import type { z } from "zod";
import { TicketReveal } from "@/modules/billing/ui/ticket-reveal";
import { UpgradePrompt } from "@/modules/billing/ui/upgrade-prompt";
import type { BuyerFigures } from "@/modules/deals/buyer-record.schema";
import { BuyerRecordCard } from "@/modules/deals/ui/buyer-record-card";
import { dealPaths, type ThreadsPage } from "@/modules/deals/ui/deal-api";
import { OpenThreadButton } from "@/modules/deals/ui/inquiry-deal-links";
import { replyChannel } from "@/modules/deals/ui/reply-channel";
import type { supplierInquiryDetail } from "@/modules/inquiries/inquiry.schema";
import { EntryForm } from "@/modules/inquiries/ui/entries/entry-form";
import { MyEntry } from "@/modules/inquiries/ui/entries/my-entry";
import {
  type SupplierDetailParts,
  SupplierInquiryDetail,
} from "@/modules/inquiries/ui/lists/supplier-inquiry-detail";
import type { SupplierListKind } from "@/modules/inquiries/ui/lists/supplier-inquiry-list";

const PARTS: SupplierDetailParts = { TicketReveal, UpgradePrompt, EntryForm, MyEntry };

export function SupplierInquiryDetailPage(props: {
  companyId: string;
  inquiryId: string;
  kind: SupplierListKind;
  figures: BuyerFigures | null;
}) {
  const { figures, ...detail } = props;
  // The same keys as the detail and the thread button: no extra request.
  const { data } = useSWR<z.infer<typeof supplierInquiryDetail>>(
    `/api/oem/company/${props.companyId}/contact/${encodeURIComponent(props.inquiryId)}`,
  );
  const threads = useSWR<ThreadsPage>(
    dealPaths(props.companyId).threads({ inquiryId: props.inquiryId, perPage: 1 }),
  );
  const channel =
    data && !threads.isLoading
      ? replyChannel({
          type: data.type,
          canEnter: data.canEnter,
          needsTicket: data.needsTicket,
          hasLiveEntry: Boolean(data.myEntry && data.myEntry.status !== "CANCELLED"),
          thread: threads.data?.items[0] ?? null,
        })
      : null;
  return (
    <div className="flex flex-col gap-6">
      <SupplierInquiryDetail
        {...detail}
        parts={PARTS}
        buyerRecord={figures ? <BuyerRecordCard figures={figures} /> : null}
        replyInThread={channel === "THREAD"}
      />
      {channel === "THREAD" && <OpenThreadButton companyId={props.companyId} inquiryId={props.inquiryId} />}
    </div>
  );
}
