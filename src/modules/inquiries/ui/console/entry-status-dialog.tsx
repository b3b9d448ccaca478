"use client";

import { useState } from "react";
import { FormDialog } from "@/components/owner/form-dialog";
import { AuditTrail, StatusBadge } from "@/components/owner/parts";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/input";
import { ENTRY_STATUS } from "@/lib/owner/console-labels";
import { useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import { operatorEntryTargetsFrom } from "../../entry.policy";
import type { OwnerEntryItem } from "../../inquiry-operator.schema";
import { useDialogSubmit, useRefresh } from "./shared";

// ---------------------------------------------------------------- entry status correction

/** The operator corrects one entry's status (PUT /api/owner/contact/entry/{contactId}). */
export function EntryStatusDialog({
  entry,
  onClose,
  onDone,
}: {
  entry: OwnerEntryItem | null;
  onClose: () => void;
  onDone: (updated: OwnerEntryItem) => void;
}) {
  const { call } = useOwnerSession();
  const refresh = useRefresh();
  const [status, setStatus] = useState<string>("");
  const { busy, error, fields, setFields, clear, run } = useDialogSubmit(["status"]);
  const [shownFor, setShownFor] = useState<string | null>(null);

  // A new entry opens the dialog afresh.
  if (entry && entry.id !== shownFor) {
    setShownFor(entry.id);
    setStatus("");
    clear();
  }

  const submit = async () => {
    if (!entry) return;
    if (!status) {
      setFields({ status: "訂正後の状態を選択してください" });
      return;
    }
    await run(async () => {
      const updated = await call<OwnerEntryItem>(`/api/owner/contact/entry/${entry.inquiry.id}`, {
        method: "PUT",
        body: { entryId: entry.id, status },
      });
      toast.success(`エントリーの状態を「${ENTRY_STATUS[updated.status]}」に訂正しました。`);
      void refresh("/api/owner/contact", "/api/owner/audit-log");
      onDone(updated);
      setShownFor(null);
      onClose();
    });
  };

  return (
    <FormDialog
      open={entry !== null}
      onOpenChange={(open) => !open && onClose()}
      title="エントリーの状態を訂正"
      description={
        entry && (
          <div className="flex flex-col gap-1">
            <p>
              <span className="font-bold">{entry.supplier.name}</span> のエントリー
            </p>
            <p className="break-words text-slate-600">案件：{entry.inquiry.title}</p>
            <p className="flex items-center gap-2">
              現在の状態： <StatusBadge kind="entry" value={entry.status} />
            </p>
            <p className="text-xs text-slate-500">
              訂正は操作履歴に記録されます。発注者・OEMメーカーへのメール通知はありません。
            </p>
          </div>
        )
      }
      submitLabel="訂正する"
      busy={busy}
      error={error}
      onSubmit={() => void submit()}
    >
      {entry && (
        <>
          <FormField label="訂正後の状態" required error={fields.status}>
            <Select name="status" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">選択してください</option>
              {operatorEntryTargetsFrom(entry.status).map((s) => (
                <option key={s} value={s}>
                  {ENTRY_STATUS[s]}
                </option>
              ))}
            </Select>
          </FormField>
          <AuditTrail targetType="entry" targetId={entry.id} />
        </>
      )}
    </FormDialog>
  );
}
