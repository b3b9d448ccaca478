"use client";

// 「通報」: a message of the other side that breaks the rules goes to the operators with a reason.
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { ApiError } from "@/lib/api/client";
import { toast } from "@/lib/toast";
import type { DealMessage } from "@/modules/deals/deals.schema";

export function ReportDialog({
  message,
  onClose,
  onSubmit,
}: {
  message: DealMessage | null;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState("");
  return (
    <ConfirmDialog
      open={message !== null}
      onOpenChange={(o) => {
        if (!o) {
          setReason("");
          onClose();
        }
      }}
      title="このメッセージを運営に通報しますか？"
      confirmLabel="通報する"
      description={
        <div className="flex flex-col gap-3">
          <p>
            規約に反する内容（連絡先の不正な収集、勧誘、誹謗中傷など）を運営事務局が確認します。相手の企業に通報者は伝わりません。
          </p>
          <FormField label="通報の理由" required>
            <Textarea
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              className="min-h-20"
            />
          </FormField>
        </div>
      }
      onConfirm={async () => {
        if (!reason.trim()) throw new ApiError(422, "VALIDATION", "通報の理由を入力してください");
        await onSubmit(reason.trim());
        setReason("");
        toast.success("運営事務局に通報しました。");
      }}
    />
  );
}
