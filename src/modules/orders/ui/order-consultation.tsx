"use client";

// 価格協議: the supplier asks for a price review with the cost drivers, the price wished for and
// evidence files (uploaded where the deal room's files go); the buyer answers within 14 days
// (accept, offer another price, or explain why the price stays), overdue shown as such.
import { Plus, Trash2 } from "lucide-react";
import { useCallback, useState } from "react";
import { AttachmentsField, type DraftAttachment, type UploadTarget } from "@/components/ui/attachments-field";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { ApiError, apiFetch } from "@/lib/api/client";
import { formatDateTime, japaneseDate } from "@/lib/japanese-date";
import { toast } from "@/lib/toast";
import { yenSuffixed } from "@/lib/yen";
import type { OrderDetail } from "@/modules/orders/order-view.schema";
import { OrderDialog } from "./order-dialog";
import type { OrderPaths } from "./order-page-api";

type Consultation = OrderDetail["consultations"][number];
type Driver = Consultation["drivers"][number]["driver"];

export const DRIVER_LABELS: Record<Driver, string> = {
  MATERIAL: "材料費",
  LABOUR: "労務費",
  ENERGY: "エネルギー費",
  OTHER: "その他",
};
const STATUS_LABELS: Record<Consultation["status"], string> = {
  OPEN: "回答待ち",
  ACCEPTED: "受け入れ",
  COUNTERED: "別の単価を提示",
  EXPLAINED: "現行単価を維持（説明）",
};

/** The deal room's upload (the consultation's evidence is sent as its file ids). */
const evidenceTarget = (path: string): UploadTarget => ({
  path,
  maxBytes: 20 * 1024 * 1024,
  accept:
    ".pdf,.jpg,.jpeg,.png,.webp,.gif,.doc,.docx,.xls,.xlsx,.ppt,.pptx,application/pdf,image/jpeg,image/png,image/webp,image/gif",
  hint: "見積書・仕入先の値上げ通知・統計など。PDF・画像・Word・Excel・PowerPoint、1ファイル20MBまで、5つまで",
});

const toNumberOrNull = (s: string) => (s.trim() === "" ? null : Number(s.replace(/[,，]/g, "")));

export function ConsultationList({ order }: { order: OrderDetail }) {
  if (order.consultations.length === 0) return null;
  return (
    <ul className="flex flex-col gap-3">
      {order.consultations.map((c) => (
        <li
          key={c.id}
          className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 text-sm leading-6"
        >
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={c.status === "OPEN" ? "gold" : "slate"}>{STATUS_LABELS[c.status]}</Badge>
            {c.overdue && <Badge tone="red">回答期限を過ぎています</Badge>}
            <span className="text-xs text-slate-600">
              {formatDateTime(c.requestedAt)} 申入れ・回答期限 {japaneseDate(c.dueOn)}
            </span>
          </div>
          <ul className="flex flex-col gap-1">
            {c.drivers.map((d) => (
              <li key={`${d.driver}-${d.note}`}>
                <span className="font-bold">{DRIVER_LABELS[d.driver]}</span>
                {d.percent !== null && `（${d.percent > 0 ? "+" : ""}${d.percent}%）`}：{d.note}
              </li>
            ))}
          </ul>
          {c.requestedUnitPriceYen !== null && <p>希望単価：{yenSuffixed(c.requestedUnitPriceYen)}</p>}
          <p className="whitespace-pre-wrap">{c.message}</p>
          {c.evidence.length > 0 && (
            <ul className="flex flex-wrap gap-2">
              {c.evidence.map((e) => (
                <li key={e.id}>
                  <a
                    href={e.url}
                    download
                    className="font-bold text-brand-700 underline-offset-4 hover:underline"
                  >
                    {e.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {c.answer && (
            <div className="rounded bg-slate-50 p-2">
              <p className="font-bold">
                発注者の回答{c.answeredAt && `（${formatDateTime(c.answeredAt)}）`}
                {c.counterUnitPriceYen !== null && `：提示単価 ${yenSuffixed(c.counterUnitPriceYen)}`}
              </p>
              <p className="whitespace-pre-wrap">{c.answer}</p>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

type DriverRow = { driver: Driver; percent: string; note: string };

export function RequestConsultationDialog({
  order,
  paths,
  open,
  onOpenChange,
  onDone,
}: {
  order: OrderDetail;
  paths: OrderPaths;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => Promise<unknown>;
}) {
  const [drivers, setDrivers] = useState<DriverRow[]>([{ driver: "MATERIAL", percent: "", note: "" }]);
  const [price, setPrice] = useState("");
  const [message, setMessage] = useState("");
  const [files, setFiles] = useState<DraftAttachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((b: boolean) => setUploading(b), []);
  const setRow = (i: number, patch: Partial<DriverRow>) =>
    setDrivers((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const submit = async () => {
    if (uploading) throw new ApiError(0, "UPLOADING", "アップロードが終わってから送信してください。");
    await apiFetch(paths.consultations(order.id), {
      method: "POST",
      body: {
        drivers: drivers.map((d) => ({ driver: d.driver, percent: toNumberOrNull(d.percent), note: d.note })),
        requestedUnitPriceYen: toNumberOrNull(price),
        message,
        evidenceFileIds: files.map((f) => f.id),
      },
    });
    setFiles([]);
    await onDone();
    toast.success("価格協議を申し入れました。発注者は14日以内に回答します。");
  };

  return (
    <OrderDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title="価格協議を申し入れる"
      description={
        <p>
          原材料費・労務費などの上昇を理由に、単価の見直しを申し入れられます。発注者は14日以内に回答します（取適法：協議に応じない一方的な代金決定の禁止）。
        </p>
      }
      submitLabel="申し入れる"
      onSubmit={submit}
    >
      {(f) => (
        <div className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-bold text-slate-800">コストの要因</legend>
            {f.drivers && (
              <p role="alert" className="text-sm text-red-600">
                {f.drivers}
              </p>
            )}
            {drivers.map((d, i) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
                key={i}
                className="grid grid-cols-2 items-end gap-2 rounded-md border border-slate-200 p-3 desktop:grid-cols-[10rem_8rem_1fr_auto]"
              >
                <FormField label="要因" required error={f[`drivers.${i}.driver`]}>
                  <Select value={d.driver} onChange={(e) => setRow(i, { driver: e.target.value as Driver })}>
                    {Object.entries(DRIVER_LABELS).map(([v, l]) => (
                      <option key={v} value={v}>
                        {l}
                      </option>
                    ))}
                  </Select>
                </FormField>
                <FormField label="上昇率（%）" error={f[`drivers.${i}.percent`]}>
                  <Input
                    inputMode="decimal"
                    value={d.percent}
                    onChange={(e) => setRow(i, { percent: e.target.value })}
                  />
                </FormField>
                <FormField
                  label="説明"
                  required
                  className="col-span-2 desktop:col-span-1"
                  error={f[`drivers.${i}.note`]}
                >
                  <Input value={d.note} onChange={(e) => setRow(i, { note: e.target.value })} />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  className="col-span-2 border border-slate-300 desktop:col-span-1"
                  disabled={drivers.length === 1}
                  onClick={() => setDrivers((rs) => rs.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden className="size-4" />
                  削除
                </Button>
              </div>
            ))}
            {drivers.length < 4 && (
              <Button
                type="button"
                variant="outline"
                className="self-start"
                onClick={() => setDrivers((rs) => [...rs, { driver: "OTHER", percent: "", note: "" }])}
              >
                <Plus aria-hidden className="size-4" />
                要因を追加
              </Button>
            )}
          </fieldset>
          <FormField label="希望単価（円・税抜）" error={f.requestedUnitPriceYen}>
            <Input inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value)} />
          </FormField>
          <FormField label="協議の依頼内容" required error={f.message}>
            <Textarea rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
          </FormField>
          <AttachmentsField
            attachments={files}
            canUpload
            compact
            target={evidenceTarget(paths.files)}
            error={f.evidenceFileIds}
            onUploaded={(a) => setFiles((l) => [...l, a])}
            onRemove={(id) => setFiles((l) => l.filter((x) => x.id !== id))}
            onBusyChange={onBusyChange}
          />
        </div>
      )}
    </OrderDialog>
  );
}

export function AnswerConsultationDialog({
  order,
  paths,
  consultation,
  open,
  onOpenChange,
  onDone,
}: {
  order: OrderDetail;
  paths: OrderPaths;
  consultation: Consultation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => Promise<unknown>;
}) {
  const [answer, setAnswer] = useState<"ACCEPT" | "COUNTER" | "EXPLAIN" | "">("");
  const [price, setPrice] = useState("");
  const [message, setMessage] = useState("");
  const choices = [
    ["ACCEPT", "受け入れる"],
    ["COUNTER", "別の単価を提示"],
    ["EXPLAIN", "説明する（現行単価を維持）"],
  ] as const;

  const submit = async () => {
    await apiFetch(paths.consultationAnswer(order.id, consultation.id), {
      method: "POST",
      body: {
        answer: answer || undefined,
        message,
        counterUnitPriceYen: answer === "COUNTER" ? toNumberOrNull(price) : null,
      },
    });
    await onDone();
    toast.success("価格協議に回答しました。");
  };

  return (
    <OrderDialog
      open={open}
      onOpenChange={onOpenChange}
      title="価格協議に回答する"
      description={
        <p>
          回答期限：{japaneseDate(consultation.dueOn)}
          {consultation.overdue && "（期限を過ぎています）"}
          。単価を変更する場合は、回答の後に変更発注を発行してください。
        </p>
      }
      submitLabel="回答する"
      onSubmit={submit}
    >
      {(f) => (
        <div className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-bold text-slate-800">
              回答
              <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">必須</span>
            </legend>
            {choices.map(([value, label]) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="consultationAnswer"
                  value={value}
                  checked={answer === value}
                  onChange={() => setAnswer(value)}
                  className="size-4 accent-brand-600"
                />
                {label}
              </label>
            ))}
            {f.answer && (
              <p role="alert" className="text-sm text-red-600">
                {f.answer}
              </p>
            )}
          </fieldset>
          {answer === "COUNTER" && (
            <FormField label="提示単価（円・税抜）" required error={f.counterUnitPriceYen}>
              <Input inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value)} />
            </FormField>
          )}
          <FormField
            label="回答内容"
            required
            hint="受注者に表示され、取引の記録に残ります。"
            error={f.message}
          >
            <Textarea rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
          </FormField>
        </div>
      )}
    </OrderDialog>
  );
}
