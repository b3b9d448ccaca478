import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { getSupplierInquiry } from "@/modules/inquiries/inquiry.service";
import { foundOr404 } from "@/server/auth/page-lookup";
import { db } from "@/server/db/client";
import { SupplierInquiryDetailPage } from "../../supplier-inquiry-detail";

export const metadata: Metadata = { title: "指名案件の詳細" };

export default async function NominatedRecruitDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { companyId, scope } = await requireAreaSession("oem");
  const { id } = await params;
  await foundOr404(() => getSupplierInquiry(scope, db(), id));
  return (
    <SupplierInquiryDetailPage
      key={`${companyId}:${id}`}
      companyId={companyId}
      inquiryId={id}
      kind="contact"
    />
  );
}
