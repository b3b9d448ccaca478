import type { Metadata } from "next";
import { Suspense } from "react";
import { requireAreaSession } from "@/components/layout/account-guard";
import { BuyerNewsList } from "./buyer-news";

export const metadata: Metadata = { title: "お知らせ" };

export default async function BuyerNewsPage() {
  const { companyId } = await requireAreaSession("buyer");
  return (
    <Suspense>
      <BuyerNewsList key={companyId} companyId={companyId} />
    </Suspense>
  );
}
