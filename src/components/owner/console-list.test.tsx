import { describe, expect, it } from "vitest";
import { totalLine } from "./console-list";

// The console list's count line: exact totals as before; above the API's count cap (decision 0023)
// the estimate with 「約」 and where the pager stops.

describe("totalLine", () => {
  it("states an exact total with the rows shown", () => {
    expect(totalLine({ page: 2, perPage: 50, total: 120 })).toBe("全120件中 51〜100件を表示");
    expect(totalLine({ page: 1, perPage: 50, total: 0 })).toBe("全0件");
  });

  it("states an estimate above the cap and that the pager reaches the first rows only", () => {
    expect(
      totalLine({ page: 1, perPage: 50, total: 10_000, totalCapped: true, totalEstimate: 1_000_234 }),
    ).toBe(
      "約1,000,234件中 1〜50件を表示（ページ送りでたどれるのは先頭の10,000件までです。ほかの行は条件で絞り込んで表示してください）",
    );
  });
});
