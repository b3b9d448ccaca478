"use client";

// The buyer's decisions: 「発注先に決定」 opens the order form (ADMINs; the order awards the
// thread), the others each behind a dialog: 「決定を依頼」 (a GENERAL member asks the ADMINs), 「お見送り」 (one supplier,
// with a reason), 「他のメーカーをすべてお見送り」 after an award or 「案件を終了」 before one
// (every supplier still waiting, named in the dialog; ADMINs).
import { CircleCheck, CircleSlash, Send, UsersRound } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import Link from "@/components/ui/link";
import { apiFetch } from "@/lib/api/client";
import { toast } from "@/lib/toast";
import { DECLINE_REASONS } from "@/modules/deals/deal.policy";
import type { DeclineInput } from "@/modules/deals/deals.schema";
import type { DealPaths } from "./deal-api";
import type { DeclineAllOffer } from "./decision-options";
import { ReasonDialog } from "./reason-dialog";

/** 「発注先に決定」 opens the order form: the award is the order (quantity, deliveries, payment). */
export function AwardButton({
  threadId,
  expired,
  size = "md",
  label = "発注先に決定",
}: {
  threadId: string;
  expired: boolean;
  size?: "sm" | "md";
  label?: string;
}) {
  if (expired) {
    return (
      <Button size={size} disabled>
        <CircleCheck aria-hidden className="size-4" />
        {label}
      </Button>
    );
  }
  return (
    <Button size={size} asChild>
      <Link href={`/account/buyer/deals/${encodeURIComponent(threadId)}/order`}>
        <CircleCheck aria-hidden className="size-4" />
        {label}
      </Link>
    </Button>
  );
}

/** A GENERAL member's 「決定を依頼」: the ADMINs get a mail and approve on the thread in one click. */
export function RequestAwardButton({
  paths,
  threadId,
  version,
  supplierName,
  expired,
  onDone,
}: {
  paths: DealPaths;
  threadId: string;
  version: number;
  supplierName: string;
  expired: boolean;
  onDone: () => unknown;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button disabled={expired} onClick={() => setOpen(true)}>
        <Send aria-hidden className="size-4" />
        決定を依頼
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone="primary"
        title={`${supplierName}への発注を管理者に依頼しますか？`}
        confirmLabel="決定を依頼"
        description={
          <p>
            発注先の決定は管理者のみ行えます。見積（第{version}
            版）で発注先に決定するよう、貴社の管理者にメールで依頼します。管理者はこの商談スレッドから承認できます。
          </p>
        }
        onConfirm={async () => {
          await apiFetch(paths.awardRequest(threadId), { method: "POST", body: { version } });
          await onDone();
          toast.success("管理者に発注先の決定を依頼しました。");
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

/** The suppliers a decline-all reaches, named before the buyer confirms. */
function Names({ names }: { names: string[] }) {
  return (
    <ul className="list-disc pl-5">
      {names.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

export function DeclineOthersButton({
  paths,
  inquiryId,
  offer,
  onDone,
}: {
  paths: DealPaths;
  inquiryId: string;
  /** What declineAllOffer allows: nothing, 「他のメーカーをすべてお見送り」 or 「案件を終了」. */
  offer: DeclineAllOffer;
  onDone: () => unknown;
}) {
  const [open, setOpen] = useState(false);
  if (offer.kind === "NONE") return null;
  const submit = async (values: DeclineInput) => {
    const res = await apiFetch<{ declined: number }>(paths.declineOthers(inquiryId), {
      method: "POST",
      body: values,
    });
    await onDone();
    toast.success(`${res.declined}社にお見送りをお知らせしました。`);
  };
  const n = offer.names.length;
  if (offer.kind === "END_INQUIRY") {
    return (
      <>
        <Button
          variant="ghost"
          className="border border-slate-300 text-red-700 hover:bg-red-50"
          onClick={() => setOpen(true)}
        >
          <CircleSlash aria-hidden className="size-4" />
          案件を終了
        </Button>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="発注せずに案件を終了しますか？"
          confirmLabel="案件を終了"
          description={
            <>
              <p>次の{n}社に「案件の中止・延期」としてお見送りをお知らせし、エントリーの受付も終了します。</p>
              <Names names={offer.names} />
              <p>この操作は元に戻せません。発注先を決める場合は、先に「発注先に決定」を選んでください。</p>
            </>
          }
          onConfirm={() => submit({ reason: "PROJECT_CANCELLED", note: undefined })}
        />
      </>
    );
  }
  return (
    <>
      <Button
        variant="ghost"
        className="border border-slate-300 text-red-700 hover:bg-red-50"
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
          <>
            <p>まだ結果をお伝えしていない次の{n}社に、同じ理由でお見送りをお知らせします。</p>
            <Names names={offer.names} />
            <p>発注先に決定したメーカーはそのままです。この操作は元に戻せません。</p>
          </>
        }
        reasons={DECLINE_REASONS}
        noteLabel="理由の詳細"
        confirmLabel="他のメーカーをすべてお見送り"
        onSubmit={(values) => submit(values as DeclineInput)}
      />
    </>
  );
}
