import type { Metadata } from "next";
import { Suspense } from "react";
import { InquiriesList } from "@/modules/inquiries/ui/console/inquiries-list";

export const metadata: Metadata = { title: "問い合わせ" };

export default function OwnerInquiriesPage() {
  return (
    <Suspense>
      <InquiriesList />
    </Suspense>
  );
}
