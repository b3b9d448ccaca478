import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { supplierSearchFilters } from "../supplier-directory.schema";
import { SupplierSearchForm } from "./search-form";

// next/form and the search params need the app router; a plain form is enough to read the fields.
vi.mock("next/form", () => ({ default: (props: Record<string, unknown>) => <form {...props} /> }));
vi.mock("next/navigation", () => ({ useSearchParams: () => new URLSearchParams() }));

// Issue 33 item 2: the search does not offer self-declared 「ISO認証」「GMP対応」 beside the verified
// 「認証・許可（確認済み）」; the 特徴 it offers are labelled as the suppliers' own words.

const master = {
  categories: [{ id: 1, name: "化粧品" }],
  prefectures: [{ id: 13, name: "東京都", region: "関東" }],
  features: [
    { id: 1, name: "小ロット対応" },
    { id: 5, name: "ISO認証", certificationClaim: true },
    { id: 6, name: "GMP対応", certificationClaim: true },
  ],
  certificationTypes: [{ id: 1, name: "ISO 9001", kind: "CERTIFICATION" as const }],
  processes: [],
};

describe("the search form's 特徴", () => {
  it("offers no certification claim, only the verified certifications, and says 自己申告", () => {
    render(<SupplierSearchForm filters={supplierSearchFilters.parse({})} master={master} />);
    const group = screen.getByRole("group", { name: "特徴（自己申告）" });
    expect(
      within(group)
        .getAllByRole("checkbox")
        .map((c) => c.getAttribute("value")),
    ).toEqual(["1"]);
    expect(screen.getByRole("checkbox", { name: "ISO 9001" })).toBeTruthy();
  });

  it("still shows a claim chosen in the URL, so it can be unchecked", () => {
    render(<SupplierSearchForm filters={supplierSearchFilters.parse({ featureIds: [5] })} master={master} />);
    const group = screen.getByRole("group", { name: "特徴（自己申告）" });
    expect(
      within(group)
        .getAllByRole("checkbox")
        .map((c) => c.getAttribute("value")),
    ).toEqual(["1", "5"]);
  });
});
