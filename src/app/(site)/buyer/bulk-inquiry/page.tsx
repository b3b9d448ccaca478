import type { Metadata } from "next";
import { firstParam, type SearchParams } from "@/lib/form-helpers";
import { siteLinks } from "@/lib/site-links";
import { RegisterForm } from "@/modules/identity/ui/register-form";
import { InquiryFlow } from "@/modules/inquiries/ui/flow/inquiry-flow";
import { FLOW_NAMES, STEP_TITLES, stepOf } from "@/modules/inquiries/ui/flow/step-param";

// The terms and privacy links (registration inside the flow) come from the runtime configuration.
export const dynamic = "force-dynamic";

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const step = stepOf(firstParam((await searchParams).step));
  return { title: `${STEP_TITLES[step]}｜${FLOW_NAMES.bulk}`, robots: { index: false } };
}

/** /buyer/bulk-inquiry?step=1..4: the bulk inquiry to the companies picked in the search. */
export default async function BulkInquiryPage({ searchParams }: { searchParams: SearchParams }) {
  const step = stepOf(firstParam((await searchParams).step));
  const { terms, privacy } = siteLinks();
  return (
    <InquiryFlow
      kind="bulk"
      step={step}
      registerForm={<RegisterForm accountType="BUYER" termsUrl={terms} privacyUrl={privacy} />}
    />
  );
}
