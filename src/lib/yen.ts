// Amounts of yen as the pages, emails and PDFs write them (integer yen, Japanese digit grouping).

const grouped = new Intl.NumberFormat("ja-JP");

/** ¥12,345 */
export function yen(value: number): string {
  return `¥${grouped.format(value)}`;
}

/** 12,345円 */
export function yenSuffixed(value: number): string {
  return `${grouped.format(value)}円`;
}

/** 12,345円, or — when unknown. */
export function yenOrDash(value: number | null | undefined): string {
  return value === null || value === undefined ? "—" : yenSuffixed(value);
}

/**
 * An amount the way company profiles write capital:
 * 30,000,000 → 「3,000万円」, 100,000,000 → 「1億円」, 150,000,000 → 「1億5,000万円」,
 * 8,500 → 「8,500円」. A remainder under 10,000 yen is dropped once the amount reaches 万.
 */
export function yenInManOku(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) return "";
  const whole = Math.floor(amount);
  if (whole < 10_000) return `${grouped.format(whole)}円`;
  const oku = Math.floor(whole / 100_000_000);
  const man = Math.floor((whole % 100_000_000) / 10_000);
  if (oku === 0) return `${grouped.format(man)}万円`;
  return man === 0 ? `${grouped.format(oku)}億円` : `${grouped.format(oku)}億${grouped.format(man)}万円`;
}
