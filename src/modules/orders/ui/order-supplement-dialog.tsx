"use client";

// 未定事項を確定（補充）: the buyer ADMIN fixes one open term; it takes effect at once as a new
// version (補充書面) and the supplier is told.
import { useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { apiFetch } from "@/lib/api/client";
import { japaneseDate } from "@/lib/japanese-date";
import { toast } from "@/lib/toast";
import { OPEN_TERM_LABELS, type OpenTermField } from "@/modules/orders/order-terms";
import type { OrderDetail } from "@/modules/orders/order-view.schema";
import { OrderDialog } from "./order-dialog";
import type { OrderPaths } from "./order-page-api";
import type { OrderTerms } from "./order-terms-view";

export function SupplementDialog({
  order,
  paths,
  term,
  open,
  onOpenChange,
  onDone,
}: {
  order: OrderDetail;
  paths: OrderPaths;
  term: OrderTerms["openTerms"][number];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => Promise<unknown>;
}) {
  const [text, setText] = useState("");
  const [address, setAddress] = useState("");
  const [contact, setContact] = useState("");
  const [days, setDays] = useState("");
  const field: OpenTermField = term.field;
  const label = OPEN_TERM_LABELS[field];

  const submit = async () => {
    const body =
      field === "SPECIFICATION"
        ? { field, specification: text }
        : field === "PLACE"
          ? { field, place: { address, contact: contact || null } }
          : { field, inspectionDays: days.trim() === "" ? undefined : Number(days) };
    await apiFetch(paths.supplements(order.id), { method: "POST", body });
    await onDone();
    toast.success(`「${label}」を確定し、補充書面を受注者に送付しました。`);
  };

  return (
    <OrderDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`未定事項「${label}」を確定（補充）`}
      description={
        <p>
          発注時に定められなかった理由：{term.reason}（{japaneseDate(term.expectedBy)}
          までに確定予定）。確定すると補充書面が新しい版として発行され、受注者にお知らせします。
        </p>
      }
      submitLabel="確定して補充書面を送付"
      onSubmit={submit}
    >
      {(f) =>
        field === "SPECIFICATION" ? (
          <FormField label="仕様の詳細" required error={f.specification}>
            <Textarea rows={5} value={text} onChange={(e) => setText(e.target.value)} />
          </FormField>
        ) : field === "PLACE" ? (
          <div className="flex flex-col gap-4">
            <FormField label="納入場所" required error={f["place.address"] ?? f.place}>
              <Input value={address} onChange={(e) => setAddress(e.target.value)} />
            </FormField>
            <FormField label="納入先の担当者・連絡先" error={f["place.contact"]}>
              <Input value={contact} onChange={(e) => setContact(e.target.value)} />
            </FormField>
          </div>
        ) : (
          <FormField
            label="検査完了までの日数（受領日から）"
            required
            hint="1〜60日"
            error={f.inspectionDays}
          >
            <Input inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
          </FormField>
        )
      }
    </OrderDialog>
  );
}
