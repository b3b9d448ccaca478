import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { siteLinks } from "@/lib/site-links";
import { firstParam, type SearchParams } from "@/modules/identity/ui/form-helpers";
import { InquiryFlow } from "@/modules/inquiries/ui/flow/inquiry-flow";
import { FLOW_NAMES, isCompanyId, STEP_TITLES, stepOf } from "@/modules/inquiries/ui/flow/step-param";

// The terms and privacy links (registration inside the flow) come from the runtime configuration.
export const dynamic = "force-dynamic";

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const step = stepOf(firstParam((await searchParams).step));
  return { title: `${STEP_TITLES[step]}｜${FLOW_NAMES.single}`, robots: { index: false } };
}

/** /buyer/single-inquiry?step=1..4&companyId=…: a nominated inquiry from a supplier's public page. */
export default async function SingleInquiryPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const companyId = firstParam(params.companyId);
  if (!isCompanyId(companyId)) notFound();
  const { terms, privacy } = siteLinks();
  return (
    <InquiryFlow
      kind="single"
      step={stepOf(firstParam(params.step))}
      companyId={companyId.toLowerCase()}
      termsUrl={terms}
      privacyUrl={privacy}
    />
  );
}
