import holidayJp from "@holiday-jp/holiday_jp";
import { addDays, todayInJapan } from "./japan-time";

// Japanese business days: Monday to Friday that are not national holidays (祝日・振替休日・国民の休日),
// from @holiday-jp/holiday_jp, a maintained list (it is updated when the law changes; it covers
// the years up to 2050), nor 年末年始 (12/29–1/3), when most Japanese companies are closed
// (issue 33, decision 0033). The ticket refund and the buyers' reply figures count in these days.

const DAY_MS = 86_400_000;
const HOLIDAYS: Readonly<Record<string, unknown>> = holidayJp.holidays;

/** 年末年始: December 29 to January 3 (MM-DD), whatever the weekday. */
export function isYearEndBreak(isoDate: string): boolean {
  const monthDay = isoDate.slice(5);
  return monthDay >= "12-29" || monthDay <= "01-03";
}

/** A YYYY-MM-DD date in Japan: a weekday that is neither a national holiday nor in 年末年始. */
export function isBusinessDay(isoDate: string): boolean {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return HOLIDAYS[isoDate] === undefined && !isYearEndBreak(isoDate);
}

/**
 * The same Japan wall-clock time on the `days`-th business day after `from`'s date in Japan
 * (Friday 10:00 before a Monday holiday + 5 → the next Monday but one, 10:00). A start on a
 * weekend or holiday counts from the following business days in the same way.
 */
export function addBusinessDays(from: Date, days: number): Date {
  let day = todayInJapan(from);
  let calendarDays = 0;
  for (let counted = 0; counted < days; ) {
    day = addDays(day, 1);
    calendarDays += 1;
    if (isBusinessDay(day)) counted += 1;
  }
  return new Date(from.getTime() + calendarDays * DAY_MS);
}
