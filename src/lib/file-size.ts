// The byte size of a file as the pages show it (two spellings: lists put a space before the unit, the inquiry form does not).

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
