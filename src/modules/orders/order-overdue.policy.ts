import { addBusinessDays } from "@/lib/business-days";
import { addDays, todayInJapan } from "@/lib/japan-time";

// When an order or a price consultation is late for the operator's console (decision 0050). Pure
// functions of dates, so the console's filter (a bound in SQL) and its rows say the same thing.

/** The supplier answers (受注 or 差し戻し) within 3 Japanese business days after the issue date. */
export const ACKNOWLEDGEMENT_BUSINESS_DAYS = 3;

/** 00:00 in Japan of a YYYY-MM-DD date. */
function japanMidnight(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00+09:00`);
}

/** The last Japan date on which an order issued at `issuedAt` is answered in time. */
export function acknowledgementDueOn(issuedAt: Date): string {
  return todayInJapan(addBusinessDays(issuedAt, ACKNOWLEDGEMENT_BUSINESS_DAYS));
}

/** An unanswered order is late from the Japan day after its due date. */
export function acknowledgementOverdue(issuedAt: Date, now: Date): boolean {
  return todayInJapan(now) > acknowledgementDueOn(issuedAt);
}

/**
 * The instant before which every unanswered order is late at `now`: 00:00 in Japan of the day after
 * the newest issue date whose due date has passed. Due dates never fall as issue dates grow, so
 * "issued before the cutoff" is the same set as acknowledgementOverdue, as one bound in SQL.
 */
export function acknowledgementCutoff(now: Date): Date {
  const today = todayInJapan(now);
  let day = addDays(today, -1);
  while (acknowledgementDueOn(japanMidnight(day)) >= today) day = addDays(day, -1);
  return japanMidnight(addDays(day, 1));
}

/** An open price consultation is late once its due date (the buyer's 14 days) is past in Japan. */
export function consultationOverdue(dueOn: string | null, now: Date): boolean {
  return dueOn !== null && dueOn < todayInJapan(now);
}
