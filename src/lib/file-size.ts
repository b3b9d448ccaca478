// Files as the pages describe them: byte size (two spellings: lists put a space before the unit, the inquiry
// and entry forms do not) and the kind of a file for its icon and label.

/** 1.2 MB, 350 KB (at least 1 KB). */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** 2_345_678 → 「2.2MB」, 81_920 → 「80KB」 */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
  return `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

/** The kind of a file for its icon and label. */
export function fileKindLabel(contentType: string, name: string): string {
  if (contentType === "application/pdf" || /\.pdf$/i.test(name)) return "PDF";
  if (contentType.startsWith("image/")) return "画像";
  if (/word|msword/.test(contentType) || /\.docx?$/i.test(name)) return "Word";
  if (/sheet|excel/.test(contentType) || /\.xlsx?$/i.test(name)) return "Excel";
  if (/presentation|powerpoint/.test(contentType) || /\.pptx?$/i.test(name)) return "PowerPoint";
  return "ファイル";
}
