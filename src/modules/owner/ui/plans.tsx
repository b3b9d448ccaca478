"use client";

// The unlimited plan in the console: applications waiting for the operator (activate from a
// date, or reject with a note) and the suppliers on the plan (end a contract at once). The API
// has no list of all contracts, so the second section lists the paid suppliers and reads each
// one's contract from its billing (GET /api/owner/oem-detail/{companyId}).
import { Download, Loader2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import type { z } from "zod";
import type { PageOf } from "@/components/owner/console-list";
import { Panel, StatusBadge } from "@/components/owner/parts";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { Pager } from "@/components/ui/pager";
import { messageOf } from "@/lib/form-helpers";
import { todayInJapan } from "@/lib/japan-time";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi, useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import { yenOrDash } from "@/lib/yen";
import type { OwnerPlanItem, OwnerSupplierItem, ownerSupplierBilling } from "../owner.schema";
import { linkClass, useRefreshOwner, withFieldMessage } from "./common";

type SupplierBilling = z.infer<typeof ownerSupplierBilling>;
type PlanMove = { kind: "ACTIVATE" | "REJECT"; plan: OwnerPlanItem } | { kind: "END"; plan: OwnerPlanItem };

const supplierLink = (c: { id: string; name: string }) => (
  <Link href={`/owner/suppliers/${c.id}`} className={linkClass}>
    {c.name}
  </Link>
);

/** The row of a list that is a table on desktop and a card on phones. */
function Row({ children, actions }: { children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <li className="flex flex-col gap-3 py-4 desktop:flex-row desktop:items-center desktop:justify-between">
      <div className="min-w-0 flex-1">{children}</div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </li>
  );
}

export function PlansPage() {
  const { call, download } = useOwnerSession();
  const refresh = useRefreshOwner();
  const [waitingPage, setWaitingPage] = useState(1);
  const [paidPage, setPaidPage] = useState(1);
  const waiting = useOwnerApi<PageOf<OwnerPlanItem>>(`/api/owner/plan-contract-waiting?page=${waitingPage}`, {
    keepPreviousData: true,
  });
  const paid = useOwnerApi<PageOf<OwnerSupplierItem>>(
    `/api/owner/oem?paymentStatus=OEM_PAID&sort=name&page=${paidPage}`,
    { keepPreviousData: true },
  );
  const [move, setMove] = useState<PlanMove | null>(null);
  const [startsOn, setStartsOn] = useState("");
  const [note, setNote] = useState("");
  const [exporting, setExporting] = useState(false);

  const open = (next: PlanMove) => {
    setStartsOn(todayInJapan());
    setNote("");
    setMove(next);
  };

  const run = async () => {
    if (!move) return;
    const body =
      move.kind === "ACTIVATE"
        ? { action: "ACTIVATE", ...(startsOn ? { startsOn } : {}) }
        : move.kind === "REJECT"
          ? { action: "REJECT", ...(note.trim() ? { note: note.trim() } : {}) }
          : { action: "END" };
    try {
      await call(`/api/owner/plan-contract/${move.plan.company.id}`, { method: "PUT", body });
    } catch (e) {
      throw withFieldMessage(e, move.kind === "ACTIVATE" ? "startsOn" : "note");
    }
    await refresh(
      "/api/owner/plan-contract-waiting",
      "/api/owner/oem",
      "/api/owner/audit-log",
      "/api/owner/dashboard",
    );
    const name = move.plan.company.name;
    toast.success(
      move.kind === "ACTIVATE"
        ? `${name}の無制限プランを開始しました。`
        : move.kind === "REJECT"
          ? `${name}の申込を非承認にしました。`
          : `${name}の無制限プランを終了しました。`,
    );
  };

  const exportWaiting = async () => {
    setExporting(true);
    try {
      await download("/api/owner/plan-contract-waiting?format=csv", "plan-applications.csv");
    } catch (e) {
      toast.error(messageOf(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="無制限プラン"
        lead="申込を開始すると、OEMメーカーは有料（無制限プラン）になり、開始月の請求書が発行されます。"
      />

      <Panel
        title={`申込待ち${waiting.data ? `（${waiting.data.total}件）` : ""}`}
        actions={
          <Button variant="outline" size="sm" onClick={() => void exportWaiting()} disabled={exporting}>
            {exporting ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : (
              <Download aria-hidden className="size-4" />
            )}
            CSVダウンロード
          </Button>
        }
      >
        {waiting.error && !waiting.data ? (
          <LoadError error={waiting.error} onRetry={() => void waiting.mutate()} />
        ) : !waiting.data ? (
          <LoadingBlock rows={1} />
        ) : waiting.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">申込待ちの無制限プランはありません。</p>
        ) : (
          <>
            <p className="mb-1 text-xs text-slate-500">申込の古い順に表示しています。</p>
            <ul className="flex flex-col divide-y divide-slate-100" aria-label="申込待ちの一覧">
              {waiting.data.items.map((p) => (
                <Row
                  key={p.id}
                  actions={
                    <>
                      <Button
                        size="sm"
                        aria-label={`${p.company.name}の申込を開始`}
                        onClick={() => open({ kind: "ACTIVATE", plan: p })}
                      >
                        開始
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="border border-slate-300"
                        aria-label={`${p.company.name}の申込を非承認`}
                        onClick={() => open({ kind: "REJECT", plan: p })}
                      >
                        非承認
                      </Button>
                    </>
                  }
                >
                  <p className="flex flex-wrap items-center gap-2">
                    {supplierLink(p.company)}
                    <StatusBadge kind="plan" value={p.status} />
                  </p>
                  <p className="mt-1 text-sm text-slate-600">
                    申込 {formatDateTime(p.appliedAt)}
                    {p.appliedBy && `・${p.appliedBy.name}（${p.appliedBy.email}）`}
                    ・月額 {yenOrDash(p.monthlyFeeYen)}（税抜）
                  </p>
                </Row>
              ))}
            </ul>
            <Pager
              page={waiting.data.page}
              perPage={waiting.data.perPage}
              total={waiting.data.total}
              onPage={setWaitingPage}
              label="申込待ちのページ送り"
            />
          </>
        )}
      </Panel>

      <Panel title={`契約中のOEMメーカー${paid.data ? `（${paid.data.total}社）` : ""}`}>
        {paid.error && !paid.data ? (
          <LoadError error={paid.error} onRetry={() => void paid.mutate()} />
        ) : !paid.data ? (
          <LoadingBlock rows={1} />
        ) : paid.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">無制限プランを契約中のOEMメーカーはありません。</p>
        ) : (
          <>
            <p className="mb-1 text-xs text-slate-500">
              解約の申し出は月末に自動で終了します。すぐに終了させる必要があるときだけ「終了」を使ってください。過去の契約は各企業のページで確認できます。
            </p>
            <ul className="flex flex-col divide-y divide-slate-100" aria-label="契約中の一覧">
              {paid.data.items.map((s) => (
                <PaidSupplierRow key={s.id} supplier={s} onEnd={(plan) => open({ kind: "END", plan })} />
              ))}
            </ul>
            <Pager
              page={paid.data.page}
              perPage={paid.data.perPage}
              total={paid.data.total}
              onPage={setPaidPage}
              label="契約中のページ送り"
            />
          </>
        )}
      </Panel>

      <ConfirmDialog
        open={move?.kind === "ACTIVATE"}
        onOpenChange={(o) => !o && setMove(null)}
        title="無制限プランを開始しますか？"
        tone="primary"
        confirmLabel="プランを開始する"
        description={
          move && (
            <div className="flex flex-col gap-4">
              <p>
                {move.plan.company.name}の無制限プラン（月額{yenOrDash(move.plan.monthlyFeeYen)}
                ・税抜）を開始します。
                企業は有料（無制限プラン）になり、開始月の請求書が発行されて、企業のメンバーにお知らせのメールが届きます。
              </p>
              <FormField label="開始日" hint="空欄のときは本日から開始します。">
                <Input
                  type="date"
                  value={startsOn}
                  onChange={(e) => setStartsOn(e.target.value)}
                  className="w-48"
                />
              </FormField>
            </div>
          )
        }
        onConfirm={run}
      />
      <ConfirmDialog
        open={move?.kind === "REJECT"}
        onOpenChange={(o) => !o && setMove(null)}
        title="申込を非承認にしますか？"
        confirmLabel="非承認にする"
        description={
          move && (
            <div className="flex flex-col gap-4">
              <p>{move.plan.company.name}の無制限プランの申込を非承認にします。企業は無料のままです。</p>
              <FormField label="メモ" hint="非承認の理由など（500文字まで）。操作履歴に残ります。">
                <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={3} />
              </FormField>
            </div>
          )
        }
        onConfirm={run}
      />
      <ConfirmDialog
        open={move?.kind === "END"}
        onOpenChange={(o) => !o && setMove(null)}
        title="無制限プランを今すぐ終了しますか？"
        confirmLabel="プランを終了する"
        description={
          move && (
            <>
              <p>
                {move.plan.company.name}の無制限プラン（{formatDate(move.plan.startsOn)}
                開始）を今すぐ終了します。
              </p>
              <p className="mt-2 font-bold text-slate-900">企業はすぐに無料に戻ります。元に戻せません。</p>
            </>
          )
        }
        onConfirm={run}
      />
    </div>
  );
}

/** A paid supplier with its current contract, read from the supplier's billing. */
function PaidSupplierRow({
  supplier,
  onEnd,
}: {
  supplier: OwnerSupplierItem;
  onEnd: (plan: OwnerPlanItem) => void;
}) {
  const { data, error } = useOwnerApi<SupplierBilling>(`/api/owner/oem-detail/${supplier.id}`);
  const current = data?.planContracts.find((p) => p.status === "ACTIVE" || p.status === "CANCEL_SCHEDULED");
  return (
    <Row
      actions={
        current && (
          <Button
            size="sm"
            variant="ghost"
            className="border border-red-300 text-red-700 hover:bg-red-50"
            aria-label={`${supplier.name}の無制限プランを終了`}
            onClick={() => onEnd(current)}
          >
            終了
          </Button>
        )
      }
    >
      <p className="flex flex-wrap items-center gap-2">
        {supplierLink(supplier)}
        {current && <StatusBadge kind="plan" value={current.status} />}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {error
          ? "契約の情報を読み込めませんでした。"
          : !data
            ? "契約の情報を読み込んでいます…"
            : current
              ? [
                  `${formatDate(current.startsOn)}から`,
                  current.endsOn ? `${formatDate(current.endsOn)}まで（解約予定）` : null,
                  `月額 ${yenOrDash(current.monthlyFeeYen)}（税抜）`,
                ]
                  .filter(Boolean)
                  .join("・")
              : "契約中の記録が見つかりません。企業のページで確認してください。"}
      </p>
    </Row>
  );
}
