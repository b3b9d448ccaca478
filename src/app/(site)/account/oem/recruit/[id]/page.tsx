import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { capabilitiesOf } from "@/modules/companies/supplier-fit.service";
import { buyerFigures } from "@/modules/deals/buyer-record.service";
import { getSupplierInquiry } from "@/modules/inquiries/supplier-inquiry.service";
import { foundOr404 } from "@/server/auth/page-lookup";
import { db } from "@/server/db/client";
import { SupplierInquiryDetailPage } from "../../supplier-inquiry-detail";

export const metadata: Metadata = { title: "公開案件の詳細" };

export default async function PublicRecruitDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { companyId, scope } = await requireAreaSession("oem");
  const { id } = await params;
  const inquiry = await foundOr404(() => getSupplierInquiry(scope, db(), id, capabilitiesOf));
  // The buyer's track record: one statement more, for an inquiry this supplier may see (checked above).
  const figures = await buyerFigures(db(), inquiry.id);
  return (
    <SupplierInquiryDetailPage
      key={`${companyId}:${id}`}
      companyId={companyId}
      inquiryId={id}
      kind="recruit"
      figures={figures}
    />
  );
}
