// Display formats of the inquiry flows.

const WEEKDAYS = ["日", "月", "火", "水", "木", "金", "土"];

/** 2026-07-01 → 「2026年7月1日（水）」 */
export function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, mo - 1, d)).getUTCDay()];
  return `${y}年${mo}月${d}日（${weekday}）`;
}

/** 1500 → 「1,500円」 */
export function formatYenExact(amount: number): string {
  return `${amount.toLocaleString("ja-JP")}円`;
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
