"use client";

// The operator's two decisions on a certificate: 「認証確認済みにする」 (a confirmation) and
// 「差し戻す」 (with the reason the supplier reads in its email). Both are audited on the server.
import { useState } from "react";
import { FormDialog } from "@/components/owner/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { ApiError } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import {
  type CertificationDetail,
  MAX_REJECTION_REASON,
  MIN_REJECTION_REASON,
} from "../../certification-operator.schema";

export type ReviewKind = "verify" | "reject";

export function ReviewDialog({
  kind,
  cert,
  onClose,
  onDone,
}: {
  kind: ReviewKind | null;
  cert: CertificationDetail;
  onClose: () => void;
  /** The certificate as the server answered (or undefined after a 409: reload it). */
  onDone: (next: CertificationDetail | undefined) => Promise<void>;
}) {
  const { call } = useOwnerSession();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const withdrawing = cert.status === "VERIFIED";

  const close = () => {
    setReason("");
    setError(undefined);
    setFieldError(undefined);
    onClose();
  };

  const submit = async () => {
    const text = reason.trim();
    if (kind === "reject" && text.length < MIN_REJECTION_REASON) {
      setFieldError(
        text
          ? `差し戻しの理由は${MIN_REJECTION_REASON}文字以上で入力してください`
          : "差し戻しの理由を入力してください",
      );
      return;
    }
    setBusy(true);
    setError(undefined);
    setFieldError(undefined);
    try {
      const next = await call<CertificationDetail>(`/api/owner/certifications/${cert.id}/${kind}`, {
        method: "POST",
        body: kind === "reject" ? { reason: text } : undefined,
      });
      toast.success(
        kind === "verify"
          ? `「${cert.type.name}」を認証確認済みにしました。`
          : withdrawing
            ? `「${cert.type.name}」の認証確認を取り下げ、差し戻しました。`
            : `「${cert.type.name}」を差し戻しました。`,
      );
      close();
      await onDone(next);
    } catch (e) {
      if (e instanceof ApiError && e.fields.reason) setFieldError(e.fields.reason);
      else setError(messageOf(e));
      // Someone else reviewed it meanwhile: show it as it is now.
      if (e instanceof ApiError && e.status === 409) void onDone(undefined);
    } finally {
      setBusy(false);
    }
  };

  const company = cert.company.name;
  return (
    <FormDialog
      open={kind !== null}
      onOpenChange={(open) => !open && close()}
      title={
        kind === "verify" ? "認証確認済みにする" : withdrawing ? "認証確認を取り下げて差し戻す" : "差し戻す"
      }
      description={
        kind === "verify" ? (
          <p>
            {company}の「{cert.type.name}」（登録番号 {cert.number}
            ）を認証確認済みにします。公開ページ・検索・見積の比較表に「認証確認済み」と表示され、企業のメンバー全員にメールでお知らせします。書類の企業名・番号・有効期限が登録内容と一致していることを確認してください。
          </p>
        ) : (
          <p>
            {company}の「{cert.type.name}」を差し戻します
            {withdrawing && "（表示中の「認証確認済み」は取り下げます）"}
            。理由は操作履歴に記録し、企業のメンバー全員へのメールにそのまま記載します。
          </p>
        )
      }
      busy={busy}
      error={error}
      submitLabel={kind === "verify" ? "認証確認済みにする" : "差し戻す"}
      tone={kind === "verify" ? "primary" : "danger"}
      onSubmit={() => void submit()}
    >
      {kind === "reject" && (
        <FormField
          label="差し戻しの理由"
          required
          error={fieldError}
          hint={`${MIN_REJECTION_REASON}文字以上、${MAX_REJECTION_REASON}文字以内。メールで企業に伝わります（例：書類の企業名が登録と異なります）。`}
        >
          <Textarea
            name="reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={MAX_REJECTION_REASON}
            rows={4}
          />
        </FormField>
      )}
    </FormDialog>
  );
}
