import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { QuoteVersion } from "@/modules/deals/deals.schema";
import { QuoteSummary } from "./quote-summary";

const v2: QuoteVersion = {
  version: 2,
  tiers: [
    { quantity: 1000, unitPriceYen: 455 },
    { quantity: 3000, unitPriceYen: 420 },
  ],
  sampleCostYen: 20_000,
  sampleLeadDays: 14,
  toolingCostYen: 80_000,
  moq: 1000,
  leadTimeDays: 40,
  paymentTerms: "月末締め翌月末払い",
  validUntil: "2026-12-31",
  expired: false,
  notes: null,
  files: [],
  createdAt: "2026-11-20T01:00:00.000Z",
  changed: ["tiers", "sampleCostYen", "leadTimeDays"],
  previous: {
    tiers: [
      { quantity: 1000, unitPriceYen: 465 },
      { quantity: 3000, unitPriceYen: 420 },
    ],
    sampleCostYen: null,
    leadTimeDays: 45,
  },
};

const row = (label: string) => screen.getByText(label).closest("div")!;

describe("QuoteSummary", () => {
  // Issue 33, item 11: a revision only said which fields changed, not from what to what.
  it("shows a revision's old → new values on the changed rows", () => {
    render(<QuoteSummary quote={v2} showChanges />);
    const tiers = within(row("数量・単価")).getAllByRole("listitem");
    expect(tiers[0]!.textContent).toBe("1,000個〜：465円 → 455円／個");
    // An unchanged tier reads as before.
    expect(tiers[1]!.textContent).toBe("3,000個〜：420円／個");
    expect(row("サンプル費用").textContent).toContain("— → 20,000円");
    expect(row("量産リードタイム").textContent).toContain("45日 → 40日");
    expect(row("支払条件").textContent).not.toContain("→");
  });

  it("shows no arrows unless asked for the changes", () => {
    render(<QuoteSummary quote={v2} />);
    expect(screen.queryByText(/→/)).toBeNull();
  });

  it("counts in the inquiry's unit", () => {
    render(<QuoteSummary quote={v2} unit="本" />);
    expect(within(row("数量・単価")).getAllByRole("listitem")[0]!.textContent).toBe("1,000本〜：455円／本");
    expect(row("最小ロット（MOQ）").textContent).toContain("1,000本");
    expect(screen.queryByText(/個/)).toBeNull();
  });
});
