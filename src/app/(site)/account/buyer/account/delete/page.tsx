import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { requireAreaSession } from "@/components/layout/account-guard";
import { BuyerDeleteFlow } from "./buyer-delete-flow";

export const metadata: Metadata = { title: "退会手続き" };

// ADMIN only: a GENERAL member gets the 403 screen (HTTP 403, forbidden.tsx) (the API refuses them too).
export default async function BuyerCompanyDeletePage() {
  const { session, companyId } = await requireAreaSession("buyer");
  if (session.companyUserProfile?.role !== "ADMIN") forbidden();
  return (
    <BuyerDeleteFlow key={companyId} companyId={companyId} companyName={session.companyDetails?.name ?? ""} />
  );
}
