import type { Metadata } from "next";
import { Suspense } from "react";
import { CertificationQueue } from "@/modules/certifications/ui/console/certification-queue";

export const metadata: Metadata = { title: "認証の確認" };

export default function OwnerCertificationsPage() {
  return (
    <Suspense>
      <CertificationQueue />
    </Suspense>
  );
}
