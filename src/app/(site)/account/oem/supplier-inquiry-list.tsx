"use client";

// The supplier's recruit (/account/oem/recruit) and nomination (/account/oem/contact) lists with the
// deal room's compact buyer figures on each row (the list's API returns them with the page, in one
// query for all rows): composed here, in the route layer.
import type { BuyerRecordSummary } from "@/modules/deals/buyer-record.schema";
import { BuyerRecordCompact } from "@/modules/deals/ui/buyer-record-card";
import {
  SupplierInquiryList,
  type SupplierListKind,
  type SupplierListParts,
} from "@/modules/inquiries/ui/lists/supplier-inquiry-list";

function RowBuyerRecord({ row }: { row: { id: string; buyerRecord?: BuyerRecordSummary | null } }) {
  return <BuyerRecordCompact record={row.buyerRecord} />;
}

const PARTS: SupplierListParts = { RowBadge: RowBuyerRecord };

export function SupplierInquiryListPage(props: { companyId: string; kind: SupplierListKind }) {
  return <SupplierInquiryList {...props} parts={PARTS} />;
}
