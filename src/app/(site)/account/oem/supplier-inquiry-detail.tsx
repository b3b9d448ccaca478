"use client";

// The supplier's inquiry detail with the parts of billing (ticket reveal, upgrade prompt) and
// entries (entry form, own entry) that inquiries' page shows, and the deal room's 「商談スレッドを開く」
// and buyer track record (loaded by the page, shown before the ticket): composed here, in the route layer.
import { TicketReveal } from "@/modules/billing/ui/ticket-reveal";
import { UpgradePrompt } from "@/modules/billing/ui/upgrade-prompt";
import type { BuyerFigures } from "@/modules/deals/buyer-record.schema";
import { BuyerRecordCard } from "@/modules/deals/ui/buyer-record-card";
import { OpenThreadButton } from "@/modules/deals/ui/inquiry-deal-links";
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
  return (
    <div className="flex flex-col gap-6">
      <SupplierInquiryDetail
        {...detail}
        parts={PARTS}
        buyerRecord={figures ? <BuyerRecordCard figures={figures} /> : null}
      />
      <OpenThreadButton companyId={props.companyId} inquiryId={props.inquiryId} />
    </div>
  );
}
