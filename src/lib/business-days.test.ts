import { describe, expect, it } from "vitest";
import { addBusinessDays, isBusinessDay } from "./business-days";

describe("Japanese business days", () => {
  it("skips weekends and national holidays, including substitute holidays", () => {
    expect(isBusinessDay("2026-11-20")).toBe(true); // Friday
    expect(isBusinessDay("2026-11-21")).toBe(false); // Saturday
    expect(isBusinessDay("2026-11-23")).toBe(false); // 勤労感謝の日 (Monday)
    expect(isBusinessDay("2026-05-06")).toBe(false); // 振替休日
    expect(isBusinessDay("2026-09-22")).toBe(false); // 国民の休日 between two holidays
    expect(isBusinessDay("2026-11-24")).toBe(true);
  });

  it("adds five business days across a weekend and a holiday at the same Japan time", () => {
    // Friday 2026-11-20 10:00 JST, Monday 11-23 a holiday: Tue, Wed, Thu, Fri, Mon → 11-30 10:00 JST
    expect(addBusinessDays(new Date("2026-11-20T10:00:00+09:00"), 5).toISOString()).toBe(
      new Date("2026-11-30T10:00:00+09:00").toISOString(),
    );
    // a Wednesday without holidays: the next Wednesday
    expect(addBusinessDays(new Date("2026-12-02T23:30:00+09:00"), 5).toISOString()).toBe(
      new Date("2026-12-09T23:30:00+09:00").toISOString(),
    );
    // the Japan date counts, not the UTC one: Saturday 08:00 JST is still Friday in UTC
    expect(addBusinessDays(new Date("2026-11-21T08:00:00+09:00"), 1).toISOString()).toBe(
      new Date("2026-11-24T08:00:00+09:00").toISOString(),
    );
    // Golden Week 2026: Fri 5/1 → Thu 5/7 (1), Fri 5/8 (2)
    expect(addBusinessDays(new Date("2026-05-01T12:00:00+09:00"), 2).toISOString()).toBe(
      new Date("2026-05-08T12:00:00+09:00").toISOString(),
    );
  });

  it("skips 年末年始 (12/29–1/3), when most Japanese companies are closed", () => {
    for (const day of ["2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"]) {
      expect(isBusinessDay(day), day).toBe(false);
    }
    expect(isBusinessDay("2026-12-28")).toBe(true); // Monday
    expect(isBusinessDay("2027-01-04")).toBe(true); // Monday after the break
    expect(isBusinessDay("2025-12-29")).toBe(false); // Monday 2025-12-29
    expect(isBusinessDay("2026-01-02")).toBe(false); // Friday 2026-01-02
    // Monday 12-28 10:00 JST + 5: 12-29…1-3 closed, 1-4 (1), 1-5, 1-6, 1-7, 1-8 (5) → Friday 2027-01-08 10:00
    expect(addBusinessDays(new Date("2026-12-28T10:00:00+09:00"), 5).toISOString()).toBe(
      new Date("2027-01-08T10:00:00+09:00").toISOString(),
    );
  });
});
