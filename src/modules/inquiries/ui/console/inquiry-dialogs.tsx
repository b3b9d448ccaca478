"use client";
import { useState } from "react";
import { FormDialog } from "@/components/owner/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { INQUIRY_STATUS } from "@/lib/owner/console-labels";
import { operatorTargetsFrom } from "../../inquiry.policy";
import type { OwnerInquiryDetail } from "../../inquiry-operator.schema";
import { useDialogSubmit } from "./shared";

// ---------------------------------------------------------------- one inquiry

const MOVE_LABELS: Record<"OPEN" | "CLOSED" | "CANCELLED", string> = {
  OPEN: "公開中に戻す（再公開）",
  CLOSED: "締切にする",
  CANCELLED: "取り下げにする",
};

export function fileSize(bytes: number) {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

type EditValues = { title: string; description: string; entryDeadline: string; status: string };

export function EditDialog({
  open,
  onOpenChange,
  inquiry,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  inquiry: OwnerInquiryDetail;
  onSave: (body: Record<string, string>) => Promise<void>;
}) {
  const initial: EditValues = {
    title: inquiry.title,
    description: inquiry.description,
    entryDeadline: inquiry.entryDeadline ?? "",
    status: inquiry.status,
  };
  const [values, setValues] = useState<EditValues>(initial);
  const { busy, error, setError, fields, clear, run } = useDialogSubmit([
    "title",
    "description",
    "entryDeadline",
    "status",
  ]);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValues(initial);
      clear();
    }
  }
  const bulk = inquiry.type === "BULK";
  // The operator's corrections the domain allows from this status (inquiry.policy; REVIEW → OPEN is 承認).
  const moves = operatorTargetsFrom(inquiry.status);
  const set = (k: keyof EditValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = async () => {
    const body: Record<string, string> = {};
    if (values.title !== initial.title) body.title = values.title;
    if (values.description !== initial.description) body.description = values.description;
    if (bulk && values.entryDeadline !== initial.entryDeadline) body.entryDeadline = values.entryDeadline;
    if (values.status !== initial.status) body.status = values.status;
    if (Object.keys(body).length === 0) {
      setError("変更された項目がありません。");
      return;
    }
    await run(async () => {
      await onSave(body);
      onOpenChange(false);
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="問い合わせを編集"
      description="変更は操作履歴に記録されます。発注者・OEMメーカーへのメール通知はありません。"
      submitLabel="変更を保存する"
      busy={busy}
      error={error}
      onSubmit={() => void submit()}
    >
      <FormField label="案件名" required error={fields.title} hint="100文字以内">
        <Input name="title" value={values.title} onChange={set("title")} maxLength={100} />
      </FormField>
      <FormField label="依頼内容" required error={fields.description} hint="3,000文字以内">
        <Textarea
          name="description"
          value={values.description}
          onChange={set("description")}
          maxLength={3000}
          rows={8}
        />
      </FormField>
      {bulk && (
        <FormField
          label="エントリー締切"
          error={fields.entryDeadline}
          hint="明日から60日以内の日付を指定できます。"
        >
          <Input
            type="date"
            name="entryDeadline"
            value={values.entryDeadline}
            onChange={set("entryDeadline")}
          />
        </FormField>
      )}
      {moves.length > 0 ? (
        <FormField label="状態" error={fields.status}>
          <Select name="status" value={values.status} onChange={set("status")}>
            <option value={inquiry.status}>{INQUIRY_STATUS[inquiry.status]}（変更しない）</option>
            {moves.map((m) => (
              <option key={m} value={m}>
                {MOVE_LABELS[m]}
              </option>
            ))}
          </Select>
        </FormField>
      ) : (
        <p className="text-sm text-slate-600">
          状態：{INQUIRY_STATUS[inquiry.status]}（この状態からは変更できません）
        </p>
      )}
    </FormDialog>
  );
}

export function RejectDialog({
  open,
  onOpenChange,
  onReject,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState("");
  const { busy, error, fields, setFields, clear, run } = useDialogSubmit(["reason"]);

  const submit = async () => {
    if (!reason.trim()) {
      setFields({ reason: "非承認の理由を入力してください" });
      return;
    }
    await run(async () => {
      await onReject(reason.trim());
      setReason("");
      onOpenChange(false);
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) clear();
        onOpenChange(next);
      }}
      title="一括問い合わせを非承認にする"
      description="非承認にすると公開されません。理由は発注者にメールでお知らせし、発注者の問い合わせ詳細にも表示されます。"
      submitLabel="非承認にする"
      tone="danger"
      busy={busy}
      error={error}
      onSubmit={() => void submit()}
    >
      <FormField
        label="非承認の理由"
        required
        error={fields.reason}
        hint="発注者に表示されます（1,000文字以内）"
      >
        <Textarea
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={1000}
          rows={5}
          placeholder="例：連絡先の記載があるため公開できません。依頼内容から電話番号を削除して、もう一度お送りください。"
        />
      </FormField>
    </FormDialog>
  );
}
