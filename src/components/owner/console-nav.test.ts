import { describe, expect, it } from "vitest";
import { currentConsoleHref, safeConsoleRedirect } from "./console-nav";

describe("console menu", () => {
  it("highlights the dashboard only on /owner itself", () => {
    expect(currentConsoleHref("/owner")).toBe("/owner");
    expect(currentConsoleHref("/owner/buyers")).toBe("/owner/buyers");
    expect(currentConsoleHref("/owner/buyers/0f2c")).toBe("/owner/buyers");
    expect(currentConsoleHref("/owner/unknown")).toBeUndefined();
  });

  it("sends the operator back to console pages only", () => {
    expect(safeConsoleRedirect("/owner/news?status=DRAFT")).toBe("/owner/news?status=DRAFT");
    expect(safeConsoleRedirect("https://evil.example/owner")).toBe("/owner");
    expect(safeConsoleRedirect("//evil.example")).toBe("/owner");
    expect(safeConsoleRedirect("/account/oem")).toBe("/owner");
    expect(safeConsoleRedirect("/owner/login")).toBe("/owner");
    expect(safeConsoleRedirect(null)).toBe("/owner");
  });
});
