import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PublicSupplier } from "../supplier-directory.schema";
import { CapabilitiesSection, hasCapabilitySection, moqText } from "./company-capabilities";

// The public page's 「対応能力」 (issue 20): only what the supplier registered, in its unit, and the
// verified certifications with the badge; nothing registered, no section.

const none: PublicSupplier["capabilities"] = {
  quantityUnit: null,
  moqMin: null,
  moqMax: null,
  monthlyCapacity: null,
  smallLotAccepted: null,
  smallLotMin: null,
  sampleAvailable: null,
  sampleDays: null,
  processes: [],
  materials: [],
};
const supplierWith = (
  capabilities: Partial<PublicSupplier["capabilities"]>,
  verifiedCertifications: PublicSupplier["verifiedCertifications"] = [],
) => ({ capabilities: { ...none, ...capabilities }, verifiedCertifications }) as PublicSupplier;

describe("the public 対応能力 section", () => {
  it("writes the MOQ range in the unit", () => {
    expect(moqText({ ...none, quantityUnit: "個", moqMin: 1000, moqMax: 50_000 })).toBe("1,000〜50,000個");
    expect(moqText({ ...none, quantityUnit: "本", moqMin: 300 })).toBe("300本〜");
    expect(moqText({ ...none, quantityUnit: "kg", moqMax: 20 })).toBe("〜20kg");
    expect(moqText(none)).toBeNull();
  });

  it("has no section when nothing is registered", () => {
    const blank = supplierWith({});
    expect(hasCapabilitySection(blank)).toBe(false);
    const { container } = render(<CapabilitiesSection supplier={blank} />);
    expect(container.innerHTML).toBe("");
  });

  it("shows only the registered rows, and the verified certifications first", () => {
    render(
      <CapabilitiesSection
        supplier={supplierWith(
          {
            quantityUnit: "個",
            monthlyCapacity: 200_000,
            smallLotAccepted: true,
            smallLotMin: 300,
            sampleAvailable: false,
            processes: [{ id: 1, name: "充填" }],
          },
          [{ id: 4, name: "ISO 22716（化粧品GMP）", kind: "CERTIFICATION" }],
        )}
      />,
    );
    const rows = screen.getAllByRole("row").map((r) => r.textContent);
    expect(rows).toEqual([
      expect.stringMatching(/^認証・許可ISO 22716（化粧品GMP）認証確認済み/),
      "月産能力200,000個／月",
      "小ロット対応（300個から）",
      "サンプル製作対応していません",
      "加工充填",
    ]);
    const badges = screen.getByRole("list", { name: "認証確認済みの認証・許可" });
    expect(within(badges).getByText("ISO 22716（化粧品GMP）")).toBeTruthy();
  });
});
