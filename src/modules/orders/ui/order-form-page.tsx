"use client";

// /account/buyer/deals/{threadId}/order[?from={orderId}]: loads the order form's draft (the quote,
// the act's verdict, a past order to reorder from), sends the order once per submission attempt
// (Idempotency-Key) and opens the issued order.
import { useRouter } from "next/navigation";
import { useRef } from "react";
import useSWR from "swr";
import { ApiErrorScreen } from "@/components/layout/error-screen";
import { BackLink } from "@/components/ui/list-parts";
import { LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { apiFetch } from "@/lib/api/client";
import { submissionKey } from "@/lib/api/submission-key";
import { toast } from "@/lib/toast";
import type { OrderInput } from "@/modules/orders/order.schema";
import type { OrderDetail, OrderDraft } from "@/modules/orders/order-view.schema";
import { OrderForm } from "./order-form";

export const ordersBase = (companyId: string) => `/api/orders/company/${encodeURIComponent(companyId)}`;

export function OrderFormPage({
  companyId,
  threadId,
  fromOrderId,
}: {
  companyId: string;
  threadId: string;
  fromOrderId?: string;
}) {
  const router = useRouter();
  const thread = `${ordersBase(companyId)}/threads/${encodeURIComponent(threadId)}`;
  const draftPath = `${thread}/order-draft${fromOrderId ? `?from=${encodeURIComponent(fromOrderId)}` : ""}`;
  // The draft is read once: a revalidation must not reset what the buyer has typed.
  const draft = useSWR<OrderDraft>(draftPath, { revalidateOnFocus: false, revalidateOnReconnect: false });
  const sendKey = useRef(submissionKey());

  const submit = async (input: OrderInput) => {
    let order: OrderDetail;
    try {
      order = await apiFetch<OrderDetail>(`${thread}/orders`, {
        method: "POST",
        body: input,
        idempotencyKey: sendKey.current.keyFor(input),
      });
      sendKey.current.settle();
    } catch (e) {
      sendKey.current.settle(e);
      throw e;
    }
    toast.success("発注書を発行しました");
    router.push(`/account/buyer/orders/${encodeURIComponent(order.id)}`);
  };

  const back = `/account/buyer/deals/${encodeURIComponent(threadId)}`;
  if (draft.error && !draft.data) return <ApiErrorScreen error={draft.error} />;
  if (!draft.data) return <LoadingBlock rows={4} />;
  const d = draft.data;
  return (
    <div className="flex flex-col gap-6">
      <BackLink href={back}>商談スレッドへ戻る</BackLink>
      <PageHeader
        title={d.from ? "同じ条件で再発注" : "発注書の作成"}
        lead={
          <>
            <p className="font-bold text-slate-800">
              {d.title}（{d.supplierName}）
            </p>
            <p>
              {d.from
                ? `発注 ${d.from.number} の条件を引き継いでいます。納期など変わる項目を直してから発注してください。`
                : "数量・納期・支払条件を入力してください。発注すると発注先に決定し、発注書（PDF）を発行します。"}
            </p>
          </>
        }
      />
      <div className="rounded-lg border border-slate-200 bg-white p-4 desktop:p-8">
        <OrderForm key={draftPath} draft={d} onSubmit={submit} />
      </div>
    </div>
  );
}
