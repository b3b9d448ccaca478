/** A business date as Japanese readers expect it: "2026-11-25" → "2026年11月25日". */
export function japaneseDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : isoDate;
}
