import { describe, expect, it } from "vitest";
import {
  daysLeft,
  formatDate,
  formatDateTime,
  japaneseDate,
  japaneseDateWithWeekday,
  monthDay,
} from "./japanese-date";

describe("Japanese dates", () => {
  it("writes a date column as stored and an instant in Japan time", () => {
    expect(formatDate("2026-01-05")).toBe("2026/01/05");
    expect(formatDate("2026-01-04T15:30:00Z")).toBe("2026/01/05");
    expect(formatDate(new Date("2026-01-04T15:30:00Z"))).toBe("2026/01/05");
    expect(formatDate(null)).toBe("—");
    expect(formatDate(undefined)).toBe("—");
    expect(formatDate("")).toBe("—");
  });

  it("writes date and time in Japan time", () => {
    expect(formatDateTime("2026-01-05T05:30:00Z")).toBe("2026/01/05 14:30");
    expect(formatDateTime(null)).toBe("—");
  });

  it("writes month and day, and the long forms", () => {
    expect(monthDay("2026-06-30")).toBe("6月30日");
    expect(monthDay("2026-06-29T15:00:00Z")).toBe("6月30日");
    expect(monthDay(undefined)).toBe("—");
    expect(japaneseDate("2026-11-25")).toBe("2026年11月25日");
    expect(japaneseDateWithWeekday("2026-07-01")).toBe("2026年7月1日（水）");
    expect(japaneseDateWithWeekday("soon")).toBe("soon");
  });

  it("counts the days left to a deadline in Japan", () => {
    const now = new Date("2026-11-22T15:30:00Z"); // 2026-11-23 in Japan
    expect(daysLeft("2026-11-26", now)).toBe("あと3日");
    expect(daysLeft("2026-11-23", now)).toBe("本日締切");
    expect(daysLeft("2026-11-22", now)).toBeNull();
    expect(daysLeft(null, now)).toBeNull();
  });
});
