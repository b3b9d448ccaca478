"use client";

// What the viewer can do with the order now, by side, role and state (orderActions decides): the
// supplier's answer, 変更発注 and its answer, 補充, 価格協議 and its answer, 同じ条件で再発注.
import { FilePenLine, MessageSquareQuote, Repeat2, TrendingUp } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { japaneseDate } from "@/lib/japanese-date";
import { OPEN_TERM_LABELS, type OpenTermField } from "@/modules/orders/order-terms";
import type { OrderDetail } from "@/modules/orders/order-view.schema";
import { type MemberRole, orderActions, versionInForce } from "./order-actions";
import { ChangeAnswerActions, OrderAnswerActions } from "./order-answer-actions";
import { ChangeOrderDialog } from "./order-change-dialog";
import { AnswerConsultationDialog, RequestConsultationDialog } from "./order-consultation";
import type { OrderPaths } from "./order-page-api";
import { SupplementDialog } from "./order-supplement-dialog";

type Dialog = "change" | "consult" | "answerConsult" | OpenTermField | null;

export function OrderActionPanel({
  order,
  role,
  paths,
  onChanged,
}: {
  order: OrderDetail;
  role: MemberRole;
  paths: OrderPaths;
  onChanged: () => Promise<unknown>;
}) {
  const can = orderActions(order, role);
  const [dialog, setDialog] = useState<Dialog>(null);
  const openTerms = versionInForce(order).terms.openTerms;
  const consultation = order.consultations.find((c) => c.status === "OPEN");
  const close = (open: boolean) => !open && setDialog(null);
  const buyer = order.side === "BUYER";
  const { exportRecord: _record, ...offers } = can;
  const waiting = (order.status === "ISSUED" && buyer) || order.pendingVersion !== null || consultation;
  const idle = !Object.values(offers).some(Boolean) && !waiting;

  return (
    <div className="flex flex-col gap-3 desktop:items-start">
      {can.answer && (
        <>
          <p className="text-sm leading-6 text-slate-700">
            発注内容を確認して、受注するか差し戻すかを回答してください。受注すると注文請書が発行されます。
          </p>
          <OrderAnswerActions order={order} paths={paths} onDone={onChanged} />
        </>
      )}
      {order.status === "ISSUED" && buyer && (
        <p className="text-sm leading-6 text-slate-700">
          受注者の回答（受注または差し戻し）をお待ちください。
        </p>
      )}
      {order.pendingVersion !== null &&
        (can.answerChange ? (
          <>
            <p className="text-sm leading-6 text-slate-700">
              変更発注書（第{order.pendingVersion}版）が届いています。変更内容を確認して回答してください。
            </p>
            <ChangeAnswerActions order={order} paths={paths} onDone={onChanged} />
          </>
        ) : (
          buyer && (
            <p className="text-sm leading-6 text-slate-700">
              変更発注書（第{order.pendingVersion}版）について、受注者の承諾をお待ちください。
            </p>
          )
        ))}
      {can.proposeChange && (
        <Button variant="outline" onClick={() => setDialog("change")}>
          <FilePenLine aria-hidden className="size-4" />
          変更発注
        </Button>
      )}
      {can.supplement &&
        openTerms.map((t) => (
          <Button key={t.field} variant="outline" onClick={() => setDialog(t.field)}>
            <FilePenLine aria-hidden className="size-4" />
            未定事項を確定（補充）：{OPEN_TERM_LABELS[t.field]}
          </Button>
        ))}
      {can.requestConsultation && (
        <Button variant="outline" onClick={() => setDialog("consult")}>
          <TrendingUp aria-hidden className="size-4" />
          価格協議を申し入れる
        </Button>
      )}
      {can.answerConsultation && consultation && (
        <div className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p className="flex flex-wrap items-center gap-2 text-sm leading-6 text-slate-800">
            受注者から価格協議の申入れがあります。回答期限：{japaneseDate(consultation.dueOn)}
            {consultation.overdue && <Badge tone="red">回答期限を過ぎています</Badge>}
          </p>
          <Button onClick={() => setDialog("answerConsult")}>
            <MessageSquareQuote aria-hidden className="size-4" />
            価格協議に回答する
          </Button>
        </div>
      )}
      {!buyer && consultation && (
        <p className="text-sm leading-6 text-slate-700">
          価格協議の申入れについて、発注者の回答をお待ちください（回答期限：{japaneseDate(consultation.dueOn)}
          ）。
        </p>
      )}
      {can.reorder && (
        <Button asChild variant="ghost" className="border border-slate-300">
          <Link
            href={`/account/buyer/deals/${encodeURIComponent(order.threadId)}/order?from=${encodeURIComponent(order.id)}`}
          >
            <Repeat2 aria-hidden className="size-4" />
            同じ条件で再発注
          </Link>
        </Button>
      )}
      {idle && (
        <p className="text-sm leading-6 text-slate-700">
          {order.status === "RETURNED"
            ? "この発注は差し戻されたため、操作はできません。"
            : "現在、対応が必要な操作はありません。"}
        </p>
      )}
      {buyer && role !== "ADMIN" && (
        <p className="text-xs leading-5 text-slate-600">
          変更発注・補充・再発注は管理者のみ行えます。必要な場合は貴社の管理者に依頼してください。
        </p>
      )}

      {can.proposeChange && (
        <ChangeOrderDialog
          key={order.currentVersion}
          order={order}
          paths={paths}
          open={dialog === "change"}
          onOpenChange={close}
          onDone={onChanged}
        />
      )}
      {can.supplement &&
        openTerms.map((t) => (
          <SupplementDialog
            key={`${order.currentVersion}-${t.field}`}
            order={order}
            paths={paths}
            term={t}
            open={dialog === t.field}
            onOpenChange={close}
            onDone={onChanged}
          />
        ))}
      {can.requestConsultation && (
        <RequestConsultationDialog
          order={order}
          paths={paths}
          open={dialog === "consult"}
          onOpenChange={close}
          onDone={onChanged}
        />
      )}
      {can.answerConsultation && consultation && (
        <AnswerConsultationDialog
          key={consultation.id}
          order={order}
          paths={paths}
          consultation={consultation}
          open={dialog === "answerConsult"}
          onOpenChange={close}
          onDone={onChanged}
        />
      )}
    </div>
  );
}
