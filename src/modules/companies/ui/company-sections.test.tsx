import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PublicSupplier } from "../supplier-directory.schema";
import { CompanyHeader, OemInformation } from "./company-sections";

// Issue 33 item 2: on the public page the verified badges come before anything self-declared, and
// what the supplier declares itself (特徴 tags, the free-text 認証・許認可) is labelled 自己申告.

const supplier = {
  id: "00000000-0000-4000-8000-000000000001",
  name: "東京精密加工株式会社",
  namePublished: true,
  nameKana: null,
  catchphrase: null,
  prefectureName: "東京都",
  caseCount: 0,
  logoUrl: null,
  categories: [{ id: 12, name: "機械部品" }],
  features: [
    { id: 2, name: "短納期" },
    { id: 6, name: "GMP対応" },
  ],
  verifiedCertifications: [{ id: 1, name: "ISO 9001", kind: "CERTIFICATION" }],
  strengths: null,
  minimumLot: null,
  leadTime: null,
  capacity: null,
  certifications: "化粧品製造業許可（申請中）",
  services: null,
  priceRange: null,
  factories: [],
} as unknown as PublicSupplier;

describe("self-declared and verified on the public page", () => {
  it("shows the verified badges in the header before the self-declared 特徴", () => {
    const { container } = render(<CompanyHeader supplier={supplier} />);
    const verified = screen.getByRole("list", { name: "認証確認済みの認証・許可" });
    const declared = screen.getByRole("list", { name: "特徴（自己申告）" });
    expect(within(verified).getByText("ISO 9001")).toBeTruthy();
    expect(
      within(declared)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["短納期", "GMP対応"]);
    // In the document's order (a phone stacks them in it): the badges first.
    const text = container.textContent ?? "";
    expect(text.indexOf("ISO 9001")).toBeLessThan(text.indexOf("短納期"));
  });

  it("puts the verified badges above the free-text 認証・許認可, which is labelled 自己申告", () => {
    render(<OemInformation supplier={supplier} />);
    const row = screen.getByRole("row", { name: /認証・許認可/ });
    const text = row.textContent ?? "";
    expect(text).toContain("自己申告");
    expect(text.indexOf("ISO 9001")).toBeGreaterThanOrEqual(0);
    expect(text.indexOf("ISO 9001")).toBeLessThan(text.indexOf("化粧品製造業許可（申請中）"));
  });
});
