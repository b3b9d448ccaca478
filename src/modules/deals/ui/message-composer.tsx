"use client";

// Writing to the other company: the text and up to 5 files (drag & drop or the button, each
// uploaded at once with its progress). The input stays when sending fails.
import { Loader2, Send } from "lucide-react";
import { useCallback, useState } from "react";
import { useWatch } from "react-hook-form";
import { AttachmentsField, type DraftAttachment } from "@/components/ui/attachments-field";
import { Button } from "@/components/ui/button";
import { FormErrorBanner, useFormError } from "@/components/ui/form-error-banner";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiFetch } from "@/lib/api/client";
import { messageOf, setFieldErrors } from "@/lib/form-helpers";
import { type DealMessage, MAX_MESSAGE_CHARS, messageInput } from "@/modules/deals/deals.schema";
import type { DealPaths } from "./deal-api";
import { dealUploadTarget } from "./deal-parts";

export function MessageComposer({
  paths,
  threadId,
  onSent,
}: {
  paths: DealPaths;
  threadId: string;
  onSent: (message: DealMessage) => unknown;
}) {
  const { register, handleSubmit, setError, reset, control, formState } = useZodForm(messageInput, {
    body: "",
    fileIds: [],
  });
  const { errors, isSubmitting } = formState;
  const [files, setFiles] = useState<DraftAttachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((b: boolean) => setUploading(b), []);
  const { formError, setFormError, ref } = useFormError();
  const body = useWatch({ control, name: "body" }) ?? "";

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const sent = await apiFetch<DealMessage>(paths.messages(threadId), {
        method: "POST",
        body: { body: values.body, fileIds: files.map((f) => f.id) },
      });
      reset({ body: "", fileIds: [] });
      setFiles([]);
      await onSent(sent);
    } catch (e) {
      setFieldErrors(e, setError, ["body"]);
      setFormError(messageOf(e));
    }
  });

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="メッセージを送る"
      className="flex flex-col gap-3"
    >
      <FormErrorBanner ref={ref} message={formError} />
      <FormField
        label="メッセージ"
        required
        hint={`${body.length.toLocaleString("ja-JP")}/${MAX_MESSAGE_CHARS.toLocaleString("ja-JP")}文字。送信すると相手の企業にメールでお知らせします。`}
        error={errors.body?.message}
      >
        <Textarea {...register("body")} rows={4} className="min-h-28" />
      </FormField>
      <AttachmentsField
        attachments={files}
        canUpload
        compact
        target={dealUploadTarget(paths.files)}
        error={errors.fileIds?.message}
        onUploaded={(a) => setFiles((l) => [...l, a])}
        onRemove={(id) => setFiles((l) => l.filter((f) => f.id !== id))}
        onBusyChange={onBusyChange}
      />
      <div className="flex flex-col items-stretch gap-2 desktop:flex-row desktop:items-center desktop:justify-end">
        {uploading && (
          <p className="text-sm text-slate-600" role="status">
            アップロードが終わると送信できます。
          </p>
        )}
        <Button type="submit" disabled={isSubmitting || uploading} className="desktop:min-w-40">
          {isSubmitting ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden className="size-4" />
          )}
          送信
        </Button>
      </div>
    </form>
  );
}
