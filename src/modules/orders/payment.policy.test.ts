import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/japan-time";
import {
  checkDue,
  closingTermsProblem,
  dueDateFor,
  isBankHoliday,
  lateInterestFrom,
  type PaymentTerms,
  paymentDay,
  paymentLimit,
  termsLabel,
} from "./payment.policy";

type Closing = Extract<PaymentTerms, { kind: "CLOSING" }>;
const closing = (closingDay: number, monthsLater: 0 | 1 | 2 | 3, payDay: number): Closing => ({
  kind: "CLOSING",
  closingDay,
  monthsLater,
  payDay,
});
const monthEndNextMonthEnd = closing(31, 1, 31);

describe("月末締め翌月末払い", () => {
  it("pays goods received on 1 March on 30 April: day 61, lawful under the 2-month reading only", () => {
    const due = dueDateFor(monthEndNextMonthEnd, "2026-03-01");
    expect(due).toBe("2026-04-30");
    expect(paymentDay("2026-03-01", due)).toBe(61);
    expect(checkDue("2026-03-01", due, "CLOSING")).toEqual({ ok: true, day: 61, limit: "2026-04-30" });
    // The same date set by hand is day 61 and refused.
    expect(checkDue("2026-03-01", due, "FIXED").ok).toBe(false);
  });

  it("pays 31 January on the last day of February, moved off a Saturday; 29 February in a leap year", () => {
    expect(dueDateFor(monthEndNextMonthEnd, "2026-01-31")).toBe("2026-02-27"); // 28 Feb 2026 is a Saturday
    expect(dueDateFor(monthEndNextMonthEnd, "2028-01-31")).toBe("2028-02-29");
    expect(dueDateFor(monthEndNextMonthEnd, "2026-02-28")).toBe("2026-03-31"); // the month's end closes February
  });
});

describe("20日締め", () => {
  const nextMonth10th = closing(20, 1, 10);

  it("翌月10日払い: received on the closing day → the 10th of next month; the day after → a month later", () => {
    expect(dueDateFor(nextMonth10th, "2026-03-20")).toBe("2026-04-10");
    // 10 May 2026 is a Sunday: the Friday before.
    expect(dueDateFor(nextMonth10th, "2026-03-21")).toBe("2026-05-08");
    expect(checkDue("2026-03-21", "2026-05-08", "CLOSING")).toEqual({
      ok: true,
      day: 49,
      limit: "2026-05-20",
    });
  });

  it("翌々月20日払い is refused: past 2 months even for a receipt on the closing day", () => {
    const terms = closing(20, 2, 20);
    const due = dueDateFor(terms, "2026-03-21");
    expect(due).toBe("2026-06-19"); // 20 June 2026 is a Saturday
    expect(checkDue("2026-03-21", due, "CLOSING")).toEqual({
      ok: false,
      day: 91,
      limit: "2026-05-20",
      message:
        "支払期日（2026年6月19日）が納品日（2026年3月21日）から91日目です。取適法では受領日から60日以内、月単位の締切制度では受領日から2か月以内（2026年5月20日まで）に支払う必要があります。",
    });
    expect(checkDue("2026-03-20", dueDateFor(terms, "2026-03-20"), "CLOSING").ok).toBe(false);
  });

  it("翌月末払い exceeds 2 months for goods received just after the closing day", () => {
    // Received 21 March, closed 20 April, paid 29 May (31 May is a Sunday): day 70.
    const due = dueDateFor(closing(20, 1, 31), "2026-03-21");
    expect(due).toBe("2026-05-29");
    expect(checkDue("2026-03-21", due, "CLOSING")).toMatchObject({ ok: false, day: 70 });
  });
});

describe("a payment date set by hand", () => {
  it("allows day 60 and refuses day 61, counting the receipt day as day 1", () => {
    expect(checkDue("2026-03-03", "2026-05-01", "FIXED")).toEqual({ ok: true, day: 60, limit: "2026-05-01" });
    expect(checkDue("2026-03-03", "2026-05-02", "FIXED")).toEqual({
      ok: false,
      day: 61,
      limit: "2026-05-01",
      message:
        "支払期日（2026年5月2日）が納品日（2026年3月3日）から61日目です。取適法では受領日から60日以内（2026年5月1日まで）に支払う必要があります。",
    });
  });

  it("allows a prepayment before receipt", () => {
    expect(checkDue("2026-03-10", "2026-03-01", "FIXED")).toEqual({ ok: true, day: -8, limit: "2026-05-08" });
  });

  it("owes interest from day 61", () => {
    expect(lateInterestFrom("2026-03-03")).toBe("2026-05-02");
    expect(paymentDay("2026-03-03", lateInterestFrom("2026-03-03"))).toBe(61);
  });
});

describe("paymentLimit across month ends and leap years", () => {
  it.each([
    // receipt, hand-set limit (day 60), monthly-closing limit (2 months when later)
    ["2026-03-01", "2026-04-29", "2026-04-30"],
    ["2026-07-01", "2026-08-29", "2026-08-31"], // July + August: the 2 months run to day 62
    ["2026-01-31", "2026-03-31", "2026-03-31"], // February makes day 60 the later one
    ["2026-12-30", "2027-02-27", "2027-02-28"], // no 30 February: the month's end (民法143条)
    ["2027-12-31", "2028-02-28", "2028-02-29"], // leap year
    ["2028-01-01", "2028-02-29", "2028-02-29"],
  ])("received %s → %s set by hand, %s on a monthly closing", (receipt, fixed, monthly) => {
    expect(paymentLimit(receipt, "FIXED")).toBe(fixed);
    expect(paymentLimit(receipt, "CLOSING")).toBe(monthly);
  });
});

describe("bank holidays move the due date earlier", () => {
  it("knows weekends, national holidays and 12/31–1/3, not 12/29–12/30", () => {
    expect(["2026-05-02", "2026-05-03", "2026-05-06", "2026-12-31", "2027-01-03"].map(isBankHoliday)).toEqual(
      [true, true, true, true, true],
    );
    expect(["2026-05-01", "2026-12-29", "2026-12-30", "2027-01-04"].map(isBankHoliday)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("moves 6 May 2026 (Golden Week) to Friday 1 May", () => {
    expect(dueDateFor(closing(5, 1, 6), "2026-04-01")).toBe("2026-05-01");
  });

  it("moves 3 January 2027 across New Year to 30 December 2026", () => {
    expect(dueDateFor(closing(15, 1, 3), "2026-12-10")).toBe("2026-12-30");
    expect(dueDateFor(closing(31, 1, 1), "2026-12-10")).toBe("2026-12-30");
  });
});

describe("terms", () => {
  it.each([
    [monthEndNextMonthEnd, "月末締め翌月末払い"],
    [closing(20, 1, 10), "20日締め翌月10日払い"],
    [closing(15, 0, 31), "15日締め当月末払い"],
    [closing(20, 2, 20), "20日締め翌々月20日払い"],
    [closing(10, 3, 5), "10日締め3か月後の5日払い"],
    [{ kind: "FIXED" } as const, "支払期日を個別に指定"],
  ])("%o reads 「%s」", (terms, label) => {
    expect(termsLabel(terms)).toBe(label);
  });

  it("refuses days that are not 1–28 or the month's end, and a 当月 pay day before the closing day", () => {
    expect(closingTermsProblem(closing(30, 1, 31))).toBe("締め日は1日から28日、または末日を選んでください。");
    expect(closingTermsProblem(closing(31, 1, 0))).toBe("支払日は1日から28日、または末日を選んでください。");
    expect(closingTermsProblem(closing(20, 0, 10))).toBe("当月払いの支払日は締め日より後にしてください。");
    expect(closingTermsProblem(closing(20, 0, 20))).toBeNull();
    expect(() => dueDateFor(closing(29, 1, 31), "2026-03-01")).toThrow(RangeError);
  });
});

const dateArb = fc.integer({ min: 0, max: 365 * 23 }).map((n) => addDays("2026-01-01", n));
const termDayArb = fc.constantFrom(...Array.from({ length: 28 }, (_, i) => i + 1), 31);
const runs = { seed: 35_003, numRuns: 3_000 };

describe("payment properties", () => {
  it("terms paying by the next month on a day not after the closing day never pass the limit", () => {
    // 翌月 with a pay day after the closing day (20日締め翌月末払い) can pass it: see above.
    const termsArb = fc
      .record({
        closingDay: termDayArb,
        monthsLater: fc.constantFrom(0 as const, 1 as const),
        payDay: termDayArb,
      })
      .map(({ closingDay, monthsLater, payDay }) => closing(closingDay, monthsLater, payDay))
      .filter(
        (t) =>
          closingTermsProblem(t) === null &&
          (t.monthsLater === 0 || t.closingDay === 31 || t.payDay <= t.closingDay),
      );
    fc.assert(
      fc.property(termsArb, dateArb, (terms, receipt) => {
        const due = dueDateFor(terms, receipt);
        expect(isBankHoliday(due)).toBe(false);
        expect(due <= paymentLimit(receipt, "CLOSING")).toBe(true);
        expect(checkDue(receipt, due, "CLOSING").ok).toBe(true);
      }),
      runs,
    );
  });

  it("a hand-set limit is always day 60; a monthly one day 60 to 62", () => {
    fc.assert(
      fc.property(dateArb, (receipt) => {
        expect(paymentDay(receipt, paymentLimit(receipt, "FIXED"))).toBe(60);
        const monthly = paymentDay(receipt, paymentLimit(receipt, "CLOSING"));
        expect(monthly).toBeGreaterThanOrEqual(60);
        expect(monthly).toBeLessThanOrEqual(62);
        expect(checkDue(receipt, addDays(receipt, 60), "FIXED").ok).toBe(false);
      }),
      runs,
    );
  });
});
