import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { firstParam, type SearchParams } from "@/lib/form-helpers";
import { siteLinks } from "@/lib/site-links";
import { NOMINATIONS_SUSPENDED_MESSAGE } from "@/modules/companies/nomination-suspension.schema";
import { nominationsSuspended } from "@/modules/companies/nomination-suspension.service";
import { getPublicSupplier } from "@/modules/companies/supplier-directory.service";
import { RecentSuppliers } from "@/modules/companies/ui/recent-suppliers";
import { RegisterForm } from "@/modules/identity/ui/register-form";
import { InquiryFlow } from "@/modules/inquiries/ui/flow/inquiry-flow";
import { PICK_SUPPLIER_TITLE, PickSupplier } from "@/modules/inquiries/ui/flow/pick-supplier";
import { FLOW_NAMES, isCompanyId, STEP_TITLES, stepOf } from "@/modules/inquiries/ui/flow/step-param";
import { foundOr404 } from "@/server/auth/page-lookup";
import { pageMember } from "@/server/auth/page-session";
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
 * The signed-in member's buyer company (the one the flow sends from: the active one, else the
 * first) when the operator has stopped its nominations; the flow then shows the notice instead of
 * its submit buttons (the API refuses with the same words).
 */
async function suspendedNotice(): Promise<string | undefined> {
  const member = await pageMember();
  if (!member) return undefined;
  const { memberships, activeCompanyId } = member.session;
  const active = memberships.find((m) => m.companyId === activeCompanyId) ?? memberships[0];
  if (active?.companyType !== "BUYER") return undefined;
  return (await nominationsSuspended(db(), active.companyId)) ? NOMINATIONS_SUSPENDED_MESSAGE : undefined;
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
      sendBlocked={await suspendedNotice()}
      registerForm={<RegisterForm accountType="BUYER" termsUrl={terms} privacyUrl={privacy} />}
    />
  );
}
