"use client";

// The supplier's answers: to a new order (受注する, which issues the 注文請書, or 差し戻す with a
// reason) and to a pending change order (承諾する / 承諾しない with a reason).
import { Check, Undo2, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { apiFetch } from "@/lib/api/client";
import { toast } from "@/lib/toast";
import type { OrderDetail } from "@/modules/orders/order-view.schema";
import { OrderDialog } from "./order-dialog";
import type { OrderPaths } from "./order-page-api";

type Props = { order: OrderDetail; paths: OrderPaths; onDone: () => Promise<unknown> };

function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  submitLabel,
  send,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  send: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState("");
  return (
    <OrderDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      submitLabel={submitLabel}
      tone="danger"
      onSubmit={() => send(reason)}
    >
      {(fields) => (
        <FormField
          label={label}
          required
          hint="1000文字以内。発注者に表示され、取引の記録に残ります。"
          error={fields.reason}
        >
          <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={4} />
        </FormField>
      )}
    </OrderDialog>
  );
}

export function OrderAnswerActions({ order, paths, onDone }: Props) {
  const [accepting, setAccepting] = useState(false);
  const [returning, setReturning] = useState(false);
  const answer = async (body: { answer: "ACCEPT" } | { answer: "RETURN"; reason: string }) => {
    await apiFetch(paths.answer(order.id), { method: "POST", body });
    await onDone();
  };
  return (
    <div className="flex flex-col gap-2 desktop:flex-row">
      <Button onClick={() => setAccepting(true)}>
        <Check aria-hidden className="size-4" />
        受注する（注文請書を発行）
      </Button>
      <Button
        variant="ghost"
        className="border border-slate-300 text-red-700"
        onClick={() => setReturning(true)}
      >
        <Undo2 aria-hidden className="size-4" />
        差し戻す
      </Button>
      <ConfirmDialog
        open={accepting}
        onOpenChange={setAccepting}
        tone="primary"
        title="この発注を受注しますか？"
        description={
          <p>
            {order.buyerName}からの発注（{order.number}
            ）を、この内容で受注します。注文請書が発行され、発注者にお知らせします。受注後は取り消せません。
          </p>
        }
        confirmLabel="受注する"
        onConfirm={async () => {
          await answer({ answer: "ACCEPT" });
          toast.success("受注しました。注文請書を発行しました。");
        }}
      />
      <ReasonDialog
        open={returning}
        onOpenChange={setReturning}
        title="この発注を差し戻しますか？"
        description="差し戻すと、この発注書は無効になります。発注者は内容を見直して、新しい発注書を発行します。"
        label="差し戻しの理由"
        submitLabel="差し戻す"
        send={async (reason) => {
          await answer({ answer: "RETURN", reason });
          toast.success("発注を差し戻しました。");
        }}
      />
    </div>
  );
}

export function ChangeAnswerActions({ order, paths, onDone }: Props) {
  const [accepting, setAccepting] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const version = order.pendingVersion!;
  const answer = async (body: { answer: "ACCEPT" } | { answer: "REJECT"; reason: string }) => {
    await apiFetch(paths.changeAnswer(order.id, version), { method: "POST", body });
    await onDone();
  };
  return (
    <div className="flex flex-col gap-2 desktop:flex-row">
      <Button onClick={() => setAccepting(true)}>
        <Check aria-hidden className="size-4" />
        変更を承諾する
      </Button>
      <Button
        variant="ghost"
        className="border border-slate-300 text-red-700"
        onClick={() => setRejecting(true)}
      >
        <X aria-hidden className="size-4" />
        承諾しない
      </Button>
      <ConfirmDialog
        open={accepting}
        onOpenChange={setAccepting}
        tone="primary"
        title="変更発注を承諾しますか？"
        description={<p>変更発注書（第{version}版）の内容が、この発注の条件になります。</p>}
        confirmLabel="変更を承諾する"
        onConfirm={async () => {
          await answer({ answer: "ACCEPT" });
          toast.success("変更発注を承諾しました。");
        }}
      />
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title="変更発注を承諾しませんか？"
        description="承諾しない場合、現在の版の条件のままとなります。理由は発注者に伝わります。"
        label="承諾しない理由"
        submitLabel="承諾しない"
        send={async (reason) => {
          await answer({ answer: "REJECT", reason });
          toast.success("変更発注を承諾しないと回答しました。");
        }}
      />
    </div>
  );
}
