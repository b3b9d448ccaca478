import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { ErrorScreen } from "@/components/layout/error-screen";
import { MemberManagement } from "@/modules/members/ui/member-management";

export const metadata: Metadata = { title: "メンバー管理" };

// ADMIN only (spec §6): a GENERAL member gets the full-page 403 screen.
export default async function SupplierMembersPage() {
  const { session, companyId } = await requireAreaSession("oem");
  if (session.companyUserProfile?.role !== "ADMIN") return <ErrorScreen status={403} />;
  return <MemberManagement key={companyId} companyId={companyId} />;
}
