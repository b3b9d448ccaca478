import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { PageHeader } from "@/components/ui/page-parts";
import { OrderList } from "@/modules/orders/ui/order-list";

export const metadata: Metadata = { title: "発注" };

export default async function OrdersPage() {
  const { companyId } = await requireAreaSession("buyer");
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="発注" lead="発行した発注書と、受注者の回答・変更発注・取引の記録を確認できます。" />
      <OrderList key={companyId} companyId={companyId} area="buyer" />
    </div>
  );
}
