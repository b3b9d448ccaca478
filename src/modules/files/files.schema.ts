import { z } from "zod";
import { uuidParam } from "@/lib/validation";

export const CAPTION_MAX = 200;
export const ORIGINAL_NAME_MAX = 255;

const captionField = z
  .string({ error: "キャプションは文字列で入力してください" })
  .trim()
  .max(CAPTION_MAX, `キャプションは${CAPTION_MAX}文字以内で入力してください`);

/** Optional caption of an upload: blank means none. */
export const optionalCaption = captionField.optional().transform((v) => (v ? v : undefined));

// "data:image/png;base64,AAAA" or bare base64 (standard or URL-safe alphabet, padding optional).
const DATA_URL = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w.+-]+=[\w.+-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const BAD_BASE64 = "画像データ（Base64）の形式が正しくありません";

export const base64ImageField = z
  .string({ error: "画像を選択してください" })
  .min(1, "画像を選択してください")
  .transform((v, ctx) => {
    const bare = v.replace(DATA_URL, "").replace(/\s+/g, "");
    if (!bare || !BASE64.test(bare) || bare.length % 4 === 1) {
      ctx.addIssue({ code: "custom", message: BAD_BASE64 });
      return z.NEVER;
    }
    return bare;
  });

export const base64UploadInput = z.object({
  image: base64ImageField,
  fileName: z
    .string({ error: "ファイル名は文字列で入力してください" })
    .max(1000, "ファイル名が長すぎます")
    .optional(),
  caption: optionalCaption,
});
export type Base64UploadInput = z.infer<typeof base64UploadInput>;

/** The `file` part of a multipart upload; the bytes are checked by content in the service. */
export const uploadedFileField = z.custom<File>((v) => v instanceof File && v.size > 0, {
  error: "画像ファイルを選択してください",
});

export const fileUploadInput = z.object({ file: uploadedFileField, caption: optionalCaption });
export type FileUploadInput = z.infer<typeof fileUploadInput>;

export const captionUpdateInput = z.object({
  imageId: uuidParam,
  caption: z
    .string({ error: "キャプションを入力してください" })
    .trim()
    .max(CAPTION_MAX, `キャプションは${CAPTION_MAX}文字以内で入力してください`)
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type CaptionUpdateInput = z.infer<typeof captionUpdateInput>;

export const companyParams = z.object({ companyId: uuidParam });
export const imageParams = z.object({ imageId: z.string().max(100) });
/** GET /api/image/{imageId} may be conditional (RFC 9110): a match answers 304 without the bytes. */
export const imageConditionalHeaders = z.object({
  "If-None-Match": z
    .string()
    .optional()
    .describe("前回の ETag（カンマ区切りの一覧・W/ 付き・* も可）。一致すれば 304"),
});

export const imageResult = z.object({
  id: z.string(),
  url: z.string(),
  contentType: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  byteSize: z.number().int(),
  caption: z.string().nullable(),
});
export type ImageResult = z.infer<typeof imageResult>;
