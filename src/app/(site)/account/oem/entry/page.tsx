import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { Suspense } from "react";
import { requireAreaSession } from "@/components/layout/account-guard";
import { EnteredList } from "@/modules/inquiries/ui/entries/entered-list";

export const metadata: Metadata = { title: "エントリー済み案件一覧" };

// Paid suppliers only (spec §6; greyed in the sidebar for free ones). A free supplier who
// opens it anyway gets the 403 screen (HTTP 403, ./forbidden.tsx) with the way to the plan.
export default async function EnteredProjectsPage() {
  const { companyId, userType } = await requireAreaSession("oem");
  if (userType !== "oem_paid") forbidden();
  return (
    <Suspense>
      <EnteredList key={companyId} companyId={companyId} />
    </Suspense>
  );
}
