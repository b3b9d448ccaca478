import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { firstParam, type SearchParams } from "@/lib/form-helpers";
import { siteLinks } from "@/lib/site-links";
import { getPublicSupplier } from "@/modules/companies/supplier-directory.service";
import { RecentSuppliers } from "@/modules/companies/ui/recent-suppliers";
import { RegisterForm } from "@/modules/identity/ui/register-form";
import { InquiryFlow } from "@/modules/inquiries/ui/flow/inquiry-flow";
import { PICK_SUPPLIER_TITLE, PickSupplier } from "@/modules/inquiries/ui/flow/pick-supplier";
import { FLOW_NAMES, isCompanyId, STEP_TITLES, stepOf } from "@/modules/inquiries/ui/flow/step-param";
import { foundOr404 } from "@/server/auth/page-lookup";
import { db } from "@/server/db/client";

// The terms and privacy links (registration inside the flow) come from the runtime configuration.
export const dynamic = "force-dynamic";

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const params = await searchParams;
  const title = firstParam(params.companyId)
    ? STEP_TITLES[stepOf(firstParam(params.step))]
    : PICK_SUPPLIER_TITLE;
  return { title: `${title}｜${FLOW_NAMES.single}`, robots: { index: false } };
}

/**
 * /buyer/single-inquiry?step=1..4&companyId=…: a nominated inquiry from a supplier's public page.
 * Without companyId it explains how to pick the supplier; an unknown supplier answers 404.
 */
export default async function SingleInquiryPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const companyId = firstParam(params.companyId);
  if (!companyId) return <PickSupplier recent={<RecentSuppliers />} />;
  if (!isCompanyId(companyId)) notFound();
  await foundOr404(() => getPublicSupplier(db(), companyId.toLowerCase()));
  const { terms, privacy } = siteLinks();
  return (
    <InquiryFlow
      kind="single"
      step={stepOf(firstParam(params.step))}
      companyId={companyId.toLowerCase()}
      registerForm={<RegisterForm accountType="BUYER" termsUrl={terms} privacyUrl={privacy} />}
    />
  );
}
