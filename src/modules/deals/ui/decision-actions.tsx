"use client";

// The buyer's decisions, each behind a dialog: 「発注先に決定」 (one supplier, the version the
// buyer saw), 「お見送り」 (one supplier, with a reason), 「他のメーカーをすべてお見送り」 (every
// other supplier of the inquiry still waiting for a decision, one action).
import { CircleCheck, CircleSlash, UsersRound } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiFetch } from "@/lib/api/client";
import { toast } from "@/lib/toast";
import { DECLINE_REASONS } from "@/modules/deals/deal.policy";
import type { DeclineInput } from "@/modules/deals/deals.schema";
import type { DealPaths } from "./deal-api";
import { ReasonDialog } from "./reason-dialog";

export function AwardButton({
  paths,
  threadId,
  version,
  supplierName,
  expired,
  onDone,
  size = "md",
}: {
  paths: DealPaths;
  threadId: string;
  version: number;
  supplierName: string;
  expired: boolean;
  onDone: () => unknown;
  size?: "sm" | "md";
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} disabled={expired} onClick={() => setOpen(true)}>
        <CircleCheck aria-hidden className="size-4" />
        発注先に決定
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone="primary"
        title={`${supplierName}を発注先に決定しますか？`}
        confirmLabel="発注先に決定"
        description={
          <>
            <p>
              見積（第{version}版）の内容で発注先に決定し、発注書（PDF）を作成します。{supplierName}
              にはメールでお知らせします。
            </p>
            <p>
              この操作は元に戻せません。ほかのメーカーへのお見送りは、比較表の「他のメーカーをすべてお見送り」からまとめて行えます。
            </p>
          </>
        }
        onConfirm={async () => {
          await apiFetch(paths.award(threadId), { method: "POST", body: { version } });
          await onDone();
          toast.success(`${supplierName}を発注先に決定しました。`);
        }}
      />
    </>
  );
}

export function DeclineButton({
  paths,
  threadId,
  supplierName,
  onDone,
  size = "md",
}: {
  paths: DealPaths;
  threadId: string;
  supplierName: string;
  onDone: () => unknown;
  size?: "sm" | "md";
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant="ghost"
        className="border border-slate-300 text-red-700 hover:bg-red-50"
        onClick={() => setOpen(true)}
      >
        <CircleSlash aria-hidden className="size-4" />
        お見送り
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        kind="decline"
        title={`${supplierName}をお見送りしますか？`}
        description={
          <p>
            理由を添えて、{supplierName}
            にお見送りをお知らせします。お見送りすると、このメーカーとの商談は終了し、元に戻せません。
          </p>
        }
        reasons={DECLINE_REASONS}
        noteLabel="理由の詳細"
        confirmLabel="お見送り"
        onSubmit={async (values) => {
          await apiFetch(paths.decline(threadId), { method: "POST", body: values as DeclineInput });
          await onDone();
          toast.success(`${supplierName}をお見送りしました。`);
        }}
      />
    </>
  );
}

export function DeclineOthersButton({
  paths,
  inquiryId,
  waiting,
  onDone,
}: {
  paths: DealPaths;
  inquiryId: string;
  /** How many suppliers still wait for a decision (NEW / QUOTED). */
  waiting: number;
  onDone: () => unknown;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        className="border border-slate-300 text-red-700 hover:bg-red-50"
        disabled={waiting === 0}
        onClick={() => setOpen(true)}
      >
        <UsersRound aria-hidden className="size-4" />
        他のメーカーをすべてお見送り
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        kind="decline"
        title="他のメーカーをすべてお見送りしますか？"
        description={
          <p>
            まだ結果をお伝えしていない{waiting}
            社すべてに、同じ理由でお見送りをお知らせします。発注先に決定したメーカーはそのままです。この操作は元に戻せません。
          </p>
        }
        reasons={DECLINE_REASONS}
        noteLabel="理由の詳細"
        confirmLabel="他のメーカーをすべてお見送り"
        onSubmit={async (values) => {
          const res = await apiFetch<{ declined: number }>(paths.declineOthers(inquiryId), {
            method: "POST",
            body: values as DeclineInput,
          });
          await onDone();
          toast.success(
            res.declined > 0
              ? `${res.declined}社にお見送りをお知らせしました。`
              : "お見送りするメーカーはありませんでした。",
          );
        }}
      />
    </>
  );
}
