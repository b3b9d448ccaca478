import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { FitView } from "@/modules/matching/requirement.schema";
import { FitBadge, FitReasons } from "./recruit-fit";

const miss: FitView = {
  score: 83,
  fits: false,
  inCategory: true,
  met: 5,
  stated: 6,
  reasons: [
    { met: true, hard: true, text: "ISO 22716（化粧品GMP） 認証確認済み" },
    { met: false, hard: true, text: "必要な許可: 化粧品製造業許可 確認済みの登録なし" },
    { met: false, hard: false, text: "加工: 充填 の登録なし" },
    { met: false, hard: false, text: "素材: 精油 の登録なし" },
    { met: false, hard: false, text: "希望地域（東京都）に拠点なし" },
  ],
};

describe("a recruit's fit on its row", () => {
  it("shows the score, and 「条件外」 when a hard rule is missed", () => {
    const { rerender } = render(<FitBadge fit={miss} />);
    expect(screen.getByText(/適合度 83/).textContent).toBe("適合度 83（条件外）");
    rerender(<FitBadge fit={{ score: 100, fits: true, inCategory: true, met: 0, stated: 0, reasons: [] }} />);
    expect(screen.getByText(/適合度/).textContent).toBe("適合度 100");
  });

  it("shows 「カテゴリ外」 and no score for a recruit outside the supplier's categories (issue 33)", () => {
    render(<FitBadge fit={{ ...miss, score: 0, inCategory: false, met: 0, stated: 0 }} />);
    expect(screen.getByText("カテゴリ外")).toBeTruthy();
    expect(screen.queryByText(/適合度/)).toBeNull();
  });

  it("lists at most four reasons with their marks, and counts the rest", () => {
    const { container } = render(<FitReasons fit={miss} />);
    const items = screen.getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "✓対応：ISO 22716（化粧品GMP） 認証確認済み",
      "✗条件外：必要な許可: 化粧品製造業許可 確認済みの登録なし",
      "✗条件外：加工: 充填 の登録なし",
      "✗条件外：素材: 精油 の登録なし",
    ]);
    expect(container.textContent).toContain("ほか1件");
  });

  it("shows nothing without reasons", () => {
    const { container } = render(
      <FitReasons fit={{ score: 93, fits: true, inCategory: true, met: 1, stated: 1, reasons: [] }} />,
    );
    expect(container.textContent).toBe("");
  });
});
