// Display formats of the inquiry flows.

/** The kind of a file for its icon and label. */
export function fileKindLabel(contentType: string, name: string): string {
  if (contentType === "application/pdf" || /\.pdf$/i.test(name)) return "PDF";
  if (contentType.startsWith("image/")) return "画像";
  if (/word|msword/.test(contentType) || /\.docx?$/i.test(name)) return "Word";
  if (/sheet|excel/.test(contentType) || /\.xlsx?$/i.test(name)) return "Excel";
  if (/presentation|powerpoint/.test(contentType) || /\.pptx?$/i.test(name)) return "PowerPoint";
  return "ファイル";
}
