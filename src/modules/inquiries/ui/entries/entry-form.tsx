"use client";

// The supplier's entry (返信) on an inquiry: a message, optionally a proposed unit price,
// a lead time and up to 5 files (uploaded at once with the inquiry form's AttachmentsField)
// (POST /api/oem/company/{companyId}/contact/{contactId}/entries). The same
// schema as the API checks the fields first; the API's field errors land on the same fields.
import { Loader2, Send } from "lucide-react";
import { useCallback, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import type { DraftAttachment } from "@/components/ui/attachments-field";
import { AttachmentsField } from "@/components/ui/attachments-field";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { ApiError, apiFetch } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { toast } from "@/lib/toast";
import { numberFromText } from "@/lib/validation";
import { entryInput } from "@/modules/inquiries/entry.schema";

const MAX_MESSAGE = 2000;

type Fields = { message?: string; proposedUnitPriceYen?: string; leadTime?: string; attachmentIds?: string };

export function EntryForm({
  companyId,
  contactId,
  kind,
  onEntered,
}: {
  companyId: string;
  contactId: string;
  kind: "BULK" | "NOMINATION";
  onEntered: () => Promise<unknown>;
}) {
  const titleId = useId();
  const [message, setMessage] = useState("");
  const [price, setPrice] = useState("");
  const [leadTime, setLeadTime] = useState("");
  const [errors, setErrors] = useState<Fields>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [attachments, setAttachments] = useState<DraftAttachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((b: boolean) => setUploading(b), []);

  const parse = () => {
    const digits = price
      .replace(/[,，\s円¥￥]/g, "")
      .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
    return entryInput.safeParse({
      message,
      proposedUnitPriceYen: digits === "" ? null : numberFromText(digits),
      leadTime,
      attachmentIds: attachments.map((a) => a.id),
    });
  };

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(undefined);
    const parsed = parse();
    if (!parsed.success) {
      const next: Fields = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as keyof Fields;
        next[k] ??= issue.message;
      }
      setErrors(next);
      const first = (["message", "proposedUnitPriceYen", "leadTime"] as const).find((k) => next[k]);
      if (first) e.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await apiFetch(`/api/oem/company/${companyId}/contact/${contactId}/entries`, {
        method: "POST",
        body: parsed.data,
      });
      await onEntered();
      toast.success(kind === "BULK" ? "エントリーしました。" : "返信（エントリー）を送信しました。");
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields as Fields);
      setError(messageOf(err));
      // The inquiry may have closed or the rules changed meanwhile: show its current state.
      if (err instanceof ApiError && [402, 403, 409].includes(err.status)) void onEntered();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-brand-600/30 bg-white p-4 shadow-sm desktop:p-6"
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {kind === "BULK" ? "この案件にエントリーする" : "発注者に返信する（エントリー）"}
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        送信すると、発注者に貴社のプロフィールと連絡先、入力した内容がメールで届きます。受付期間中はあとから取り消せます。
      </p>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        送信した内容は、発注者との商談スレッドの最初のメッセージになります。以降のやり取りと正式な見積（数量別の単価・版代・サンプル費用・有効期限）の提出・改訂は、商談スレッドで行います。
      </p>
      <form noValidate onSubmit={submit} aria-label="エントリー" className="mt-5 flex flex-col gap-5">
        <FormField
          label="メッセージ"
          required
          hint={`${message.length.toLocaleString("ja-JP")} / ${MAX_MESSAGE.toLocaleString("ja-JP")}文字　対応できる内容、実績、進め方などをお書きください。`}
          error={errors.message}
        >
          <Textarea
            name="message"
            rows={7}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            placeholder="例）ご依頼の内容は、当社の既存処方をベースに対応可能です。初回ロット500個から製造できます。まずはオンラインでお打ち合わせをお願いできますでしょうか。"
          />
        </FormField>
        <div className="grid gap-5 desktop:grid-cols-2">
          <FormField
            label="提案単価（税抜・円）"
            hint="1個あたりの概算。正式な見積は商談スレッドで提出します。未定の場合は空欄で構いません。"
            error={errors.proposedUnitPriceYen}
          >
            <Input
              name="proposedUnitPriceYen"
              inputMode="numeric"
              autoComplete="off"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              placeholder="例）850"
            />
          </FormField>
          <FormField label="納期の目安" hint="例）サンプル2週間、量産45日" error={errors.leadTime}>
            <Input
              name="leadTime"
              value={leadTime}
              onChange={(e) => setLeadTime(e.target.value)}
              maxLength={200}
            />
          </FormField>
        </div>
        <div className="flex flex-col gap-1">
          <AttachmentsField
            attachments={attachments}
            canUpload
            error={errors.attachmentIds}
            onUploaded={(a) => setAttachments((list) => [...list, a])}
            onRemove={(id) => setAttachments((list) => list.filter((a) => a.id !== id))}
            onBusyChange={onBusyChange}
          />
          <p className="text-xs leading-5 text-slate-500">
            見積書や会社案内など（5ファイルまで）。添付したファイルは、この案件の発注者だけが閲覧できます。
          </p>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex justify-center">
          <Button type="submit" size="cta" disabled={busy || uploading}>
            {busy ? (
              <Loader2 aria-hidden className="size-5 animate-spin" />
            ) : (
              <Send aria-hidden className="size-5" />
            )}
            {busy ? "送信しています…" : kind === "BULK" ? "エントリーする" : "返信する"}
          </Button>
        </div>
      </form>
    </section>
  );
}
