"use client";

// 変更発注 (buyer ADMIN, order accepted, no change pending): quantity, unit price, deliveries and
// place from the version in force, with the reason and whose cause it is. Only the figures that
// differ are sent; the API checks the payment dates again and refuses a price cut for the buyer's cause.
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { apiFetch } from "@/lib/api/client";
import { toast } from "@/lib/toast";
import { MAX_DELIVERIES } from "@/modules/orders/order.schema";
import type { OrderDetail } from "@/modules/orders/order-view.schema";
import { versionInForce } from "./order-actions";
import { OrderDialog } from "./order-dialog";
import type { OrderPaths } from "./order-page-api";

type Row = { date: string; quantity: string; paymentDue: string };

const toInt = (s: string) => (s.trim() === "" ? Number.NaN : Number(s.replace(/[,，]/g, "")));

export function ChangeOrderDialog({
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
  const current = versionInForce(order);
  const t = current.terms;
  const fixed = t.payment.terms.kind === "FIXED";
  const initialRows = (): Row[] =>
    t.deliveries.map((d) => ({
      date: d.date,
      quantity: String(d.quantity),
      paymentDue: fixed ? d.paymentDue : "",
    }));
  const [quantity, setQuantity] = useState(String(t.quantity));
  const [price, setPrice] = useState(String(t.tier.unitPriceYen));
  const [rows, setRows] = useState<Row[]>(initialRows);
  const [address, setAddress] = useState(t.place?.address ?? "");
  const [contact, setContact] = useState(t.place?.contact ?? "");
  const [reason, setReason] = useState("");
  const [party, setParty] = useState<"BUYER" | "SUPPLIER" | "">("");
  const setRow = (i: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const submit = async () => {
    const body: Record<string, unknown> = {
      fromVersion: order.currentVersion,
      reason,
      reasonParty: party || undefined,
    };
    if (toInt(quantity) !== t.quantity) body.quantity = toInt(quantity);
    if (toInt(price) !== t.tier.unitPriceYen) body.unitPriceYen = toInt(price);
    const deliveries = rows.map((r) => ({
      date: r.date,
      quantity: toInt(r.quantity),
      ...(fixed ? { paymentDue: r.paymentDue } : {}),
    }));
    if (JSON.stringify(rows) !== JSON.stringify(initialRows())) body.deliveries = deliveries;
    if (address !== (t.place?.address ?? "") || contact !== (t.place?.contact ?? ""))
      body.place = { address, contact: contact || null };
    const sent = await apiFetch<OrderDetail>(paths.changes(order.id), { method: "POST", body });
    await onDone();
    toast.success(
      `変更発注書（第${sent.pendingVersion ?? ""}版）を送付しました。受注者の承諾をお待ちください。`,
    );
  };

  return (
    <OrderDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title="変更発注"
      description={
        <p>
          第{current.version}
          版の条件から変更する項目を入力してください。受注者が承諾すると、変更発注書が新しい版として有効になります。
        </p>
      }
      submitLabel="変更発注書を送付する"
      onSubmit={submit}
    >
      {(f) => (
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 desktop:grid-cols-2">
            <FormField label={`数量（${t.unit}）`} required error={f.quantity}>
              <Input inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
            </FormField>
            <FormField label="単価（円・税抜）" required error={f.unitPriceYen}>
              <Input inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value)} />
            </FormField>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-bold text-slate-800">納期</legend>
            {f.deliveries && (
              <p role="alert" className="text-sm text-red-600">
                {f.deliveries}
              </p>
            )}
            {rows.map((r, i) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
                key={i}
                className="grid grid-cols-2 items-end gap-2 rounded-md border border-slate-200 p-3 desktop:grid-cols-[1fr_1fr_1fr_auto]"
              >
                <FormField label={`第${i + 1}回 納期`} required error={f[`deliveries.${i}.date`]}>
                  <Input type="date" value={r.date} onChange={(e) => setRow(i, { date: e.target.value })} />
                </FormField>
                <FormField label={`数量（${t.unit}）`} required error={f[`deliveries.${i}.quantity`]}>
                  <Input
                    inputMode="numeric"
                    value={r.quantity}
                    onChange={(e) => setRow(i, { quantity: e.target.value })}
                  />
                </FormField>
                {fixed && (
                  <FormField label="支払期日" required error={f[`deliveries.${i}.paymentDue`]}>
                    <Input
                      type="date"
                      value={r.paymentDue}
                      onChange={(e) => setRow(i, { paymentDue: e.target.value })}
                    />
                  </FormField>
                )}
                <Button
                  type="button"
                  variant="ghost"
                  className="border border-slate-300"
                  disabled={rows.length === 1}
                  onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden className="size-4" />
                  <span className="sr-only">第{i + 1}回の納期を</span>削除
                </Button>
              </div>
            ))}
            {rows.length < MAX_DELIVERIES && (
              <Button
                type="button"
                variant="outline"
                className="self-start"
                onClick={() => setRows((rs) => [...rs, { date: "", quantity: "", paymentDue: "" }])}
              >
                <Plus aria-hidden className="size-4" />
                納期を追加
              </Button>
            )}
            <p className="text-xs text-slate-600">
              {fixed
                ? "支払期日は受領日から60日以内（受領日を1日目として数えます）で入力してください。"
                : `支払期日は支払条件（${t.payment.termsLabel}）から計算されます。`}
            </p>
          </fieldset>
          <div className="grid gap-4 desktop:grid-cols-2">
            <FormField label="納入場所" required error={f["place.address"]}>
              <Input value={address} onChange={(e) => setAddress(e.target.value)} />
            </FormField>
            <FormField label="納入先の担当者・連絡先" error={f["place.contact"]}>
              <Input value={contact} onChange={(e) => setContact(e.target.value)} />
            </FormField>
          </div>
          <FormField
            label="変更の理由"
            required
            hint="受注者に表示され、取引の記録に残ります。"
            error={f.reason}
          >
            <Textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
          </FormField>
          <fieldset className="flex flex-col gap-2" aria-invalid={f.reasonParty ? true : undefined}>
            <legend className="mb-1.5 text-sm font-bold text-slate-800">
              変更の原因
              <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">必須</span>
            </legend>
            <div className="flex flex-col gap-2 desktop:flex-row">
              {(
                [
                  ["BUYER", "発注者"],
                  ["SUPPLIER", "受注者"],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="reasonParty"
                    value={value}
                    checked={party === value}
                    onChange={() => setParty(value)}
                    className="size-4 accent-brand-600"
                  />
                  {label}
                </label>
              ))}
            </div>
            {f.reasonParty && (
              <p role="alert" className="text-sm text-red-600">
                {f.reasonParty}
              </p>
            )}
            <p className="text-xs leading-5 text-slate-600">
              単価を下げる変更は、受注者側の理由（品質不良など）による場合に限られます（取適法：減額の禁止）。その場合は「受注者」を選び、理由を具体的に記入してください。
            </p>
          </fieldset>
        </div>
      )}
    </OrderDialog>
  );
}
