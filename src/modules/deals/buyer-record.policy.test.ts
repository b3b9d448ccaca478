import { describe, expect, it } from "vitest";
import { durationLabel, memberSinceLabel, percentOf, rateLabel, shownFrom } from "./buyer-record.policy";

describe("buyer figures in words", () => {
  it("says 実績なし（新規） for a new buyer, never 0%", () => {
    expect(rateLabel(true, null)).toBe("実績なし（新規）");
    expect(rateLabel(true, 0)).toBe("実績なし（新規）");
    expect(rateLabel(false, 0)).toBe("0%");
    expect(rateLabel(false, 80)).toBe("80%");
    // A rate from fewer than 3 data points arrives as null: 実績なし（新規） too (issue 33).
    expect(rateLabel(false, null)).toBe("実績なし（新規）");
  });

  it("rounds rates to whole percent and has none without a denominator", () => {
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(0, 4)).toBe(0);
    expect(percentOf(0, 0)).toBeNull();
  });

  it("reads a median in minutes, hours or days", () => {
    expect(durationLabel(0)).toBe("1分未満");
    expect(durationLabel(25)).toBe("約25分");
    expect(durationLabel(59)).toBe("約59分");
    expect(durationLabel(60)).toBe("約1時間");
    expect(durationLabel(185)).toBe("約3時間");
    expect(durationLabel(23 * 60)).toBe("約23時間");
    expect(durationLabel(23 * 60 + 45)).toBe("約1日");
    expect(durationLabel(2 * 1440 + 200)).toBe("約2日");
  });

  it("reads the month of registration", () => {
    expect(memberSinceLabel("2024-05")).toBe("2024年5月から利用");
    expect(memberSinceLabel("2025-12")).toBe("2025年12月から利用");
  });
});

describe("3 data points per figure (issue 33)", () => {
  it("shows a figure from 3 data points, none below", () => {
    expect(shownFrom(0, null)).toBeNull();
    expect(shownFrom(1, 100)).toBeNull();
    expect(shownFrom(2, 0)).toBeNull();
    expect(shownFrom(3, 67)).toBe(67);
    expect(shownFrom(10, 0)).toBe(0);
  });
});
