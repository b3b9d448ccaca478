import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { firstParam, type SearchParams } from "@/lib/form-helpers";
import { getThreadDetail } from "@/modules/deals/thread.service";
import { OrderFormPage } from "@/modules/orders/ui/order-form-page";
import { foundOr404 } from "@/server/auth/page-lookup";
import { db } from "@/server/db/client";

export const metadata: Metadata = { title: "発注書の作成" };

// The award is an order form: the buyer's thread must be the company's (404 otherwise).
export default async function OrderFormRoute({
  params,
  searchParams,
}: {
  params: Promise<{ threadId: string }>;
  searchParams: SearchParams;
}) {
  const { companyId, scope } = await requireAreaSession("buyer");
  const { threadId } = await params;
  const from = firstParam((await searchParams).from);
  await foundOr404(() => getThreadDetail(scope, db(), threadId));
  return (
    <OrderFormPage
      key={`${companyId}:${threadId}:${from ?? ""}`}
      companyId={companyId}
      threadId={threadId}
      fromOrderId={from}
    />
  );
}
