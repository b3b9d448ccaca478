import { z } from "zod";

/** The `file` part of an attachment upload; the bytes are checked by content in the service. */
export const attachmentFileField = z.custom<File>((v) => v instanceof File && v.size > 0, {
  error: "添付するファイルを選択してください",
});

export const attachmentUploadInput = z.object({ file: attachmentFileField });
export type AttachmentUploadInput = z.infer<typeof attachmentUploadInput>;

export const attachmentParams = z.object({ id: z.string().max(100) });

/** An uploaded attachment, as the inquiry flows reference it (attachmentIds) and list it. */
export const attachmentResult = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
});
export type AttachmentResult = z.infer<typeof attachmentResult>;
