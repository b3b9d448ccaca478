"use client";

import { type ReactNode, useState } from "react";
import { MiniTable } from "@/components/owner/mini-table";
import { AuditTrail, BackLink, Fields, Panel, StatusBadge } from "@/components/owner/parts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { ApiError } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi, useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import { yenOrDash } from "@/lib/yen";
import type { OwnerEntryItem, OwnerInquiryDetail } from "../../inquiry-operator.schema";
import { requirementRows } from "../requirements/requirements-facts";
import { EntryStatusDialog } from "./entry-status-dialog";
import { EditDialog, fileSize, RejectDialog } from "./inquiry-dialogs";
import { day, link, useRefresh } from "./shared";

function EntriesPanel({
  inquiry,
  onCorrect,
}: {
  inquiry: OwnerInquiryDetail;
  onCorrect: (entry: OwnerEntryItem) => void;
}) {
  return (
    <Panel
      title={`エントリー（${inquiry.entries.length}件）`}
      actions={
        inquiry.entries.length > 0 ? (
          <Link href={`/owner/entries?contactId=${inquiry.id}`} className={link}>
            エントリーの一覧で見る
          </Link>
        ) : undefined
      }
    >
      {inquiry.entries.length === 0 ? (
        <p className="text-sm text-slate-600">エントリーはまだありません。</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {inquiry.entries.map((e) => (
            <li key={e.id} className="flex flex-col gap-2 py-4 text-sm first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Link href={`/owner/suppliers/${e.supplier.id}`} className={cn(link, "break-words")}>
                  {e.supplier.name}
                </Link>
                <StatusBadge kind="entry" value={e.status} />
                <span className="text-xs text-slate-500">{formatDateTime(e.createdAt)}</span>
                <Button variant="outline" size="sm" className="ml-auto" onClick={() => onCorrect(e)}>
                  状態を訂正
                  <span className="sr-only">（{e.supplier.name}）</span>
                </Button>
              </div>
              <p className="break-words whitespace-pre-wrap text-slate-800">{e.message}</p>
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
                <span>提案単価：{yenOrDash(e.proposedUnitPriceYen)}</span>
                <span>納期：{e.leadTime ?? "—"}</span>
                <span className="break-all">
                  担当：{e.enteredBy.name}（{e.enteredBy.email}）
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function InquiryDetail({ contactId }: { contactId: string }) {
  const path = `/api/owner/contact/${contactId}`;
  const { data, error, mutate } = useOwnerApi<OwnerInquiryDetail>(path);
  const { call } = useOwnerSession();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<"approve" | "reject" | "close" | "edit" | null>(null);
  const [entry, setEntry] = useState<OwnerEntryItem | null>(null);

  /** PUT the action; the answer is the changed inquiry. A 409 (stale status) reloads the page's data. */
  const act = async (body: Record<string, unknown>, done: string) => {
    if (!data) return;
    const kind = data.type === "BULK" ? "bulk" : "nomination";
    try {
      const updated = await call<OwnerInquiryDetail>(`/api/owner/contact/${kind}/${contactId}`, {
        method: "PUT",
        body,
      });
      await mutate(updated, { revalidate: false });
      void refresh("/api/owner/audit-log", "/api/owner/contact", "/api/owner/dashboard");
      toast.success(done);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) void mutate();
      throw e;
    }
  };

  if (error) {
    return (
      <div className="flex flex-col gap-6">
        <BackLink href="/owner/inquiries">問い合わせの一覧へ</BackLink>
        <LoadError error={error} onRetry={() => void mutate()} />
      </div>
    );
  }
  if (!data) {
    return (
      <div className="flex flex-col gap-6">
        <BackLink href="/owner/inquiries">問い合わせの一覧へ</BackLink>
        <LoadingBlock rows={2} />
      </div>
    );
  }

  const bulk = data.type === "BULK";
  const selected = data.recipients.filter((r) => r.kind === "SELECTED");
  const canApprove = bulk && data.status === "REVIEW";
  const canClose = data.status === "OPEN";

  return (
    <div className="flex flex-col gap-6">
      <BackLink href={`/owner/inquiries?type=${data.type}`}>
        {bulk ? "一括問い合わせの一覧へ" : "指名問い合わせの一覧へ"}
      </BackLink>

      <div className="flex flex-col gap-3 desktop:flex-row desktop:items-start desktop:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-2xl font-bold break-words text-slate-900">{data.title}</h1>
          <p className="flex flex-wrap items-center gap-1.5">
            <StatusBadge kind="inquiryType" value={data.type} />
            <StatusBadge kind="inquiry" value={data.status} />
            <span className="text-xs text-slate-500">登録 {formatDateTime(data.createdAt)}</span>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {canApprove && (
            <>
              <Button size="sm" onClick={() => setDialog("approve")}>
                承認する
              </Button>
              <Button size="sm" variant="danger" onClick={() => setDialog("reject")}>
                非承認にする
              </Button>
            </>
          )}
          {canClose && (
            <Button size="sm" variant="secondary" onClick={() => setDialog("close")}>
              締め切る
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setDialog("edit")}>
            編集する
          </Button>
        </div>
      </div>

      {data.status === "REVIEW" && bulk && (
        <Alert tone="info" title="審査待ちです">
          内容を確認して「承認する」か「非承認にする」を選んでください。承認するとすべてのOEMメーカーに公開されます。
        </Alert>
      )}
      {data.status === "REJECTED" && data.rejectionReason && (
        <Alert tone="error" title="非承認の理由（発注者に表示されています）">
          <p className="break-words whitespace-pre-wrap">{data.rejectionReason}</p>
        </Alert>
      )}

      <Panel title="案件の内容">
        <Fields
          rows={[
            [
              "案件ID",
              <span key="id" className="font-mono text-xs break-all">
                {data.id}
              </span>,
            ],
            ["カテゴリ", data.category.name],
            ["依頼内容", data.description],
            ["数量・ロット", data.quantity],
            [
              "希望単価（1個あたり）",
              data.targetUnitPriceYen != null ? yenOrDash(data.targetUnitPriceYen) : null,
            ],
            ["予算", data.budgetYen != null ? yenOrDash(data.budgetYen) : null],
            ["希望納期", data.desiredDeliveryDate ? day(data.desiredDeliveryDate) : null],
            ...(bulk ? ([["エントリー締切", day(data.entryDeadline)]] as Array<[string, ReactNode]>) : []),
            [
              "希望する所在地",
              data.prefectures.length ? data.prefectures.map((p) => p.name).join("、") : "指定なし",
            ],
            ["秘密保持契約（NDA）", data.ndaRequired ? "締結が必要" : "不要"],
            [
              "添付ファイル",
              data.attachments.length ? (
                <div key="att" className="flex flex-col gap-1">
                  <ul className="flex flex-col gap-0.5">
                    {data.attachments.map((a) => (
                      <li key={a.id} className="break-all">
                        {a.name} <span className="text-xs text-slate-500">（{fileSize(a.byteSize)}）</span>
                      </li>
                    ))}
                  </ul>
                  <p className="text-xs text-slate-500">
                    添付ファイルを開けるのは、発注者とこの案件を閲覧できるOEMメーカーだけです。
                  </p>
                </div>
              ) : (
                "なし"
              ),
            ],
          ]}
        />
      </Panel>

      <Panel title="詳しい条件">
        <Fields rows={requirementRows(data.requirements)} />
      </Panel>

      <Panel title="経過">
        <Fields
          rows={[
            ["登録日時", formatDateTime(data.createdAt)],
            ...(bulk
              ? ([["審査日時", data.reviewedAt ? formatDateTime(data.reviewedAt) : null]] as Array<
                  [string, ReactNode]
                >)
              : []),
            ["公開日時", data.publishedAt ? formatDateTime(data.publishedAt) : null],
            ["締切日時", data.closedAt ? formatDateTime(data.closedAt) : null],
            ["取り下げ日時", data.cancelledAt ? formatDateTime(data.cancelledAt) : null],
          ]}
        />
      </Panel>

      <Panel
        title="発注者"
        actions={
          <Link href={`/owner/inquiries?buyerCompanyId=${data.buyer.id}`} className={link}>
            この発注者の問い合わせ
          </Link>
        }
      >
        <Fields
          rows={[
            [
              "企業名",
              <Link key="b" href={`/owner/buyers/${data.buyer.id}`} className={link}>
                {data.buyer.name}
              </Link>,
            ],
            ["担当者", data.createdBy.name],
            [
              "メールアドレス",
              data.createdBy.email ? (
                <a key="m" href={`mailto:${data.createdBy.email}`} className={cn(link, "break-all")}>
                  {data.createdBy.email}
                </a>
              ) : null,
            ],
            ["電話番号", data.createdBy.phone],
          ]}
        />
      </Panel>

      <Panel title={bulk ? `発注者が選んだOEMメーカー（${selected.length}社）` : "指名先のOEMメーカー"}>
        <MiniTable
          label="送付先のOEMメーカー"
          rows={data.recipients}
          rowKey={(r) => r.companyId}
          empty={
            bulk
              ? "発注者が選んだOEMメーカーはありません（公開後、すべてのOEMメーカーが閲覧できます）。"
              : "指名先がありません。"
          }
          columns={[
            {
              header: "企業名",
              wrap: true,
              cell: (r) => (
                <Link href={`/owner/suppliers/${r.companyId}`} className={link}>
                  {r.name}
                </Link>
              ),
            },
            { header: "種別", cell: (r) => (r.kind === "NOMINATED" ? "指名先" : "発注者が選択") },
            {
              header: "通知日時",
              cell: (r) =>
                r.notifiedAt ? formatDateTime(r.notifiedAt) : data.status === "REVIEW" ? "承認時に通知" : "—",
            },
            { header: "既読日時", cell: (r) => (r.readAt ? formatDateTime(r.readAt) : "未読") },
          ]}
        />
      </Panel>

      <EntriesPanel inquiry={data} onCorrect={setEntry} />

      <AuditTrail targetType="inquiry" targetId={data.id} />

      <ConfirmDialog
        open={dialog === "approve"}
        onOpenChange={(o) => setDialog(o ? "approve" : null)}
        title="この一括問い合わせを承認しますか？"
        tone="primary"
        confirmLabel="承認して公開する"
        description={
          <div className="flex flex-col gap-2">
            <p>承認すると「公開中」になり、すべてのOEMメーカーがエントリーできるようになります。</p>
            <p>
              {selected.length > 0
                ? `発注者と、発注者が選んだOEMメーカー${selected.length}社にメールでお知らせします。`
                : "発注者にメールでお知らせします（発注者が選んだOEMメーカーはありません）。"}
              同じカテゴリのOEMメーカーには、1日1回のまとめメールで届きます。
            </p>
          </div>
        }
        onConfirm={() => act({ action: "APPROVE" }, "一括問い合わせを承認し、公開しました。")}
      />
      <ConfirmDialog
        open={dialog === "close"}
        onOpenChange={(o) => setDialog(o ? "close" : null)}
        title="この問い合わせを締め切りますか？"
        confirmLabel="締め切る"
        description="締め切ると「締切」になり、OEMメーカーは新しくエントリーできなくなります。必要なら「編集する」から公開中に戻せます。"
        onConfirm={() => act({ action: "CLOSE" }, "問い合わせを締め切りました。")}
      />
      <RejectDialog
        open={dialog === "reject"}
        onOpenChange={(o) => setDialog(o ? "reject" : null)}
        onReject={(reason) => act({ action: "REJECT", reason }, "一括問い合わせを非承認にしました。")}
      />
      <EditDialog
        open={dialog === "edit"}
        onOpenChange={(o) => setDialog(o ? "edit" : null)}
        inquiry={data}
        onSave={(body) => act({ action: "EDIT", ...body }, "問い合わせを更新しました。")}
      />
      <EntryStatusDialog entry={entry} onClose={() => setEntry(null)} onDone={() => void mutate()} />
    </div>
  );
}
