"use client";

import { useState } from "react";
import { linkClass, useRefreshOwner } from "@/components/owner/console-helpers";
import { FormDialog } from "@/components/owner/form-dialog";
import { Fields, Panel } from "@/components/owner/parts";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
// A buyer's 「指名での依頼」 on its console page: accepted, or stopped by an operator (when, why,
// by whom), with the action that changes it. Stopping asks for the reason the company's members
// read in their email; lifting asks for a confirmation. Both are audited and emailed.
import Link from "@/components/ui/link";
import { ApiError } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { formatDateTime } from "@/lib/japanese-date";
import { useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import {
  MAX_SUSPENSION_REASON,
  MIN_SUSPENSION_REASON,
  type NominationSuspension,
} from "../../nomination-suspension.schema";

export function NominationSuspensionPanel({
  companyId,
  companyName,
  suspension,
}: {
  companyId: string;
  companyName: string;
  suspension: NominationSuspension;
}) {
  const { call } = useOwnerSession();
  const refresh = useRefreshOwner();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const path = `/api/owner/buyer/${companyId}/nomination-suspension`;

  const start = () => {
    setReason("");
    setError(undefined);
    setFieldError(undefined);
    setOpen(true);
  };

  const submit = async () => {
    const text = reason.trim();
    if (!suspension && text.length < MIN_SUSPENSION_REASON) {
      setFieldError(
        text
          ? `停止の理由は${MIN_SUSPENSION_REASON}文字以上で入力してください`
          : "停止の理由を入力してください",
      );
      return;
    }
    setBusy(true);
    setError(undefined);
    setFieldError(undefined);
    try {
      await call(path, suspension ? { method: "DELETE" } : { method: "POST", body: { reason: text } });
      setOpen(false);
      toast.success(suspension ? "指名での依頼の停止を解除しました。" : "指名での依頼を停止しました。");
      await refresh(`/api/owner/buyer/${companyId}`, "/api/owner/audit-log", "/api/owner/trust-signals");
    } catch (e) {
      if (e instanceof ApiError && e.fields.reason) setFieldError(e.fields.reason);
      else setError(messageOf(e));
      // Someone else changed it meanwhile: show the state as it is now.
      if (e instanceof ApiError && e.status === 409) void refresh(`/api/owner/buyer/${companyId}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel
      title="指名での依頼"
      actions={
        <Button variant={suspension ? "outline" : "danger"} size="sm" onClick={start}>
          {suspension ? "停止を解除する" : "停止する"}
        </Button>
      }
    >
      {suspension ? (
        <Fields
          rows={[
            [
              "状態",
              <Badge key="s" tone="red">
                停止中
              </Badge>,
            ],
            ["停止した日時", formatDateTime(suspension.suspendedAt)],
            ["停止した運営者", suspension.by?.name],
            ["停止の理由", suspension.reason],
          ]}
        />
      ) : (
        <p className="text-sm leading-7 text-slate-700">
          受付中です。この発注者は、OEMメーカーを指名した問い合わせを送信できます。返信率や返却の状況は
          <Link href="/owner/trust-signals" className={linkClass}>
            不正・信頼シグナル
          </Link>
          で確認できます。
        </p>
      )}
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={suspension ? "指名での依頼の停止を解除する" : "指名での依頼を停止する"}
        description={
          suspension ? (
            <p>
              {companyName}
              は、ふたたび指名での問い合わせを送信できるようになります。企業のメンバー全員に解除をメールでお知らせし、操作履歴に記録します。
            </p>
          ) : (
            <p>
              {companyName}
              は、指名での問い合わせを送信できなくなります（一括問い合わせと商談スレッドは引き続き使えます）。理由は操作履歴に記録し、企業のメンバー全員へのメールにそのまま記載します。
            </p>
          )
        }
        busy={busy}
        error={error}
        submitLabel={suspension ? "停止を解除する" : "停止する"}
        tone={suspension ? "primary" : "danger"}
        onSubmit={() => void submit()}
      >
        {!suspension && (
          <FormField
            label="停止の理由"
            required
            error={fieldError}
            hint={`${MIN_SUSPENSION_REASON}文字以上、${MAX_SUSPENSION_REASON.toLocaleString("ja-JP")}文字以内。メールで企業に伝わります。`}
          >
            <Textarea
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={MAX_SUSPENSION_REASON}
              rows={4}
            />
          </FormField>
        )}
      </FormDialog>
    </Panel>
  );
}
