// Uploading a company image from the browser: POST /api/image/company/{companyId}/file/upload
// as form data with upload progress, and PATCH …/caption/update.
import { ApiError, apiFetch } from "@/lib/api/client";

export interface UploadedImage {
  id: string;
  url: string;
  caption: string | null;
}

interface ImageResult extends UploadedImage {
  contentType: string;
  width: number | null;
  height: number | null;
  byteSize: number;
}

/** The server's limit and its message (src/modules/files/image.ts): checked before sending 10 MB in vain. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = "画像のファイルサイズは10MB以内にしてください。";
export const ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
export const FORMATS_HINT = "JPEG・PNG・WebP・GIF・AVIF形式、10MBまで";

export async function uploadCompanyImage(
  companyId: string,
  file: File,
  onProgress: (ratio: number) => void,
): Promise<UploadedImage> {
  if (file.size > MAX_IMAGE_BYTES) throw new ApiError(413, "PAYLOAD_TOO_LARGE", TOO_LARGE_MESSAGE);
  const form = new FormData();
  form.append("file", file, file.name);
  const res = await apiFetch<ImageResult>(`/api/image/company/${companyId}/file/upload`, {
    method: "POST",
    body: form,
    onProgress,
  });
  return { id: res.id, url: res.url, caption: res.caption };
}

export async function saveImageCaption(
  companyId: string,
  imageId: string,
  caption: string,
): Promise<string | null> {
  const res = await apiFetch<ImageResult>(`/api/image/company/${companyId}/caption/update`, {
    method: "PATCH",
    body: { imageId, caption: caption.trim() || null },
  });
  return res.caption;
}
