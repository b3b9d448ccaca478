import holidayJp from "@holiday-jp/holiday_jp";
import { addDays } from "@/lib/japan-time";
import { japaneseDate } from "@/lib/japanese-date";

// When an order's payment falls due and whether that date is lawful under 取適法 (decision 0046).
// Dates are YYYY-MM-DD calendar days in Japan; the receipt (受領) day is day 1 of the 60.

export type PaymentTerms =
  /** Days 1–28, or 31 for the month's end (末日); monthsLater 0 = 当月, 1 = 翌月… */
  | { kind: "CLOSING"; closingDay: number; monthsLater: 0 | 1 | 2 | 3; payDay: number }
  /** Payment dates set by hand per delivery. */
  | { kind: "FIXED" };
type ClosingTerms = Extract<PaymentTerms, { kind: "CLOSING" }>;

/** 31 stands for the month's end, whatever the month's length. */
export const MONTH_END = 31;
/** The receipt day counts as day 1: day 60 is the last lawful one. */
export const PAYMENT_DAYS = 60;

const DAY_MS = 86_400_000;
const HOLIDAYS: Readonly<Record<string, unknown>> = holidayJp.holidays;

function parts(isoDate: string): [number, number, number] {
  return isoDate.split("-").map(Number) as [number, number, number];
}

function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The given day of the month `months` after (year, month), or that month's end if it has no such day. */
function dayInMonth(year: number, month: number, months: number, day: number): string {
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const y = first.getUTCFullYear();
  const m = first.getUTCMonth() + 1;
  const d = Math.min(day, lastDayOf(y, m));
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** 銀行の休日 (銀行法施行令 5条): Saturdays, Sundays, national holidays and 12/31–1/3. */
export function isBankHoliday(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return true;
  const monthDay = date.slice(5);
  return HOLIDAYS[date] !== undefined || monthDay === "12-31" || monthDay <= "01-03";
}

// Earlier, never later: a later date could pass the legal limit (decision 0046).
function onBankBusinessDayOrBefore(date: string): string {
  let day = date;
  while (isBankHoliday(day)) day = addDays(day, -1);
  return day;
}

const isTermDay = (day: number) => Number.isInteger(day) && ((day >= 1 && day <= 28) || day === MONTH_END);

/** Why closing terms cannot be used, in Japanese, or null when they can. */
export function closingTermsProblem(terms: ClosingTerms): string | null {
  if (!isTermDay(terms.closingDay)) return "締め日は1日から28日、または末日を選んでください。";
  if (!isTermDay(terms.payDay)) return "支払日は1日から28日、または末日を選んでください。";
  if (![0, 1, 2, 3].includes(terms.monthsLater)) return "支払月は当月から3か月後までで選んでください。";
  if (terms.monthsLater === 0 && terms.payDay < terms.closingDay) {
    return "当月払いの支払日は締め日より後にしてください。";
  }
  return null;
}

/**
 * The payment date for goods received on `receiptDate`: the first closing day on or after
 * receipt, then the pay day `monthsLater` months after the closing month, moved to the
 * previous bank business day when the banks are closed.
 */
export function dueDateFor(terms: ClosingTerms, receiptDate: string): string {
  const problem = closingTermsProblem(terms);
  if (problem) throw new RangeError(problem);
  const [y, m, d] = parts(receiptDate);
  const closesThisMonth = d <= Math.min(terms.closingDay, lastDayOf(y, m));
  const closingMonthOffset = closesThisMonth ? 0 : 1;
  return onBankBusinessDayOrBefore(dayInMonth(y, m, closingMonthOffset + terms.monthsLater, terms.payDay));
}

/**
 * The end of a 2-month period that counts the receipt day (民法143条): the day before the same
 * day two months later, or that month's end when it has no such day (12/31 → 2/28 or 2/29).
 */
function twoMonthsFrom(receiptDate: string): string {
  const [y, m, d] = parts(receiptDate);
  const target = new Date(Date.UTC(y, m + 1, 1));
  const lastDay = lastDayOf(target.getUTCFullYear(), target.getUTCMonth() + 1);
  if (d > lastDay) return dayInMonth(y, m, 2, lastDay);
  return addDays(dayInMonth(y, m, 2, d), -1);
}

/**
 * The last lawful payment day: day 60 counting the receipt day; for a monthly closing system,
 * the JFTC's "2 months" reading when it is later (月末締め翌月末払い may be day 61 or 62).
 */
export function paymentLimit(receiptDate: string, kind: PaymentTerms["kind"]): string {
  const sixty = addDays(receiptDate, PAYMENT_DAYS - 1);
  if (kind === "FIXED") return sixty;
  const twoMonths = twoMonthsFrom(receiptDate);
  // ISO dates compare as strings; the later one is the limit.
  return [sixty, twoMonths].sort()[1]!;
}

/** Which day of the count the due date is; the receipt day is 1, a prepayment 0 or less. */
export function paymentDay(receiptDate: string, dueDate: string): number {
  const from = Date.parse(`${receiptDate}T00:00:00Z`);
  const to = Date.parse(`${dueDate}T00:00:00Z`);
  return Math.round((to - from) / DAY_MS) + 1;
}

export type DueCheck =
  | { ok: true; day: number; limit: string }
  | { ok: false; day: number; limit: string; message: string };

/** Whether a due date is lawful for goods received on `receiptDate`; a prepayment always is. */
export function checkDue(receiptDate: string, dueDate: string, kind: PaymentTerms["kind"]): DueCheck {
  const limit = paymentLimit(receiptDate, kind);
  const day = paymentDay(receiptDate, dueDate);
  if (dueDate <= limit) return { ok: true, day, limit };
  const rule =
    kind === "CLOSING" && limit > addDays(receiptDate, PAYMENT_DAYS - 1)
      ? `受領日から60日以内、月単位の締切制度では受領日から2か月以内（${japaneseDate(limit)}まで）`
      : `受領日から60日以内（${japaneseDate(limit)}まで）`;
  return {
    ok: false,
    day,
    limit,
    message: `支払期日（${japaneseDate(dueDate)}）が納品日（${japaneseDate(receiptDate)}）から${day}日目です。取適法では${rule}に支払う必要があります。`,
  };
}

/** Day 61 counting the receipt day: unpaid amounts owe 14.6 % a year from then (遅延利息). */
export function lateInterestFrom(receiptDate: string): string {
  return addDays(receiptDate, PAYMENT_DAYS);
}

const MONTH_LABEL = ["当月", "翌月", "翌々月", "3か月後の"] as const;
const dayLabel = (day: number) => (day === MONTH_END ? "末" : `${day}日`);

/** 「月末締め翌月末払い」「20日締め翌月10日払い」「支払期日を個別に指定」. */
export function termsLabel(terms: PaymentTerms): string {
  if (terms.kind === "FIXED") return "支払期日を個別に指定";
  const closing = terms.closingDay === MONTH_END ? "月末" : `${terms.closingDay}日`;
  return `${closing}締め${MONTH_LABEL[terms.monthsLater]}${dayLabel(terms.payDay)}払い`;
}
