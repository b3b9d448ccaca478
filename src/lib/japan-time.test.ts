import { describe, expect, it } from "vitest";
import {
  addDays,
  addYears,
  fromJapanLocalInput,
  isCalendarDate,
  japanWallClock,
  todayInJapan,
  toJapanLocalInput,
} from "./japan-time";

describe("Japan time", () => {
  it("counts days in Japan time", () => {
    expect(todayInJapan(new Date("2026-11-22T15:30:00Z"))).toBe("2026-11-23");
    expect(todayInJapan(new Date("2026-11-22T14:59:59Z"))).toBe("2026-11-22");
    expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("reads Japan's wall clock from the UTC fields", () => {
    const jst = japanWallClock(new Date("2026-12-31T15:00:00Z"));
    expect([jst.getUTCFullYear(), jst.getUTCMonth() + 1, jst.getUTCDate(), jst.getUTCHours()]).toEqual([
      2027, 1, 1, 0,
    ]);
  });

  it("round-trips a datetime-local value in Japan time", () => {
    expect(toJapanLocalInput("2026-07-01T01:30:00Z")).toBe("2026-07-01T10:30");
    expect(toJapanLocalInput(null)).toBe("");
    expect(fromJapanLocalInput("2026-07-01T10:30")).toBe("2026-07-01T10:30:00+09:00");
    expect(fromJapanLocalInput("2026-07-01T10:30:15.000")).toBe("2026-07-01T10:30:15+09:00");
    expect(fromJapanLocalInput("")).toBeNull();
  });

  it("moves a date by years and tells real days from impossible ones", () => {
    expect(addYears("2026-11-28", 1)).toBe("2027-11-28");
    expect(addYears("2028-02-29", 1)).toBe("2029-02-28");
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2027-02-31")).toBe(false);
    expect(isCalendarDate("2027-13-01")).toBe(false);
    expect(isCalendarDate("27-02-01")).toBe(false);
  });
});
