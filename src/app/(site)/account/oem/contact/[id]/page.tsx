import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { getSupplierInquiry } from "@/modules/inquiries/inquiry.service";
import { foundOr404, pageActor } from "@/server/auth/page-lookup";
import { db } from "@/server/db/client";
import { SupplierInquiryDetailPage } from "../../supplier-inquiry-detail";

export const metadata: Metadata = { title: "指名案件の詳細" };

export default async function NominatedRecruitDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { companyId } = await requireAreaSession("oem");
  const { id } = await params;
  const actor = await pageActor();
  if (actor) await foundOr404(() => getSupplierInquiry(db(), actor, companyId, id));
  return (
    <SupplierInquiryDetailPage
      key={`${companyId}:${id}`}
      companyId={companyId}
      inquiryId={id}
      kind="contact"
    />
  );
}
