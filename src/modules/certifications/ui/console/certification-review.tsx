"use client";

import { useState } from "react";
import { linkClass, useRefreshOwner } from "@/components/owner/console-helpers";
import { AuditTrail, BackLink, Fields, Panel } from "@/components/owner/parts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
// One certificate as the operator reviews it: what the supplier registered, the document beside it,
// the decision buttons the status allows (確認待ち: verify or send back; 認証確認済み: withdraw),
// what happened to it (reviews, the expiry job's reminder and removal) and its audit trail.
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi } from "@/lib/owner/owner-session";
import type { CertificationDetail } from "../../certification-operator.schema";
import { CertificateStatusBadge, kindLabel, QUEUE_PATH } from "./certification-parts";
import { DocumentPreview } from "./document-preview";
import { ReviewDialog, type ReviewKind } from "./review-dialogs";

function Decision({ cert, onOpen }: { cert: CertificationDetail; onOpen: (k: ReviewKind) => void }) {
  if (cert.status === "PENDING")
    return (
      <>
        {cert.expired ? (
          <Alert tone="error" title="有効期限が切れています">
            この証明書は有効期限（{formatDate(cert.expiresOn)}
            ）を過ぎているため、認証確認済みにできません。有効期限内の証明書を登録し直すよう、差し戻してください。
          </Alert>
        ) : (
          <Alert tone="info" title="確認待ちです">
            書類の企業名・認証の種類・登録番号・発行機関・有効期限が、登録内容と一致しているか確認してください。
          </Alert>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => onOpen("verify")} disabled={cert.expired}>
            認証確認済みにする
          </Button>
          <Button variant="danger" onClick={() => onOpen("reject")}>
            差し戻す
          </Button>
        </div>
      </>
    );
  if (cert.status === "VERIFIED")
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700">
          {cert.expired
            ? "有効期限を過ぎたため、「認証確認済み」の表示は外れています。"
            : "「認証確認済み」として表示中です。書類に問題が見つかった場合は取り下げられます。"}
        </p>
        <Button variant="outline" size="sm" onClick={() => onOpen("reject")}>
          取り下げて差し戻す
        </Button>
      </div>
    );
  return (
    <p className="text-sm text-slate-700">
      差し戻し済みです。OEMメーカーが新しい証明書を登録すると、確認待ちに並びます。
    </p>
  );
}

export function CertificationReview({ certificationId }: { certificationId: string }) {
  const path = `/api/owner/certifications/${certificationId}`;
  const { data: cert, error, mutate } = useOwnerApi<CertificationDetail>(path);
  const refresh = useRefreshOwner();
  const [dialog, setDialog] = useState<ReviewKind | null>(null);

  const done = async (next: CertificationDetail | undefined) => {
    await mutate(next, { revalidate: next === undefined });
    void refresh("/api/owner/certifications", "/api/owner/audit-log");
  };

  return (
    <div className="flex flex-col gap-6">
      <BackLink href={QUEUE_PATH}>認証の確認の一覧へ</BackLink>
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !cert ? (
        <LoadingBlock rows={3} />
      ) : (
        <>
          <PageHeader
            title={`${cert.type.name}の証明書`}
            lead={
              <span className="flex flex-wrap items-center gap-2">
                <Link href={`/owner/suppliers/${cert.company.id}`} className={linkClass}>
                  {cert.company.name}
                </Link>
                <CertificateStatusBadge item={cert} />
              </span>
            }
          />
          <Panel title="確認">
            <div className="flex flex-col gap-3">
              <Decision cert={cert} onOpen={setDialog} />
            </div>
          </Panel>
          <div className="grid gap-6 desktop:grid-cols-2">
            <Panel title="登録内容">
              <Fields
                rows={[
                  [
                    "企業",
                    cert.company.status === "DEACTIVATED"
                      ? `${cert.company.name}（退会済み）`
                      : cert.company.name,
                  ],
                  ["認証・許可", `${cert.type.name}（${kindLabel(cert.type.kind)}）`],
                  ["登録番号", cert.number],
                  ["発行機関", cert.issuer],
                  ["有効期限", cert.expiresOn ? `${formatDate(cert.expiresOn)}まで` : "なし"],
                  ["登録日時", formatDateTime(cert.createdAt)],
                ]}
              />
              <p className="mt-4 text-sm">
                <Link
                  href={`${QUEUE_PATH}?status=VERIFIED&companyId=${cert.company.id}`}
                  className={linkClass}
                >
                  この企業の認証確認済みの証明書
                </Link>
              </p>
            </Panel>
            <Panel title="書類">
              <DocumentPreview document={cert.document} />
            </Panel>
          </div>
          <Panel title="経過">
            <Fields
              rows={[
                ["確認日時", cert.reviewedAt ? formatDateTime(cert.reviewedAt) : null],
                ["確認した運営者", cert.reviewedBy?.name],
                ["差し戻しの理由", cert.rejectionReason],
                [
                  "期限前のお知らせ",
                  cert.reminderSentAt ? `${formatDateTime(cert.reminderSentAt)}に送信` : null,
                ],
                [
                  "期限切れの処理",
                  cert.expiredAt ? `${formatDateTime(cert.expiredAt)}に表示を外しました` : null,
                ],
              ]}
            />
          </Panel>
          <AuditTrail targetType="supplier_certification" targetId={cert.id} />
          <ReviewDialog kind={dialog} cert={cert} onClose={() => setDialog(null)} onDone={done} />
        </>
      )}
    </div>
  );
}
