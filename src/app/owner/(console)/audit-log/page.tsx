import type { Metadata } from "next";
import { Suspense } from "react";
import { AuditLogList } from "@/modules/owner/ui/audit";

export const metadata: Metadata = { title: "操作履歴" };

export default function OwnerAuditLogPage() {
  return (
    <Suspense>
      <AuditLogList />
    </Suspense>
  );
}
