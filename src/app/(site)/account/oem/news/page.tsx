import type { Metadata } from "next";
import { Suspense } from "react";
import { requireAreaSession } from "@/components/layout/account-guard";
import { SupplierNewsList } from "@/modules/news/ui/supplier-news";

export const metadata: Metadata = { title: "お知らせ" };

export default async function SupplierNewsPage() {
  const { companyId } = await requireAreaSession("oem");
  return (
    <Suspense>
      <SupplierNewsList key={companyId} companyId={companyId} />
    </Suspense>
  );
}
