import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { ErrorScreen } from "@/components/layout/error-screen";
import { BuyerDeleteFlow } from "./buyer-delete-flow";

export const metadata: Metadata = { title: "退会手続き" };

// ADMIN only: a GENERAL member gets the 403 screen (the API refuses them too).
export default async function BuyerCompanyDeletePage() {
  const { session, companyId } = await requireAreaSession("buyer");
  if (session.companyUserProfile?.role !== "ADMIN") return <ErrorScreen status={403} />;
  return (
    <BuyerDeleteFlow key={companyId} companyId={companyId} companyName={session.companyDetails?.name ?? ""} />
  );
}
