import { describe, expect, it } from "vitest";
import { isUuid } from "./uuid";

describe("isUuid", () => {
  it("accepts the textual form of any UUID, in either case", () => {
    expect(isUuid("0b6f1f7e-3c1a-4f1e-9d2a-5a4b3c2d1e0f")).toBe(true);
    expect(isUuid("0B6F1F7E-3C1A-4F1E-9D2A-5A4B3C2D1E0F")).toBe(true);
    expect(isUuid("00000000-0000-0000-0000-000000000000")).toBe(true);
  });

  it("refuses anything else", () => {
    expect(isUuid("")).toBe(false);
    expect(isUuid("0b6f1f7e3c1a4f1e9d2a5a4b3c2d1e0f")).toBe(false);
    expect(isUuid("0b6f1f7e-3c1a-4f1e-9d2a-5a4b3c2d1e0f ")).toBe(false);
    expect(isUuid("../0b6f1f7e-3c1a-4f1e-9d2a-5a4b3c2d1e0f")).toBe(false);
    expect(isUuid("zb6f1f7e-3c1a-4f1e-9d2a-5a4b3c2d1e0f")).toBe(false);
  });
});
