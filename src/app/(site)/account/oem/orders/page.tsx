import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { PageHeader } from "@/components/ui/page-parts";
import { OrderList } from "@/modules/orders/ui/order-list";

export const metadata: Metadata = { title: "受注" };

export default async function OrdersPage() {
  const { companyId } = await requireAreaSession("oem");
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="受注"
        lead="発注者から届いた発注書への回答（受注・差し戻し）、変更発注、価格協議の申入れができます。"
      />
      <OrderList key={companyId} companyId={companyId} area="oem" />
    </div>
  );
}
