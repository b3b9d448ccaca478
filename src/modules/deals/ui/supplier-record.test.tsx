import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SupplierFigures } from "@/modules/deals/supplier-record.schema";
import { approxDuration, SupplierRecordSection } from "./supplier-record";

const figures = (over: Partial<SupplierFigures> = {}): SupplierFigures => ({
  companyId: "s1",
  nominations: 12,
  nominationsAnswered: 11,
  responseRatePercent: 90,
  medianFirstQuoteMinutes: 2 * 24 * 60 + 100,
  quotesSent: 30,
  awardsWon: 8,
  ratings: { count: 12, overall: 4.5, communication: 4.6, accuracy: 4.4, speed: 4.5 },
  computedAt: "2026-11-26T18:00:00.000Z",
  ...over,
});

/** The value next to a figure's term. */
function figure(term: string): string {
  const dt = screen.getAllByRole("term").find((t) => t.textContent === term);
  expect(dt, term).toBeTruthy();
  return dt!.nextElementSibling!.textContent ?? "";
}

describe("SupplierRecordSection", () => {
  it("shows the figures the platform computed, with where they come from and the guide", () => {
    render(<SupplierRecordSection figures={figures()} />);
    const section = screen.getByRole("region", { name: "取引実績" });
    expect(figure("指名への回答率")).toBe("90%（指名 12件）");
    expect(figure("初回見積までの中央値")).toBe("約2日");
    expect(figure("見積")).toBe("30件");
    expect(figure("受注")).toBe("8件");
    expect(`評価 ${figure("評価")}`).toBe(
      "評価 4.5（コミュニケーション 4.6・正確さ 4.4・スピード 4.5、12件）",
    );
    expect(section.textContent).toContain("当サイトの取引データから自動集計");
    expect(within(section).getByRole("link", { name: "実績の見方" }).getAttribute("href")).toBe(
      "/guide/track-record",
    );
  });

  it("shows 「実績なし」 below 3 nominations, without a quote and below 3 ratings — never 0 %", () => {
    render(
      <SupplierRecordSection
        figures={figures({
          nominations: 2,
          nominationsAnswered: 0,
          responseRatePercent: null,
          medianFirstQuoteMinutes: null,
          quotesSent: 0,
          awardsWon: 0,
          ratings: { count: 2, overall: null, communication: null, accuracy: null, speed: null },
        })}
      />,
    );
    expect(figure("指名への回答率")).toBe("実績なし");
    expect(figure("初回見積までの中央値")).toBe("実績なし");
    expect(figure("評価")).toBe("実績なし");
    expect(figure("見積")).toBe("0件");
    expect(screen.queryByText(/0%/)).toBeNull();
  });

  it("rounds durations to minutes, hours or days", () => {
    expect(approxDuration(0)).toBe("約1分");
    expect(approxDuration(45)).toBe("約45分");
    expect(approxDuration(3 * 60 + 10)).toBe("約3時間");
    expect(approxDuration(23 * 60)).toBe("約23時間");
    expect(approxDuration(36 * 60)).toBe("約2日");
    expect(approxDuration(null)).toBe("実績なし");
  });
});
