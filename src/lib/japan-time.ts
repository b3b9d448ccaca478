// Japan time (UTC+9, no daylight saving): business days, deadlines and month boundaries are Japanese calendar days.

export const JAPAN_OFFSET_MS = 9 * 3_600_000;

/** The instant shifted so that its UTC fields read Japan's wall clock (getUTCFullYear() is the year in Japan). */
export function japanWallClock(now = new Date()): Date {
  return new Date(now.getTime() + JAPAN_OFFSET_MS);
}

/** Today's date in Japan, YYYY-MM-DD. */
export function todayInJapan(now = new Date()): string {
  return japanWallClock(now).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The same calendar day n years later; 29 February becomes the 28th in a common year. */
export function addYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return new Date(Date.UTC(y + years, m - 1, Math.min(d, lastOfMonth))).toISOString().slice(0, 10);
}

/** Whether a YYYY-MM-DD string names a day that exists (2027-02-31 does not). */
export function isCalendarDate(isoDate: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return false;
  const d = new Date(`${isoDate}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === isoDate;
}

/** An ISO instant as the value of <input type="datetime-local"> in Japan time (YYYY-MM-DDTHH:mm). */
export function toJapanLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  return new Date(new Date(iso).getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as Japan time, as ISO 8601 with +09:00; "" → null. */
export function fromJapanLocalInput(value: string): string | null {
  if (!value) return null;
  const withSeconds = value.length === 16 ? `${value}:00` : value.slice(0, 19);
  return `${withSeconds}+09:00`;
}
