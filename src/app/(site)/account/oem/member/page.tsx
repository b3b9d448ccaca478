import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { requireAreaSession } from "@/components/layout/account-guard";
import { MemberManagement } from "@/modules/members/ui/member-management";

export const metadata: Metadata = { title: "メンバー管理" };

// ADMIN only (spec §6): a GENERAL member gets the full-page 403 screen (HTTP 403, forbidden.tsx).
export default async function SupplierMembersPage() {
  const { session, companyId } = await requireAreaSession("oem");
  if (session.companyUserProfile?.role !== "ADMIN") forbidden();
  return <MemberManagement key={companyId} companyId={companyId} />;
}
