import type { Metadata } from "next";
import { CertificationReview } from "@/modules/certifications/ui/console/certification-review";

export const metadata: Metadata = { title: "証明書の確認" };

export default async function OwnerCertificationPage({
  params,
}: {
  params: Promise<{ certificationId: string }>;
}) {
  const { certificationId } = await params;
  return <CertificationReview certificationId={certificationId} />;
}
