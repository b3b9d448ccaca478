import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CompleteStep } from "./complete-step";

// Issue 33 item 25: the completion page told a bulk buyer about entries only; what follows them —
// a 商談 with each supplier, quotes side by side in the comparison, the decision — was never said.
describe("CompleteStep: what happens next", () => {
  it("a bulk inquiry: entries, then a 商談 with each supplier and the comparison of their quotes", () => {
    render(<CompleteStep sent={{ id: "i-1", type: "BULK", title: "化粧水のOEM", companyCount: 3 }} />);
    const steps = within(screen.getByRole("list")).getAllByRole("listitem");
    const next = steps.map((s) => s.textContent ?? "");
    const deal = next.findIndex((t) => t.includes("商談"));
    expect(deal, next.join("\n")).toBeGreaterThan(next.findIndex((t) => t.includes("エントリー")));
    expect(next[deal]).toContain("商談スレッド");
    expect(next[deal]).toContain("比較表");
  });

  it("a nomination: the 商談 with the supplier and its quote", () => {
    render(
      <CompleteStep
        sent={{
          id: "i-2",
          type: "NOMINATION",
          title: "化粧水のOEM",
          companyCount: 1,
          companyName: "株式会社X",
        }}
      />,
    );
    const next = within(screen.getByRole("list"))
      .getAllByRole("listitem")
      .map((s) => s.textContent ?? "");
    expect(next.some((t) => t.includes("商談スレッド") && t.includes("見積"))).toBe(true);
  });
});
