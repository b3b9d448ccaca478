import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { supplierSearchFilters } from "../supplier-directory.schema";
import { CapabilityFilters } from "./search-capability-filters";

const master = {
  certificationTypes: [
    { id: 1, name: "ISO 9001", kind: "CERTIFICATION" as const },
    { id: 12, name: "化粧品製造業許可", kind: "LICENSE" as const },
  ],
  processes: [
    { id: 3, name: "充填" },
    { id: 4, name: "ラベル貼付" },
  ],
};

describe("the capability filters of the search form", () => {
  it("names its fields as the search URL does and shows the filters in force", () => {
    const filters = supplierSearchFilters.parse({
      certificationIds: [12],
      processIds: [3],
      moqMax: 1000,
      capacityMin: 50000,
      quantityUnit: "個",
    });
    const { container } = render(<CapabilityFilters filters={filters} master={master} />);
    const license = screen.getByRole("checkbox", { name: "化粧品製造業許可" }) as HTMLInputElement;
    expect(license).toMatchObject({ name: "certificationIds", value: "12", checked: true });
    expect((screen.getByRole("checkbox", { name: "ISO 9001" }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText("許可・登録")).toBeDefined();
    expect(screen.getByLabelText("MOQ（以下）")).toMatchObject({ name: "moqMax", value: "1000" });
    expect(screen.getByLabelText("月産能力（以上）")).toMatchObject({ name: "capacityMin", value: "50000" });
    expect(screen.getByLabelText("数量の単位")).toMatchObject({ name: "quantityUnit", value: "個" });
    expect(screen.getByRole("checkbox", { name: "充填" })).toMatchObject({
      name: "processIds",
      checked: true,
    });
    // The folded lists are open when something in them is chosen, and say how many.
    expect(container.querySelectorAll("details[open]")).toHaveLength(2);
    expect(screen.getByText("1件の認証・許可を選択中")).toBeDefined();
  });

  it("starts empty and folded without filters", () => {
    const { container } = render(
      <CapabilityFilters filters={supplierSearchFilters.parse({})} master={master} />,
    );
    expect(screen.getByLabelText("MOQ（以下）")).toMatchObject({ value: "" });
    expect(screen.getByLabelText("数量の単位")).toMatchObject({ value: "" });
    expect(container.querySelectorAll("details[open]")).toHaveLength(0);
    expect(screen.getByText("認証・許可を選ぶ")).toBeDefined();
  });
});
